import { useRef, useState, type FormEvent } from "react";
import { FULL_NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH, signUpFormSchema } from "@/shared/auth";
import { Button } from "@/client/components/ui/button";
import { FormField } from "./form-field";
import { fieldErrors } from "./validate";

export type SignUpValues = { fullName: string; email: string; password: string };

const order = ["fullName", "email", "password"] as const;

/** Full name, email, password (at least 6 characters). `onSubmit` answers an error or null. */
export function SignUpForm({
  onSubmit,
}: {
  onSubmit: (values: SignUpValues) => Promise<string | null>;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const fullNameInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const values = Object.fromEntries(new FormData(event.currentTarget)) as SignUpValues;
    const checked = fieldErrors(signUpFormSchema, values);
    const found = { ...(checked.errors ?? {}) };
    if (!values.fullName?.trim()) found.fullName = "Enter your full name.";
    setErrors(found);
    const first = order.find((field) => found[field]);
    if (first || !checked.data) {
      const inputs = { fullName: fullNameInput, email: emailInput, password: passwordInput };
      inputs[first ?? "email"].current?.focus();
      return;
    }
    setBusy(true);
    try {
      await onSubmit(checked.data);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Sign up">
      <FormField
        ref={fullNameInput}
        label="Full Name"
        name="fullName"
        autoComplete="name"
        required
        maxLength={FULL_NAME_MAX_LENGTH}
        placeholder="Jane Doe"
        error={errors.fullName}
      />
      <FormField
        ref={emailInput}
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        placeholder="you@example.com"
        error={errors.email}
      />
      <FormField
        ref={passwordInput}
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errors.password}
      />
      <Button type="submit" size="lg" className="w-full" disabled={busy} aria-busy={busy}>
        {busy ? "Creating account..." : "Sign Up"}
      </Button>
    </form>
  );
}
