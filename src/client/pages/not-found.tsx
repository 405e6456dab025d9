import { useEffect } from "react";
import { Link, useLocation } from "react-router";

export function NotFoundPage() {
  const location = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", location.pathname);
  }, [location.pathname]);

  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-4xl font-bold">404</h1>
      <p className="text-xl">Oops! Page not found</p>
      <Link className="underline" to="/">
        Return to Home
      </Link>
    </main>
  );
}
