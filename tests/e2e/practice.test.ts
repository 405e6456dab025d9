import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fixturesDir } from "@tests/support/audio-fixtures";
import { startFakeOpenAI, type FakeOpenAI } from "@tests/support/fake-openai";
import { axeViolationsAtWidths } from "./support/axe";
import { launchBrowser, openPage, type WatchedPage } from "./support/browser";
import { signUpAndSubscribe, toast } from "./support/practice";
import { deniedMicrophone, useJourney } from "./support/journey";

/**
 * The practice flow in real Chromium: a fake microphone plays a recorded question, the server
 * (built, as `npm start` runs it) talks to a local OpenAI-compatible fake for transcripts and
 * streamed answers.
 */
const questionWav = path.join(fixturesDir, "tell-me-about-yourself.slt.wav");
/** Failed calls show up as console errors for the response status; those are expected. */
const expectedErrors = [/status of 4\d\d/, /status of 5\d\d/];

const email = `practice-${Date.now()}@example.com`;
const password = "a sturdy passphrase";

let fake: FakeOpenAI;

beforeAll(async () => {
  fake = await startFakeOpenAI({ tokenDelayMs: 40 });
});
afterAll(() => fake?.close());
const journey = useJourney({
  env: () => ({ AI_BASE_URL: fake.baseURL }),
  microphone: { plays: questionWav },
  subscriber: email,
  password,
});
// Each test opens its own practice page in the subscriber's context.
beforeAll(() => journey.page.close());
beforeEach(() => fake.reset());

/** Keeps every microphone stream the page opens, so a test can see that it was released. */
function watchMicrophones() {
  const streams: MediaStream[] = [];
  (window as unknown as { __streams: MediaStream[] }).__streams = streams;
  const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = async (constraints) => {
    const stream = await original(constraints);
    streams.push(stream);
    return stream;
  };
}

async function openPractice(target: BrowserContext = journey.user.context): Promise<WatchedPage> {
  const page = await target.newPage();
  await page.addInitScript(watchMicrophones);
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(`uncaught: ${e.message}`));
  await page.goto("/practice");
  await page
    .getByRole("heading", { name: "Record Interview Question" })
    .waitFor({ timeout: 20_000 });
  return {
    page,
    context: target,
    errors,
    assertNoUnexpectedErrors(expected = expectedErrors) {
      const unexpected = errors.filter((e) => !expected.some((p) => p.test(e)));
      if (unexpected.length)
        throw new Error(`Unexpected console errors:\n${unexpected.join("\n")}`);
    },
  };
}

async function recordQuestion(page: Page, seconds = 2) {
  await page.getByRole("button", { name: "Start Recording" }).click();
  await toast(page, "Recording started").waitFor();
  await page.getByRole("timer").waitFor();
  await page.waitForTimeout(seconds * 1000);
  await page.getByRole("button", { name: "Stop Recording" }).click();
  await toast(page, "Recording stopped").waitFor();
}

