import type {
  AuthChangeEvent,
  AuthError,
  Session,
  SupabaseClient,
  User,
} from "@supabase/supabase-js";
import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from "react";

/**
 * The signed-in state for the whole app, without putting supabase-js (~50 KB gzipped) in the
 * first load: the client is imported after the first paint, or at once when a page asks for it
 * with `getSupabase()`. Until then, a session stored by an earlier visit is shown provisionally
 * (so a signed-in header appears without a flash) with `loading: true`.
 *
 *   const { user, session, loading, recovery, signIn, signUp, signOut } = useAuth();
 *   const supabase = await getSupabase();
 *   const stop = onAuthEvent((event, session) => …); // INITIAL_SESSION, SIGNED_IN, SIGNED_OUT, …
 */
export type AuthState = {
  user: User | null;
  session: Session | null;
  loading: boolean;
  /**
   * Signed in by a password-recovery link or code (supabase-js's PASSWORD_RECOVERY) and no new
   * password set yet: the "Set a new password" page shows its form.
   */
  recovery: boolean;
};

/**
 * `confirmationSent`: sign-up worked but waits for the emailed link (AUTH_CONFIRM_EMAIL).
 * `code`: the server's error code, when a form needs to know which field it is about.
 */
export type AuthResult = { error: string | null; confirmationSent?: boolean; code?: string };

export type AuthContextValue = AuthState & {
  signIn(email: string, password: string): Promise<AuthResult>;
  signUp(email: string, password: string, fullName: string): Promise<AuthResult>;
  signOut(): Promise<void>;
};

const loadingState: AuthState = { user: null, session: null, loading: true, recovery: false };
let state: AuthState = loadingState;
const listeners = new Set<() => void>();

function setState(next: AuthState) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// ------------------------------------------------------------------------- loading the client

let client: Promise<SupabaseClient> | undefined;
let resolveLoaded: (supabase: SupabaseClient) => void;
/** Resolves once something has loaded the client; waiting on it does not load it. */
const loaded = new Promise<SupabaseClient>((resolve) => (resolveLoaded = resolve));

/** The supabase-js client, loading it now if it is not loaded yet. */
export function getSupabase(): Promise<SupabaseClient> {
  client ??= import("./supabase").then(
    ({ createSupabase }) => {
      const supabase = createSupabase();
      supabase.auth.onAuthStateChange((event, session) => {
        const recovery =
          event === "PASSWORD_RECOVERY" ||
          (state.recovery && event !== "SIGNED_OUT" && event !== "USER_UPDATED");
        setState({ user: session?.user ?? null, session, loading: false, recovery });
      });
      resolveLoaded(supabase);
      return supabase;
    },
    (error: unknown) => {
      // The chunk did not load (offline, a deploy replaced it): stop the spinner, allow a retry.
      client = undefined;
      if (state.loading) setState({ ...state, loading: false });
      throw error;
    },
  );
  return client;
}

/**
 * Calls `listener` on every auth event, starting with INITIAL_SESSION, once the client is loaded
 * (it does not load it). Listeners run outside supabase-js's lock, so they may call the client.
 * Returns an unsubscribe function.
 */
export function onAuthEvent(
  listener: (event: AuthChangeEvent, session: Session | null) => void,
): () => void {
  let stopped = false;
  let unsubscribe: (() => void) | undefined;
  void loaded.then((supabase) => {
    if (stopped) return;
    const { data } = supabase.auth.onAuthStateChange((event, session) => {
      setTimeout(() => {
        if (!stopped) listener(event, session);
      }, 0);
    });
    unsubscribe = () => data.subscription.unsubscribe();
  });
  return () => {
    stopped = true;
    unsubscribe?.();
  };
}

/** supabase-js's default storage key for this site. */
const storageKey = () => `sb-${window.location.hostname.split(".")[0]}-auth-token`;

/** What an emailed link brought to the home page (a sign-up's confirmation lands there). */
export type EmailLinkLanding = {
  /** `?code=…`: the address is confirmed; the code opens a session where the verifier is. */
  code: boolean;
  /** This browser holds the PKCE verifier (docs/decisions/0082): it asked for the mail. */
  verifier: boolean;
  /** The link had expired or was used (GoTrue says so in the fragment). */
  failed: boolean;
};

function readEmailLinkLanding(): EmailLinkLanding | null {
  if (typeof window === "undefined" || window.location.pathname !== "/") return null;
  const code = new URLSearchParams(window.location.search).has("code");
  const failed = new URLSearchParams(window.location.hash.slice(1)).has("error_code");
  if (!code && !failed) return null;
  let verifier = false;
  try {
    verifier = window.localStorage.getItem(`${storageKey()}-code-verifier`) !== null;
  } catch {
    // storage refused: no verifier either
  }
  return { code, verifier, failed };
}

/**
 * Read as the app starts, before supabase-js exchanges the code (removing it and the verifier)
 * or reads the fragment.
 */
let emailLinkLanding = readEmailLinkLanding();

/** What an emailed link brought to this page load, once (null after, or if nothing). */
export function takeEmailLinkLanding(): EmailLinkLanding | null {
  const landing = emailLinkLanding;
  emailLinkLanding = null;
  return landing;
}

