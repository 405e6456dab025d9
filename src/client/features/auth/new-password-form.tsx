import { useRef, useState, type FormEvent } from "react";
import { z } from "zod";
import { PASSWORD_MIN_LENGTH, signUpFormSchema } from "@/shared/auth";
import { Button } from "@/client/components/ui/button";
import { FormField } from "./form-field";
import { checkPassword, passwordHint, usePasswordStrength } from "./use-password-strength";
import { fieldErrors, useFieldErrors } from "./validate";

const newPassword = signUpFormSchema.pick({ password: true }).extend({ confirm: z.string() });
const matching = <T extends { password: string; confirm: string }>(values: T) =>
  values.password === values.confirm;
const mismatch = { path: ["confirm"], message: "The passwords do not match." };
const newPasswordSchema = newPassword.refine(matching, mismatch);
const changePasswordSchema = newPassword
  .extend({ current: z.string().min(1, "Type your current password.") })
  .refine(matching, mismatch);

/**
 * A new password, typed twice; with `current` (the account page), the current password first.
 * The password policy (docs/decisions/0083) is explained while typing; `email` is the account's,
 * which the password must not resemble. `onSubmit` answers an error message (shown under the
 * field it names) or null; on success the form empties.
 */
export function NewPasswordForm({
  onSubmit,
  email,
  current = false,
}: {
  onSubmit: (
    password: string,
    currentPassword?: string,
  ) => Promise<{ field: "password" | "current"; message: string } | string | null>;
  email: string;
  current?: boolean;
}) {
  const [typed, setTyped] = useState("");
  const verdict = usePasswordStrength(typed, email);
  const { errors, setErrors, clearEdited } = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const currentInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const confirmInput = useRef<HTMLInputElement>(null);
  const input = (field: "current" | "password" | "confirm") =>
    ({ current: currentInput, password: passwordInput, confirm: confirmInput })[field].current;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const checked = fieldErrors(
      current ? changePasswordSchema : newPasswordSchema,
      Object.fromEntries(new FormData(form)),
    );
    const strength =
      checked.data && (await checkPassword(checked.data.password, email).catch(() => undefined));
    if (strength && !strength.ok) {
      setErrors({ password: strength.message });
      input("password")?.focus();
      return;
    }
    setErrors(checked.errors ?? {});
    if (!checked.data) {
      const first = (["current", "password", "confirm"] as const).find((f) => checked.errors[f]);
      input(first ?? "password")?.focus();
      return;
    }
    setBusy(true);
    try {
      const data = checked.data as { password: string; current?: string };
      const failed = await onSubmit(data.password, data.current);
      if (failed) {
        const { field, message } =
          typeof failed === "string" ? { field: "password" as const, message: failed } : failed;
        setErrors({ [field]: message });
        input(field)?.select();
      } else {
        form.reset();
        setTyped("");
      }
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
      aria-label={current ? "Change password" : "Set a new password"}
    >
      {current && (
        <FormField
          ref={currentInput}
          label="Current password"
          name="current"
          type="password"
          autoComplete="current-password"
          required
          error={errors.current}
        />
      )}
      <FormField
        ref={passwordInput}
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        hint={passwordHint(verdict, PASSWORD_MIN_LENGTH)}
        liveHint
        error={errors.password}
        onChange={(event) => setTyped(event.target.value)}
      />
      <FormField
        ref={confirmInput}
        label="Confirm new password"
        name="confirm"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirm}
      />
      <Button
        type="submit"
        size={current ? "default" : "lg"}
        className={current ? "justify-self-start" : "w-full"}
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? "Saving..." : current ? "Change password" : "Set new password"}
      </Button>
    </form>
  );
}
