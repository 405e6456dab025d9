import { createHash, randomBytes, randomInt } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { oneTimeTokens } from "@/server/db/schema";
import type { PkceChallenge } from "./pkce";

/**
 * The secrets behind emailed links and codes (docs/contracts/auth.md, "Account lifecycle"): a random
 * link token and a 6-digit code, stored as SHA-256 hashes, single use, expiring after an hour.
 * Issuing one replaces the user's earlier token of the same type. A code allows a few wrong
 * guesses; the last one deletes the token.
 */
export type TokenType = (typeof oneTimeTokens.$inferSelect)["type"];
export type TokenRow = typeof oneTimeTokens.$inferSelect;
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

const TOKEN_LIFETIME_MS = 60 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;
/** Longer input is never a token of ours; refused before hashing. */
const TOKEN_MAX_LENGTH = 128;

const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");
const codeHashOf = (id: string, code: string) => sha256(`${id}:${code}`);

/** `codeChallenge`: the PKCE challenge of the browser that asked (see ./pkce.ts). */
export async function issueToken(
  tx: Tx | Database,
  input: { userId: string; type: TokenType; email: string } & Partial<PkceChallenge>,
  now = Date.now(),
): Promise<{ token: string; code: string }> {
  const token = randomBytes(32).toString("base64url");
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const id = crypto.randomUUID();
  await tx
    .delete(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, input.userId), eq(oneTimeTokens.type, input.type)));
  await tx.insert(oneTimeTokens).values({
    id,
    ...input,
    tokenHash: sha256(token),
    codeHash: codeHashOf(id, code),
    expiresAt: new Date(now + TOKEN_LIFETIME_MS),
  });
  return { token, code };
}

/** The link's token, used up: its row if it was valid, unused and unexpired, else undefined. */
export async function consumeToken(
  db: Database,
  token: string,
  types: TokenType[],
): Promise<TokenRow | undefined> {
  if (token.length === 0 || token.length > TOKEN_MAX_LENGTH) return undefined;
  const [row] = await db
    .delete(oneTimeTokens)
    .where(eq(oneTimeTokens.tokenHash, sha256(token)))
    .returning();
  if (!row || !types.includes(row.type) || row.expiresAt.getTime() <= Date.now()) return undefined;
  return row;
}

/**
 * The code for the latest token sent to `email`, used up: its row when the code matches an
 * unexpired token. A wrong code counts an attempt; the last allowed one deletes the token.
 */
export async function consumeCode(
  db: Database,
  email: string,
  types: TokenType[],
  code: string,
): Promise<TokenRow | undefined> {
  // Anything that is not the code (letters, the wrong length) counts as a wrong guess.
  const guess = code.trim().slice(0, 16);
  return db.transaction(async (tx) => {
    const candidates = await tx
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.email, email))
      .orderBy(desc(oneTimeTokens.createdAt))
      .for("update");
    const row = candidates.find((candidate) => types.includes(candidate.type));
    if (!row || row.expiresAt.getTime() <= Date.now()) return undefined;
    if (codeHashOf(row.id, guess) !== row.codeHash) {
      if (row.attempts + 1 >= MAX_CODE_ATTEMPTS) {
        await tx.delete(oneTimeTokens).where(eq(oneTimeTokens.id, row.id));
      } else {
        await tx
          .update(oneTimeTokens)
          .set({ attempts: row.attempts + 1 })
          .where(eq(oneTimeTokens.id, row.id));
      }
      return undefined;
    }
    await tx.delete(oneTimeTokens).where(eq(oneTimeTokens.id, row.id));
    return row;
  });
}

/** Removes the user's pending tokens of a type (e.g. recovery links once the password changed). */
export async function dropTokens(db: Tx | Database, userId: string, type: TokenType) {
  await db
    .delete(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.type, type)));
}
