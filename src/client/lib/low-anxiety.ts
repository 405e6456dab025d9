import { getSupabase, useAuth } from "./auth";

/**
 * Low-anxiety mode (docs/decisions/0093): an account setting that hides numeric scores everywhere
 * (the feedback report, session reports, the history list and the progress chart), showing the
 * advice and a word for each score instead. Kept in the account's `user_metadata` on the server,
 * so it follows the account to every device and survives signing out; read from the session, so
 * a page never shows numbers first and hides them after.
 */
const KEY = "low_anxiety";

export function useLowAnxiety(): boolean {
  const { user } = useAuth();
  return user?.user_metadata?.[KEY] === true;
}

/** Turns the mode on or off for the account; the error to show, or null. */
export async function saveLowAnxiety(on: boolean): Promise<string | null> {
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.auth.updateUser({ data: { [KEY]: on } });
    return error ? error.message : null;
  } catch {
    return "Could not reach the server. Check your connection and try again.";
  }
}
