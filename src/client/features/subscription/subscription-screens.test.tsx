// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SubscriptionSummary } from "./subscription-summary";
import { UpgradeScreen } from "./upgrade-screen";

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock("sonner", () => ({ toast }));
const api = vi.hoisted(() => ({
  checkSubscription: vi.fn(),
  createCheckout: vi.fn(),
  openCustomerPortal: vi.fn(),
}));
vi.mock("./create-checkout", () => ({ createCheckout: api.createCheckout }));
vi.mock("./open-customer-portal", () => ({ openCustomerPortal: api.openCustomerPortal }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe("UpgradeScreen", () => {
  const renderScreen = (onCheckStatus = vi.fn()) => {
    render(
      <MemoryRouter>
        <UpgradeScreen onCheckStatus={onCheckStatus} checking={false} />
      </MemoryRouter>,
    );
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
    api.createCheckout.mockReturnValue(new Promise((_, reject) => (fail = reject)));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    renderScreen();
    fireEvent.click(screen.getByRole("button", { name: "Subscribe for $11/month" }));
    const busy = await screen.findByRole("button", { name: "Processing..." });
    expect(busy.hasAttribute("disabled")).toBe(true);
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
    render(
      <MemoryRouter>
        <SubscriptionSummary
          status={{
            subscribed: true,
            subscription_tier: "Premium",
            subscription_end: "2027-02-28T10:00:00.000Z",
          }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText("Premium")).toBeTruthy();
    expect(
      screen.getByText(new Date("2027-02-28T10:00:00.000Z").toLocaleDateString()),
    ).toBeTruthy();
    expect(screen.getByText(/^until/)).toBeTruthy();
  });

  it("toasts when the portal cannot be opened", async () => {
    api.openCustomerPortal.mockRejectedValue(new Error("no customer"));
    vi.spyOn(console, "warn").mockImplementation(() => {});
    render(
      <MemoryRouter>
        <SubscriptionSummary
          status={{ subscribed: true, subscription_tier: "Premium", subscription_end: null }}
        />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Manage Subscription" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Error", {
        description: "Failed to open subscription management",
      }),
    );
  });
});
