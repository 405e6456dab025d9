import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { identities, users } from "@/server/db/schema";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser } from "@tests/support/test-users";
import { toUserJson, userJsonSql } from "./users";

/** GET /user's JSON comes from the database; it must be exactly what toUserJson writes. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SIGN_IN_SIGN_UPS: "1000" } });
});
afterAll(() => t.close());

async function bothForms(id: string) {
  const db = t.database.db;
  const [user] = await db.select().from(users).where(eq(users.id, id));
  const rows = await db
    .select()
    .from(identities)
    .where(eq(identities.userId, id))
    .orderBy(identities.createdAt);
  const [fromSql] = await db.select({ json: userJsonSql }).from(users).where(eq(users.id, id));
  return { inNode: toUserJson(user!, rows), inSql: JSON.parse(fromSql!.json) as unknown };
}

describe("userJsonSql", () => {
  it("matches toUserJson for a new user", async () => {
    const { id } = await createTestUser(t, { fullName: "Ada Lovelace" });
    const { inNode, inSql } = await bothForms(id);
    expect(inSql).toEqual(inNode);
  });

  it("matches with null timestamps left out, odd metadata and several identities", async () => {
    const { id, email } = await createTestUser(t);
    const db = t.database.db;
    await db
      .update(users)
      .set({
        lastSignInAt: null,
        emailConfirmedAt: new Date("2026-01-02T03:04:05.678Z"),
        userMetadata: { full_name: "Zoë “Z” O'Neil 🚀", nested: { empty: null, list: [1, "two"] } },
      })
      .where(eq(users.id, id));
    await db.insert(identities).values({
      userId: id,
      provider: "email-2",
      providerId: `${id}-2`,
      identityData: { note: null },
      createdAt: new Date("2030-01-01T00:00:00.001Z"),
    });
    // A microsecond timestamp: both forms keep milliseconds the same way.
    await db.execute(
      sql`update ${users} set updated_at = '2026-05-06 07:08:09.123987+00' where id = ${id}`,
    );
    const { inNode, inSql } = await bothForms(id);
    expect(inSql).toEqual(inNode);
    expect(inSql).toMatchObject({ email, updated_at: "2026-05-06T07:08:09.123Z" });
    expect(inSql).not.toHaveProperty("last_sign_in_at");
    expect((inSql as { identities: unknown[] }).identities).toHaveLength(2);
  });
});
