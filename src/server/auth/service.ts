import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Config } from "@/server/config";
import type { DatabaseHandle } from "@/server/db/client";
import { appSettings } from "@/server/db/schema";
import type { Logger } from "@/server/logger";
import type { Mailer } from "@/server/mail/mailer";
import { createAccountChanges, type AccountChanges } from "./account-changes";
import { createAccountMail, type AccountMail } from "./account-mail";
import { createAuthLimits, type AuthLimits } from "./auth-limits";
import { createPasswordCheck } from "./credentials";
import { createRedirectTarget } from "./redirects";
import { createSessionTokens, type SessionTokens } from "./session-tokens";
import { loadSigningKeys } from "./signing-keys";
import { createSignUpSignIn, type SignUpSignIn } from "./sign-up-sign-in";

/**
 * Accounts, HTTP-free; routes.ts maps them onto GoTrue's wire format. Built from parts, each a
 * factory given what it needs (docs/decisions/0109): sessions and tokens (session-tokens.ts),
 * sign-up and sign-in (sign-up-sign-in.ts), account changes (account-changes.ts), the flows
 * through an email (account-mail.ts), over the shared rules of credentials.ts and the limits of
 * auth-limits.ts.
 */
export interface AuthService
  extends
    SignUpSignIn,
    Pick<
      SessionTokens,
      "issuer" | "keys" | "jwks" | "refresh" | "getUser" | "logout" | "authenticate"
    >,
    AccountChanges,
    Pick<AccountMail, "recover" | "resend" | "verifyLink" | "verifyOtp" | "exchangeCode"> {
  /** The public client key (`apikey`): from config, else made on first start and kept. */
  publicKey: string;
  /** Whether sign-up waits for the emailed confirmation (`mailer_autoconfirm` is its opposite). */
  confirmEmail: boolean;
  /** The per-IP limit of a kind of request (auth-limits.ts); routes call it before the body. */
  rateLimit: AuthLimits["perIp"];
  /** Stops the sweeper and waits for mail work under way. */
  close(): Promise<void>;
}

const PUBLIC_KEY_SETTING = "auth.public_key";
/** The random part of a public key made here: 192 bits, past guessing. */
const PUBLIC_KEY_BYTES = 24;

export async function createAuthService(deps: {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  mailer: Mailer;
}): Promise<AuthService> {
  const { config, logger, mailer } = deps;
  const db = deps.database.db;
  const [keys, publicKey] = await Promise.all([loadSigningKeys(db), loadPublicKey(deps)]);

  const limits = createAuthLimits({ db, limits: config.auth.rateLimits, logger });
  const passwordCheck = createPasswordCheck(limits.backoff);
  const redirectTarget = createRedirectTarget(config);
  const sessions = createSessionTokens({
    db,
    logger,
    keys,
    issuer: `${config.siteUrl}/auth/v1`,
  });
  const mail = createAccountMail({ config, db, logger, mailer, limits, sessions, redirectTarget });
  const signUpSignIn = createSignUpSignIn({
    confirmEmail: config.auth.confirmEmail,
    db,
    logger,
    sessions,
    passwordCheck,
    mail,
    redirectTarget,
  });
  const changes = createAccountChanges({
    db,
    logger,
    sessions,
    limits,
    passwordCheck,
    mail,
    redirectTarget,
  });

  return {
    publicKey,
    confirmEmail: config.auth.confirmEmail,
    rateLimit: limits.perIp,
    issuer: sessions.issuer,
    keys: sessions.keys,
    jwks: sessions.jwks,
    signUp: signUpSignIn.signUp,
    signInWithPassword: signUpSignIn.signInWithPassword,
    refresh: sessions.refresh,
    getUser: sessions.getUser,
    logout: sessions.logout,
    authenticate: sessions.authenticate,
    updateUser: changes.updateUser,
    deleteAccount: changes.deleteAccount,
    recover: mail.recover,
    resend: mail.resend,
    verifyLink: mail.verifyLink,
    verifyOtp: mail.verifyOtp,
    exchangeCode: mail.exchangeCode,
    async close() {
      sessions.close();
      await mail.close();
    },
  };
}

/** The public client key: from config, else the one stored on first start, else a new one. */
async function loadPublicKey({ config, database }: { config: Config; database: DatabaseHandle }) {
  if (config.auth.publicKey) return config.auth.publicKey;
  const db = database.db;
  await db
    .insert(appSettings)
    .values({
      key: PUBLIC_KEY_SETTING,
      value: `sb_publishable_${randomBytes(PUBLIC_KEY_BYTES).toString("base64url")}`,
    })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, PUBLIC_KEY_SETTING));
  return row!.value;
}
