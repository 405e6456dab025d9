import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import {
  createClient,
  isAuthApiError,
  isAuthWeakPasswordError,
  type SupabaseClient,
} from "@supabase/supabase-js";
import { eq } from "drizzle-orm";
import { generateKeyPair, importJWK, SignJWT, type JWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { refreshTokens, sessions, signingKeys, users } from "@/server/db/schema";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { REUSE_INTERVAL_MS } from "./sessions";
import { rotateSigningKey } from "./signing-keys";

/**
 * The unmodified supabase-js client against the real server over real HTTP — the way the
 * browser talks to it — plus raw requests for what the client never sends.
 */
let t: TestApp;
let server: ServerType;
let url: string;
const requests: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SIGN_IN_SIGN_UPS: "10000" } });
  await new Promise<void>((resolve) => {
    server = serve({
      fetch: (req: Request) => {
        requests.push(`${req.method} ${new URL(req.url).pathname}`);
        return t.app.fetch(req);
      },
      port: 0,
      hostname: "127.0.0.1",
    });
    server.once("listening", resolve);
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

function client(): SupabaseClient {
  return createClient(url, t.services.auth.publicKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
}

let counter = 0;
const newEmail = () => `person-${Date.now()}-${++counter}@example.com`;

async function signedUp(password = "secret-password") {
  const supabase = client();
  const email = newEmail();
  const { data, error } = await supabase.auth.signUp({ email, password });
  expect(error).toBeNull();
  return { supabase, email, password, session: data.session! };
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${url}/auth/v1${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", apikey: t.services.auth.publicKey, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const refreshRaw = (refreshToken: string) =>
  post("/token?grant_type=refresh_token", { refresh_token: refreshToken });
const userRaw = (accessToken: string) =>
  fetch(`${url}/auth/v1/user`, { headers: { authorization: `Bearer ${accessToken}` } });
const sessionIdOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as { session_id: string })
    .session_id;
const codeOf = async (res: Response) => ((await res.json()) as { code: string }).code;

describe("supabase-js sign-up and sign-in", () => {
  it("signs up with metadata and the redirect, and gets a usable session", async () => {
    const supabase = client();
    const email = newEmail();
    const { data, error } = await supabase.auth.signUp({
      email,
      password: "secret-password",
      options: { emailRedirectTo: `${t.config.siteUrl}/`, data: { full_name: "Grace Hopper" } },
    });
    expect(error).toBeNull();
    expect(data.session?.token_type).toBe("bearer");
    expect(data.user?.user_metadata.full_name).toBe("Grace Hopper");
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.confirmationRedirectTo).toBe(`${t.config.siteUrl}/`);
    const { data: current } = await supabase.auth.getUser();
    expect(current.user?.email).toBe(email);
  });

  it("reports weak passwords with reasons, duplicates and wrong passwords with codes", async () => {
    const supabase = client();
    const weak = await supabase.auth.signUp({ email: newEmail(), password: "123" });
    expect(isAuthWeakPasswordError(weak.error)).toBe(true);
    expect(weak.error && "reasons" in weak.error && weak.error.reasons).toEqual(["length"]);

    const { email } = await signedUp();
    const dup = await client().auth.signUp({ email, password: "another-password" });
    expect(dup.error?.code).toBe("user_already_exists");

    const wrong = await client().auth.signInWithPassword({ email, password: "nope-nope" });
    expect(isAuthApiError(wrong.error)).toBe(true);
    expect(wrong.error).toMatchObject({ status: 400, code: "invalid_credentials" });
    expect(wrong.error?.message).toBe("Invalid login credentials");
  });

  it("verifies claims locally with the JWKS (no /user call)", async () => {
    const { supabase, session } = await signedUp();
    const before = requests.filter((r) => r === "GET /auth/v1/user").length;
    const { data, error } = await supabase.auth.getClaims();
    expect(error).toBeNull();
    expect(data?.claims.sub).toBe(session.user.id);
    expect(data?.claims.session_id).toBeTruthy();
    expect(requests.filter((r) => r === "GET /auth/v1/user").length).toBe(before);
    expect(requests).toContain("GET /auth/v1/.well-known/jwks.json");
  });
});

describe("refresh tokens", () => {
  /** Pretends the token was revoked longer ago than the reuse interval. */
  const ageRevocation = async (token: string) => {
    const { hashRefreshToken } = await import("./refresh-tokens");
    await t.database.db
      .update(refreshTokens)
      .set({ revokedAt: new Date(Date.now() - REUSE_INTERVAL_MS - 1000) })
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));
  };

  it("rotate: each refresh gives a new token and a working session", async () => {
    const { supabase, session } = await signedUp();
    await supabase.auth.setSession(session);
    const { data, error } = await supabase.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session!.refresh_token).not.toBe(session.refresh_token);
    expect(data.session!.user.id).toBe(session.user.id);
    expect(data.session!.expires_in).toBe(3600);
    expect((await userRaw(data.session!.access_token)).status).toBe(200);
  });

  it("answers concurrent refreshes with the same token alike, without a second rotation", async () => {
    const { session } = await signedUp();
    const answers = await Promise.all([1, 2, 3].map(() => refreshRaw(session.refresh_token)));
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as {
      refresh_token: string;
    }[];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(bodies.map((b) => b.refresh_token)).size).toBe(1);
    const chain = await t.database.db
      .select({ revoked: refreshTokens.revoked })
      .from(refreshTokens)
      .where(eq(refreshTokens.sessionId, sessionIdOf(session.access_token)));
    expect(chain.map((row) => row.revoked).sort()).toEqual([false, true]); // one rotation
  });

  it("gives the parent of the active token its child even after the interval", async () => {
    const { session } = await signedUp();
    const first = (await (await refreshRaw(session.refresh_token)).json()) as {
      refresh_token: string;
    };
    await ageRevocation(session.refresh_token);
    const again = await refreshRaw(session.refresh_token);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { refresh_token: string }).refresh_token).toBe(
      first.refresh_token,
    );
  });

  it("treats an older token after the interval as a replay and ends the session", async () => {
    const { session } = await signedUp();
    const one = (await (await refreshRaw(session.refresh_token)).json()) as {
      refresh_token: string;
      access_token: string;
    };
    const two = (await (await refreshRaw(one.refresh_token)).json()) as { refresh_token: string };
    await ageRevocation(session.refresh_token);
    const replay = await refreshRaw(session.refresh_token);
    expect(replay.status).toBe(400);
    expect(await codeOf(replay)).toBe("refresh_token_already_used");
    // The whole session is gone: its newest refresh token and its access tokens stop working.
    expect(await codeOf(await refreshRaw(two.refresh_token))).toBe("refresh_token_not_found");
    const user = await userRaw(one.access_token);
    expect(user.status).toBe(403);
    expect(await codeOf(user)).toBe("session_not_found");
  });

  it("refuses unknown tokens with a 4xx the client understands", async () => {
    const supabase = client();
    const { error } = await supabase.auth.refreshSession({ refresh_token: "not-a-real-token" });
    expect(error).toMatchObject({ status: 400, code: "refresh_token_not_found" });
    expect((await refreshRaw("x".repeat(5000))).status).toBe(400);
  });
});

