import { afterAll, beforeAll, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "@/server/db/client";
import { hearingLate } from "@tests/support/hearing-late";
import { subscribeTestUser } from "@tests/support/subscribe-test-user";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestDatabase } from "@tests/support/test-database";
import { createTestUser } from "@tests/support/test-users";
import { invoke } from "@tests/support/billing";

/** Our copy of each subscription is answered from memory, and never outlives a write. */
let database: DatabaseHandle;
let late: TestApp;
let prompt: TestApp;
beforeAll(async () => {
  database = await createTestDatabase();
  late = await createTestApp({ database: hearingLate(database, 200) });
  prompt = await createTestApp({ database });
});
afterAll(async () => {
  await late.close();
  await prompt.close();
  await database.close();
});

const subscribed = async (t: TestApp, token: string) => {
  const res = await invoke(t, "check-subscription", token);
  expect(res.status).toBe(200);
  return res.json.subscribed as boolean;
};

it("a payment on one instance is seen at once by another that hears of it late", async () => {
  const user = await createTestUser(prompt);
  await vi.waitFor(() => expect(late.services.caches.active).toBe(true));
  expect(await subscribed(late, user.accessToken)).toBe(false);
  expect(await subscribed(late, user.accessToken)).toBe(false); // from memory now

  await subscribeTestUser(prompt, user);
  expect(await subscribed(late, user.accessToken)).toBe(true);
});
