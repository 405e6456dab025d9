import type { Browser, Page } from "playwright-core";
import { launchBrowser, openPage, type WatchedPage } from "./browser";
import { startTestServer, type TestServer } from "./server";

/** The built server, Chromium and one watched page at 1280 × 900: a test file's user journey. */
export type Journey = {
  server: TestServer;
  browser: Browser;
  watched: WatchedPage;
  page: Page;
  stop(): Promise<void>;
};

export async function startJourney(env: Record<string, string> = {}): Promise<Journey> {
  const [server, browser] = await Promise.all([startTestServer(env), launchBrowser()]);
  const watched = await openPage(browser, server.url, { viewport: { width: 1280, height: 900 } });
  return {
    server,
    browser,
    watched,
    page: watched.page,
    stop: async () => {
      await watched.context.close();
      await browser.close();
      await server.stop();
    },
  };
}