describe("practice flow", () => {
  it("records, plays back, transcribes and streams the answer into the card", async () => {
    const { page, assertNoUnexpectedErrors } = await openPractice();
    await recordQuestion(page);

    // Playback of what was recorded; the microphone is released.
    const audio = page.locator("audio[controls]");
    await audio.waitFor();
    expect(await audio.getAttribute("src")).toMatch(/^blob:/);
    expect(
      await page.evaluate(() => document.querySelector("[data-testid=level-meter]")),
    ).toBeNull();
    const tracks = await page.evaluate(() =>
      (window as unknown as { __streams: MediaStream[] }).__streams.flatMap((stream) =>
        stream.getTracks().map((track) => track.readyState),
      ),
    );
    expect(tracks).toEqual(["ended"]);

    // Transcribed as soon as the recording stopped; the button is there for a retry.
    await toast(page, "Audio transcribed").waitFor();
    await page.getByRole("button", { name: "Transcribe again" }).waitFor();
    const question = page.getByLabel("Interview question");
    expect(await question.inputValue()).toBe(fake.transcript);
    await page.getByText("Transcribed by").waitFor();
    // What the server passed on is the real Chromium recording: WebM, checked and accepted.
    const upload = fake.requests.find((r) => r.route === "transcriptions")!;
    expect(upload.body.file).toMatchObject({ name: "recording.webm", head: "1a45dfa3" });
    expect((upload.body.file as { size: number }).size).toBeGreaterThan(1000);

    await page.getByRole("button", { name: "Generate AI Answer" }).click();
    await page.getByRole("button", { name: "Generating..." }).waitFor();
    // The card fills in while the answer is still being written.
    const answer = page.getByTestId("answer-text");
    await answer.waitFor();
    const partial = (await answer.textContent()) ?? "";
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.length).toBeLessThan(fake.answer.length);
    await toast(page, "Answer generated").waitFor({ timeout: 20_000 });
    expect((await answer.textContent())?.trim()).toBe(fake.answer);
    await page.getByText("Written by").waitFor();
    await page.getByRole("heading", { name: "AI-Generated Answer" }).waitFor();
    expect(await page.getByRole("button", { name: "Generate AI Answer" }).isEnabled()).toBe(true);

    const chat = fake.requests.find((r) => r.route === "chat")!;
    expect(JSON.stringify(chat.body)).toContain(fake.transcript);
    assertNoUnexpectedErrors();
    await page.close();
  });

  it("answers a typed question, and refuses a blank one with a toast", async () => {
    const { page, assertNoUnexpectedErrors } = await openPractice();
    const generate = page.getByRole("button", { name: "Generate AI Answer" });
    expect(await generate.isDisabled()).toBe(true);

    await page.getByLabel("Interview question").fill("   ");
    await generate.click();
    await toast(page, "No question").waitFor();
    await page.getByText("Please record and transcribe a question first").waitFor();
    expect(fake.requests).toHaveLength(0);

    await page.getByLabel("Interview question").fill("Why do you want to work here?");
    await page.getByLabel("Interview question").press("Control+Enter");
    await toast(page, "Answer generated").waitFor({ timeout: 20_000 });
    expect((await page.getByTestId("answer-text").textContent())?.trim()).toBe(fake.answer);
    expect(JSON.stringify(fake.requests[0]!.body)).toContain("Why do you want to work here?");

    // The page with a question and an answer on it, checked by axe at a phone's width too.
    expect(await axeViolationsAtWidths(page)).toEqual([]);
    assertNoUnexpectedErrors();
    await page.close();
  });

  it("shows the server's explanation when no question could be heard", async () => {
    fake.transcript = "";
    const { page, assertNoUnexpectedErrors } = await openPractice();
    await recordQuestion(page, 1);
    await toast(page, "Failed to transcribe audio").waitFor();
    await page.getByText("couldn't make out a question").first().waitFor();
    assertNoUnexpectedErrors();
    await page.close();
  });

  it("says when the answer fails, keeping the question", async () => {
    const failing = { status: 500, headers: { "retry-after-ms": "5" } };
    fake.enqueue("chat", failing, failing, failing);
    const { page, assertNoUnexpectedErrors } = await openPractice();
    await page.getByLabel("Interview question").fill("What is your greatest strength?");
    await page.getByRole("button", { name: "Generate AI Answer" }).click();
    await toast(page, "Failed to generate answer").waitFor();
    expect(await page.getByLabel("Interview question").inputValue()).toBe(
      "What is your greatest strength?",
    );
    assertNoUnexpectedErrors();
    await page.close();
  });

  it("says 'Failed to access microphone' when the microphone is denied", async () => {
    const denying = await launchBrowser(deniedMicrophone);
    try {
      const other = await denying.newContext({ baseURL: journey.server.url });
      const page = await other.newPage();
      await page.goto("/auth");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL(`${journey.server.url}/`);
      await page.goto("/practice");
      await page
        .getByRole("heading", { name: "Record Interview Question" })
        .waitFor({ timeout: 20_000 });
      await page.getByRole("button", { name: "Start Recording" }).click();
      await toast(page, "Failed to access microphone").waitFor();
      expect(await page.getByRole("button", { name: "Start Recording" }).isEnabled()).toBe(true);
      await other.close();
    } finally {
      await denying.close();
    }
  });
});

describe("practice page without the fake microphone", () => {
  it("keeps the recorder out of the landing page's downloads", async () => {
    const watched = await openPage(journey.browser, journey.server.url);
    const scripts: string[] = [];
    watched.page.on("response", (r) => {
      if (r.request().resourceType() === "script") scripts.push(r.url());
    });
    await watched.page.goto("/");
    await watched.page.waitForLoadState("networkidle");
    const bodies = await Promise.all(
      scripts.map((url) => watched.page.evaluate((u) => fetch(u).then((r) => r.text()), url)),
    );
    expect(bodies.some((body) => body.includes("MediaRecorder"))).toBe(false);
    await watched.context.close();
  });
});

describe("practice on the built-in offline engines (no AI configured)", () => {
  const offline = useJourney({
    microphone: { plays: path.join(fixturesDir, "why-hire-you.slt.wav") },
  });

  it(
    "transcribes the spoken question and writes a library answer",
    { timeout: 180_000 },
    async () => {
      const own = await offline.browser.newContext({ baseURL: offline.server.url });
      const page = await own.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await signUpAndSubscribe(page, offline.server.url, `offline-${Date.now()}@example.com`);
      await recordQuestion(page, 4);
      // The first question heard loads the recogniser (about 8 s on a quiet core, far more on a
      // loaded CI machine).
      await toast(page, "Audio transcribed").waitFor({ timeout: 90_000 });
      expect((await page.getByLabel("Interview question").inputValue()).toLowerCase()).toContain(
        "why should we hire you",
      );
      await page
        .getByText("Transcribed by the built-in offline recogniser", { exact: true })
        .waitFor();
      await page
        .getByText("Speech recognition: the built-in offline recogniser.", { exact: false })
        .waitFor();
      await page.getByRole("button", { name: "Generate AI Answer" }).click();
      await toast(page, "Answer generated").waitFor({ timeout: 30_000 });
      await page.getByText("From our interview library · offline").waitFor();
      expect(((await page.getByTestId("answer-text").textContent()) ?? "").length).toBeGreaterThan(
        200,
      );
      expect(errors).toEqual([]);
      await own.close();
    },
  );
});
