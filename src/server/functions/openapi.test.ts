import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { functions, type FunctionName } from "@/shared/functions";
import { callFunction, expectError } from "@tests/support/functions";
import { subscribeTestUser } from "@tests/support/subscribe-test-user";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser, type TestUser } from "@tests/support/test-users";

/**
 * `GET /functions/v1/openapi.json` (docs/decisions/0095): generated from the function table,
 * public and cacheable; it lists every function with its request and response schema, and every
 * path it lists is served.
 */
type Operation = {
  operationId: string;
  requestBody: { content: { "application/json": { schema: unknown } } };
  responses: Record<string, { content: { "application/json": { schema: unknown } } }>;
};
type Document = { openapi: string; paths: Record<string, { post: Operation }> };

const names = Object.keys(functions) as FunctionName[];
/** The JSON Schema zod itself makes of a schema, as OpenAPI 3.1 takes it. */
const jsonSchema = (schema: z.ZodType, io: "input" | "output") => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" });
  return rest;
};

let t: TestApp;
let subscriber: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  subscriber = await createTestUser(t);
  await subscribeTestUser(t, subscriber);
});
afterAll(() => t?.close());

describe("the functions' OpenAPI document", () => {
  it("is public, cacheable, and lists every function with its request and response", async () => {
    const res = await t.request("/functions/v1/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
    const etag = res.headers.get("etag");
    expect(etag).toBeTruthy();
    const doc = (await res.json()) as Document;
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(Object.keys(doc.paths).sort()).toEqual(names.map((name) => `/${name}`).sort());
    for (const name of names) {
      const { post } = doc.paths[`/${name}`]!;
      const entry: (typeof functions)[FunctionName] = functions[name];
      expect(post.operationId).toBe(name);
      expect(post.requestBody.content["application/json"].schema, name).toEqual(
        jsonSchema(entry.request, "input"),
      );
      const status = "status" in entry ? entry.status : 200;
      expect(post.responses[status]?.content["application/json"].schema, name).toEqual(
        jsonSchema(entry.response, "output"),
      );
    }
    const again = await t.request("/functions/v1/openapi.json", {
      headers: { "if-none-match": etag! },
    });
    expect(again.status).toBe(304);
  });

  it("lists only paths that are served: a body the schema refuses is a 400, not a 404", async () => {
    const doc = (await (await t.request("/functions/v1/openapi.json")).json()) as Document;
    for (const path of Object.keys(doc.paths)) {
      // A JSON array is no function's request, and is refused before any function runs.
      const res = await callFunction(t, subscriber, path.slice(1), [1]);
      const error = await expectError(res, 400, "validation_failed");
      expect(error.message, path).toBeTruthy();
    }
  });
});
