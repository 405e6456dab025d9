import { randomUUID } from "node:crypto";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { oneTimeTokens } from "@/server/db/schema";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "@tests/support/smtp-sink";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser } from "@tests/support/test-users";
import { MAX_CODE_ATTEMPTS } from "./one-time-tokens";

/**
 * Recovery, verification, email change and sign-up confirmation through a real SMTP server in
 * this process: every link and code comes from a mail it received, and the unmodified
 * supabase-js client does what the browser does.
 */
const site = "http://localhost:3000";
const plenty = {
  RATE_LIMIT_SIGN_IN_SIGN_UPS: "10000",
  RATE_LIMIT_EMAIL_SENT: "10000",
  RATE_LIMIT_VERIFY: "10000",
};
let smtp: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({
    env: { ...plenty, SMTP_URL: smtp.url, MAIL_FROM: "Interview Coach <coach@example.com>" },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const client = (app: TestApp = t): SupabaseClient =>
  createClient(app.url, app.services.auth.publicKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });

/** Follows the mail's link on `app` (its host is SITE_URL's); answers the redirect's target. */
async function follow(link: string, app: TestApp = t) {
  const { pathname, search } = new URL(link);
  const res = await app.request(`${pathname}${search}`);
  expect(res.status).toBe(303);
  const location = new URL(res.headers.get("location")!);
  return { location, fragment: new URLSearchParams(location.hash.slice(1)) };
}

const newEmail = () => `mail-${randomUUID()}@example.com`;
const codeOf = async (res: Response) => ((await res.json()) as { code: string }).code;

async function recoveryMail(email: string, redirectTo = `${site}/reset-password`) {
  const { error } = await client().auth.resetPasswordForEmail(email, { redirectTo });
  expect(error).toBeNull();
  return smtp.next(email);
}

describe("password recovery", () => {
  it("mails a link and a code in a plain-text and an HTML part, from MAIL_FROM", async () => {
    const user = await createTestUser(t);
    const mail = await recoveryMail(user.email);
    expect(mail.from).toBe("coach@example.com");
    expect(mail.subject).toBe("Reset your Interview Coach password");
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(mail.link).toMatch(/^http:\/\/localhost:3000\/auth\/v1\/verify\?token=.+&type=recovery/);
    expect(mail.html).toContain(mail.code);
    expect(mail.html).toContain(mail.link.replaceAll("&", "&#38;"));
    const stored = await t.database.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(mail.code); // hashed
    expect(JSON.stringify(stored)).not.toContain(new URL(mail.link).searchParams.get("token"));
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const user = await createTestUser(t);
    const unknown = newEmail();
    const raw = (email: string) =>
      t.request("/auth/v1/recover", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email }),
      });
    const [a, b] = await Promise.all([raw(unknown), raw(user.email)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await a.text()).toBe(await b.text());
    await smtp.next(user.email);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails.some((m) => m.to === unknown)).toBe(false);
  });

  it("link → PASSWORD_RECOVERY session → new password; other sessions are signed out", async () => {
    const user = await createTestUser(t);
    const elsewhere = client();
    await elsewhere.auth.signInWithPassword({ email: user.email, password: user.password });
    const mail = await recoveryMail(user.email);

    const { location, fragment } = await follow(mail.link);
    expect(`${location.origin}${location.pathname}`).toBe(`${site}/reset-password`);
    expect(fragment.get("type")).toBe("recovery");
    expect(fragment.get("token_type")).toBe("bearer");
    expect(Number(fragment.get("expires_in"))).toBe(3600);

    const browser = client();
    const { error: setError } = await browser.auth.setSession({
      access_token: fragment.get("access_token")!,
      refresh_token: fragment.get("refresh_token")!,
    });
    expect(setError).toBeNull();
    const weak = await browser.auth.updateUser({ password: "123" });
    expect(weak.error?.code).toBe("weak_password");
    const same = await browser.auth.updateUser({ password: user.password });
    expect(same.error?.code).toBe("same_password");
    const { error } = await browser.auth.updateUser({ password: "a brand new passphrase" });
    expect(error).toBeNull();
    // The recovery is spent: another change from this session needs the (new) current password.
    const again = await browser.auth.updateUser({ password: "yet another passphrase" });
    expect(again.error?.code).toBe("current_password_required");

    // The other session: its access token and its refresh token stop working at once.
    // supabase-js turns the server's 403 session_not_found into this error and drops the session.
    const other = await elsewhere.auth.getUser();
    expect(other.error?.name).toBe("AuthSessionMissingError");
    expect(
      (await client().auth.refreshSession({ refresh_token: user.refreshToken })).error?.code,
    ).toBe("refresh_token_not_found");
    // This one keeps going.
    expect((await browser.auth.getUser()).data.user?.email).toBe(user.email);
    const old = await client().auth.signInWithPassword({
      email: user.email,
      password: user.password,
    });
    expect(old.error?.code).toBe("invalid_credentials");
    const fresh = await client().auth.signInWithPassword({
      email: user.email,
      password: "a brand new passphrase",
    });
    expect(fresh.error).toBeNull();
  });

  it("refuses a reused link and an expired one, redirecting with otp_expired", async () => {
    const user = await createTestUser(t);
    const mail = await recoveryMail(user.email);
    expect((await follow(mail.link)).fragment.get("access_token")).toBeTruthy();
    const reused = await follow(mail.link);
    expect(reused.fragment.get("error_code")).toBe("otp_expired");
    expect(reused.fragment.get("access_token")).toBeNull();

    const second = await recoveryMail(user.email);
    await t.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.userId, user.id));
    const expired = await follow(second.link);
    expect(expired.fragment.get("error_code")).toBe("otp_expired");
    expect(expired.fragment.get("error")).toBe("access_denied");
  });

  it("a newer mail replaces the older link", async () => {
    const user = await createTestUser(t);
    const first = await recoveryMail(user.email);
    const second = await recoveryMail(user.email);
    expect((await follow(first.link)).fragment.get("error_code")).toBe("otp_expired");
    expect((await follow(second.link)).fragment.get("type")).toBe("recovery");
  });

  it("sends a redirect_to on another site to the site instead", async () => {
    const user = await createTestUser(t);
    const mail = await recoveryMail(user.email, "https://evil.example/steal");
    expect(mail.link).not.toContain("evil.example");
    const { location } = await follow(mail.link);
    expect(location.origin).toBe(site);
    // A link edited to point elsewhere is refused the same way.
    const again = await recoveryMail(user.email);
    const edited = new URL(again.link);
    edited.searchParams.set("redirect_to", "https://evil.example/steal");
    const { location: target, fragment } = await follow(edited.toString());
    expect(target.origin).toBe(site);
    expect(fragment.get("type")).toBe("recovery");
  });

  it("verifies the code and the token hash with verifyOtp", async () => {
    const user = await createTestUser(t);
    const mail = await recoveryMail(user.email);
    const byCode = await client().auth.verifyOtp({
      email: user.email.toUpperCase(),
      token: mail.code,
      type: "recovery",
    });
    expect(byCode.error).toBeNull();
    expect(byCode.data.session?.user.email).toBe(user.email);
    // Single use: the link of the same mail is gone too.
    expect((await follow(mail.link)).fragment.get("error_code")).toBe("otp_expired");

    const next = await recoveryMail(user.email);
    const tokenHash = new URL(next.link).searchParams.get("token")!;
    const byHash = await client().auth.verifyOtp({ token_hash: tokenHash, type: "recovery" });
    expect(byHash.error).toBeNull();
    expect(byHash.data.session?.access_token).toBeTruthy();
  });

  it(`locks the code after ${MAX_CODE_ATTEMPTS} wrong ones`, async () => {
    const user = await createTestUser(t);
    const mail = await recoveryMail(user.email);
    const wrong = mail.code === "000000" ? "111111" : "000000";
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) {
      const { error } = await client().auth.verifyOtp({
        email: user.email,
        token: wrong,
        type: "recovery",
      });
      expect(error?.code).toBe("otp_expired");
      expect(error?.status).toBe(403);
    }
    const right = await client().auth.verifyOtp({
      email: user.email,
      token: mail.code,
      type: "recovery",
    });
    expect(right.error?.code).toBe("otp_expired");
  });

  it("answers a code for an unknown address like a wrong one", async () => {
    const { error } = await client().auth.verifyOtp({
      email: newEmail(),
      token: "123456",
      type: "recovery",
    });
    expect(error?.code).toBe("otp_expired");
  });

  it("retries a mail the SMTP server refused", async () => {
    const user = await createTestUser(t);
    smtp.failNext(1);
    const { error } = await client().auth.resetPasswordForEmail(user.email);
    expect(error).toBeNull();
    const mail = await smtp.next(user.email, 15_000);
    expect(mail.code).toMatch(/^\d{6}$/);
  });
});

