import { eq } from "drizzle-orm";
import {
  FULL_NAME_MAX_LENGTH,
  normalizeEmail,
  type PasswordGrantBody,
  type Session,
  type SignUpBody,
  type User,
} from "@/shared/auth";
import type { Database } from "@/server/db/client";
import { identities, users } from "@/server/db/schema";
import type { Logger } from "@/server/logger";
import type { AccountMail } from "./account-mail";
import {
  refuseLargeMetadata,
  refuseLongPassword,
  refuseWeakPassword,
  validEmail,
  type PasswordCheck,
} from "./credentials";
import { authErrors } from "./errors";
import { hashPassword, needsRehash } from "./passwords";
import { pkceChallenge } from "./pkce";
import type { RedirectTarget } from "./redirects";
import type { SessionTokens } from "./session-tokens";
import { createSession, type RequestMeta } from "./sessions";
import { toUserJson } from "./users";

/**
 * Sign-up and password sign-in (docs/contracts/auth.md). HTTP-free, like the other parts of
 * service.ts.
 */
export type SignUpSignIn = {
  /** A Session, or with AUTH_CONFIRM_EMAIL the bare User while the emailed link is pending. */
  signUp(body: SignUpBody, meta: RequestMeta & { redirectTo?: string }): Promise<Session | User>;
  /** The same `invalid_credentials` for an unknown address and a wrong password, in the same time. */
  signInWithPassword(body: PasswordGrantBody, meta: RequestMeta): Promise<Session>;
};

/**
 * Longer than any address (RFC 3696: 64 characters, "@", 255): such an address has no account,
 * so it is not looked up (the password is still checked against the dummy hash).
 */
const LOOKUP_EMAIL_MAX_LENGTH = 320;

export function createSignUpSignIn(deps: {
  /** AUTH_CONFIRM_EMAIL: a sign-up waits for its emailed link before it may sign in. */
  confirmEmail: boolean;
  db: Database;
  logger: Logger;
  sessions: Pick<SessionTokens, "sessionFor">;
  passwordCheck: PasswordCheck;
  mail: Pick<AccountMail, "sendToken">;
  redirectTarget: RedirectTarget;
}): SignUpSignIn {
  const { confirmEmail, db, logger, sessions, passwordCheck, mail } = deps;

  return {
    async signUp(body, meta) {
      const email = validEmail(body.email, "To signup, please provide your email");
      if (body.password === "") throw authErrors.validation("Signup requires a valid password");
      refuseLongPassword(body.password);
      const pkce = pkceChallenge(body);
      const data = body.data ?? {};
      refuseLargeMetadata(data);
      const givenName = typeof data.full_name === "string" ? data.full_name.trim() : "";
      if ([...givenName].length > FULL_NAME_MAX_LENGTH) {
        throw authErrors.validation(
          `Full name should be at most ${FULL_NAME_MAX_LENGTH} characters.`,
        );
      }
      await refuseWeakPassword(body.password, email);

      const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (taken) throw authErrors.userExists();

      const passwordHash = await hashPassword(body.password);
      const now = new Date();
      const redirectTo = deps.redirectTarget(meta.redirectTo);
      const identityData = {
        email,
        email_verified: !confirmEmail,
        phone_verified: false,
      };
      const created = await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            email,
            passwordHash,
            userMetadata: {},
            emailConfirmedAt: confirmEmail ? null : now,
            confirmationRedirectTo: redirectTo,
            lastSignInAt: confirmEmail ? null : now,
          })
          .onConflictDoNothing({ target: users.email })
          .returning();
        if (!user) return undefined; // a concurrent sign-up with the same address won
        const userMetadata = {
          ...data,
          full_name: givenName || email,
          sub: user.id,
          ...identityData,
        };
        const [withMetadata] = await tx
          .update(users)
          .set({ userMetadata })
          .where(eq(users.id, user.id))
          .returning();
        const [identity] = await tx
          .insert(identities)
          .values({
            userId: user.id,
            provider: "email",
            providerId: user.id,
            identityData: { sub: user.id, ...identityData },
            lastSignInAt: confirmEmail ? null : now,
          })
          .returning();
        if (confirmEmail) {
          const send = await mail.sendToken(tx, user, "signup", email, redirectTo, pkce);
          return { user: withMetadata!, identity: identity!, send };
        }
        const session = await createSession(tx, user.id, meta);
        return { user: withMetadata!, identity: identity!, session };
      });
      if (!created) throw authErrors.userExists();
      logger.info({ userId: created.user.id }, "user signed up");
      const { user, identity, session } = created;
      if (!session) {
        created.send?.();
        return toUserJson(user, [identity]);
      }
      return sessions.sessionFor(user, [identity], session);
    },

    async signInWithPassword(body, meta) {
      const email = normalizeEmail(body.email);
      const user = await passwordCheck(
        { email, password: body.password, from: meta.ip },
        async () => {
          if (email.length > LOOKUP_EMAIL_MAX_LENGTH) return undefined;
          const [found] = await db.select().from(users).where(eq(users.email, email));
          return found;
        },
      );
      if (!user) throw authErrors.invalidCredentials();
      if (!user.emailConfirmedAt) throw authErrors.emailNotConfirmed();

      const now = new Date();
      const rehashed = needsRehash(user.passwordHash)
        ? await hashPassword(body.password)
        : undefined;
      const signedIn = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(users)
          .set({ lastSignInAt: now, ...(rehashed && { passwordHash: rehashed }) })
          .where(eq(users.id, user.id))
          .returning();
        const identityRows = await tx
          .update(identities)
          .set({ lastSignInAt: now })
          .where(eq(identities.userId, user.id))
          .returning();
        const session = await createSession(tx, user.id, meta);
        return { user: updated!, identityRows, session };
      });
      return sessions.sessionFor(signedIn.user, signedIn.identityRows, signedIn.session);
    },
  };
}
