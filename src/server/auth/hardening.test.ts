import type * as Argon2 from "@node-rs/argon2";
import { hash, verify } from "@node-rs/argon2";
import { count, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sessions, users } from "@/server/db/schema";
import { createLogger } from "@/server/logger";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser } from "@tests/support/test-users";

// argon2's verify, watched (and still doing the work): an unknown address must cost what a wrong
// password costs, and the count of verifications says so without a clock.
vi.mock("@node-rs/argon2", async (original) => {
  const argon2 = await original<typeof Argon2>();
  return { ...argon2, verify: vi.fn(argon2.verify) };
});

/** Malformed and hostile input, rate limits, timing, CORS and several instances on one database. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { RATE_LIMIT_SIGN_IN_SIGN_UPS: "10000", CORS_ALLOWED_ORIGINS: "https://app.example.com" },
  });
});
afterAll(() => t.close());

const send = (app: TestApp, path: string, body: BodyInit | null, headers = {}) =>
  app.app.request(`/auth/v1${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
const signUp = (body: unknown) => send(t, "/signup", JSON.stringify(body));
const signIn = (body: unknown, app = t) =>
  send(app, "/token?grant_type=password", JSON.stringify(body));
const codeOf = async (res: Response) => ((await res.json()) as { code: string }).code;
const userCount = async () => (await t.database.db.select({ n: count() }).from(users))[0]!.n;

describe("malformed requests", () => {
  it("answers broken JSON and non-object bodies with 400 bad_json", async () => {
    for (const body of ['{"email":', "", "[]", '"text"', "null", "42", "\u0000"]) {
      const res = await send(t, "/signup", body);
      expect(res.status, body).toBe(400);
      expect(res.headers.get("x-supabase-api-version")).toBe("2024-01-01");
      expect(await codeOf(res)).toBe("bad_json");
    }
  });

  it("answers wrong types and missing fields with 400 validation_failed", async () => {
    const before = await userCount();
    for (const body of [
      {},
      { email: {}, password: "a sturdy passphrase" },
      { email: "a@example.com", password: 123456 },
      { email: "a@example.com", password: ["a sturdy passphrase"] },
      { email: "a@example.com", password: "a sturdy passphrase", data: "name" },
      { email: null, password: null },
    ]) {
      const res = await signUp(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await codeOf(res)).toBe("validation_failed");
    }
    for (const body of [{}, { email: 1, password: "x" }, { email: "a@example.com" }]) {
      expect((await signIn(body)).status).toBe(400);
    }
    expect((await send(t, "/token?grant_type=refresh_token", "{}")).status).toBe(400);
    expect(await userCount()).toBe(before);
  });

  it("refuses a 1 MB body with 413, with or without Content-Length, before reading it all", async () => {
    const big = JSON.stringify({ email: "a@example.com", password: "x".repeat(1024 * 1024) });
    const res = await send(t, "/signup", big);
    expect(res.status).toBe(413);
    expect(await codeOf(res)).toBe("request_entity_too_large");

    let pulled = 0;
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    // Paced like a slow upload, so the count says when the server answered, not how fast the
    // socket buffers filled.
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        pulled++;
        if (pulled > 16) return controller.close();
        await new Promise((resolve) => setTimeout(resolve, 10));
        controller.enqueue(chunk);
      },
    });
    const streamed = await t.app.request("/auth/v1/token?grant_type=password", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(pulled).toBeLessThan(16);
  });

  it("refuses over-long and SQL-looking input without touching the database", async () => {
    const before = await userCount();
    const cases: [unknown, number, string][] = [
      [
        { email: `${"a".repeat(300)}@example.com`, password: "a sturdy passphrase" },
        400,
        "validation_failed",
      ],
      [
        { email: "x'); drop table users; --@example.com", password: "a sturdy passphrase" },
        400,
        "validation_failed",
      ],
      [{ email: "long@example.com", password: "p".repeat(1025) }, 400, "validation_failed"],
      [
        {
          email: "name@example.com",
          password: "a sturdy passphrase",
          data: { full_name: "n".repeat(201) },
        },
        400,
        "validation_failed",
      ],
      [
        {
          email: "meta@example.com",
          password: "a sturdy passphrase",
          data: { blob: "b".repeat(9000) },
        },
        400,
        "validation_failed",
      ],
      [{ email: "a b@example.com", password: "a sturdy passphrase" }, 400, "validation_failed"],
      [{ email: "tab\t@example.com", password: "a sturdy passphrase" }, 400, "validation_failed"],
    ];
    for (const [body, status, code] of cases) {
      const res = await signUp(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(await codeOf(res)).toBe(code);
    }
    for (const body of [
      { email: "' OR '1'='1", password: "' OR '1'='1" },
      { email: "x@example.com' --", password: "a sturdy passphrase" },
      { email: `${"a".repeat(5000)}@example.com`, password: "a sturdy passphrase" },
      { email: "someone@example.com", password: "p".repeat(5000) },
    ]) {
      const res = await signIn(body);
      expect(res.status).toBe(400);
      expect(await codeOf(res)).toBe("invalid_credentials");
    }
    expect(await userCount()).toBe(before);
  });

  it("handles unicode addresses and passwords, normalising both", async () => {
    const res = await signUp({ email: "  Zoë@Exämple.com ", password: "grüne Bäume 🔑 im März" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { email: string } }).user.email).toBe("zoë@exämple.com");
    // The same password typed with combining accents, and the address in capitals.
    const again = await signIn({
      email: "ZOË@EXÄMPLE.COM",
      password: "gru\u0308ne Ba\u0308ume 🔑 im Ma\u0308rz",
    });
    expect(again.status).toBe(200);
    // Eight characters, even when that is more UTF-16 units or bytes.
    expect((await signUp({ email: "emoji@example.com", password: "🔑🐙🌵🎻🚲🧭🪁" })).status).toBe(
      422,
    );
    expect(
      (await signUp({ email: "emoji@example.com", password: "🔑🐙🌵🎻🚲🧭🪁🍋" })).status,
    ).toBe(200);
  });

  it("refuses NUL characters and broken Unicode that the database cannot store", async () => {
    const before = await userCount();
    for (const [path, body] of [
      [
        "/signup",
        {
          email: "nul@example.com",
          password: "a sturdy passphrase",
          data: { full_name: "a\u0000" },
        },
      ],
      [
        "/signup",
        { email: "key@example.com", password: "a sturdy passphrase", data: { "k\u0000": 1 } },
      ],
      ["/signup", { email: "lone\ud800@example.com", password: "a sturdy passphrase" }],
      [
        "/signup",
        { email: "half@example.com", password: "a sturdy passphrase", data: { x: "\udc00" } },
      ],
      [
        "/token?grant_type=password",
        { email: "a\u0000@example.com", password: "a sturdy passphrase" },
      ],
      ["/token?grant_type=refresh_token", { refresh_token: "a\u0000b" }],
    ] as const) {
      const res = await send(t, path, JSON.stringify(body));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await codeOf(res)).toBe("validation_failed");
    }
    expect(await userCount()).toBe(before);
  });

  it("never answers an arbitrary JSON body with a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          "/signup",
          "/token?grant_type=password",
          "/token?grant_type=refresh_token",
          "/recover",
          "/resend",
        ),
        fc.oneof(
          fc.json(),
          fc.record({
            email: fc.oneof(fc.string({ unit: "binary" }), fc.emailAddress(), fc.anything()),
            password: fc.oneof(fc.string({ unit: "binary" }), fc.anything()),
            refresh_token: fc.oneof(fc.string({ unit: "binary" }), fc.anything()),
            type: fc.oneof(fc.constant("signup"), fc.anything()),
            data: fc.oneof(
              fc.anything(),
              fc.dictionary(fc.string({ unit: "binary" }), fc.string({ unit: "binary" })),
            ),
          }),
        ),
        async (path, body) => {
          const res = await send(t, path, typeof body === "string" ? body : JSON.stringify(body));
          expect(res.status).toBeLessThan(500);
        },
      ),
      { numRuns: 80 },
    );
  });

  it("answers unknown auth paths with GoTrue's 404", async () => {
    const res = await t.app.request("/auth/v1/otp", { method: "POST" });
    expect(res.status).toBe(404);
    expect(await codeOf(res)).toBe("not_found");
  });
});

describe("rate limits", () => {
  it("limits sign-ins and sign-ups per IP", async () => {
    const limited = await createTestApp({
      database: t.database,
      env: { RATE_LIMIT_SIGN_IN_SIGN_UPS: "2", TRUST_PROXY: "1" },
    });
    const ip = { "x-forwarded-for": "203.0.113.7" };
    const body = JSON.stringify({ email: "nobody@example.com", password: "a sturdy passphrase" });
    expect((await send(limited, "/token?grant_type=password", body, ip)).status).toBe(400);
    expect((await send(limited, "/signup", "{}", ip)).status).toBe(400);
    const third = await send(limited, "/token?grant_type=password", body, ip);
    expect(third.status).toBe(429);
    expect(await codeOf(third)).toBe("over_request_rate_limit");
    // Another address is counted on its own.
    const other = { "x-forwarded-for": "203.0.113.8" };
    expect((await send(limited, "/token?grant_type=password", body, other)).status).toBe(400);
    await limited.close();
  });

  it("limits refreshes per IP", async () => {
    const limited = await createTestApp({
      database: t.database,
      env: { RATE_LIMIT_TOKEN_REFRESH: "1", TRUST_PROXY: "1" },
    });
    const ip = { "x-forwarded-for": "198.51.100.1" };
    const body = JSON.stringify({ refresh_token: "unknown" });
    expect((await send(limited, "/token?grant_type=refresh_token", body, ip)).status).toBe(400);
    expect((await send(limited, "/token?grant_type=refresh_token", body, ip)).status).toBe(429);
    await limited.close();
  });

  it("above the per-address ceiling, refuses the IP that guessed wrong (docs/decisions/0081)", async () => {
    const limited = await createTestApp({
      database: t.database,
      env: { RATE_LIMIT_FAILED_SIGN_INS_PER_EMAIL: "2", RATE_LIMIT_SIGN_IN_SIGN_UPS: "1000" },
    });
    const user = await createTestUser(limited);
    for (let i = 0; i < 2; i++) {
      expect((await signIn({ email: user.email, password: "wrong!" }, limited)).status).toBe(400);
    }
    const blocked = await signIn({ email: user.email, password: user.password }, limited);
    expect(blocked.status).toBe(429);
    await limited.close();
  });
});

describe("timing", () => {
  it("verifies a password hash for an unknown address as for a wrong password", async () => {
    const user = await createTestUser(t);
    const verifications = async (email: string) => {
      vi.mocked(verify).mockClear();
      expect((await signIn({ email, password: "wrong-password" })).status).toBe(400);
      return vi.mocked(verify).mock.calls.length;
    };
    expect(await verifications(user.email)).toBe(1);
    expect(await verifications("nobody@example.com")).toBe(1);
  });
});

describe("CORS", () => {
  it("allows configured origins and no others", async () => {
    const preflight = (origin: string) =>
      t.app.request("/auth/v1/token?grant_type=password", {
        method: "OPTIONS",
        headers: {
          origin,
          "access-control-request-method": "POST",
          "access-control-request-headers": "apikey, authorization, content-type, x-client-info",
        },
      });
    const allowed = await preflight("https://app.example.com");
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://app.example.com");
    expect(allowed.headers.get("access-control-allow-headers")).toContain("x-supabase-api-version");
    const denied = await preflight("https://evil.example.com");
    expect(denied.headers.get("access-control-allow-origin")).toBeNull();
    const get = await t.app.request("/auth/v1/health", {
      headers: { origin: "https://app.example.com" },
    });
    expect(get.headers.get("access-control-expose-headers")).toContain("X-Supabase-Api-Version");
  });
});

describe("password hashes", () => {
  const storedHash = async (id: string) =>
    (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!.passwordHash;

  it("stores argon2id at today's settings, and upgrades an older hash at the next sign-in", async () => {
    const user = await createTestUser(t);
    expect(await storedHash(user.id)).toMatch(/^\$argon2id\$v=19\$m=12288,t=3,p=1\$/);

    const older = await hash(user.password, { algorithm: 2, memoryCost: 19_456, timeCost: 2 });
    await t.database.db.update(users).set({ passwordHash: older }).where(eq(users.id, user.id));
    expect((await signIn({ email: user.email, password: "wrong" })).status).toBe(400);
    expect(await storedHash(user.id)).toBe(older); // a wrong password changes nothing
    expect((await signIn({ email: user.email, password: user.password })).status).toBe(200);
    const upgraded = await storedHash(user.id);
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=12288,t=3,p=1\$/);
    expect((await signIn({ email: user.email, password: user.password })).status).toBe(200);
    expect(await storedHash(user.id)).toBe(upgraded); // not re-hashed at every sign-in
  });
});

describe("two instances on one database", () => {
  it("share keys and sessions: sign-out on one ends the session on the other at once", async () => {
    const env = { RATE_LIMIT_SIGN_IN_SIGN_UPS: "10000" };
    const a = await createTestApp({ database: t.database, env });
    const b = await createTestApp({ database: t.database, env });
    expect(b.services.auth.publicKey).toBe(a.services.auth.publicKey);
    const user = await createTestUser(a);
    const me = (app: TestApp) =>
      app.app.request("/auth/v1/user", {
        headers: { authorization: `Bearer ${user.accessToken}` },
      });
    expect((await me(a)).status).toBe(200);
    expect((await me(b)).status).toBe(200);
    const out = await b.app.request("/auth/v1/logout?scope=local", {
      method: "POST",
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(out.status).toBe(204);
    expect((await me(a)).status).toBe(403);
    expect(await a.services.auth.authenticate(user.accessToken).catch((e: Error) => e.name)).toBe(
      "AuthError",
    );
    const left = await t.database.db.select({ n: count() }).from(sessions);
    expect(left[0]!.n).toBeGreaterThanOrEqual(0);
    await a.close();
    await b.close();
  });

  it("refuses tokens of an instance with another SITE_URL, and says why in the log", async () => {
    const env = { RATE_LIMIT_SIGN_IN_SIGN_UPS: "10000", BILLING: "test" };
    const lines: string[] = [];
    const a = await createTestApp({
      database: t.database,
      env: { ...env, SITE_URL: "https://one.example" },
    });
    const b = await createTestApp({
      database: t.database,
      env: { ...env, SITE_URL: "https://two.example" },
      logger: createLogger("warn", { write: (line: string) => void lines.push(line) }),
    });
    try {
      const user = await createTestUser(a);
      const me = await b.app.request("/auth/v1/user", {
        headers: { authorization: `Bearer ${user.accessToken}` },
      });
      expect(me.status).toBe(403);
      const warning = lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .find((l) => String(l.msg).includes("same SITE_URL"));
      expect(warning).toMatchObject({
        issuer: "https://one.example/auth/v1",
        expected: "https://two.example/auth/v1",
      });
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("a sign-out on one instance is refused by another as soon as it has answered", async () => {
    const env = { RATE_LIMIT_SIGN_IN_SIGN_UPS: "10000" };
    const a = await createTestApp({ database: t.database, env });
    const b = await createTestApp({ database: t.database, env });
    const user = await createTestUser(b);
    const headers = { authorization: `Bearer ${user.accessToken}` };
    // Asked twice first: an instance that kept its answer in memory would give it again.
    expect((await a.app.request("/auth/v1/user", { headers })).status).toBe(200);
    expect((await a.app.request("/auth/v1/user", { headers })).status).toBe(200);

    const out = await b.app.request("/auth/v1/logout?scope=local", { method: "POST", headers });
    expect(out.status).toBe(204);
    expect((await a.app.request("/auth/v1/user", { headers })).status).toBe(403);
    await a.close();
    await b.close();
  });

  it("under load, refuses every request made after a sign-out on the other instance", async () => {
    const env = { RATE_LIMIT_SIGN_IN_SIGN_UPS: "10000" };
    const a = await createTestApp({ database: t.database, env });
    const b = await createTestApp({ database: t.database, env });
    const user = await createTestUser(a);
    const headers = { authorization: `Bearer ${user.accessToken}` };
    let signedOut = false;
    const afterSignOut: number[] = [];
    let beforeSignOut = 0;
    // Twenty clients keep calling /user and a guarded function on `a` while `b` signs the
    // session out.
    const clients = Array.from({ length: 20 }, async (_, i) => {
      while (afterSignOut.length < 200) {
        const madeAfterSignOut = signedOut;
        const res = await (i % 2
          ? a.app.request("/auth/v1/user", { headers })
          : a.app.request("/functions/v1/check-subscription", { method: "POST", headers }));
        if (madeAfterSignOut) afterSignOut.push(res.status);
        else if (res.status === 200) beforeSignOut++;
        await new Promise((r) => setImmediate(r)); // let timers and the other instance run
      }
    });
    while (beforeSignOut < 50) await new Promise((r) => setTimeout(r, 5));
    const out = await b.app.request("/auth/v1/logout?scope=local", { method: "POST", headers });
    expect(out.status).toBe(204);
    signedOut = true;
    await Promise.all(clients);
    expect(new Set(afterSignOut)).toEqual(new Set([401, 403]));
    await a.close();
    await b.close();
  });

  it("health and settings answer", async () => {
    expect((await t.app.request("/auth/v1/health")).status).toBe(200);
    const settings = await t.app.request("/auth/v1/settings");
    expect(await settings.json()).toMatchObject({
      mailer_autoconfirm: true,
      disable_signup: false,
    });
  });
});
