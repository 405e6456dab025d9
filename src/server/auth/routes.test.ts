import { Hono } from "hono";
import { decodeProtectedHeader, importJWK, jwtVerify, type JWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authErrorBodySchema, sessionSchema, userSchema } from "@/shared/auth";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser } from "@tests/support/test-users";
import type { AuthedEnv } from "@/server/http/env";
import { requireUser } from "./guard";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SIGN_IN_SIGN_UPS: "1000" } });
});
afterAll(() => t.close());

const json = (body: unknown) => ({
  method: "POST",
  headers: { "content-type": "application/json;charset=UTF-8" },
  body: JSON.stringify(body),
});
const signUp = (body: unknown, query = "") => t.app.request(`/auth/v1/signup${query}`, json(body));
const signIn = (body: unknown) => t.app.request("/auth/v1/token?grant_type=password", json(body));
const getUser = (token: string) =>
  t.app.request("/auth/v1/user", { headers: { authorization: `Bearer ${token}` } });

async function expectAuthError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get("x-supabase-api-version")).toBe("2024-01-01");
  const raw = (await res.json()) as Record<string, unknown>;
  const body = authErrorBodySchema.parse(raw);
  expect(body.code).toBe(code);
  expect(body.error_code).toBe(code);
  return raw;
}

describe("sign-up", () => {
  it("creates a confirmed user and answers with a session", async () => {
    const res = await signUp(
      {
        email: "  Ada@Example.COM ",
        password: "correct horse",
        data: { full_name: "Ada Lovelace" },
        gotrue_meta_security: {},
        code_challenge: null,
        code_challenge_method: null,
      },
      "?redirect_to=" + encodeURIComponent(t.config.siteUrl + "/"),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("x-supabase-api-version")).toBe("2024-01-01");
    const session = sessionSchema.parse(await res.json());
    expect(session.user.email).toBe("ada@example.com");
    expect(session.user.user_metadata.full_name).toBe("Ada Lovelace");
    expect(session.user.email_confirmed_at).toBeDefined();
    expect(session.expires_in).toBe(3600);
    expect(session.user.identities).toHaveLength(1);
    expect(session.user.identities[0]!.user_id).toBe(session.user.id);
  });

  it("uses the email as the full name when none is given", async () => {
    const user = await createTestUser(t);
    const res = await getUser(user.accessToken);
    const body = userSchema.parse(await res.json());
    expect(body.user_metadata.full_name).toBe(user.email);
  });

  it("refuses a duplicate address, whatever its case", async () => {
    await signUp({ email: "dup@example.com", password: "a sturdy passphrase" });
    await expectAuthError(
      await signUp({ email: "DUP@example.com ", password: "another sturdy passphrase" }),
      422,
      "user_already_exists",
    );
  });

  it("refuses a short password with the reason", async () => {
    const res = await signUp({ email: "short@example.com", password: "12345" });
    const body = await expectAuthError(res, 422, "weak_password");
    expect(body.weak_password).toEqual({ reasons: ["length"] });
  });

  it("refuses invalid addresses and missing fields", async () => {
    await expectAuthError(
      await signUp({ email: "not-an-email", password: "a sturdy passphrase" }),
      400,
      "validation_failed",
    );
    await expectAuthError(
      await signUp({ password: "a sturdy passphrase" }),
      400,
      "validation_failed",
    );
    await expectAuthError(await signUp({ email: "x@example.com" }), 400, "validation_failed");
    await expectAuthError(
      await signUp({ email: 42, password: "a sturdy passphrase" }),
      400,
      "validation_failed",
    );
  });
});

describe("password sign-in", () => {
  it("signs in with the right password, ignoring address case", async () => {
    const user = await createTestUser(t);
    const res = await signIn({ email: user.email.toUpperCase(), password: user.password });
    expect(res.status).toBe(200);
    const session = sessionSchema.parse(await res.json());
    expect(session.user.id).toBe(user.id);
    expect(session.user.last_sign_in_at).toBeDefined();
  });

  it("answers the same for a wrong password and an unknown address", async () => {
    const user = await createTestUser(t);
    const wrong = await expectAuthError(
      await signIn({ email: user.email, password: "wrong password" }),
      400,
      "invalid_credentials",
    );
    const unknown = await expectAuthError(
      await signIn({ email: "nobody@example.com", password: "wrong password" }),
      400,
      "invalid_credentials",
    );
    expect(unknown).toEqual(wrong);
    expect(wrong.message).toBe("Invalid login credentials");
  });

  it("refuses an unknown grant type", async () => {
    const res = await t.app.request("/auth/v1/token?grant_type=magic", json({}));
    await expectAuthError(res, 400, "unsupported_grant_type");
  });
});

describe("access tokens", () => {
  it("are ES256 with a kid listed in the JWKS, with GoTrue's claims", async () => {
    const user = await createTestUser(t);
    const jwksRes = await t.app.request("/auth/v1/.well-known/jwks.json");
    expect(jwksRes.headers.get("cache-control")).toBe("public, max-age=600");
    const jwks = (await jwksRes.json()) as { keys: JWK[] };
    const header = decodeProtectedHeader(user.accessToken);
    expect(header).toMatchObject({ alg: "ES256", typ: "JWT" });
    const key = jwks.keys.find((k) => k.kid === header.kid);
    expect(key).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig" });
    expect(key).not.toHaveProperty("d");
    expect(key).not.toHaveProperty("ext");
    const { payload } = await jwtVerify(user.accessToken, await importJWK(key!, "ES256"));
    expect(payload).toMatchObject({
      sub: user.id,
      aud: "authenticated",
      role: "authenticated",
      aal: "aal1",
      email: user.email,
      iss: `${t.config.siteUrl}/auth/v1`,
      is_anonymous: false,
    });
    expect(payload.exp! - payload.iat!).toBe(3600);
  });
});

describe("user and sign-out", () => {
  it("requires a bearer token", async () => {
    await expectAuthError(await t.app.request("/auth/v1/user"), 401, "no_authorization");
    await expectAuthError(await getUser("not.a.jwt"), 403, "bad_jwt");
  });

  it("ends the session: the access token stops working at once", async () => {
    const user = await createTestUser(t);
    expect((await getUser(user.accessToken)).status).toBe(200);
    const out = await t.app.request("/auth/v1/logout?scope=local", {
      method: "POST",
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(out.status).toBe(204);
    expect(await out.text()).toBe("");
    await expectAuthError(await getUser(user.accessToken), 403, "session_not_found");
  });
});

describe("requireUser", () => {
  const guarded = () => {
    const app = new Hono<AuthedEnv>();
    app.use(requireUser(t.services.auth));
    app.get("/me", (c) => c.json(c.var.user));
    return app;
  };

  it("sets the user for a valid token", async () => {
    const user = await createTestUser(t);
    const res = await guarded().request("/me", {
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: user.id, email: user.email });
  });

  it("answers 401 in our envelope without a token, with a bad one, or after sign-out", async () => {
    const user = await createTestUser(t);
    const noToken = await guarded().request("/me");
    expect(noToken.status).toBe(401);
    expect(await noToken.json()).toMatchObject({ error: { code: "unauthorized" } });
    const bad = await guarded().request("/me", { headers: { authorization: "Bearer abc" } });
    expect(bad.status).toBe(401);
    await t.app.request("/auth/v1/logout", {
      method: "POST",
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    const after = await guarded().request("/me", {
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(after.status).toBe(401);
  });
});
