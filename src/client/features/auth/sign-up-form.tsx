import { useRef, useState, type FormEvent } from "react";
import { FULL_NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH, signUpFormSchema } from "@/shared/auth";
import { Button } from "@/client/components/ui/button";
import { FormField } from "./form-field";
import { checkPassword, passwordHint, usePasswordStrength } from "./use-password-strength";
import { fieldErrors, useFieldErrors } from "./validate";

export type SignUpValues = { fullName: string; email: string; password: string };

const order = ["fullName", "email", "password"] as const;

/**
 * Full name, email, password (the policy of docs/decisions/0083, explained while typing).
 * `onSubmit` answers an error or null.
 */
export function SignUpForm({
  onSubmit,
}: {
  onSubmit: (values: SignUpValues) => Promise<string | null>;
}) {
  const { errors, setErrors, clearEdited } = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const fullNameInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState({ email: "", password: "" });
  const verdict = usePasswordStrength(typed.password, typed.email);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const values = Object.fromEntries(new FormData(event.currentTarget)) as SignUpValues;
    const checked = fieldErrors(signUpFormSchema, values);
    const found = { ...(checked.errors ?? {}) };
    if (!values.fullName?.trim()) found.fullName = "Enter your full name.";
    if (!found.password && checked.data) {
      const strength = await checkPassword(values.password, values.email).catch(() => undefined);
      if (strength && !strength.ok) found.password = strength.message;
    }
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
    <form
      noValidate
      onSubmit={submit}
      onChange={clearEdited}
      className="grid gap-4"
      aria-label="Sign up"
    >
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
        onChange={(event) => setTyped((now) => ({ ...now, email: event.target.value }))}
      />
      <FormField
        ref={passwordInput}
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        hint={passwordHint(verdict, PASSWORD_MIN_LENGTH)}
        liveHint
        error={errors.password}
        onChange={(event) => {
          setTyped((now) => ({ ...now, password: event.target.value }));
          // The live hint replaces the last submit's message as soon as the user types.
          setErrors(({ password: _, ...rest }) => rest);
        }}
      />
      <Button type="submit" size="lg" className="w-full" disabled={busy} aria-busy={busy}>
        {busy ? "Creating account..." : "Sign Up"}
      </Button>
    </form>
  );
}