describe("email change", () => {
  it("confirms through both addresses; the old one works until then", async () => {
    const user = await createTestUser(t);
    const browser = client();
    await browser.auth.signInWithPassword({ email: user.email, password: user.password });
    const target = newEmail();
    const { data, error } = await browser.auth.updateUser({
      email: target,
      current_password: user.password,
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(user.email); // pending
    const mail = await smtp.next(target);
    expect(mail.subject).toBe("Confirm your new email for Interview Coach");
    const toOld = await smtp.next(user.email);
    expect(toOld.subject).toBe("Confirm the change of your Interview Coach email");
    expect(toOld.text).toContain(target);
    const before = await client().auth.signInWithPassword({
      email: user.email,
      password: user.password,
    });
    expect(before.error).toBeNull();

    const half = await client().auth.verifyOtp({
      email: target,
      token: mail.code,
      type: "email_change",
    });
    expect(half.error).toBeNull();
    expect(half.data.session).toBeNull();
    expect((await browser.auth.getUser()).data.user?.email).toBe(user.email);

    const confirmed = await client().auth.verifyOtp({
      email: user.email,
      token: toOld.code,
      type: "email_change",
    });
    expect(confirmed.error).toBeNull();
    expect(confirmed.data.user?.email).toBe(target);
    expect((await browser.auth.getUser()).data.user?.email).toBe(target);
    expect((await smtp.next(user.email)).subject).toBe("Your Interview Coach email was changed");
    expect(
      (await client().auth.signInWithPassword({ email: user.email, password: user.password })).error
        ?.code,
    ).toBe("invalid_credentials");
    expect(
      (await client().auth.signInWithPassword({ email: target, password: user.password })).error,
    ).toBeNull();
  });

  it("refuses an address another account has", async () => {
    const [a, b] = [await createTestUser(t), await createTestUser(t)];
    const browser = client();
    await browser.auth.signInWithPassword({ email: a.email, password: a.password });
    const { error } = await browser.auth.updateUser({
      email: b.email,
      current_password: a.password,
    });
    expect(error?.code).toBe("email_exists");
  });
});

describe("settings and sign-up confirmation", () => {
  it("reports mailer_autoconfirm: true while sign-ups are auto-confirmed", async () => {
    const settings = (await (await t.request("/auth/v1/settings")).json()) as Record<
      string,
      unknown
    >;
    expect(settings.mailer_autoconfirm).toBe(true);
  });

  it("with AUTH_CONFIRM_EMAIL: no session at sign-up, the mailed link confirms and signs in", async () => {
    const app = await createTestApp({
      database: t.database,
      env: { ...plenty, SMTP_URL: smtp.url, AUTH_CONFIRM_EMAIL: "true" },
    });
    try {
      const settings = (await (await app.request("/auth/v1/settings")).json()) as Record<
        string,
        unknown
      >;
      expect(settings.mailer_autoconfirm).toBe(false);
      const email = newEmail();
      const password = "correct horse battery";
      const supabase = client(app);
      const signedUp = await supabase.auth.signUp({
        email,
        password,
        options: { emailRedirectTo: `${site}/`, data: { full_name: "Grace Hopper" } },
      });
      expect(signedUp.error).toBeNull();
      expect(signedUp.data.session).toBeNull();
      expect(signedUp.data.user?.email).toBe(email);
      expect(signedUp.data.user?.email_confirmed_at).toBeUndefined();
      const early = await client(app).auth.signInWithPassword({ email, password });
      expect(early.error?.code).toBe("email_not_confirmed");

      const mail = await smtp.next(email);
      expect(mail.subject).toBe("Confirm your email for Interview Coach");
      const { location, fragment } = await follow(mail.link, app);
      expect(location.toString().split("#")[0]).toBe(`${site}/`);
      expect(fragment.get("type")).toBe("signup");
      const confirmed = client(app);
      await confirmed.auth.setSession({
        access_token: fragment.get("access_token")!,
        refresh_token: fragment.get("refresh_token")!,
      });
      const me = (await confirmed.auth.getUser()).data.user!;
      expect(me.email_confirmed_at).toBeTruthy();
      expect(me.user_metadata.email_verified).toBe(true);
      expect((await client(app).auth.signInWithPassword({ email, password })).error).toBeNull();
    } finally {
      await app.close();
    }
  });

  it("with AUTH_CONFIRM_EMAIL: resend mails a new link and code, and the old ones stop working", async () => {
    const app = await createTestApp({
      database: t.database,
      env: { ...plenty, SMTP_URL: smtp.url, AUTH_CONFIRM_EMAIL: "true" },
    });
    try {
      const email = newEmail();
      const password = "correct horse battery";
      const supabase = client(app);
      expect((await supabase.auth.signUp({ email, password })).error).toBeNull();
      const first = await smtp.next(email);

      const resent = await supabase.auth.resend({
        type: "signup",
        email,
        options: { emailRedirectTo: `${site}/` },
      });
      expect(resent.error).toBeNull();
      const second = await smtp.next(email);
      expect(second.subject).toBe("Confirm your email for Interview Coach");
      expect(second.link).not.toBe(first.link);
      expect((await follow(first.link, app)).fragment.get("error_code")).toBe("otp_expired");
      const { location, fragment } = await follow(second.link, app);
      expect(location.toString().split("#")[0]).toBe(`${site}/`);
      expect(fragment.get("type")).toBe("signup");
      expect((await client(app).auth.signInWithPassword({ email, password })).error).toBeNull();

      // A confirmed account and an unknown address get the same answer, and no mail.
      const unknown = newEmail();
      for (const to of [email, unknown]) {
        expect((await client(app).auth.resend({ type: "signup", email: to })).error).toBeNull();
      }
      await new Promise((r) => setTimeout(r, 300));
      expect(smtp.mails.filter((m) => m.to === email)).toHaveLength(2);
      expect(smtp.mails.some((m) => m.to === unknown)).toBe(false);

      // Only a sign-up's confirmation is sent again; a body without an address, or not an object,
      // is refused as GoTrue refuses it.
      const raw = (body: unknown) =>
        app.request("/auth/v1/resend", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
      const refusals: [unknown, string][] = [
        [{ type: "email_change", email }, "validation_failed"],
        [{ type: "signup" }, "validation_failed"],
        [[], "bad_json"],
        ["x", "bad_json"],
      ];
      for (const [body, code] of refusals) {
        const res = await raw(body);
        expect(res.status).toBe(400);
        expect(((await res.json()) as { code: string }).code).toBe(code);
      }
    } finally {
      await app.close();
    }
  });
});

describe("limits", () => {
  it("rate-limits recover and resend per address and verify per IP (RATE_LIMIT_EMAIL_SENT, _VERIFY)", async () => {
    // A database of its own: the counters are shared by every app on one database.
    const app = await createTestApp({
      env: {
        RATE_LIMIT_SIGN_IN_SIGN_UPS: "10000",
        SMTP_URL: smtp.url,
        RATE_LIMIT_EMAIL_SENT: "2",
        RATE_LIMIT_VERIFY: "3",
      },
    });
    try {
      const email = newEmail();
      const recover = () =>
        app.request("/auth/v1/recover", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email }),
        });
      expect((await recover()).status).toBe(200);
      expect((await recover()).status).toBe(200);
      const limited = await recover();
      expect(limited.status).toBe(429);
      expect(await codeOf(limited)).toBe("over_request_rate_limit");
      // Mails of any kind to one address count together.
      const resent = await app.request("/auth/v1/resend", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ type: "signup", email }),
      });
      expect(resent.status).toBe(429);

      const verify = () =>
        app.request("/auth/v1/verify", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ type: "recovery", token_hash: "nope" }),
        });
      for (let i = 0; i < 3; i++) expect((await verify()).status).toBe(403);
      expect((await verify()).status).toBe(429);
    } finally {
      await app.close();
    }
  });
});

