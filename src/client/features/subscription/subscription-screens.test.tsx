// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type * as ApiClient from "@/client/lib/api-client";
import { ApiCallError } from "@/client/lib/api-client";
import { createQueryClient } from "@/client/lib/query-client";
import { SubscriptionSummary } from "./subscription-summary";
import { UpgradeScreen } from "./upgrade-screen";

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock("sonner", () => ({ toast }));
const invoke = vi.hoisted(() => vi.fn());
vi.mock("@/client/lib/api-client", async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  invokeFunction: invoke,
}));

/** The screens inside the app's own query client (its toast rule included) and a router. */
function renderWithClient(ui: ReactNode) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe("UpgradeScreen", () => {
  const renderScreen = (onCheckStatus = vi.fn()) => {
    renderWithClient(<UpgradeScreen onCheckStatus={onCheckStatus} checking={false} />);
    return onCheckStatus;
  };

  it("lists the plan, its features and both status buttons", () => {
    const onCheckStatus = renderScreen();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Upgrade to Premium");
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Unlimited practice sessions",
      "AI voice recognition and transcription",
      "Instant AI answers and feedback",
      "Industry-specific questions",
      "Progress tracking",
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Check Status" }));
    fireEvent.click(screen.getByRole("button", { name: "Check Subscription Status" }));
    expect(onCheckStatus).toHaveBeenCalledTimes(2);
    expect(screen.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
  });

  it("shows Processing... while starting checkout, and the spec's toast when it fails", async () => {
    let fail!: (error: Error) => void;
    invoke.mockReturnValue(new Promise((_, reject) => (fail = reject)));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    renderScreen();
    fireEvent.click(screen.getByRole("button", { name: "Subscribe for $11/month" }));
    const busy = await screen.findByRole("button", { name: "Processing..." });
    expect(busy.hasAttribute("disabled")).toBe(true);
    expect(invoke).toHaveBeenCalledExactlyOnceWith("create-checkout", expect.anything());
    fail(new Error("boom"));
    await screen.findByRole("button", { name: "Subscribe for $11/month" });
    expect(toast.error).toHaveBeenCalledWith("Error", {
      description: "Failed to start checkout process",
    });
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe("SubscriptionSummary", () => {
  it("shows the tier and the end date in the user's locale", () => {
    renderWithClient(
      <SubscriptionSummary
        status={{
          subscribed: true,
          subscription_tier: "Premium",
          subscription_end: "2027-02-28T10:00:00.000Z",
        }}
      />,
    );
    expect(screen.getByText("Premium")).toBeTruthy();
    expect(
      screen.getByText(new Date("2027-02-28T10:00:00.000Z").toLocaleDateString()),
    ).toBeTruthy();
    expect(screen.getByText(/^until/)).toBeTruthy();
  });

  it("toasts when the portal cannot be opened", async () => {
    invoke.mockRejectedValue(new ApiCallError("No customer.", "no_customer", 404));
    vi.spyOn(console, "warn").mockImplementation(() => {});
    renderWithClient(
      <SubscriptionSummary
        status={{ subscribed: true, subscription_tier: "Premium", subscription_end: null }}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Manage Subscription" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Error", {
        description: "Failed to open subscription management",
      }),
    );
    expect(invoke).toHaveBeenCalledWith("customer-portal", expect.anything());
    expect(screen.getByRole("button", { name: "Manage Subscription" })).toBeTruthy();
  });
});
