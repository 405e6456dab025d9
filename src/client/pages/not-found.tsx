import { Compass } from "lucide-react";
import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { Button } from "@/client/components/ui/button";

export function NotFoundPage() {
  const location = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", location.pathname);
  }, [location.pathname]);

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-5 bg-gradient-to-b from-secondary to-background p-6 text-center">
      <span className="grid size-16 place-items-center rounded-2xl bg-card text-primary shadow-card">
        <Compass aria-hidden="true" className="size-8" />
      </span>
      <h1 className="text-6xl font-bold tracking-tight text-primary">404</h1>
      <p className="text-xl font-medium">Oops! Page not found</p>
      <p className="max-w-sm text-muted-foreground">
        The page you were looking for does not exist or has moved.
      </p>
      <Button asChild size="lg">
        <Link to="/">Return to Home</Link>
      </Button>
    </main>
  );
}
