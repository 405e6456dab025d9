import { useEffect } from "react";
import { useNavigate } from "react-router";
import { getSupabase, takeEmailLinkLanding } from "@/client/lib/auth";

/** The landing page does not load the toasts' code for the few visitors who come by a link. */
const toast = (kind: "success" | "error", title: string, description: string) =>
  void import("@/client/components/ui/toaster").then((m) => m.toast[kind](title, { description }));

/**
 * Where a sign-up's confirmation link lands (`/`): says what the link did, which the page itself
 * would not show. In the browser that signed up, supabase-js exchanges `?code=` for a session
 * (docs/decisions/0082); opened anywhere else the address is confirmed but nobody is signed in,
 * so the visitor is taken to sign in; an expired or used link says so in the fragment.
 */
export function useSignUpLinkNotice(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const link = takeEmailLinkLanding();
    if (!link) return;
    if (link.failed) {
      toast(
        "error",
        "This link has expired or was already used",
        "Sign in to continue. If your email is not confirmed yet, you can have the email sent again.",
      );
      void navigate("/auth", { replace: true });
      return;
    }
    if (!link.code) return;
    const confirmedElsewhere = () => {
      toast("success", "Your email is confirmed", "Sign in to start practising.");
      void navigate("/auth", { replace: true });
    };
    if (!link.verifier) {
      confirmedElsewhere();
      return;
    }
    // Taken once: it runs to the end even if the page has gone (StrictMode runs effects twice).
    void getSupabase()
      .then((supabase) => supabase.auth.getSession())
      .then(({ data }) => {
        if (!data.session) return confirmedElsewhere();
        toast(
          "success",
          "Account created successfully!",
          "Welcome! You can now access your interview practice.",
        );
      })
      .catch(() => {}); // the client did not load: the page says signed out, as it is
  }, [navigate]);
}
