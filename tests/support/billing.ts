import { callFunction } from "./functions";
import type { TestApp } from "./test-app";

/**
 * `callFunction` with the answer read: its status, headers, JSON and text. A string `body` is
 * sent as it is.
 */
export async function invoke(t: TestApp, name: string, token: string | undefined, body?: unknown) {
  const res = await (typeof body === "string"
    ? callFunction(t, token, name, undefined, { raw: body })
    : callFunction(t, token, name, body));
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  return { status: res.status, headers: res.headers, json: json as Record<string, any>, text };
}

/** Submits a form to one of the built-in billing pages, as the browser does from our origin. */
export async function postForm(
  t: TestApp,
  path: string,
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
) {
  const res = await t.app.request(path, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: t.config.siteUrl,
      "sec-fetch-site": "same-origin",
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
  return {
    status: res.status,
    location: res.headers.get("location"),
    html: await res.text(),
    headers: res.headers,
  };
}

/** The path part of one of our absolute URLs. */
export const pathOf = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};
