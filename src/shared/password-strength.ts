import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, normalizeEmail, passwordLength } from "./auth";

/**
 * The password policy both sides apply (docs/decisions/0083): at least PASSWORD_MIN_LENGTH
 * characters, not the email or its name part, and a zxcvbn-ts score of at least
 * MIN_PASSWORD_SCORE, estimated with the common and English dictionaries and the user's email as
 * personal data. The server refuses what fails with GoTrue's `weak_password` and these reasons;
 * the sign-up and new-password forms show the same verdict while the user types.
 *
 * The dictionaries are about 1 MB: they are imported on first use, so the browser fetches them
 * only with a form that checks a password, never with the landing page.
 */

/** zxcvbn's 3 is "safely unguessable" (about 10^8 guesses or more): 0 to 2 are refused. */
const MIN_PASSWORD_SCORE = 3;

/** GoTrue's reasons (supabase-js `WeakPasswordReasons`): `pwned` stands for "easy to guess". */
type WeakPasswordReason = "length" | "pwned";

export type PasswordVerdict =
  { ok: true } | { ok: false; reasons: WeakPasswordReason[]; message: string };

let estimator: Promise<ZxcvbnFactory> | undefined;

function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([
    import("@zxcvbn-ts/core"),
    import("@zxcvbn-ts/language-common"),
    import("@zxcvbn-ts/language-en"),
  ]).then(
    ([core, common, en]) =>
      new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...en.dictionary },
        graphs: common.adjacencyGraphs,
        translations: en.translations,
      }),
    (error: unknown) => {
      estimator = undefined; // a chunk that failed to load may load on the next try
      throw error;
    },
  );
  return estimator;
}

/** The length rule alone, known without the dictionaries (undefined: long enough). */
export function passwordLengthProblem(password: string): string | undefined {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) {
    return `Password should be at least ${PASSWORD_MIN_LENGTH} characters.`;
  }
  if (length > PASSWORD_MAX_LENGTH) {
    return `Password should be at most ${PASSWORD_MAX_LENGTH} characters.`;
  }
  return undefined;
}

/**
 * Whether `password` may be the password of the account at `email`. Passwords longer than the
 * maximum are the caller's to refuse (a validation error, not a weak password).
 */
export async function checkPasswordStrength(
  password: string,
  email: string,
): Promise<PasswordVerdict> {
  if (passwordLength(password) < PASSWORD_MIN_LENGTH) {
    return {
      ok: false,
      reasons: ["length"],
      message: `Password should be at least ${PASSWORD_MIN_LENGTH} characters.`,
    };
  }
  const address = normalizeEmail(email);
  const name = address.split("@")[0] ?? "";
  const typed = password.trim().toLowerCase();
  if (typed === address || (name !== "" && typed === name)) {
    return {
      ok: false,
      reasons: ["pwned"],
      message: "Password should not be your email address or its name part.",
    };
  }
  const zxcvbn = await loadEstimator();
  // Only the first 100 characters are estimated: longer ones are never weak, and the estimate's
  // cost grows with the length.
  const result = zxcvbn.check(password.slice(0, 100), [address, name].filter(Boolean));
  if (result.score >= MIN_PASSWORD_SCORE) return { ok: true };
  const why = result.feedback.warning ?? "This password would be easy to guess.";
  const advice = result.feedback.suggestions[0] ?? "Add more words that are less common.";
  return { ok: false, reasons: ["pwned"], message: `${why} ${advice}` };
}