describe("sign-out scopes", () => {
  async function threeSessions() {
    const { email, password, session: a } = await signedUp();
    const signIn = async () =>
      (await client().auth.signInWithPassword({ email, password })).data.session!;
    return { a, b: await signIn(), c: await signIn() };
  }
  const alive = async (s: { access_token: string }) =>
    (await userRaw(s.access_token)).status === 200;
  const logout = (s: { access_token: string }, scope: string) =>
    post(`/logout?scope=${scope}`, undefined, { authorization: `Bearer ${s.access_token}` });

  it("local ends only the current session", async () => {
    const { a, b, c } = await threeSessions();
    const supabase = client();
    await supabase.auth.setSession(a);
    expect((await supabase.auth.signOut({ scope: "local" })).error).toBeNull();
    expect([await alive(a), await alive(b), await alive(c)]).toEqual([false, true, true]);
    expect(await codeOf(await refreshRaw(a.refresh_token))).toBe("refresh_token_not_found");
  });

  it("others ends every session but the current one", async () => {
    const { a, b, c } = await threeSessions();
    expect((await logout(a, "others")).status).toBe(204);
    expect([await alive(a), await alive(b), await alive(c)]).toEqual([true, false, false]);
  });

  it("global ends them all", async () => {
    const { a, b, c } = await threeSessions();
    const supabase = client();
    await supabase.auth.setSession(b);
    expect((await supabase.auth.signOut()).error).toBeNull();
    expect([await alive(a), await alive(b), await alive(c)]).toEqual([false, false, false]);
    expect((await logout(a, "global")).status).toBe(403);
  });

  it("refuses an unknown scope", async () => {
    const { a } = await threeSessions();
    expect((await logout(a, "everyone")).status).toBe(400);
    expect(await alive(a)).toBe(true);
  });
});

