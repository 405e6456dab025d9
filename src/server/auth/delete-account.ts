import { eq, inArray } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { oneTimeTokens, outboxMails, users } from "@/server/db/schema";

/**
 * Deletes a user and every row of theirs in one transaction (docs/decisions/0071); false when
 * the user was already gone. Everything keyed by the user references it with ON DELETE CASCADE
 * (schema.ts): identities, sessions and their refresh tokens, one-time tokens, the billing
 * customer and subscription rows, the local provider's checkouts, subscriptions, payments and
 * portal links, and practice attempts. The outbox keeps mails by address, so the mails to the
 * account's address and to a pending new address go here. Rate-limit counters are keyed by a
 * hash of an address or an IP, not by the user, and expire within their window: they stay, so
 * closing an account cannot be used to reset a limit.
 */
export async function deleteUserRows(db: Database, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!user) return false;
    const pending = await tx
      .selectDistinct({ email: oneTimeTokens.email })
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.userId, userId));
    const addresses = [...new Set([user.email, ...pending.map((row) => row.email)])];
    await tx.delete(outboxMails).where(inArray(outboxMails.to, addresses));
    await tx.delete(users).where(eq(users.id, userId));
    return true;
  });
}
