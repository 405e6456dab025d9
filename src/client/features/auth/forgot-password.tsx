import { useRef, useState, type FormEvent } from "react";
import { z } from "zod";
import { signUpFormSchema } from "@/shared/auth";
import { Button } from "@/client/components/ui/button";
import type { AuthResult } from "@/client/lib/auth";
import { CheckEmail } from "./check-email";
import { FormField } from "./form-field";
import { fieldErrors } from "./validate";

const emailSchema = signUpFormSchema.pick({ email: true });
const codeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code from the email."),
});

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
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const values = Object.fromEntries(new FormData(event.currentTarget));
    const checked = sentTo ? fieldErrors(codeSchema, values) : fieldErrors(emailSchema, values);
    setError(checked.errors ? Object.values(checked.errors)[0] : undefined);
    if (!checked.data) {
      input.current?.focus();
      return;
    }
    setBusy(true);
    try {
      if (sentTo) {
        const { error: failure } = await verify(sentTo, (checked.data as { code: string }).code);
        if (failure) {
          setError(failure);
          input.current?.select();
        } else onVerified();
      } else {
        const email = (checked.data as { email: string }).email;
        const { error: failure } = await request(email);
        if (failure) {
          setError(failure);
          input.current?.focus();
        } else setSentTo(email);
      }
    } finally {
      setBusy(false);
    }
  }

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
      <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Enter the code">
        <FormField
          key="code"
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
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            setSentTo(null);
            setError(undefined);
          }}
        >
          Use a different email
        </Button>
      </form>
    </div>
  );
}
