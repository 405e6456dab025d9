import { useEffect, useState } from "react";
import type { PasswordVerdict } from "@/shared/password-strength";

/**
 * The server's password verdict (docs/decisions/0083) while the user types, so a form says why
 * before it is sent. The estimator and its dictionaries (~1 MB) are fetched the first time a
 * password is typed, in their own chunk: pages without a password form never load them.
 */
export function usePasswordStrength(password: string, email: string): PasswordVerdict | undefined {
  /** The verdict and the password and email it is about. */
  const [checked, setChecked] = useState<{ key: string; verdict: PasswordVerdict | undefined }>();
  const key = `${email}\n${password}`;
  useEffect(() => {
    if (password === "") return;
    let current = true;
    const timer = setTimeout(() => {
      void checkPassword(password, email).then(
        (verdict) => current && setChecked({ key, verdict }),
        () => current && setChecked({ key, verdict: undefined }), // offline: the server checks
      );
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password, email, key]);
  // A verdict about what was typed before is not shown; an empty field has none.
  return password !== "" && checked?.key === key ? checked.verdict : undefined;
}

/** The verdict now (on submit): loads the estimator if typing has not already. */
export async function checkPassword(password: string, email: string): Promise<PasswordVerdict> {
  const { checkPasswordStrength } = await import("@/shared/password-strength");
  return checkPasswordStrength(password, email);
}

/** The hint under a new-password field: the rule, or why this one is refused. */
export function passwordHint(verdict: PasswordVerdict | undefined, minLength: number): string {
  if (!verdict) return `At least ${minLength} characters. A few unusual words work well.`;
  return verdict.ok ? "Strong enough." : verdict.message;
}
