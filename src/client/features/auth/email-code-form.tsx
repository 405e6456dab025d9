import { z } from "zod";
import { Button } from "@/client/components/ui/button";
import type { AuthResult } from "@/client/lib/auth";
import { FormField } from "./form-field";
import { useOneFieldForm } from "./validate";

const codeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code from the email."),
});

/**
 * The 6-digit code a mail carries beside its link (a sign-up's confirmation, a password reset):
 * `verify` checks it, and `onVerified` runs once it has signed the user in.
 */
export function EmailCodeForm({
  verify,
  onVerified,
  onChangeEmail,
}: {
  verify: (code: string) => Promise<AuthResult>;
  onVerified: () => void;
  /** "Use a different email": back to where the address was typed. */
  onChangeEmail: () => void;
}) {
  const { error, busy, input, submit } = useOneFieldForm(codeSchema, async ({ code }) => {
    const { error: failure } = await verify(code);
    if (!failure) onVerified();
    return failure;
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Enter the code">
      <FormField
        ref={input}
        label="6-digit code"
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={6}
        required
        hint="Or open the link in the email."
        error={error}
      />
      <Button type="submit" size="lg" className="w-full" disabled={busy} aria-busy={busy}>
        {busy ? "Checking..." : "Continue"}
      </Button>
      <Button type="button" variant="ghost" onClick={onChangeEmail}>
        Use a different email
      </Button>
    </form>
  );
}
