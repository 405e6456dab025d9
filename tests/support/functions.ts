import { expect } from "vitest";
import type { ErrorEnvelope } from "@/shared/errors";
import type { TestApp } from "./test-app";
import type { TestUser } from "./test-users";

/** Who calls a function: a signed-in test user, a bare access token (expired, forged), nobody. */
export type Caller = TestUser | string | null | undefined;

export type CallOptions = {
  method?: string;
  headers?: Record<string, string>;
  /** Sent as the body as it is (malformed JSON, a stream), instead of `body` as JSON. */
  raw?: BodyInit;
};

/**
 * `POST /functions/v1/{name}` as supabase-js sends it, over the test server's real HTTP: the
 * caller's bearer token and `body` as JSON (no body, and no Content-Type, when it is undefined).
 * `headers` add to or replace those.
 */
export function callFunction(
  t: TestApp,
  caller: Caller,
  name: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<Response> {
  const token = typeof caller === "string" ? caller : caller?.accessToken;
  const sent = options.raw ?? (body === undefined ? undefined : JSON.stringify(body));
  const headers: Record<string, string> = {
    ...(sent === undefined ? {} : { "content-type": "application/json" }),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...options.headers,
  };
  return t.app.request(`/functions/v1/${name}`, {
    method: options.method ?? "POST",
    headers,
    body: sent,
  });
}

/**
 * The answer is our error envelope with this status and code and a message, naming the request
 * by the id its `X-Request-Id` carries. Returns the envelope's `error`.
 */
export async function expectError(res: Response, status: number, code: string) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/application\/json/);
  const { error } = JSON.parse(text) as ErrorEnvelope;
  expect(error.code).toBe(code);
  expect(error.message.length).toBeGreaterThan(0);
  expect(error.requestId).toEqual(expect.any(String));
  expect(error.requestId).toBe(res.headers.get("x-request-id"));
  return error;
}

/** The answer is a success with this status (200 unless given), its body parsed by `schema`. */
export async function expectOk<T>(
  res: Response,
  schema: { parse(value: unknown): T },
  status = 200,
): Promise<T> {
  const body: unknown = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return schema.parse(body);
}

/**
 * Waits, when less than `seconds` remain of the current window of `windowMs` on the clock, for the
 * next one to begin. Rate limits count in fixed windows (src/server/db/rate-limit.ts): one minute
 * for the practice budgets, five for sign-ins. A test that spends a limit and expects the refusal
 * must make its calls inside one window, or the window turning between them starts it afresh.
 */
export async function inOneWindow(windowMs = 60_000, seconds = 15) {
  const left = windowMs - (Date.now() % windowMs);
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
