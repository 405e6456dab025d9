import { z } from "zod";

/**
 * Accounts: the limits both sides enforce, the request bodies of the GoTrue-compatible endpoints
 * under /auth/v1 (see docs/contracts/auth.md) and the shapes they answer with.
 */

/** NIST SP 800-63B's minimum for a password chosen by the user (docs/decisions/0083). */
export const PASSWORD_MIN_LENGTH = 8;
/** Argon2id has no 72-byte limit (bcrypt does); this only bounds the work per request. */
export const PASSWORD_MAX_LENGTH = 1024;
/** RFC 5321 path limit. */
const EMAIL_MAX_LENGTH = 254;
export const FULL_NAME_MAX_LENGTH = 200;
/**
 * Serialized size of the `data` object given at sign-up. It becomes user_metadata, which every
 * access token carries, and tokens must stay well inside HTTP header limits.
 */
export const USER_METADATA_MAX_BYTES = 2 * 1024;

/** Access-token lifetime, seconds. Well above the client's 90 s refresh margin. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 3600;

/** Trims and lower-cases, as stored. Unicode-aware, so `É` and `é` are one address. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const EMAIL_PATTERN = /^[^\s@"<>()[\]\\,;:]+@[^\s@"<>()[\]\\,;:.]+(?:\.[^\s@"<>()[\]\\,;:.]+)+$/u;

/** A deliberately plain check: one @, a dotted domain, no spaces or control characters. */
export function isValidEmail(email: string): boolean {
  return (
    email.length <= EMAIL_MAX_LENGTH &&
    // eslint-disable-next-line no-control-regex
    !/[\u0000-\u001f\u007f]/.test(email) &&
    EMAIL_PATTERN.test(email)
  );
}

/** Length in code points, so one emoji or accented letter counts once. */
export function passwordLength(password: string): number {
  return [...password].length;
}

// ------------------------------------------------------------------------- request bodies
// Unknown fields (`gotrue_meta_security`, …) are accepted and dropped.

/**
 * The PKCE pair supabase-js sends with every request that mails a link (`flowType: 'pkce'`):
 * the link then answers with `?code=…` for `POST /token?grant_type=pkce` (docs/decisions/0082).
 * Checked by the server (`pkceChallenge` in src/server/auth/pkce.ts), so any string passes here.
 */
const codeChallengeFields = {
  code_challenge: z.string().nullish(),
  code_challenge_method: z.string().nullish(),
};

