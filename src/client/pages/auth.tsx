import { ArrowLeft } from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/client/components/ui/card";
import { Spinner } from "@/client/components/ui/spinner";
import { AuthPanel } from "@/client/features/auth/auth-panel";
import { getSupabase, useAuth } from "@/client/lib/auth";

/**
 * /auth: sign in or sign up (`?tab=sign-up` opens that tab). A visitor who is already signed in
 * goes to the home page.
 */
export function AuthPage() {
  const { user, loading, signIn, signUp } = useAuth();
  const navigate = useNavigate();
  // `/auth?tab=sign-up` opens the Sign Up tab; Sign In is the default.
  const [params] = useSearchParams();
  const initialTab = params.get("tab") === "sign-up" ? "sign-up" : "sign-in";

  useEffect(() => {
    document.title = "Sign in or create an account — Interview Coach";
    void getSupabase(); // this page needs the client at once, not when the browser is idle
  }, []);

  useEffect(() => {
    if (!loading && user) void navigate("/", { replace: true });
  }, [loading, user, navigate]);

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-gradient-to-b from-secondary to-background px-4 py-10">
      {loading || user ? (
        <Spinner className="text-base" />
      ) : (
        <Card className="w-full max-w-md">
          <CardHeader className="text-center">
            <h1 className="text-2xl leading-tight font-semibold">Get Started</h1>
            <CardDescription>Sign in to your account or create a new one.</CardDescription>
          </CardHeader>
          <CardContent>
            <AuthPanel
              signIn={signIn}
              signUp={signUp}
              initialTab={initialTab}
              onSignedIn={() => void navigate("/", { replace: true })}
            />
          </CardContent>
        </Card>
      )}
      <Button asChild variant="ghost">
        <Link to="/">
          <ArrowLeft aria-hidden="true" />
          Back to Home
        </Link>
      </Button>
    </main>
  );
}
