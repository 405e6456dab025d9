import { decodeJwt, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TOKEN_LIFETIME_SECONDS } from "@/shared/auth";
import { authRequest } from "@tests/support/supabase-test-client";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser } from "@tests/support/test-users";

/**
 * A token signed with our own key but living longer than the configured lifetime was not made
 * by the server (a leaked key, a tool), and is refused (docs/decisions/0084).
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The claims of a real token of `accessToken`'s session, re-signed with the stored key. */
async function resigned(accessToken: string, times: { iat: number; exp: number }) {
  const claims = decodeJwt(accessToken);
  const { kid, key } = t.services.auth.keys.signer();
  return new SignJWT({ ...claims, ...times })
    .setProtectedHeader({ alg: "ES256", kid, typ: "JWT" })
    .sign(key);
}

const now = () => Math.floor(Date.now() / 1000);

describe("access-token lifetime", () => {
  it("accepts a re-signed token within the lifetime (the key and claims are right)", async () => {
    const user = await createTestUser(t);
    const token = await resigned(user.accessToken, {
      iat: now(),
      exp: now() + ACCESS_TOKEN_LIFETIME_SECONDS,
    });
    expect((await authRequest(t, "/user", { method: "GET", token })).status).toBe(200);
  });

  it("refuses a token whose exp is years after its iat", async () => {
    const user = await createTestUser(t);
    const token = await resigned(user.accessToken, {
      iat: now(),
      exp: now() + 10 * 365 * 24 * 3600,
    });
    const res = await authRequest(t, "/user", { method: "GET", token });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe("bad_jwt");
  });

  it("refuses a token issued in the future so that it expires beyond now + lifetime", async () => {
    const user = await createTestUser(t);
    const iat = now() + 365 * 24 * 3600;
    const token = await resigned(user.accessToken, {
      iat,
      exp: iat + ACCESS_TOKEN_LIFETIME_SECONDS,
    });
    const res = await authRequest(t, "/user", { method: "GET", token });
    expect(res.status).toBe(403);
  });
});
