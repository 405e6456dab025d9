import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./support/axe";
import { useJourney } from "./support/journey";

/**
 * Subscribing with the built-in test checkout (the default, keyless provider), end to end in
 * Chromium: sign up → upgrade screen → Subscribe → test checkout (a decline and a field error
 * first) → Premium with the practice tools → Manage Subscription → cancel → still Premium until
 * the period ends.
 */

/** The checkout answers a decline with 402 and a field error with 400; Chromium logs those. */
const expectedErrors = [/status of 40[02]/];

describe("subscribing with the test checkout", () => {
  const journey = useJourney();
  let page: Page;
  const email = `billing-${Date.now()}@example.com`;
  const expiry = `12 / ${(new Date().getFullYear() + 3) % 100}`;

  beforeAll(() => {
    ({ page } = journey);
  });

  const axe = async () => expect(await axeViolations(page)).toEqual([]);
  /** The signed-in header's account menu, opened; its plan line once the status is known. */
  const openAccountMenu = async () => {
    await page
      .getByRole("banner")
      .getByRole("button", { name: /^Account menu for / })
      .click();
    const menu = page.getByRole("menu");
    await menu.getByRole("menuitem", { name: "Manage subscription" }).waitFor({ timeout: 15_000 });
    return menu;
  };
  const fillCard = async (number: string) => {
    await page.getByLabel("Card number").fill(number);
    await page.getByLabel("Expiry").fill(expiry);
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: "Pay $11.00" }).click();
  };

  it("sends a signed-out visitor from /practice to /auth", async () => {
    await page.goto("/practice");
    await page.waitForURL(`${journey.server.url}/auth`);
  });

  it("shows a new account the upgrade screen with every line of the spec", async () => {
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await page.getByLabel("Full Name").fill("Bill Payer");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("a sturdy passphrase");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.waitForURL(`${journey.server.url}/`);

    await page.goto("/practice");
    await page.getByRole("heading", { name: "Upgrade to Premium" }).waitFor();
    for (const text of [
      "Get unlimited access to AI-powered interview practice for just $11/month",
      "Premium Features:",
      "Unlimited practice sessions",
      "AI voice recognition and transcription",
      "Instant AI answers and feedback",
      "Industry-specific questions",
      "Progress tracking",
    ]) {
      await page.getByText(text, { exact: true }).waitFor();
    }
    // Only someone back from checkout is told to check the status.
    expect(await page.getByText(/If you just completed a purchase/).count()).toBe(0);
    await page.getByRole("button", { name: "Check Subscription Status" }).click();
    await page.getByRole("link", { name: "Back to Home" }).waitFor();
    await axe();
  });

  it("pays on the test checkout: a decline and a field error first, then 4242 succeeds", async () => {
    await page.getByRole("button", { name: "Subscribe for $11/month" }).click();
    await page.waitForURL(/\/billing\/checkout\/cs_local_/);
    await page.getByText("TEST MODE").waitFor();
    await page.getByText("Premium — $11.00 / month").waitFor();
    const emailField = page.getByLabel("Email");
    expect(await emailField.inputValue()).toBe(email);
    expect(await emailField.getAttribute("readonly")).not.toBeNull();
    await axe();

    await fillCard("4000 0000 0000 0002");
    await page.getByRole("alert").filter({ hasText: "Your card was declined." }).waitFor();

    await fillCard("4242 4242 4242 4241");
    await page.getByText("Your card number is invalid.").waitFor();
    expect(await page.getByLabel("Card number").getAttribute("aria-invalid")).toBe("true");
    await axe();

    await fillCard("4242 4242 4242 4242");
    await page.waitForURL((url) => url.pathname === "/practice");
    await page
      .getByRole("heading", { name: "Start with a mock interview" })
      .waitFor({ timeout: 15_000 });
    const menu = await openAccountMenu();
    await menu.getByText("Premium", { exact: true }).waitFor();
    await menu.getByText(/^until /).waitFor();
    await page.keyboard.press("Escape");
    // The checkout marker is gone from the address, so a reload is an ordinary visit.
    expect(new URL(page.url()).search).toBe("");
  });

  it("cancels in the portal and stays Premium until the period ends", async () => {
    const until = await (await openAccountMenu()).getByText(/^until /).textContent();
    await page.getByRole("menuitem", { name: "Manage subscription" }).click();
    await page.waitForURL(/\/billing\/portal\//);
    await page.getByRole("heading", { name: "Manage subscription" }).waitFor();
    await page.getByText("Visa ending in 4242").waitFor();
    await page.getByRole("cell", { name: "Paid" }).waitFor();
    await axe();

    await page.getByRole("button", { name: "Cancel subscription" }).click();
    await page.getByRole("status").filter({ hasText: "You keep Premium until the end" }).waitFor();
    await page.getByRole("button", { name: "Resume subscription" }).waitFor();

    await page.getByRole("link", { name: "Back to practice" }).last().click();
    await page.waitForURL((url) => url.pathname === "/practice");
    await page.getByRole("heading", { name: "Record Interview Question" }).waitFor();
    expect(await (await openAccountMenu()).getByText(/^until /).textContent()).toBe(until);
    journey.user.assertNoUnexpectedErrors(expectedErrors);
  });
});
