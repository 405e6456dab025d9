import { useState } from "react";
import { signUpFormSchema } from "@/shared/auth";
import { Button } from "@/client/components/ui/button";
import type { AuthResult } from "@/client/lib/auth";
import { CheckEmail } from "./check-email";
import { EmailCodeForm } from "./email-code-form";
import { FormField } from "./form-field";
import { useOneFieldForm } from "./validate";

const emailSchema = signUpFormSchema.pick({ email: true });

/**
 * Forgot password: the address → "Check your email" (the same words whether or not it has an
 * account) → optionally the 6-digit code from the mail. `onVerified` runs once the code signed
 * the user in; the link in the mail takes them to the new-password page by itself.
 */
export function ForgotPassword({
  request,
  verify,
  onVerified,
}: {
  request: (email: string) => Promise<AuthResult>;
  verify: (email: string, code: string) => Promise<AuthResult>;
  onVerified: () => void;
}) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { error, setError, busy, input, submit } = useOneFieldForm(
    emailSchema,
    async ({ email }) => {
      const { error: failure } = await request(email);
      if (!failure) setSentTo(email);
      return failure;
    },
  );

  if (!sentTo) {
    return (
      <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Reset password">
        <FormField
          key="email"
          ref={input}
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          placeholder="you@example.com"
          error={error}
        />
        <Button type="submit" size="lg" className="w-full" disabled={busy} aria-busy={busy}>
          {busy ? "Sending..." : "Send reset link"}
        </Button>
      </form>
    );
  }

  return (
    <div className="grid gap-6">
      <CheckEmail>
        If an account exists for {sentTo}, we sent it a link to reset your password. The link and
        the code in the email expire in 1 hour.
      </CheckEmail>
      <EmailCodeForm
        verify={(code) => verify(sentTo, code)}
        onVerified={onVerified}
        resend={() => request(sentTo)}
        onChangeEmail={() => {
          setSentTo(null);
          setError(undefined);
        }}
      />
    </div>
  );
}
