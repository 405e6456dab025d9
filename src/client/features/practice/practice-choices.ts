import { z } from "zod";
import { levelSchema, roleIdSchema } from "@/shared/roles";

/**
 * The role and level last chosen on this device, so the next setup (the welcome's first mock
 * interview included) starts from them. A preference, not data: kept in localStorage.
 */
const practiceChoicesSchema = z.object({ role: roleIdSchema, level: levelSchema });
export type PracticeChoices = z.infer<typeof practiceChoicesSchema>;

const storageKey = "interview-coach:practice-choices";
const defaults: PracticeChoices = { role: "software-engineer", level: "mid" };

export function rememberedChoices(): PracticeChoices {
  try {
    const saved = practiceChoicesSchema.safeParse(
      JSON.parse(localStorage.getItem(storageKey) ?? "null"),
    );
    return saved.success ? saved.data : defaults;
  } catch {
    return defaults; // storage blocked or unreadable
  }
}

export function rememberChoices(choices: PracticeChoices): void {
  try {
    localStorage.setItem(storageKey, JSON.stringify(choices));
  } catch {
    // storage blocked or full: the defaults will do next time
  }
}
