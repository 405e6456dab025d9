import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolationsAtWidths } from "./support/axe";
import { openPage } from "./support/browser";
import { toast } from "./support/practice";
import { useJourney } from "./support/journey";

/** Failed sign-ins are 400 responses, which Chromium logs as console errors; those are expected. */
const expectedErrors = [/status of 400/];

describe("accounts in the browser", () => {
  const journey = useJourney();

  const email = `e2e-${Date.now()}@example.com`;
  const password = "a sturdy passphrase";
  let page: Page;

  const openAuth = async () => {
    await page.goto("/auth");
    await page.getByRole("heading", { name: "Get Started" }).waitFor();
  };

  beforeAll(() => {
    ({ page } = journey);
  });
  afterAll(() => journey.user.assertNoUnexpectedErrors(expectedErrors));

  it("shows the sign-in tab first, with labelled fields and a way home", async () => {
    await openAuth();
    expect(await page.getByRole("tab", { name: "Sign In" }).getAttribute("aria-selected")).toBe(
      "true",
    );
    expect(await page.getByLabel("Email").getAttribute("autocomplete")).toBe("email");
    expect(await page.getByLabel("Password").getAttribute("autocomplete")).toBe("current-password");
    await page.getByRole("link", { name: "Back to Home" }).waitFor();
    await page.goto("/auth?tab=sign-up");
    await page.getByLabel("Full Name").waitFor();
    expect(await page.getByLabel("Full Name").getAttribute("autocomplete")).toBe("name");
    expect(await page.getByLabel("Password").getAttribute("autocomplete")).toBe("new-password");
  });

  it("checks the sign-up form before sending it, focusing the first problem", async () => {
    await openAuth();
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await page.getByLabel("Full Name").fill("Ada Lovelace");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("12345");
    const requests: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.getByText("Password should be at least 8 characters.").waitFor();
    expect(await page.getByLabel("Password").getAttribute("aria-invalid")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe(
      "password",
    );
    expect(requests.filter((url) => url.includes("/auth/v1/signup"))).toEqual([]);

    // A common password: the hint says why while typing, and the form is not sent.
    await page.getByLabel("Password").fill("password1");
    await page.getByText("This is a commonly used password.").waitFor();
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.locator('input[name="password"][aria-invalid="true"]').waitFor();
    expect(requests.filter((url) => url.includes("/auth/v1/signup"))).toEqual([]);
  });

  it("signs up, toasts, and lands on the home page signed in", async () => {
    await openAuth();
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await page.getByLabel("Full Name").fill("Ada Lovelace");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await toast(page, "Account created successfully!").waitFor();
    await page.waitForURL(`${journey.server.url}/`);
    await page.getByText(email).first().waitFor();
  });

  it("keeps the session across a reload, and sends a signed-in visitor from /auth to /", async () => {
    await page.reload();
    await page.getByText(email).first().waitFor();
    await page.goto("/auth");
    await page.waitForURL(`${journey.server.url}/`);
  });

  it("signs out", async () => {
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.getByRole("link", { name: "Sign In" }).first().waitFor();
    // The saved session is removed too (the header may update before supabase-js finishes).
    await page.waitForFunction(
      () => !Object.keys(localStorage).some((key) => key.endsWith("-auth-token")),
      undefined,
      { timeout: 5000 },
    );
  });

  it("shows the server's message in a banner and a toast on a wrong password", async () => {
    await openAuth();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign In" }).click();
    const banner = page.getByRole("alert").filter({ hasText: "Invalid login credentials" });
    await banner.waitFor();
    await toast(page, "Login failed").waitFor();
    expect(page.url()).toBe(`${journey.server.url}/auth`);
  });

  it("signs in with the keyboard alone and lands on the home page", async () => {
    await openAuth();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByLabel("Password").press("Enter");
    await toast(page, "Welcome back!").waitFor();
    await page.waitForURL(`${journey.server.url}/`);
    await page.getByText(email).first().waitFor();
  });
});

describe("sign-up with AUTH_CONFIRM_EMAIL", () => {
  const journey = useJourney({ env: { AUTH_CONFIRM_EMAIL: "true" } });

  it("confirms through the emailed link (PKCE, in the same browser) and lands signed in", async () => {
    const watched = await openPage(journey.browser, journey.server.url, {
      viewport: { width: 1280, height: 900 },
    });
    const page = watched.page;
    const email = `confirm-${Date.now()}@example.com`;
    await page.goto("/auth");
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await page.getByLabel("Full Name").fill("Grace Hopper");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("a sturdy passphrase");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.getByText(email).first().waitFor();

    await page.goto("/outbox");
    await page.getByRole("link", { name: "Confirm your email for Interview Coach" }).click();
    await page.getByRole("link", { name: "Open the link" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("banner").getByText(email).waitFor();
    await toast(page, "Account created successfully!").waitFor();
    expect(page.url()).not.toContain("code=");
    watched.assertNoUnexpectedErrors(expectedErrors);
    await watched.context.close();
  });

  it("asks for a new mail from a sign-in before confirming; a link opened elsewhere confirms and asks to sign in; a used one says so", async () => {
    const watched = await openPage(journey.browser, journey.server.url, {
      viewport: { width: 1280, height: 900 },
    });
    const page = watched.page;
    const email = `elsewhere-${Date.now()}@example.com`;
    const password = "a sturdy passphrase";
    await page.goto("/auth?tab=sign-up");
    await page.getByLabel("Full Name").fill("Grace Hopper");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();

    // Back the next day, the first mail lost: signing in leads to the code and a new mail.
    await page.goto("/auth");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByText(`${email} is not confirmed yet`).waitFor();
    await page.getByRole("button", { name: "Send the email again" }).click();
    await page.getByText("Sent again. Use the newest email").waitFor();

    // The mails, newest first, read in another browser (no verifier there).
    const elsewhere = await openPage(journey.browser, journey.server.url, {
      viewport: { width: 390, height: 844 },
    });
    const mails = async () => {
      await elsewhere.page.goto("/outbox");
      const links = elsewhere.page
        .getByRole("listitem")
        .filter({ hasText: email })
        .getByRole("link", { name: "Confirm your email for Interview Coach" });
      expect(await links.count()).toBe(2);
      return links;
    };
    const openLink = async (index: number) => {
      await (await mails()).nth(index).click();
      await elsewhere.page.getByRole("link", { name: "Open the link" }).click();
    };
    await openLink(1); // the first mail: replaced by the second
    await elsewhere.page.waitForURL((url) => url.pathname === "/auth");
    await toast(elsewhere.page, "This link has expired or was already used").waitFor();

    await openLink(0);
    await elsewhere.page.waitForURL((url) => url.pathname === "/auth" && url.search === "");
    await toast(elsewhere.page, "Your email is confirmed").waitFor();
    await elsewhere.page.getByLabel("Email").fill(email);
    await elsewhere.page.getByLabel("Password").fill(password);
    await elsewhere.page.getByRole("button", { name: "Sign In" }).click();
    await elsewhere.page.waitForURL((url) => url.pathname === "/");
    await elsewhere.page.getByRole("banner").getByText(email).waitFor();

    elsewhere.assertNoUnexpectedErrors([...expectedErrors, /status of 403/]);
    watched.assertNoUnexpectedErrors([...expectedErrors]);
    await elsewhere.context.close();
    await watched.context.close();
  });

  it("confirms with the emailed code typed into the page, on a phone, with a long address", async () => {
    const watched = await openPage(journey.browser, journey.server.url, {
      viewport: { width: 375, height: 812 },
    });
    const page = watched.page;
    const email = `maximiliana.featherstonehaugh.worthington-${Date.now()}@example-longdomain.com`;
    await page.goto("/auth?tab=sign-up");
    await page.getByLabel("Full Name").fill("Maximiliana Worthington");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("a sturdy passphrase");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();
    expect(await page.getByRole("status").textContent()).toContain(email);
    // The address wraps inside the card: the page does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    expect(await axeViolationsAtWidths(page)).toEqual([]);

    // The code is read in the mail, as on another device, and typed here.
    const mail = await watched.context.newPage();
    await mail.goto("/outbox");
    await mail
      .getByRole("link", { name: "Confirm your email for Interview Coach" })
      .first()
      .click();
    await mail.getByText(email).first().waitFor();
    const code = /Or enter this code:\s*(\d{6})/.exec(await mail.locator("body").innerText())?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await mail.close();

    const field = page.getByLabel("6-digit code");
    await field.fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("That code is wrong or has expired").waitFor();
    await field.fill(code!);
    await field.press("Enter");
    await toast(page, "Account created successfully!").waitFor();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("banner").getByText(email).waitFor();
    watched.assertNoUnexpectedErrors([...expectedErrors, /status of 403/]);
    await watched.context.close();
  });
});