describe("two instances on one database", () => {
  it("a reset on one instance signs out the sessions the other serves", async () => {
    const env = { ...plenty, SMTP_URL: smtp.url };
    const a = await createTestApp({ database: t.database, env });
    const b = await createTestApp({ database: t.database, env });
    try {
      const user = await createTestUser(b);
      const onB = client(b);
      await onB.auth.signInWithPassword({ email: user.email, password: user.password });
      expect((await onB.auth.getUser()).error).toBeNull(); // b has answered for it

      const { error } = await client(a).auth.resetPasswordForEmail(user.email);
      expect(error).toBeNull();
      const mail: ReceivedMail = await smtp.next(user.email);
      const { fragment } = await follow(mail.link, a);
      const onA = client(a);
      await onA.auth.setSession({
        access_token: fragment.get("access_token")!,
        refresh_token: fragment.get("refresh_token")!,
      });
      expect((await onA.auth.updateUser({ password: "reset on instance a" })).error).toBeNull();

      const after = await b.request("/auth/v1/user", {
        headers: { authorization: `Bearer ${user.accessToken}` },
      });
      expect(after.status).toBe(403);
      expect((await onB.auth.getUser()).error?.name).toBe("AuthSessionMissingError");
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe("without SMTP", () => {
  it("a public site says email is not configured; no outbox is served", async () => {
    const app = await createTestApp({
      database: t.database,
      env: { ...plenty, SITE_URL: "https://coach.example.com", BILLING: "test" },
    });
    try {
      const res = await app.request("/auth/v1/recover", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: newEmail() }),
      });
      expect(res.status).toBe(422);
      expect(await codeOf(res)).toBe("email_not_configured");
      expect((await app.request("/outbox")).status).toBe(404);
    } finally {
      await app.close();
    }
  });

  it("a loopback site keeps the mails in the outbox, readable without scripts", async () => {
    const app = await createTestApp({ database: t.database, env: plenty });
    try {
      expect(app.config.mail.transport).toBe("outbox");
      const user = await createTestUser(app);
      expect((await client(app).auth.resetPasswordForEmail(user.email)).error).toBeNull();
      let list = "";
      for (let i = 0; i < 50 && !list.includes(user.email); i++) {
        await new Promise((r) => setTimeout(r, 50));
        list = await (await app.request("/outbox")).text();
      }
      expect(list).toContain("Reset your Interview Coach password");
      const id = /href="\/outbox\/([0-9a-f-]{36})"/.exec(list)![1]!;
      const page = await app.request(`/outbox/${id}`);
      const csp = page.headers.get("content-security-policy")!;
      const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
      const body = await page.text();
      expect(body).not.toMatch(/<script|\son\w+=/i);
      expect(body).toContain(`<style nonce="${nonce}">`);
      const code = /<dd class="code">(\d{6})<\/dd>/.exec(body)![1]!;
      const link = /href="(http:\/\/localhost:3000\/auth\/v1\/verify[^"]+)"/
        .exec(body)![1]!
        .replaceAll("&#38;", "&");
      expect((await follow(link, app)).fragment.get("type")).toBe("recovery");
      const html = await app.request(`/outbox/${id}/html`);
      expect(html.headers.get("content-security-policy")).toContain("sandbox");
      expect(await html.text()).toContain(code);
    } finally {
      await app.close();
    }
  });
});
