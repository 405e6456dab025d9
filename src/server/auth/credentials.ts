import {
  PASSWORD_MAX_LENGTH,
  USER_METADATA_MAX_BYTES,
  isValidEmail,
  normalizeEmail,
  passwordLength,
} from "@/shared/auth";
import { checkPasswordStrength, passwordLengthProblem } from "@/shared/password-strength";
import { authErrors } from "./errors";
import { verifyAgainstDummy, verifyPassword } from "./passwords";
import type { SignInBackoff } from "./sign-in-backoff";
import type { UserRow } from "./users";

/**
 * What an account is made of and how a password is checked, the same for sign-up, sign-in,
 * PUT /user, recovery and closing an account (docs/contracts/auth.md, "Passwords"; docs/
 * decisions/0081, 0083).
 */

/**
 * A password is cut to this many UTF-16 units before any hashing, so an oversized one costs one
 * bounded hash. A code point takes at most two units: a password within PASSWORD_MAX_LENGTH
 * (counted in code points) is never cut.
 */
const PASSWORD_MAX_UTF16_UNITS = PASSWORD_MAX_LENGTH * 2;

/** An address as stored, or 400: empty (`missing` says what needed one) or not an address. */
export function validEmail(raw: string, missing: string): string {
  const email = normalizeEmail(raw);
  if (email === "") throw authErrors.validation(missing);
  if (!isValidEmail(email)) throw authErrors.invalidEmail();
  return email;
}

/** A new password no longer than PASSWORD_MAX_LENGTH, else 400 (checked before anything else). */
export function refuseLongPassword(password: string): void {
  if (passwordLength(password) > PASSWORD_MAX_LENGTH) {
    throw authErrors.validation(passwordLengthProblem(password)!);
  }
}

/** A new password hard enough to guess, never the email or its name part: else 422. */
export async function refuseWeakPassword(password: string, email: string): Promise<void> {
  const verdict = await checkPasswordStrength(password, email);
  if (!verdict.ok) throw authErrors.weakPassword(verdict.message, verdict.reasons);
}

/** user_metadata small enough for every access token to carry it (USER_METADATA_MAX_BYTES). */
export function refuseLargeMetadata(metadata: Record<string, unknown>): void {
  if (Buffer.byteLength(JSON.stringify(metadata)) > USER_METADATA_MAX_BYTES) {
    throw authErrors.validation("User metadata is too large");
  }
}

/** Who tries which password for which address, and from where (the back-off's pair). */
export type PasswordAttempt = {
  /** The address as stored (the back-off counts per address). */
  email: string;
  password: string;
  /** The client IP, or `account:<id>` for a check made by a signed-in user. */
  from: string;
};

/**
 * The one failed-sign-in check: the back-off may refuse first (429); then the password is
 * verified, against a dummy hash when there is no account or it is too long, so an unknown
 * address costs what a wrong password costs; a wrong one counts as a failed sign-in.
 */
export type PasswordCheck = <Account extends Pick<UserRow, "passwordHash">>(
  attempt: PasswordAttempt,
  /** Looked up once the back-off lets the attempt through. */
  account: () => Promise<Account | undefined>,
) => Promise<Account | undefined>;

export function createPasswordCheck(backoff: SignInBackoff): PasswordCheck {
  return async (attempt, account) => {
    await backoff.check(attempt.email, attempt.from);
    const found = await account();
    const password = attempt.password.slice(0, PASSWORD_MAX_UTF16_UNITS);
    const valid =
      found && passwordLength(attempt.password) <= PASSWORD_MAX_LENGTH
        ? await verifyPassword(found.passwordHash, password)
        : await verifyAgainstDummy(password);
    if (found && valid) return found;
    await backoff.failed(attempt.email, attempt.from);
    return undefined;
  };
}
