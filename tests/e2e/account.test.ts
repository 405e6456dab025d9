import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { axeViolationsAtWidths } from "./support/axe";
import { useJourney } from "./support/journey";
import { signUpAndSubscribe, toast } from "./support/practice";

/**
 * The account page end to end in Chromium on the built server (local billing, outbox mail):
 * sign up → subscribe → /account from the header → change the password → delete the account →
 * the landing page with its toast, and the account no longer signs in.
 */

/** Refused requests are logged by Chromium: wrong passwords, and the sign-out of a deleted account. */
const expectedErrors = [/status of 4(00|03|22)/];
/** Set to a directory to keep screenshots of the page and its dialog at 1280 and 375 px. */
const screenshots = process.env.ACCOUNT_SCREENSHOTS_DIR;
const shoot = async (page: Page, name: string, fullPage = true) => {
  if (!screenshots) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${screenshots}/${name}-${width}.png`, fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

describe("the account page", () => {
  const journey = useJourney();
  let page: Page;
  let site: string;
  const firstEmail = `account-${Date.now()}@example.com`;
  /** The account's address: the first one, then the one the email change moves it to. */
  let email = firstEmail;
  const firstPassword = "the first passphrase";
  const newPassword = "a second passphrase";

  beforeAll(() => {
    ({ page } = journey);
    site = journey.server.url;
  });

  const axe = async () => expect(await axeViolationsAtWidths(page)).toEqual([]);

  it("signs up and subscribes with the test checkout", async () => {
    await signUpAndSubscribe(page, site, email, firstPassword);
  });

  it("opens /account from the header: name, email and the subscription", async () => {
    await page.getByRole("banner").getByRole("link", { name: "Interview Coach" }).click();
    await page.waitForURL(`${site}/`);
    await shoot(page, "header", false);
    await page
      .getByRole("banner")
      .getByRole("link", { name: `Your account: ${email}` })
      .click();
    await page.waitForURL(`${site}/account`);
    await page.getByRole("heading", { name: "Your account", level: 1 }).waitFor();
    const profile = page.getByRole("region", { name: "Profile" });
    await profile.getByText("Pat Practice").waitFor();
    await profile.getByText(email).waitFor();
    const subscription = page.getByRole("region", { name: "Subscription" });
    await subscription.getByText("Premium", { exact: true }).waitFor({ timeout: 15_000 });
    await subscription.getByRole("button", { name: "Manage Subscription" }).waitFor();
    expect(await page.title()).toBe("Your account — Interview Coach");
    await axe();
    await shoot(page, "account");
  });

  it("changes the password only with the current one", async () => {
    const form = page.getByRole("form", { name: "Change password" });
    await form.getByLabel("Current password").fill("not my password");
    await form.getByLabel("New password", { exact: true }).fill(newPassword);
    await form.getByLabel("Confirm new password").fill(newPassword);
    await form.getByRole("button", { name: "Change password" }).click();
    await toast(page, "Password not changed").waitFor();
    await form.getByText("Your current password is not correct.").waitFor();
    expect(await form.getByLabel("Current password").getAttribute("aria-invalid")).toBe("true");

    await form.getByLabel("Current password").fill(firstPassword);
    await form.getByRole("button", { name: "Change password" }).click();
    await toast(page, "Password changed").waitFor();
    expect(await form.getByLabel("New password", { exact: true }).inputValue()).toBe("");
  });

  it("changes the email with the current password, once both addresses confirm", async () => {
    const movedTo = `moved-${firstEmail}`;
    const section = page.getByRole("region", { name: "Change email" });
    await section.getByText(`you keep signing in with ${email}`).waitFor();
    await section.getByLabel("Current password").fill(newPassword);
    await section.getByLabel("New email").fill(movedTo);
    await section.getByRole("button", { name: "Send confirmation link" }).click();
    await toast(page, "Check both inboxes").waitFor();
    await section
      .getByRole("status")
      .getByText(`Confirmation links sent to ${movedTo} and ${email}`)
      .waitFor();

    // The new address's link (the outbox of a loopback site, in this browser): one half.
    const follow = async (subject: string) => {
      await page.goto("/outbox");
      await page.getByRole("link", { name: subject }).first().click();
      await page.getByRole("link", { name: "Open the link" }).click();
      await page.waitForURL(/\/account/);
    };
    await follow("Confirm your new email for Interview Coach");
    await page
      .getByRole("region", { name: "Change email" })
      .getByText("One address is confirmed")
      .waitFor();
    // The current address's link completes it; the page shows the new address.
    await follow("Confirm the change of your Interview Coach email");
    await page.getByRole("region", { name: "Profile" }).getByText(movedTo).waitFor();
    await page
      .getByRole("region", { name: "Change email" })
      .getByText(`you now sign in with ${movedTo}`)
      .waitFor();
    email = movedTo;
  });

  it("deletes the account from the dialog and lands on the landing page with a toast", async () => {
    await page.getByRole("button", { name: "Delete account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.waitFor();
    // Keyboard: focus is inside the dialog, and Escape closes it.
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "Delete account" }).click();
    await dialog.waitFor();
    await axe();
    await shoot(page, "dialog", false);

    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password").fill(firstPassword); // the old one
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await toast(page, "Account not deleted").waitFor();
    await toast(page, "That password is not correct.").waitFor();

    await dialog.getByLabel("Password").fill(newPassword);
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForURL(`${site}/`);
    await toast(page, "Account deleted").waitFor();
    await page.getByRole("banner").getByRole("link", { name: "Sign In" }).waitFor();
  });

  it("cannot sign in again", async () => {
    await page.goto("/auth");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(newPassword);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("alert").filter({ hasText: "Invalid login credentials" }).waitFor();
    journey.user.assertNoUnexpectedErrors(expectedErrors);
  });
});
