import { useId, useState } from "react";
import { toast } from "@/client/components/ui/toaster";
import { SettingsSection } from "@/client/components/settings-section";
import { saveLowAnxiety, useLowAnxiety } from "@/client/lib/low-anxiety";

/**
 * The account page's practice setting: low-anxiety mode (docs/decisions/0093), which hides numeric
 * scores everywhere and shows the advice with a word for each score instead. Saved to the account
 * at once, so it follows the user to other devices.
 */
export function LowAnxietySetting() {
  const saved = useLowAnxiety();
  /** The value being saved, shown until the account says it is. */
  const [saving, setSaving] = useState<boolean | null>(null);
  const id = useId();
  const on = saving ?? saved;

  async function change(next: boolean) {
    setSaving(next);
    const error = await saveLowAnxiety(next);
    setSaving(null);
    if (error) {
      toast.error("Setting not saved", { description: error });
      return;
    }
    toast.success(next ? "Scores hidden" : "Scores shown", {
      description: next
        ? "Your feedback shows advice and words like “Solid” instead of numbers."
        : "Your feedback shows its scores out of 5 again.",
    });
  }

  return (
    <SettingsSection
      id="practice-settings"
      title="Practice"
      description="How your feedback looks, on every device you sign in on."
    >
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-primary"
          checked={on}
          disabled={saving !== null}
          aria-describedby={`${id}-hint`}
          onChange={(event) => void change(event.target.checked)}
        />
        <div className="space-y-1">
          <label htmlFor={id} className="font-medium">
            Low-anxiety mode
          </label>
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            Hide numeric scores in your feedback, session reports and history. You still get every
            piece of advice, and each score as a word: Strong, Solid or Needs work.
          </p>
        </div>
      </div>
    </SettingsSection>
  );
}
