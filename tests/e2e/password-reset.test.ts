import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { axeViolationsAtWidths } from "./support/axe";
import { toast } from "./support/practice";
import { useJourney } from "./support/journey";

/**
 * Forgot password on a fresh server as `npm start` runs it on a laptop: no SMTP, so the mail
 * lands in the built-in outbox, read in the same browser; the link signs in through
 * supabase-js's PASSWORD_RECOVERY and the new password replaces the old one.
 */
describe("forgot password through the outbox", () => {
  const journey = useJourney();
  let page: Page;
  const email = `reset-${Date.now()}@example.com`;
  const oldPassword = "the old passphrase";
  const newPassword = "a fresh passphrase";

  beforeAll(async () => {
    ({ page } = journey);
    const res = await fetch(`${journey.server.url}/auth/v1/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: oldPassword, data: { full_name: "Ada" } }),
    });
    expect(res.status).toBe(200);
  });

  it("asks for the address and says the same 'Check your email' for any", async () => {
    await page.goto("/auth");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByRole("heading", { name: "Reset your password" }).waitFor();
    expect(await axeViolationsAtWidths(page)).toEqual([]);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();
    expect(await page.getByRole("status").textContent()).toContain(email);
    expect(await page.getByLabel("6-digit code").getAttribute("autocomplete")).toBe(
      "one-time-code",
    );
    expect(await axeViolationsAtWidths(page)).toEqual([]);
  });

  it("follows the link from the outbox to 'Set a new password', then signs in with it", async () => {
    await page.goto("/outbox");
    await page.getByRole("heading", { name: "Outbox" }).waitFor();
    expect(await axeViolationsAtWidths(page)).toEqual([]);
    await page.getByRole("link", { name: "Reset your Interview Coach password" }).first().click();
    await page.getByText(email).first().waitFor();
    expect(await axeViolationsAtWidths(page)).toEqual([]);
    await page.getByRole("link", { name: "Open the link" }).click();

    await page.waitForURL(/\/reset-password/);
    await page.getByRole("heading", { name: "Set a new password" }).waitFor();
    await page.getByLabel("New password", { exact: true }).waitFor();
    expect(page.url()).not.toContain("access_token"); // supabase-js took it out of the URL
    expect(await axeViolationsAtWidths(page)).toEqual([]);

    await page.getByLabel("Confirm new password").fill("something else");
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.getByText("The passwords do not match.").waitFor();
    await page.getByLabel("Confirm new password").fill(newPassword);
    await page.getByRole("button", { name: "Set new password" }).click();
    await toast(page, "Password updated").waitFor();
    await page.waitForURL(`${journey.server.url}/`);

    const signIn = (password: string) =>
      fetch(`${journey.server.url}/auth/v1/token?grant_type=password`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password }),
      });
    expect((await signIn(newPassword)).status).toBe(200);
    expect((await signIn(oldPassword)).status).toBe(400);
  });

  it("says a used link has expired and offers a new one", async () => {
    await page.goto("/outbox");
    await page.getByRole("link", { name: "Reset your Interview Coach password" }).first().click();
    await page.getByRole("link", { name: "Open the link" }).click();
    await page.getByRole("heading", { name: "This link has expired" }).waitFor();
    await page.getByRole("link", { name: "Send a new reset email" }).waitFor();
    journey.user.assertNoUnexpectedErrors([/status of 4\d\d/]);
  });
});
