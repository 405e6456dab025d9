import { createBrowserRouter, RouterProvider } from "react-router";
import { Toaster } from "./components/ui/toaster";
import { TooltipProvider } from "./components/ui/tooltip";

/** Every route is its own chunk, so the landing page downloads only what it renders. */
const router = createBrowserRouter([
  { path: "/", lazy: () => import("./pages/landing").then((m) => ({ Component: m.LandingPage })) },
  { path: "/auth", lazy: () => import("./pages/auth").then((m) => ({ Component: m.AuthPage })) },
  {
    path: "/practice",
    lazy: () => import("./pages/practice").then((m) => ({ Component: m.PracticePage })),
  },
  {
    path: "*",
    lazy: () => import("./pages/not-found").then((m) => ({ Component: m.NotFoundPage })),
  },
]);

export function App() {
  return (
    <TooltipProvider>
      <RouterProvider router={router} />
      <Toaster />
    </TooltipProvider>
  );
}