describe("tampered and expired access tokens", () => {
  const currentKey = async () => {
    const [row] = await t.database.db
      .select()
      .from(signingKeys)
      .where(eq(signingKeys.status, "current"));
    return { kid: row!.kid, key: await importJWK(row!.privateJwk as JWK, "ES256") };
  };
  const claimsFor = (session: { user: { id: string; email?: string } }, sessionId: string) => ({
    sub: session.user.id,
    email: session.user.email,
    phone: "",
    role: "authenticated",
    aal: "aal1",
    amr: [{ method: "password", timestamp: 1 }],
    session_id: sessionId,
    is_anonymous: false,
    app_metadata: {},
    user_metadata: {},
  });

  it("refuses an expired token signed with our own key", async () => {
    const { session } = await signedUp();
    const { kid, key } = await currentKey();
    const expired = await new SignJWT(claimsFor(session, sessionIdOf(session.access_token)))
      .setProtectedHeader({ alg: "ES256", kid, typ: "JWT" })
      .setIssuer(t.services.auth.issuer)
      .setAudience("authenticated")
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(key);
    const res = await userRaw(expired);
    expect(res.status).toBe(403);
    expect(await codeOf(res)).toBe("bad_jwt");
  });

  it("refuses alg none, an unknown kid, and a changed payload", async () => {
    const { session } = await signedUp();
    const [, payload, signature] = session.access_token.split(".");
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString("base64url")}.${payload}.`;

    const stranger = await generateKeyPair("ES256");
    const foreign = await new SignJWT(claimsFor(session, sessionIdOf(session.access_token)))
      .setProtectedHeader({ alg: "ES256", kid: "someone-else", typ: "JWT" })
      .setIssuer(t.services.auth.issuer)
      .setAudience("authenticated")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(stranger.privateKey);

    const other = await signedUp();
    const changed = JSON.parse(Buffer.from(payload!, "base64url").toString()) as {
      sub: string;
    };
    changed.sub = other.session.user.id;
    const forged = [
      session.access_token.split(".")[0],
      Buffer.from(JSON.stringify(changed)).toString("base64url"),
      signature,
    ].join(".");

    for (const token of [none, foreign, forged, "a.b.c", "x".repeat(9000)]) {
      const res = await userRaw(token);
      expect(res.status).toBe(403);
      expect(await codeOf(res)).toBe("bad_jwt");
    }
  });

  it("drops the local session when the server-side session is gone", async () => {
    const { supabase, session } = await signedUp();
    await supabase.auth.setSession(session);
    expect((await userRaw(session.access_token)).status).toBe(200);
    await t.database.db.delete(sessions).where(eq(sessions.id, sessionIdOf(session.access_token)));
    const { data, error } = await supabase.auth.getUser();
    expect(data.user).toBeNull();
    expect(error?.name).toBe("AuthSessionMissingError");
    expect((await supabase.auth.getSession()).data.session).toBeNull();
  });
});

describe("key rotation", () => {
  it("keeps old tokens valid, signs new ones with the new key and lists both", async () => {
    const { session } = await signedUp();
    const { kid } = await rotateSigningKey(t.database.db);
    await t.services.auth.keys.reload();
    expect((await userRaw(session.access_token)).status).toBe(200);
    const fresh = await signedUp();
    const header = JSON.parse(
      Buffer.from(fresh.session.access_token.split(".")[0]!, "base64url").toString(),
    ) as { kid: string };
    expect(header.kid).toBe(kid);
    const jwks = (await (await fetch(`${url}/auth/v1/.well-known/jwks.json`)).json()) as {
      keys: JWK[];
    };
    expect(jwks.keys.length).toBeGreaterThanOrEqual(2);
    expect(jwks.keys.map((k) => k.kid)).toContain(kid);
    const { data } = await fresh.supabase.auth.getClaims();
    expect(data?.claims.sub).toBe(fresh.session.user.id);
  });
});

describe("housekeeping", () => {
  it("deletes refresh tokens revoked more than a day ago, keeping the live chain", async () => {
    const { session } = await signedUp();
    const one = (await (await refreshRaw(session.refresh_token)).json()) as {
      refresh_token: string;
    };
    const { sweepRevokedTokens, REVOKED_TOKEN_RETENTION_MS } = await import("./sessions");
    expect(await sweepRevokedTokens(t.database.db)).toBe(0);
    const deleted = await sweepRevokedTokens(
      t.database.db,
      Date.now() + REVOKED_TOKEN_RETENTION_MS + 1000,
    );
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect(await codeOf(await refreshRaw(session.refresh_token))).toBe("refresh_token_not_found");
    expect((await refreshRaw(one.refresh_token)).status).toBe(200);
  });
});
