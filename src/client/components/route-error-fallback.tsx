import type { ErrorInfo } from "react";

/** `onError` for an <ErrorBoundary>: logs what broke, with the component stack. */
export function logRenderError(label: string) {
  return (error: unknown, info: ErrorInfo) => console.error(label, error, info.componentStack);
}

/**
 * The last-resort screen around the routes: a page that throws while rendering (or whose chunk
 * failed to download after a deploy) shows a way out instead of a blank screen. Pages with their
 * own wording for failures (e.g. /practice) have their own fallback inside.
 */
export function RouteErrorFallback() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="max-w-sm text-muted-foreground">
        Please try refreshing the page or go back to home.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={() => location.reload()}
          className="h-11 cursor-pointer rounded-md bg-primary px-5 font-medium text-primary-foreground hover:bg-primary-hover"
        >
          Refresh
        </button>
        {/* A full navigation, not a router link: the app's state may be what broke. */}
        <a
          href="/"
          className="inline-flex h-11 items-center rounded-md border border-border px-5 font-medium hover:bg-muted"
        >
          Go to Home
        </a>
      </div>
    </main>
  );
}
