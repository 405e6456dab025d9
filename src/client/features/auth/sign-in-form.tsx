import { useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { signInFormSchema } from "@/shared/auth";
import { Button } from "@/client/components/ui/button";
import { FormField } from "./form-field";
import { fieldErrors, useFieldErrors } from "./validate";

export type SignInValues = { email: string; password: string };

/**
 * Email + password. Submits only valid input; while the request runs the button says so and the
 * form cannot be sent twice. `onSubmit` answers with an error message or null.
 */
export function SignInForm({
  onSubmit,
}: {
  onSubmit: (values: SignInValues) => Promise<string | null>;
}) {
  const { errors, setErrors, clearEdited } = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const email = useRef<HTMLInputElement>(null);
  const password = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const values = Object.fromEntries(new FormData(event.currentTarget)) as SignInValues;
    const checked = fieldErrors(signInFormSchema, values);
    setErrors(checked.errors ?? {});
    if (!checked.data) {
      (checked.errors.email ? email : password).current?.focus();
      return;
    }
    setBusy(true);
    try {
      const failed = await onSubmit(checked.data);
      if (failed) password.current?.select();
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
      aria-label="Sign in"
    >
      <FormField
        ref={email}
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
        ref={password}
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.password}
      />
      <Link
        to="/forgot-password"
        className="-mt-2 justify-self-end text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        Forgot password?
      </Link>
      <Button type="submit" size="lg" className="w-full" disabled={busy} aria-busy={busy}>
        {busy ? "Signing in..." : "Sign In"}
      </Button>
    </form>
  );
}
