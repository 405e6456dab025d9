import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { createTestUser } from "../testing/test-users";
import { requireUser, type AuthedEnv } from "./guard";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A probe route behind the guard, recording what `alongside` saw and whether the handler ran. */
function probe() {
  const seen: string[] = [];
  const app = new Hono<AuthedEnv>();
  app.get(
    "/probe",
    requireUser(t.services.auth, { alongside: (_c, userId) => seen.push(`alongside ${userId}`) }),
    (c) => {
      seen.push(`handler ${c.var.user.id}`);
      return c.json({ ok: true });
    },
  );
  const call = (token?: string) =>
    app.request("/probe", { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { seen, call };
}

describe("requireUser", () => {
  it("starts `alongside` work for a verified token, before the handler", async () => {
    const user = await createTestUser(t);
    const { seen, call } = probe();
    expect((await call(user.accessToken)).status).toBe(200);
    expect(seen).toEqual([`alongside ${user.id}`, `handler ${user.id}`]);
  });

  it("never runs the handler for a signed-out session, nor `alongside` for a bad token", async () => {
    const user = await createTestUser(t);
    await t.app.request("/auth/v1/logout?scope=local", {
      method: "POST",
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    const { seen, call } = probe();
    const refused = await call(user.accessToken);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: { code: "unauthorized" } });
    expect(seen).toEqual([`alongside ${user.id}`]); // started, but nothing used it
    expect((await call("not-a-token")).status).toBe(401);
    expect((await call()).status).toBe(401);
    expect(seen).toHaveLength(1);
  });
});