/** A session saved by supabase-js on an earlier visit, if any. */
function storedSession(): Session | null {
  try {
    const saved = JSON.parse(window.localStorage.getItem(storageKey()) ?? "null") as Session | null;
    return saved?.user && saved.access_token ? saved : null;
  } catch {
    return null;
  }
}

// ------------------------------------------------------------------------- actions

const unreachable = "Could not reach the server. Check your connection and try again.";

/** The server's message, except where it would not help: no connection, too many attempts. */
function describeError(error: AuthError | null): string | null {
  if (!error) return null;
  if (error.name === "AuthRetryableFetchError") return unreachable;
  if (error.code === "over_request_rate_limit") {
    return "Too many attempts. Please wait a few minutes and try again.";
  }
  return error.message;
}

async function signIn(email: string, password: string): Promise<AuthResult> {
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.auth.signInWithPassword({ email: email.trim(), password });
    return { error: describeError(error), code: error?.code };
  } catch {
    return { error: unreachable };
  }
}

async function signUp(email: string, password: string, fullName: string): Promise<AuthResult> {
  try {
    const supabase = await getSupabase();
    const { data, error } = await supabase.auth.signUp({
      email: email.trim(),
      password,
      options: {
        emailRedirectTo: `${window.location.origin}/`,
        data: { full_name: fullName.trim() || email.trim() },
      },
    });
    return { error: describeError(error), confirmationSent: !error && !data.session };
  } catch {
    return { error: unreachable };
  }
}

/**
 * Sends a sign-up's confirmation mail again (a new link and code; the earlier ones stop working).
 * The server answers the same for any address.
 */
export async function resendSignUpConfirmation(email: string): Promise<AuthResult> {
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.auth.resend({
      type: "signup",
      email: email.trim(),
      options: { emailRedirectTo: `${window.location.origin}/` },
    });
    return { error: describeError(error) };
  } catch {
    return { error: unreachable };
  }
}

/**
 * Asks for a password-reset mail. The server answers the same for any address, so this only
 * fails when it could not be asked (offline, too many attempts, email not configured).
 */
export async function requestPasswordReset(email: string): Promise<AuthResult> {
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.auth.resetPasswordForEmail(email.trim(), {
      redirectTo: `${window.location.origin}/reset-password`,
    });
    return { error: describeError(error) };
  } catch {
    return { error: unreachable };
  }
}

/**
 * The 6-digit code from a reset mail (`recovery`) or a sign-up's confirmation (`signup`); on
 * success the user is signed in.
 */
export async function verifyEmailCode(
  type: "recovery" | "signup",
  email: string,
  code: string,
): Promise<AuthResult> {
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.auth.verifyOtp({
      email: email.trim(),
      token: code.trim(),
      type,
    });
    if (error?.code === "otp_expired") {
      return { error: "That code is wrong or has expired. Check it, or ask for a new email." };
    }
    return { error: describeError(error) };
  } catch {
    return { error: unreachable };
  }
}

/**
 * Sets the signed-in user's new password (the server signs their other sessions out). The
 * account page sends the current password, which the server requires from any session but one
 * opened by a recovery link or code (docs/decisions/0071).
 */
export async function updatePassword(
  password: string,
  currentPassword?: string,
): Promise<AuthResult> {
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.auth.updateUser({
      password,
      ...(currentPassword === undefined ? {} : { current_password: currentPassword }),
    });
    return { error: describeError(error), code: error?.code };
  } catch {
    return { error: unreachable };
  }
}

/**
 * Asks to move the account to `email`, proving it is the owner with the current password
 * (docs/decisions/0080): the server mails a link to the new address and one to the current one,
 * both leading back to /account; the change happens once both are followed, and until then the
 * current address stays the sign-in.
 */
export async function requestEmailChange(
  email: string,
  currentPassword: string,
): Promise<AuthResult> {
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.auth.updateUser(
      { email: email.trim(), current_password: currentPassword },
      { emailRedirectTo: `${window.location.origin}/account` },
    );
    return { error: describeError(error), code: error?.code };
  } catch {
    return { error: unreachable };
  }
}

/** Ends the session here and on the server; offline, it is still dropped on this device. */
export async function signOut(): Promise<void> {
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.auth.signOut();
    if (error) await supabase.auth.signOut({ scope: "local" });
  } catch {
    window.localStorage.removeItem(storageKey());
    setState({ user: null, session: null, loading: false, recovery: false });
  }
}

// ------------------------------------------------------------------------- React

/** Starts loading the client once the page has painted and the browser is idle. */
export function AuthProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    if (state === loadingState) {
      const saved = storedSession();
      if (saved) setState({ user: saved.user, session: saved, loading: true, recovery: false });
    }
    const load = () => void getSupabase();
    if ("requestIdleCallback" in window) {
      const id = window.requestIdleCallback(load, { timeout: 1500 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(load, 200);
    return () => clearTimeout(id);
  }, []);
  return children;
}

export function useAuth(): AuthContextValue {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => loadingState,
  );
  return useMemo(() => ({ ...current, signIn, signUp, signOut }), [current]);
}
