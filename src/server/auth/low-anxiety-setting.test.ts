import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testClient } from "@tests/support/supabase-test-client";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser, type TestUser } from "@tests/support/test-users";

/**
 * Low-anxiety mode (docs/decisions/0093) is an account setting kept in the account's
 * `user_metadata` on the server, set the way the account page sets it (supabase-js
 * `updateUser({ data })`): it survives signing out and follows the account to other devices.
 */
describe("the low-anxiety setting", () => {
  let t: TestApp;
  let user: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    [user, other] = await Promise.all([
      createTestUser(t, { fullName: "Ada Lovelace" }),
      createTestUser(t),
    ]);
  });
  afterAll(() => t?.close());

  /** A browser signed in to `who`'s account: a device of its own. */
  async function device(who: TestUser) {
    const client = testClient(t);
    const { data, error } = await client.auth.signInWithPassword({
      email: who.email,
      password: who.password,
    });
    expect(error).toBeNull();
    return { client, user: data.user! };
  }

  it("is off for a new account", async () => {
    const { user: signedIn } = await device(user);
    expect(signedIn.user_metadata.low_anxiety).toBeUndefined();
  });

  it("is saved to the account, kept through sign-out, and seen by other devices", async () => {
    const phone = await device(user);
    const { data, error } = await phone.client.auth.updateUser({ data: { low_anxiety: true } });
    expect(error).toBeNull();
    // The rest of the profile stays as it was.
    expect(data.user!.user_metadata).toMatchObject({
      low_anxiety: true,
      full_name: "Ada Lovelace",
    });

    // Another device signing in gets it with the session.
    const laptop = await device(user);
    expect(laptop.user.user_metadata.low_anxiety).toBe(true);

    // Signing out and in again on the first device keeps it.
    await phone.client.auth.signOut({ scope: "local" });
    const again = await device(user);
    expect(again.user.user_metadata.low_anxiety).toBe(true);

    // Turned off on one device: another device reading the account sees it off.
    await laptop.client.auth.updateUser({ data: { low_anxiety: false } });
    const { data: read } = await again.client.auth.getUser();
    expect(read.user!.user_metadata.low_anxiety).toBe(false);
  });

  it("is one account's alone", async () => {
    const mine = await device(user);
    await mine.client.auth.updateUser({ data: { low_anxiety: true } });
    const theirs = await device(other);
    expect(theirs.user.user_metadata.low_anxiety).toBeUndefined();
  });

  it("needs a signed-in session to change", async () => {
    const res = await t.request("/auth/v1/user", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ data: { low_anxiety: true } }),
    });
    expect(res.status).toBe(401);
  });
});
