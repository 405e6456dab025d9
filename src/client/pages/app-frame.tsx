import { useEffect, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { AppHeader } from "@/client/components/app-header";
import { cn } from "@/client/components/ui/cn";
import { Spinner } from "@/client/components/ui/spinner";
import { AccountMenu } from "@/client/features/subscription/account-menu";
import { useAuth } from "@/client/lib/auth";

/**
 * Every signed-in page (practice, history, account) inside one frame: the app header and a main
 * column. Signed-out visitors go to /auth; while the session loads, a spinner. Signing out on
 * purpose (Sign out, a deleted account) goes elsewhere first: while that page's code loads this
 * frame is still shown, and it must not send the visitor on to /auth instead.
 */
export function AppFrame({ children, className }: { children: ReactNode; className?: string }) {
  const { user, loading } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  useEffect(() => {
    const leaving = window.location.pathname !== pathname;
    if (!loading && !user && !leaving) void navigate("/auth", { replace: true });
  }, [loading, user, navigate, pathname]);

  if (loading || !user) {
    return (
      <main className="grid min-h-dvh place-items-center p-6">
        <Spinner label="Loading..." />
      </main>
    );
  }
  return (
    <div className="min-h-dvh bg-muted/40">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <AppHeader accountMenu={<AccountMenu />} />
      <main
        id="main"
        tabIndex={-1}
        className={cn(
          "mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-6 outline-none sm:px-6 sm:py-10",
          className,
        )}
      >
        {children}
      </main>
    </div>
  );
}
