import { afterAll, describe, expect, it } from "vitest";
import { authRequest } from "@tests/support/supabase-test-client";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser } from "@tests/support/test-users";
import { PASSWORD_CHECKS_PER_USER } from "./auth-limits";

/**
 * Password changes check the current password, so they are limited like sign-ins
 * (docs/decisions/0081): per IP (RATE_LIMIT_SIGN_IN_SIGN_UPS) and per account, with GoTrue's 429
 * and Retry-After.
 */
const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

const changePassword = (app: TestApp, token: string, current: string, ip: string) =>
  authRequest(app, "/user", {
    method: "PUT",
    token,
    ip,
    body: { password: "an entirely new passphrase", current_password: current },
  });

describe("password changes", () => {
  it("are limited per account, whatever the IP", async () => {
    const app = await createTestApp({
      env: { RATE_LIMIT_SIGN_IN_SIGN_UPS: "10000", TRUST_PROXY: "1" },
    });
    apps.push(app);
    const user = await createTestUser(app);
    for (let i = 0; i < PASSWORD_CHECKS_PER_USER; i++) {
      const res = await changePassword(app, user.accessToken, `wrong ${i}`, `198.51.100.${i}`);
      expect(res.status).toBe(422);
    }
    const limited = await changePassword(app, user.accessToken, "wrong again", "198.51.100.99");
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { code: string }).code).toBe("over_request_rate_limit");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });

  it("are limited per IP", async () => {
    const app = await createTestApp({ env: { RATE_LIMIT_SIGN_IN_SIGN_UPS: "3" } });
    apps.push(app);
    const user = await createTestUser(app);
    for (let i = 0; i < 3; i++) {
      expect((await changePassword(app, user.accessToken, `wrong ${i}`, "")).status).toBe(422);
    }
    const limited = await changePassword(app, user.accessToken, "wrong again", "");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});
