import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptions } from "@/server/db/schema";
import { sessionSchema } from "@/shared/sessions";
import { callFunction, expectError } from "@tests/support/functions";
import { subscribeTestUser } from "@tests/support/subscribe-test-user";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser, type TestUser } from "@tests/support/test-users";

/**
 * A person's own data stays theirs without paying: export-my-data and delete-my-history need a
 * signed-in user, not a subscription (they once answered 403 `subscription_required` to anyone
 * whose plan had ended, so the history could be neither downloaded nor erased).
 */

const story =
  "In my last job our biggest client moved a launch forward by two weeks. I split the work into " +
  "daily goals, moved two people onto testing and checked progress every morning. As a result " +
  "we shipped on time and the client renewed their contract.";

let t: TestApp;

const call = (user: TestUser | null, name: string, body: unknown = {}) =>
  callFunction(t, user, name, body);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("export-my-data and delete-my-history without a subscription", () => {
  it("let a user whose subscription ended download and then erase their history", async () => {
    const user = await createTestUser(t);
    await subscribeTestUser(t, user);
    const started = await call(user, "start-session", { mode: "quick" });
    expect(started.status).toBe(201);
    const session = sessionSchema.parse(await started.json());
    const answered = await call(user, "evaluate-answer", {
      question: session.questions[0]!.question,
      answer: story,
      attemptOf: `${session.id}:0`,
    });
    expect(answered.status).toBe(200);

    // The plan ends (cancelled at the provider; the billing sync writes this row).
    await t.database.db
      .update(subscriptions)
      .set({ status: "canceled", cancelAt: new Date(Date.now() - 60_000) })
      .where(eq(subscriptions.userId, user.id));
    expect((await call(user, "start-session", { mode: "quick" })).status).toBe(403);

    const exported = await call(user, "export-my-data");
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-disposition")).toMatch(/attachment/);
    const data = (await exported.json()) as { attempts: unknown[]; sessions: unknown[] };
    expect(data.attempts).toHaveLength(1);
    expect(data.sessions).toHaveLength(1);

    const deleted = await call(user, "delete-my-history");
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ deleted: { attempts: 1, sessions: 1, cv: false } });
    const after = (await (await call(user, "export-my-data")).json()) as { attempts: unknown[] };
    expect(after.attempts).toEqual([]);
  });

  it("let a user who never subscribed export and delete (nothing to erase)", async () => {
    const free = await createTestUser(t);
    const exported = await call(free, "export-my-data");
    expect(exported.status).toBe(200);
    expect(await exported.json()).toMatchObject({
      account: { id: free.id, email: free.email },
      attempts: [],
    });
    const deleted = await call(free, "delete-my-history");
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ deleted: { attempts: 0, sessions: 0, cv: false } });
  });

  it("still need a signed-in user", async () => {
    for (const name of ["export-my-data", "delete-my-history"]) {
      await expectError(await call(null, name), 401, "unauthorized");
    }
  });
});
