import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { findChromium } from "./chromium";
import { watchSecurityPolicies } from "./csp";

/** The system Chromium; every page it opens is watched for CSP violations (./csp.ts). */
export async function launchBrowser(args: string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: findChromium(),
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      ...args,
    ],
  });
  watchSecurityPolicies(browser);
  return browser;
}

export type WatchedPage = {
  page: Page;
  context: BrowserContext;
  /**
   * console.error messages and uncaught errors seen so far, and console.log and console.debug
   * lines: the page has nothing to say in a user's console but a deliberate notice (console.info).
   */
  errors: string[];
  /** Fails the test on any console error or chatter that matches none of `expected`. */
  assertNoUnexpectedErrors(expected?: RegExp[]): void;
};

/** A fresh context and page that records every console error, page error and debug line. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  options: Parameters<Browser["newContext"]>[0] = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({ baseURL, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
    if (message.type() === "log" || message.type() === "debug") {
      errors.push(`console.${message.type()}: ${message.text()}`);
    }
  });
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  return {
    page,
    context,
    errors,
    assertNoUnexpectedErrors(expected = []) {
      const unexpected = errors.filter((e) => !expected.some((pattern) => pattern.test(e)));
      if (unexpected.length > 0) {
        throw new Error(`Unexpected console errors:\n${unexpected.join("\n")}`);
      }
    },
  };
}
