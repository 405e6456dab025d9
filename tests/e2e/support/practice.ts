import type { Page } from "playwright-core";

/** A toast, found by its title (any toast without one): the one toast locator of the browser tests. */
export const toast = (page: Page, title?: string) =>
  page.locator("[data-sonner-toast]", title === undefined ? {} : { hasText: title });

/**
 * A new account that subscribes through the built-in test checkout, then goes from the welcome to
 * the practice tools (a question of one's own), as someone whose microphone has passed its check
 * before. `baseUrl` is the server the page's context points at.
 */
export async function signUpAndSubscribe(
  page: Page,
  baseUrl: string,
  email: string,
  password = "a sturdy passphrase",
) {
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await page.getByLabel("Full Name").fill("Pat Practice");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await page.waitForURL(`${baseUrl}/`);
  await page.goto("/practice");
  await page.getByRole("button", { name: "Subscribe for $11/month" }).click();
  await page.waitForURL(/\/billing\/checkout\//);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry").fill(`12 / ${(new Date().getFullYear() + 3) % 100}`);
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Pay $11.00" }).click();
  await page.waitForURL(/\/practice/);
  await page
    .getByRole("heading", { name: "Start with a mock interview" })
    .waitFor({ timeout: 20_000 });
  await page.evaluate(() => localStorage.setItem("interview-coach:microphone-checked", "1"));
  await page.getByRole("main").getByRole("link", { name: "Your own question" }).click();
  await page
    .getByRole("heading", { name: "Record Interview Question" })
    .waitFor({ timeout: 20_000 });
}

/**
 * A server function called from the signed-in page, with its access token, as the page's own
 * calls are made: for what a test sets up quickly or checks the server refuses.
 */
export function callFromPage(page: Page, name: string, body: unknown) {
  return page.evaluate(
    async ([name, body]) => {
      const key = Object.keys(localStorage).find((k) => k.endsWith("-auth-token"))!;
      const { access_token: token } = JSON.parse(localStorage.getItem(key)!) as {
        access_token: string;
      };
      const res = await fetch(`/functions/v1/${name}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as unknown };
    },
    [name, body] as const,
  );
}
