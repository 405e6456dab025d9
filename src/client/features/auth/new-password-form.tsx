import { useRef, useState, type FormEvent } from "react";
import { z } from "zod";
import { PASSWORD_MIN_LENGTH, signUpFormSchema } from "@/shared/auth";
import { Button } from "@/client/components/ui/button";
import { FormField } from "./form-field";
import { fieldErrors } from "./validate";

const newPasswordSchema = signUpFormSchema
  .pick({ password: true })
  .extend({ confirm: z.string() })
  .refine((values) => values.password === values.confirm, {
    path: ["confirm"],
    message: "The passwords do not match.",
  });

/** A new password, typed twice. `onSubmit` answers an error message or null. */
export function NewPasswordForm({
  onSubmit,
}: {
  onSubmit: (password: string) => Promise<string | null>;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const password = useRef<HTMLInputElement>(null);
  const confirm = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const checked = fieldErrors(
      newPasswordSchema,
      Object.fromEntries(new FormData(event.currentTarget)),
    );
    setErrors(checked.errors ?? {});
    if (!checked.data) {
      (checked.errors.password ? password : confirm).current?.focus();
      return;
    }
    setBusy(true);
    try {
      const failed = await onSubmit(checked.data.password);
      if (failed) {
        setErrors({ password: failed });
        password.current?.select();
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Set a new password">
      <FormField
        ref={password}
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errors.password}
      />
      <FormField
        ref={confirm}
        label="Confirm new password"
        name="confirm"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirm}
      />
      <Button type="submit" size="lg" className="w-full" disabled={busy} aria-busy={busy}>
        {busy ? "Saving..." : "Set new password"}
      </Button>
    </form>
  );
}
