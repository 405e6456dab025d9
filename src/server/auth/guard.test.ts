import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser } from "@tests/support/test-users";
import type { AuthedEnv } from "@/server/http/env";
import { requireUser } from "./guard";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A probe route behind the guard, recording whom the handler ran for. */
function probe() {
  const seen: string[] = [];
  const app = new Hono<AuthedEnv>();
  app.get("/probe", requireUser(t.services.auth), (c) => {
    seen.push(c.var.user.id);
    return c.json({ ok: true });
  });
  const call = (token?: string) =>
    app.request("/probe", { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { seen, call };
}

describe("requireUser", () => {
  it("runs the handler for a valid token, with the token's user", async () => {
    const user = await createTestUser(t);
    const { seen, call } = probe();
    expect((await call(user.accessToken)).status).toBe(200);
    expect((await call(user.accessToken)).status).toBe(200); // answered from the cache
    expect(seen).toEqual([user.id, user.id]);
  });

  it("never runs the handler for a signed-out session, a bad token or none", async () => {
    const user = await createTestUser(t);
    const { seen, call } = probe();
    expect((await call(user.accessToken)).status).toBe(200);
    await t.app.request("/auth/v1/logout?scope=local", {
      method: "POST",
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    const refused = await call(user.accessToken);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toContain("Bearer");
    expect(await refused.json()).toMatchObject({ error: { code: "unauthorized" } });
    expect((await call("not-a-token")).status).toBe(401);
    expect((await call()).status).toBe(401);
    expect(seen).toEqual([user.id]);
  });
});
