// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type * as Auth from "@/client/lib/auth";
import { Toaster } from "@/client/components/ui/toaster";
import { createQueryClient } from "@/client/lib/query-client";
import type { SubscriptionStatus } from "@/shared/billing";
import { watchToasts } from "@tests/support/dom-toasts";
import { mockFunctions } from "@tests/support/functions-network";
import { AccountMenu } from "./account-menu";
import { subscriptionQueryOptions } from "./check-subscription";
import { UpgradeScreen } from "./upgrade-screen";

/**
 * The upgrade screen and the account menu in a DOM, signed in as one user; the server is answered
 * on the network (MSW), so the page's client, the query cache's toast rule and the toasts run as
 * in the browser.
 */
const network = mockFunctions();
const toasts = watchToasts();
vi.mock("@/client/lib/auth", async (importOriginal) => ({
  ...(await importOriginal<typeof Auth>()),
  useAuth: () => ({ user: { id: "user-1", email: "pat@example.com" }, loading: false }),
}));

/** The screens inside the app's own query client (its toast rule included) and a router. */
function renderWithClient(ui: ReactNode) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("UpgradeScreen", () => {
  const renderScreen = (onCheckStatus = vi.fn(), fromCheckout = true) => {
    renderWithClient(
      <UpgradeScreen fromCheckout={fromCheckout} onCheckStatus={onCheckStatus} checking={false} />,
    );
    return onCheckStatus;
  };

  it("says to check the status only to someone back from checkout", () => {
    renderScreen(vi.fn(), false);
    expect(screen.queryByText(/If you just completed a purchase/)).toBeNull();
    expect(screen.queryByRole("button", { name: "Check Status" })).toBeNull();
    expect(screen.getByRole("button", { name: "Check Subscription Status" })).toBeTruthy();
  });

  it("lists the plan, its features and both status buttons", () => {
    const onCheckStatus = renderScreen();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Upgrade to Premium");
    const features = within(screen.getByRole("list", { name: "Premium features" }));
    expect(features.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Unlimited practice sessions",
      "AI voice recognition and transcription",
      "Instant AI answers and feedback",
      "Industry-specific questions",
      "Progress tracking",
    ]);
    // The modes those general lines stand for, none of them said twice.
    const modes = within(screen.getByRole("list", { name: "Also in Premium" }));
    expect(modes.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "The AI Interviewer: spoken mock interviews with follow-ups",
      "Company Specific sets from a job post",
      "Your own questions, with model answers",
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Check Status" }));
    fireEvent.click(screen.getByRole("button", { name: "Check Subscription Status" }));
    expect(onCheckStatus).toHaveBeenCalledTimes(2);
    expect(screen.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
  });

  it("shows Processing... while starting checkout, and the spec's toast when it fails", async () => {
    let release!: () => void;
    network.fail(
      "create-checkout",
      500,
      "internal",
      "The server had a problem.",
      new Promise<void>((resolve) => (release = resolve)),
    );
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    renderScreen();
    fireEvent.click(screen.getByRole("button", { name: "Subscribe for $11/month" }));
    const busy = await screen.findByRole("button", { name: "Processing..." });
    expect(busy.hasAttribute("disabled")).toBe(true);
    await waitFor(() => expect(network.called()).toEqual(["create-checkout"]));
    release();
    await screen.findByRole("button", { name: "Subscribe for $11/month" });
    await toasts.expect("Error", "Failed to start checkout process");
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe("AccountMenu", () => {
  const openMenu = async (status: SubscriptionStatus) => {
    const client = createQueryClient();
    client.setQueryData(subscriptionQueryOptions("user-1").queryKey, status);
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <AccountMenu />
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>,
    );
    const trigger = screen.getByRole("button", { name: "Account menu for pat@example.com" });
    fireEvent.keyDown(trigger, { key: "Enter" });
    return screen.findByRole("menu");
  };

  it("shows the plan and its end, with Account, Manage subscription and Sign out", async () => {
    const menu = await openMenu({
      subscribed: true,
      subscription_tier: "Premium",
      subscription_end: "2027-02-28T10:00:00.000Z",
    });
    expect(menu.textContent).toContain("Premium");
    expect(menu.textContent).toContain("until Feb 28, 2027");
    expect(screen.getAllByRole("menuitem").map((item) => item.textContent)).toEqual([
      "Account",
      "Manage subscription",
      "Sign out",
    ]);
    expect(screen.getByRole("menuitem", { name: "Account" }).getAttribute("href")).toBe("/account");
  });

  it("offers Premium instead to a user without a subscription", async () => {
    await openMenu({ subscribed: false, subscription_tier: null, subscription_end: null });
    expect(screen.getByRole("menuitem", { name: "Get Premium" }).getAttribute("href")).toBe(
      "/practice",
    );
  });

  it("toasts when the portal cannot be opened", async () => {
    network.fail("customer-portal", 404, "no_customer", "No customer.");
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await openMenu({ subscribed: true, subscription_tier: "Premium", subscription_end: null });
    fireEvent.click(screen.getByRole("menuitem", { name: "Manage subscription" }));
    await toasts.expect("Error", "Failed to open subscription management");
    expect(network.called()).toEqual(["customer-portal"]);
  });
});
