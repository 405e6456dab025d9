import { useEffect, useRef, useState, type FormEvent } from "react";
import { toast } from "@/client/components/ui/toaster";
import { z } from "zod";
import { EMAIL_CHANGE_DONE, EMAIL_CHANGE_HALF_CONFIRMED, signUpFormSchema } from "@/shared/auth";
import { SettingsSection } from "@/client/components/settings-section";
import { Button } from "@/client/components/ui/button";
import { getSupabase, requestEmailChange } from "@/client/lib/auth";
import { FormField } from "./form-field";
import { fieldErrors, useFieldErrors } from "./validate";

const emailSchema = signUpFormSchema
  .pick({ email: true })
  .extend({ current: z.string().min(1, "Type your current password.") });

/** What the confirmation link that led here says (docs/decisions/0080), if one did. */
const linkMessage = () => new URLSearchParams(window.location.search).get("message");

/**
 * The account page's email change (docs/decisions/0069, 0071, 0080): the current password
 * proves it is the owner; a confirmation link goes to the new address and one to the current
 * address, and the email changes once both are followed. Until then the current one stays the
 * sign-in.
 */
export function ChangeEmail({ currentEmail }: { currentEmail: string }) {
  const input = useRef<HTMLInputElement>(null);
  const currentInput = useRef<HTMLInputElement>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { errors, setErrors, clearEdited } = useFieldErrors();
  const [confirmed] = useState(linkMessage);
  useEffect(() => {
    // The address changed: the session's copy of the user is refreshed to show it.
    if (confirmed === EMAIL_CHANGE_DONE) {
      void getSupabase().then((supabase) => supabase.auth.refreshSession());
    }
  }, [confirmed]);
  const newEmailSchema = emailSchema.refine(
    ({ email }) => email.toLowerCase() !== currentEmail.toLowerCase(),
    { path: ["email"], message: "That is already your email." },
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (busy) return;
    const checked = fieldErrors(newEmailSchema, Object.fromEntries(new FormData(form)));
    setErrors(checked.errors ?? {});
    if (!checked.data) {
      (checked.errors.email ? input : currentInput).current?.focus();
      return;
    }
    setBusy(true);
    try {
      const { email, current } = checked.data;
      const result = await requestEmailChange(email, current);
      if (result.error) {
        const field = result.code?.startsWith("current_password") ? "current" : "email";
        setErrors({ [field]: result.error });
        toast.error("Email not changed", { description: result.error });
        (field === "current" ? currentInput : input).current?.select();
        return;
      }
      setSentTo(email);
      form.reset();
      toast.success("Check both inboxes", {
        description: `We sent a confirmation link to ${email} and one to ${currentEmail}.`,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsSection
      id="email"
      title="Change email"
      description={`We send a confirmation link to the new address and one to ${currentEmail}. Your email changes once you have followed both; until then you keep signing in with ${currentEmail}.`}
    >
      <form
        noValidate
        onSubmit={submit}
        onChange={clearEdited}
        className="grid gap-4"
        aria-label="Change email"
      >
        <FormField
          ref={currentInput}
          label="Current password"
          name="current"
          type="password"
          autoComplete="current-password"
          required
          error={errors.current}
        />
        <FormField
          ref={input}
          label="New email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          placeholder="you@example.com"
          error={errors.email}
        />
        <p role="status" className="text-sm wrap-anywhere text-muted-foreground empty:hidden">
          {sentTo
            ? `Confirmation links sent to ${sentTo} and ${currentEmail}. Your email changes when you have followed both.`
            : confirmed === EMAIL_CHANGE_HALF_CONFIRMED
              ? "One address is confirmed. Follow the link in the other email to finish the change."
              : confirmed === EMAIL_CHANGE_DONE
                ? `Both addresses are confirmed: you now sign in with ${currentEmail}.`
                : ""}
        </p>
        <Button type="submit" className="justify-self-start" disabled={busy} aria-busy={busy}>
          {busy ? "Sending..." : "Send confirmation link"}
        </Button>
      </form>
    </SettingsSection>
  );
}