export const signUpBodySchema = z.object({
  email: z.string(),
  password: z.string(),
  data: z.record(z.string(), z.unknown()).nullish(),
  ...codeChallengeFields,
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

export const passwordGrantBodySchema = z.object({
  email: z.string(),
  password: z.string(),
});
export type PasswordGrantBody = z.infer<typeof passwordGrantBodySchema>;

export const refreshGrantBodySchema = z.object({ refresh_token: z.string() });

export const recoverBodySchema = z.object({ email: z.string(), ...codeChallengeFields });

/** `POST /resend`: GoTrue's; only a sign-up's confirmation is sent again here. */
export const resendBodySchema = z.object({
  email: z.string(),
  type: z.string(),
  ...codeChallengeFields,
});

/** `POST /token?grant_type=pkce`: the code from the link and the browser's verifier. */
export const pkceGrantBodySchema = z.object({ auth_code: z.string(), code_verifier: z.string() });

/** `email` is GoTrue's name for a sign-up confirmation code; it verifies like `signup`. */
export const verifyTypes = ["recovery", "signup", "email", "email_change"] as const;
export type VerifyType = (typeof verifyTypes)[number];

/**
 * What an email-change link's redirect says in `?message=` (docs/decisions/0080): GoTrue's text
 * after the first of the two confirmations, ours once the address has changed. The browser keeps
 * its session either way (supabase-js drops a PKCE verifier whenever it saves a session, so an
 * email change hands out no auth code).
 */
export const EMAIL_CHANGE_HALF_CONFIRMED =
  "Confirmation link accepted. Please proceed to confirm link sent to the other email";
export const EMAIL_CHANGE_DONE = "Email address changed";

/** POST /verify: `{type, email, token}` (the 6-digit code) or `{type, token_hash}` (the link's). */
export const verifyBodySchema = z.object({
  type: z.enum(verifyTypes),
  email: z.string().nullish(),
  token: z.string().nullish(),
  token_hash: z.string().nullish(),
});
export type VerifyBody = z.infer<typeof verifyBodySchema>;

export const updateUserBodySchema = z.object({
  email: z.string().nullish(),
  password: z.string().nullish(),
  current_password: z.string().nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
  ...codeChallengeFields,
});
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

/**
 * `POST /functions/v1/delete-account`: the account's email and password, typed to confirm
 * (docs/decisions/0071). The answer is `{ deleted: true }`.
 */
export const deleteAccountBodySchema = z.object({
  email: z.string().trim().min(1, "Type your email to confirm.").max(320),
  password: z
    .string()
    .min(1, "Type your password to confirm.")
    .max(PASSWORD_MAX_LENGTH * 2),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;
export const deleteAccountResultSchema = z.object({ deleted: z.literal(true) });
export type DeleteAccountResult = z.infer<typeof deleteAccountResultSchema>;

export const logoutScopes = ["global", "local", "others"] as const;
export type LogoutScope = (typeof logoutScopes)[number];

// ------------------------------------------------------------------------- response shapes

const timestamp = z.iso.datetime({ offset: true });

export const identitySchema = z.object({
  identity_id: z.uuid(),
  id: z.string(),
  user_id: z.uuid(),
  identity_data: z.record(z.string(), z.unknown()),
  provider: z.literal("email"),
  email: z.string(),
  last_sign_in_at: timestamp.optional(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Identity = z.infer<typeof identitySchema>;

export const userSchema = z.object({
  id: z.uuid(),
  aud: z.literal("authenticated"),
  role: z.literal("authenticated"),
  email: z.string(),
  phone: z.literal(""),
  email_confirmed_at: timestamp.optional(),
  confirmed_at: timestamp.optional(),
  last_sign_in_at: timestamp.optional(),
  app_metadata: z.object({ provider: z.literal("email"), providers: z.array(z.string()) }),
  user_metadata: z
    .object({
      sub: z.string(),
      email: z.string(),
      email_verified: z.boolean(),
      phone_verified: z.boolean(),
      full_name: z.string(),
    })
    .catchall(z.unknown()),
  identities: z.array(identitySchema),
  created_at: timestamp,
  updated_at: timestamp,
  is_anonymous: z.literal(false),
});
export type User = z.infer<typeof userSchema>;

export const sessionSchema = z.object({
  access_token: z.string(),
  token_type: z.literal("bearer"),
  expires_in: z.number().int().positive(),
  expires_at: z.number().int().positive(),
  refresh_token: z.string(),
  user: userSchema,
  weak_password: z.null(),
});
export type Session = z.infer<typeof sessionSchema>;

/** Claims of our access tokens (ES256 JWT). */
export const accessTokenClaimsSchema = z.object({
  iss: z.string(),
  sub: z.uuid(),
  aud: z.literal("authenticated"),
  exp: z.number().int(),
  iat: z.number().int(),
  email: z.string(),
  phone: z.string(),
  role: z.literal("authenticated"),
  aal: z.literal("aal1"),
  amr: z.array(z.object({ method: z.string(), timestamp: z.number().int() })),
  session_id: z.uuid(),
  is_anonymous: z.boolean(),
  app_metadata: z.record(z.string(), z.unknown()),
  user_metadata: z.record(z.string(), z.unknown()),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

/** The GoTrue error body (API version 2024-01-01). */
export const authErrorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  error_code: z.string(),
  msg: z.string(),
});

// ------------------------------------------------------------------------- the /auth forms

export const signInFormSchema = z.object({
  email: z.string().trim().min(1, "Enter your email address."),
  password: z.string().min(1, "Enter your password."),
});

export const signUpFormSchema = z.object({
  fullName: z.string().trim().max(FULL_NAME_MAX_LENGTH),
  email: z
    .string()
    .trim()
    .min(1, "Enter your email address.")
    .refine((email) => isValidEmail(normalizeEmail(email)), "Enter a valid email address."),
  password: z
    .string()
    .refine(
      (password) => passwordLength(password) >= PASSWORD_MIN_LENGTH,
      `Password should be at least ${PASSWORD_MIN_LENGTH} characters.`,
    )
    .refine(
      (password) => passwordLength(password) <= PASSWORD_MAX_LENGTH,
      `Password should be at most ${PASSWORD_MAX_LENGTH} characters.`,
    ),
});
