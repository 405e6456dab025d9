import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from "react";
import { ErrorBoundary } from "react-error-boundary";
import { BrowserRouter, Route, Routes, useLocation, useNavigationType } from "react-router";
import { logRenderError, RouteErrorFallback } from "@/client/components/route-error-fallback";
import { AuthProvider } from "@/client/lib/auth";

/*
 * Declarative routing (<BrowserRouter>/<Routes>) rather than createBrowserRouter: the data
 * router adds ~17 KB gzipped of loaders/actions/fetchers this app does not use
 * (docs/decisions/0022-prerender-and-code-splitting.md). Every page is its own chunk, so the
 * landing page downloads only what it renders.
 */
const LandingPage = lazy(() =>
  import("@/client/pages/landing").then((m) => ({ default: m.LandingPage })),
);
const AuthPage = lazy(() => import("@/client/pages/auth").then((m) => ({ default: m.AuthPage })));
const ForgotPasswordPage = lazy(() =>
  import("@/client/pages/forgot-password").then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import("@/client/pages/reset-password").then((m) => ({ default: m.ResetPasswordPage })),
);
const AccountPage = lazy(() =>
  import("@/client/pages/account").then((m) => ({ default: m.AccountPage })),
);
const PracticePage = lazy(() =>
  import("@/client/pages/practice").then((m) => ({ default: m.PracticePage })),
);
const HistoryPage = lazy(() =>
  import("@/client/pages/history").then((m) => ({ default: m.HistoryPage })),
);
const HowWeScorePage = lazy(() =>
  import("@/client/pages/how-we-score").then((m) => ({ default: m.HowWeScorePage })),
);
const NotFoundPage = lazy(() =>
  import("@/client/pages/not-found").then((m) => ({ default: m.NotFoundPage })),
);
/** sonner loads after the first render; toasts raised before it mounts are replayed on mount. */
const Toaster = lazy(() =>
  import("@/client/components/ui/toaster").then((m) => ({ default: m.Toaster })),
);

const subscribeNothing = () => () => {};
/** False during pre-rendering and hydration, true once the app runs in the browser. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}

/**
 * A new page starts at its top, as a full page load would; moving within the page (`#section`)
 * and Back/Forward (the browser restores where the reader was) scroll as the browser decides.
 */
function ScrollToTop() {
  const { pathname, search } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    if (type !== "POP") window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [pathname, search, type]);
  return null;
}

export function AppRoutes() {
  return (
    <ErrorBoundary
      FallbackComponent={RouteErrorFallback}
      onError={logRenderError("Page failed to render:")}
    >
      <ScrollToTop />
      <Suspense fallback={<div className="min-h-dvh" />}>
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route path="/auth" element={<AuthPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path="/practice" element={<PracticePage />} />
          <Route path="/history" element={<HistoryPage />} />
          <Route path="/account" element={<AccountPage />} />
          <Route path="/how-we-score" element={<HowWeScorePage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * App-wide providers around `children`. Both the browser (inside <BrowserRouter>) and the build's
 * pre-renderer (inside <StaticRouter>) render through this, so a provider added here is present
 * in the pre-rendered landing page too and hydration matches.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <>
      <AuthProvider>{children}</AuthProvider>
      {hydrated && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppProviders>
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  );
}
