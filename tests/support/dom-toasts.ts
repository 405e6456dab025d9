import { screen } from "@testing-library/react";
import { afterEach, expect } from "vitest";
import { toast } from "@/client/components/ui/toaster";

/**
 * The app's toasts as a component test's user reads them (the page renders `<Toaster />`). Each
 * test starts with none: sonner keeps its toasts in the module, across renders.
 *
 *   const toasts = watchToasts();
 *   await toasts.expect("Failed to get feedback", "Scoring took too long.");
 */
export function watchToasts() {
  afterEach(() => {
    toast.dismiss();
  });
  return {
    /** Waits for a toast with this title, and checks its description. */
    async expect(title: string, description: string) {
      const shown = (await screen.findByText(title)).closest("[data-sonner-toast]");
      expect(shown?.textContent).toContain(description);
    },
  };
}
