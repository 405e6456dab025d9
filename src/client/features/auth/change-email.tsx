import { useRef, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { signUpFormSchema } from "@/shared/auth";
import { SettingsSection } from "@/client/components/settings-section";
import { Button } from "@/client/components/ui/button";
import { requestEmailChange } from "@/client/lib/auth";
import { FormField } from "./form-field";
import { fieldErrors } from "./validate";

const emailSchema = signUpFormSchema.pick({ email: true });

/**
 * The account page's email change: a confirmation link goes to the new address; the current one
 * stays the sign-in until the link is followed (docs/decisions/0069, 0071).
 */
export function ChangeEmail({ currentEmail }: { currentEmail: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const newEmailSchema = emailSchema.refine(
    ({ email }) => email.toLowerCase() !== currentEmail.toLowerCase(),
    { path: ["email"], message: "That is already your email." },
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (busy) return;
    const checked = fieldErrors(newEmailSchema, Object.fromEntries(new FormData(form)));
    setError(checked.errors?.email);
    if (!checked.data) {
      input.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const { email } = checked.data;
      const result = await requestEmailChange(email);
      if (result.error) {
        setError(result.error);
        toast.error("Email not changed", { description: result.error });
        input.current?.select();
        return;
      }
      setSentTo(email);
      form.reset();
      toast.success("Check your new inbox", {
        description: `We sent a confirmation link to ${email}.`,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsSection
      id="email"
      title="Change email"
      description={`We send a confirmation link to the new address. Until you follow it, you keep signing in with ${currentEmail}.`}
    >
      <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Change email">
        <FormField
          ref={input}
          label="New email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          placeholder="you@example.com"
          error={error}
        />
        <p role="status" className="text-sm text-muted-foreground empty:hidden">
          {sentTo &&
            `Confirmation sent to ${sentTo}. Your email changes when you follow the link in it.`}
        </p>
        <Button type="submit" className="justify-self-start" disabled={busy} aria-busy={busy}>
          {busy ? "Sending..." : "Send confirmation link"}
        </Button>
      </form>
    </SettingsSection>
  );
}
