import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll } from "vitest";
import { installScriptedMicrophone } from "@tests/support/scripted-microphone";
import { launchBrowser, openPage, type WatchedPage } from "./browser";
import { signUpAndSubscribe } from "./practice";
import { startTestServer, type TestServer } from "./server";

/**
 * The browser tests' one set-up: the built server, the system Chromium (with a fake microphone
 * if asked) and one watched page at 1280 × 900, signed in as a new subscriber if asked. A test
 * file (or a `describe`) calls `useJourney` once instead of writing its own beforeAll/afterAll.
 */
export type Journey = {
  server: TestServer;
  browser: Browser;
  /** The journey's page with the console errors it has seen. */
  user: WatchedPage;
  page: Page;
  /** The subscriber's sign-in, when the journey signed one up. */
  email: string;
  password: string;
};

export type JourneyOptions = {
  /** The server's environment; a function when it depends on an earlier `beforeAll`. */
  env?: Record<string, string> | (() => Record<string, string>);
  /**
   * A fake microphone: Chromium's, playing a WAV file once (`fakeMicrophone`), or the scripted
   * one a test speaks into clip by clip (`tests/support/scripted-microphone.ts`).
   */
  microphone?: { plays: string } | "scripted";
  /**
   * Sign up and subscribe through the test checkout before the tests, ending on the practice
   * tools: the address's first part (`history` → `history-{time}@example.com`), or a whole one.
   */
  subscriber?: string;
  password?: string;
};

/** Chromium flags for a fake microphone that plays `wav` once, and no permission prompt. */
const fakeMicrophone = (wav: string) => [
  "--use-fake-device-for-media-stream",
  "--use-fake-ui-for-media-stream",
  `--use-file-for-fake-audio-capture=${wav}%noloop`,
  "--autoplay-policy=no-user-gesture-required",
];

/** Chromium flags for a microphone the user refuses: a device, but every request is denied. */
export const deniedMicrophone = ["--use-fake-device-for-media-stream"];

/** Server start, a first initdb, Chromium and a sign-up with checkout, on a busy 2-core machine. */
const setupTimeoutMs = 180_000;

/** Registers the journey's beforeAll/afterAll; its fields are there once beforeAll has run. */
export function useJourney(options: JourneyOptions = {}): Journey {
  const journey = {} as Journey;
  beforeAll(async () => {
    const env = typeof options.env === "function" ? options.env() : (options.env ?? {});
    const [server, browser] = await Promise.all([
      startTestServer(env),
      launchBrowser(
        typeof options.microphone === "object" ? fakeMicrophone(options.microphone.plays) : [],
      ),
    ]);
    Object.assign(journey, { server, browser });
    journey.user = await openPage(browser, server.url, { viewport: { width: 1280, height: 900 } });
    journey.page = journey.user.page;
    if (options.microphone === "scripted") await installScriptedMicrophone(journey.page);
    journey.password = options.password ?? "a sturdy passphrase";
    if (options.subscriber !== undefined) {
      journey.email = options.subscriber.includes("@")
        ? options.subscriber
        : `${options.subscriber}-${Date.now()}@example.com`;
      await signUpAndSubscribe(journey.page, server.url, journey.email, journey.password);
    }
  }, setupTimeoutMs);
  // A failure leaves what the page showed, where it was and what its console said: on a busy
  // machine a test can fail where it passed on a quiet one, and this is all there is to read.
  afterEach(async ({ task }) => {
    if (task.result?.state !== "fail" || !journey.page) return;
    const name = `${task.file.name}-${task.name}`.replace(/[^a-z0-9]+/gi, "-").slice(0, 120);
    await journey.page
      .screenshot({ path: `tests/artifacts/failed/${name}.png`, fullPage: true })
      .catch(() => {});
    console.error(
      `[${task.name}] failed at ${journey.page.url()}; console errors so far:\n${journey.user.errors.join("\n") || "(none)"}`,
    );
  });
  afterAll(async () => {
    await journey.user?.context.close();
    await journey.browser?.close();
    await journey.server?.stop();
  });
  return journey;
}
