import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { authCodes } from "@/server/db/schema";
import { authErrors } from "./errors";

/**
 * PKCE for emailed links (RFC 7636, as GoTrue runs it; docs/decisions/0082). The browser that
 * asks for a mail sends a challenge; the link, once followed, redirects with `?code=…`, and only
 * the holder of the verifier turns that code into a session (`POST /token?grant_type=pkce`). A
 * link or code that reaches another browser opens no session there, so nobody can be slipped
 * into someone else's account through a link.
 */
export type PkceChallenge = { codeChallenge: string; codeChallengeMethod: "s256" | "plain" };
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** GoTrue keeps a flow state this long: the link's redirect is exchanged at once. */
const AUTH_CODE_LIFETIME_MS = 5 * 60 * 1000;
/** RFC 7636 §4.1: 43 to 128 unreserved characters (a plain challenge is the verifier). */
const VERIFIER_PATTERN = /^[A-Za-z0-9._~-]{43,128}$/;

const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");

/** The request's challenge, checked; undefined when it sent none (the implicit flow). */
export function pkceChallenge(body: {
  code_challenge?: string | null;
  code_challenge_method?: string | null;
}): PkceChallenge | undefined {
  const challenge = body.code_challenge ?? "";
  const method = (body.code_challenge_method ?? "").toLowerCase();
  if (challenge === "" && method === "") return undefined;
  if ((method !== "s256" && method !== "plain") || !VERIFIER_PATTERN.test(challenge)) {
    throw authErrors.validation(
      "PKCE flow requires code_challenge_method (s256 or plain) and a valid code_challenge",
    );
  }
  return { codeChallenge: challenge, codeChallengeMethod: method };
}

/** Leaves an auth code for the browser that holds the verifier of `challenge`. */
export async function issueAuthCode(
  tx: Tx | Database,
  input: PkceChallenge & { userId: string; recovery: boolean },
): Promise<string> {
  const code = randomBytes(32).toString("base64url");
  await tx.insert(authCodes).values({
    ...input,
    codeHash: sha256(code),
    expiresAt: new Date(Date.now() + AUTH_CODE_LIFETIME_MS),
  });
  return code;
}

/**
 * The auth code, used up whatever the verifier (one try, as a code in a URL may have leaked):
 * its user and whether it comes from a recovery link. Throws `flow_state_not_found` for an
 * unknown, used or expired code and `bad_code_verifier` when the verifier does not match.
 */
export async function exchangeAuthCode(
  db: Database,
  code: string,
  verifier: string,
): Promise<{ userId: string; recovery: boolean }> {
  if (code === "" || verifier === "") {
    throw authErrors.validation(
      "invalid request: both auth code and code verifier should be non-empty",
    );
  }
  if (code.length > 128) throw authErrors.flowStateNotFound();
  const [row] = await db
    .delete(authCodes)
    .where(eq(authCodes.codeHash, sha256(code)))
    .returning();
  if (!row || row.expiresAt.getTime() <= Date.now()) throw authErrors.flowStateNotFound();
  const expected = row.codeChallengeMethod === "s256" ? sha256(verifier) : verifier;
  if (!VERIFIER_PATTERN.test(verifier) || expected !== row.codeChallenge) {
    throw authErrors.badCodeVerifier();
  }
  return { userId: row.userId, recovery: row.recovery };
}
