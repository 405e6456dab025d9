import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_CHANGE_DONE, EMAIL_CHANGE_HALF_CONFIRMED } from "@/shared/auth";
import { startMailingTestApp } from "@tests/support/mailing-test-app";
import type { SmtpSink } from "@tests/support/smtp-sink";
import { authRequest, followLink, testClient } from "@tests/support/supabase-test-client";
import type { TestApp } from "@tests/support/test-app";
import { createTestUser } from "@tests/support/test-users";

/**
 * Emailed links under PKCE (docs/decisions/0082): a link asked for with a code challenge
 * redirects with `?code=…` and no session in the fragment; only the verifier of that challenge
 * turns the code into a session, once. So a link (or its code) that reaches another browser
 * cannot sign anyone in there.
 */
let smtp: SmtpSink;
let t: TestApp;
const site = "http://localhost:3000";

let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ smtp, t, close } = await startMailingTestApp());
});
afterAll(() => close?.());

const verifier = () => randomBytes(32).toString("base64url");
const challengeOf = (v: string) => createHash("sha256").update(v).digest("base64url");

async function recoveryLink(email: string, codeVerifier: string) {
  const res = await authRequest(t, `/recover?redirect_to=${site}/reset-password`, {
    body: { email, code_challenge: challengeOf(codeVerifier), code_challenge_method: "s256" },
  });
  expect(res.status).toBe(200);
  return (await smtp.next(email)).link;
}

const exchange = (authCode: string, codeVerifier: string) =>
  authRequest(t, "/token?grant_type=pkce", {
    body: { auth_code: authCode, code_verifier: codeVerifier },
  });

describe("PKCE links", () => {
  it("redirect with ?code= and never put a session in the fragment", async () => {
    const user = await createTestUser(t);
    const codeVerifier = verifier();
    const location = await followLink(t, await recoveryLink(user.email, codeVerifier));
    expect(`${location.origin}${location.pathname}`).toBe(`${site}/reset-password`);
    expect(location.hash).toBe("");
    expect(location.searchParams.get("code")).toMatch(/^[\w-]{20,}$/);

    const res = await exchange(location.searchParams.get("code")!, codeVerifier);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const session = (await res.json()) as { access_token: string; user: { email: string } };
    expect(session.user.email).toBe(user.email);
    // Used once.
    const again = await exchange(location.searchParams.get("code")!, codeVerifier);
    expect(again.status).toBe(404);
    expect(((await again.json()) as { code: string }).code).toBe("flow_state_not_found");
  });

  it("refuse the code with another browser's verifier, and burn it", async () => {
    const user = await createTestUser(t);
    const codeVerifier = verifier();
    const location = await followLink(t, await recoveryLink(user.email, codeVerifier));
    const code = location.searchParams.get("code")!;
    const wrong = await exchange(code, verifier());
    expect(wrong.status).toBe(403);
    expect(((await wrong.json()) as { code: string }).code).toBe("bad_code_verifier");
    expect((await exchange(code, codeVerifier)).status).toBe(404);
  });

  it("run end to end through supabase-js with flowType pkce (recovery → new password)", async () => {
    const user = await createTestUser(t);
    const browser = testClient(t);
    const { error } = await browser.auth.resetPasswordForEmail(user.email, {
      redirectTo: `${site}/reset-password`,
    });
    expect(error).toBeNull();
    const location = await followLink(t, (await smtp.next(user.email)).link);
    expect(location.hash).toBe("");
    const exchanged = await browser.auth.exchangeCodeForSession(location.searchParams.get("code")!);
    expect(exchanged.error).toBeNull();
    // A recovery session: a new password without the current one.
    const { error: updateError } = await browser.auth.updateUser({
      password: "a recovered passphrase",
    });
    expect(updateError).toBeNull();
  });

  it("carry an email change: each link says how far it got, and opens no session", async () => {
    const user = await createTestUser(t);
    const browser = testClient(t);
    await browser.auth.signInWithPassword({ email: user.email, password: user.password });
    const target = `pkce-moved-${Date.now()}@example.com`;
    const { error } = await browser.auth.updateUser(
      { email: target, current_password: user.password },
      { emailRedirectTo: `${site}/account` },
    );
    expect(error).toBeNull();
    const first = await followLink(t, (await smtp.next(target)).link);
    expect(first.searchParams.get("message")).toBe(EMAIL_CHANGE_HALF_CONFIRMED);
    const second = await followLink(t, (await smtp.next(user.email)).link);
    expect(`${second.origin}${second.pathname}`).toBe(`${site}/account`);
    expect(second.searchParams.get("message")).toBe(EMAIL_CHANGE_DONE);
    expect(second.searchParams.has("code")).toBe(false);
    expect(second.hash).toBe("");
    // The browser that asked keeps its session and sees the new address after a refresh.
    const refreshed = await browser.auth.refreshSession();
    expect(refreshed.data.user?.email).toBe(target);
  });

  it("refuse a malformed challenge with 400, never a 5xx", async () => {
    const user = await createTestUser(t);
    for (const body of [
      { email: user.email, code_challenge: "short", code_challenge_method: "s256" },
      { email: user.email, code_challenge: challengeOf(verifier()), code_challenge_method: "md5" },
      { email: user.email, code_challenge: challengeOf(verifier()) },
    ]) {
      const res = await authRequest(t, "/recover", { body });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe("validation_failed");
    }
    for (const body of [{}, { auth_code: "", code_verifier: "" }, { auth_code: 1 }]) {
      expect((await authRequest(t, "/token?grant_type=pkce", { body })).status).toBe(400);
    }
  });
});
