import { useRef, useState, type FormEvent } from "react";
import { SettingsSection } from "@/client/components/settings-section";
import { Button } from "@/client/components/ui/button";
import { Dialog } from "@/client/components/ui/dialog";
import { useDeleteAccount } from "./delete-account";
import { FormField } from "./form-field";

/**
 * The account page's last section: Delete account opens a dialog where the user types their
 * email and password to confirm. The server cancels the subscription first, then deletes the
 * account; `onDeleted` runs after that (sign out here, go to the landing page).
 */
export function DeleteAccount({ email, onDeleted }: { email: string; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const remove = useDeleteAccount(onDeleted);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const busy = remove.isPending || remove.isSuccess;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const values = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const typed = { email: values.email?.trim() ?? "", password: values.password ?? "" };
    const found = {
      email:
        typed.email.toLowerCase() === email.toLowerCase()
          ? undefined
          : "Type the email of this account.",
      password: typed.password === "" ? "Type your password." : undefined,
    };
    setErrors(found);
    if (found.email) return emailInput.current?.focus();
    if (found.password) return passwordInput.current?.focus();
    remove.mutate(typed, {
      onError: () => {
        passwordInput.current?.select();
      },
    });
  }

  function changeOpen(next: boolean) {
    if (busy && !next) return; // stays open until the answer
    setOpen(next);
    setErrors({});
    remove.reset();
  }

  return (
    <SettingsSection
      id="delete"
      title="Delete account"
      description="Cancels your subscription at once, with no further charge, and deletes your account, practice history and CV. This cannot be undone."
      className="border-destructive/40"
    >
      <Button variant="destructive" onClick={() => changeOpen(true)}>
        Delete account
      </Button>
      <Dialog
        open={open}
        onOpenChange={changeOpen}
        title="Delete your account?"
        description={
          <>
            Your subscription is cancelled now, with no further charge, and your account, sign-ins
            and practice history are deleted on every device. Type <strong>{email}</strong> and your
            password to confirm.
          </>
        }
      >
        <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Delete account">
          <FormField
            ref={emailInput}
            label="Email"
            name="email"
            type="email"
            autoComplete="off"
            inputMode="email"
            required
            error={errors.email}
          />
          <FormField
            ref={passwordInput}
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            error={errors.password}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              type="button"
              variant="outline"
              onClick={() => changeOpen(false)}
              disabled={busy}
            >
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={busy} aria-busy={busy}>
              {busy ? "Deleting..." : "Delete my account"}
            </Button>
          </div>
        </form>
      </Dialog>
    </SettingsSection>
  );
}
