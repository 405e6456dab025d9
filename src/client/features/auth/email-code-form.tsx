import { useState } from "react";
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
 * `verify` checks it, and `onVerified` runs once it has signed the user in. "Send the email
 * again" asks `resend` for a new mail: its link and code replace the earlier ones.
 */
export function EmailCodeForm({
  verify,
  onVerified,
  resend,
  onChangeEmail,
}: {
  verify: (code: string) => Promise<AuthResult>;
  onVerified: () => void;
  resend: () => Promise<AuthResult>;
  /** "Use a different email": back to where the address was typed. */
  onChangeEmail: () => void;
}) {
  const { error, busy, input, submit } = useOneFieldForm(codeSchema, async ({ code }) => {
    const { error: failure } = await verify(code);
    if (!failure) onVerified();
    return failure;
  });
  const [resending, setResending] = useState(false);
  const [resent, setResent] = useState<{ error: string | null } | null>(null);

  async function sendAgain() {
    setResending(true);
    setResent(null);
    try {
      setResent({ error: (await resend()).error });
    } finally {
      setResending(false);
    }
  }

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
      <div className="grid gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() => void sendAgain()}
          disabled={resending}
          aria-busy={resending}
        >
          {resending ? "Sending..." : "Send the email again"}
        </Button>
        <p
          aria-live="polite"
          className={
            resent?.error
              ? "text-center text-sm text-destructive"
              : "text-center text-sm text-muted-foreground"
          }
        >
          {resent
            ? (resent.error ??
              "Sent again. Use the newest email: the earlier link and code no longer work.")
            : null}
        </p>
      </div>
      <Button type="button" variant="ghost" onClick={onChangeEmail}>
        Use a different email
      </Button>
    </form>
  );
}
