import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "@/server/db/schema";
import { startMailingTestApp } from "@tests/support/mailing-test-app";
import type { SmtpSink } from "@tests/support/smtp-sink";
import { authRequest, followLink, testClient } from "@tests/support/supabase-test-client";
import type { TestApp } from "@tests/support/test-app";
import { createTestUser, type TestUser } from "@tests/support/test-users";

/**
 * An access token alone must not take an account over (docs/decisions/0080): an email change
 * needs the current password or a sign-in of the last few minutes, both addresses confirm, and
 * the old address hears of every email or password change.
 */
let smtp: SmtpSink;
let t: TestApp;

let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ smtp, t, close } = await startMailingTestApp());
});
afterAll(() => close?.());

const newEmail = () => `moved-${randomUUID()}@example.com`;

/** The user's sign-up session, made as old as a stolen token's would be. */
async function oldSession(user: TestUser) {
  await t.database.db
    .update(sessions)
    .set({ createdAt: new Date(Date.now() - 60 * 60 * 1000) })
    .where(eq(sessions.userId, user.id));
}

const changeEmail = (user: TestUser, body: Record<string, unknown>) =>
  authRequest(t, "/user", { method: "PUT", token: user.accessToken, body });

describe("email change", () => {
  it("refuses a change from a token alone: an older session must give the current password", async () => {
    const user = await createTestUser(t);
    await oldSession(user);
    const res = await changeEmail(user, { email: newEmail() });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { code: string }).code).toBe("current_password_required");
    const wrong = await changeEmail(user, { email: newEmail(), current_password: "not it at all" });
    expect(wrong.status).toBe(422);
    expect(((await wrong.json()) as { code: string }).code).toBe("current_password_mismatch");
  });

  it("accepts a sign-in of the last few minutes instead of the password", async () => {
    const user = await createTestUser(t); // its session is new
    expect((await changeEmail(user, { email: newEmail() })).status).toBe(200);
  });

  it("changes nothing until the old address confirms too, and then tells the old address", async () => {
    const user = await createTestUser(t);
    await oldSession(user);
    const target = newEmail();
    const res = await changeEmail(user, { email: target, current_password: user.password });
    expect(res.status).toBe(200);
    const toNew = await smtp.next(target);
    const toOld = await smtp.next(user.email);
    expect(toOld.text).toContain(target);

    // The new address alone (the attacker's) is not enough.
    const half = await authRequest(t, "/verify", {
      body: { type: "email_change", email: target, token: toNew.code },
    });
    expect(half.status).toBe(200);
    expect(await half.json()).toEqual({
      msg: "Confirmation link accepted. Please proceed to confirm link sent to the other email",
      code: 200,
    });
    const still = testClient(t);
    expect(
      (await still.auth.signInWithPassword({ email: user.email, password: user.password })).error,
    ).toBeNull();

    // The old address's link completes it.
    const location = await followLink(t, toOld.link);
    expect(location.hash).toContain("access_token=");
    const moved = testClient(t);
    expect(
      (await moved.auth.signInWithPassword({ email: target, password: user.password })).error,
    ).toBeNull();
    const notice = await smtp.next(user.email);
    expect(notice.subject).toBe("Your Interview Coach email was changed");
    expect(notice.text).toContain(target);
    expect(notice.text).toContain("/forgot-password");
  });

  it("tells the account's address when its password changes", async () => {
    const user = await createTestUser(t);
    const res = await authRequest(t, "/user", {
      method: "PUT",
      token: user.accessToken,
      body: { password: "a completely new passphrase", current_password: user.password },
    });
    expect(res.status).toBe(200);
    const notice = await smtp.next(user.email, 5_000);
    expect(notice.subject).toBe("Your Interview Coach password was changed");
    expect(notice.text).toContain("If this wasn't you");
  });
});
