import { afterAll, beforeAll, expect, it } from "vitest";
import type { DatabaseHandle } from "@/server/db/client";
import { subscribeTestUser } from "@tests/support/subscribe-test-user";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestDatabase } from "@tests/support/test-database";
import { createTestUser } from "@tests/support/test-users";
import { invoke } from "@tests/support/billing";

/** Two instances on one database: a payment made on one is seen by the other at once. */
let database: DatabaseHandle;
let other: TestApp;
let paying: TestApp;
beforeAll(async () => {
  database = await createTestDatabase();
  other = await createTestApp({ database });
  paying = await createTestApp({ database });
});
afterAll(async () => {
  await other.close();
  await paying.close();
  await database.close();
});

const subscribed = async (t: TestApp, token: string) => {
  const res = await invoke(t, "check-subscription", token);
  expect(res.status).toBe(200);
  return res.json.subscribed as boolean;
};

it("a payment on one instance is seen at once by another", async () => {
  const user = await createTestUser(paying);
  // Asked twice first: an instance that kept its answer in memory would give it again.
  expect(await subscribed(other, user.accessToken)).toBe(false);
  expect(await subscribed(other, user.accessToken)).toBe(false);

  await subscribeTestUser(paying, user);
  expect(await subscribed(other, user.accessToken)).toBe(true);
});
