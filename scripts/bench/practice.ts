// npm run bench:practice — how fast the sample answer reaches the reader. Runs the built server
// against the local fake OpenAI server (fixed delay per token) and measures, in real Chromium,
// the time from pressing "Generate AI Answer" to the first answer text on screen and to the
// whole answer; and over HTTP, streamed vs JSON. Target: first text within 300 ms of the
// engine's first token. Run `npm run build` first.
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { startFakeOpenAI } from "@tests/support/fake-openai";
import { launchBrowser } from "../../tests/e2e/support/browser";

const runs = Number(process.env.BENCH_RUNS ?? 5);
const tokenDelayMs = Number(process.env.BENCH_TOKEN_DELAY_MS ?? 25);
const answer = Array.from(
  { length: 20 },
  (_, i) => `Sentence ${i + 1} of the sample answer, in a natural spoken style.`,
).join(" "); // ~200 words, like a real answer

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (xs: number[]) =>
  `median ${median(xs).toFixed(0)} ms (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)})`;

async function main() {
  const fake = await startFakeOpenAI({ answer, tokenDelayMs });
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "ic-bench-practice-"));
  const server = spawn(process.execPath, [path.resolve("dist/server/main.js")], {
    env: {
      ...process.env,
      PORT: String(port),
      SITE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      AI_BASE_URL: fake.baseURL,
      RATE_LIMIT_ANSWER_PER_MINUTE: "10000",
    },
    stdio: "ignore",
  });
  const browser = await launchBrowser();
  try {
    for (let i = 0; ; i++) {
      if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
      try {
        if ((await fetch(`${url}/health`)).ok) break;
      } catch {
        // not yet listening
      }
      if (i > 600) throw new Error("server did not start");
      await new Promise((r) => setTimeout(r, 50));
    }

    // A subscriber, made through the real endpoints.
    const email = `bench-${Date.now()}@example.com`;
    const password = "bench passphrase";
    const signup = await fetch(`${url}/auth/v1/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    const session = (await signup.json()) as { access_token: string };
    const auth = { authorization: `Bearer ${session.access_token}` };
    const checkout = (await (
      await fetch(`${url}/functions/v1/create-checkout`, { method: "POST", headers: auth })
    ).json()) as { url: string };
    const year = (new Date().getFullYear() + 3) % 100;
    await fetch(new URL(new URL(checkout.url).pathname, url), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ number: "4242424242424242", expiry: `12/${year}`, cvc: "123" }),
      redirect: "manual",
    });

    // Over HTTP: streamed (first delta, last byte) vs one JSON answer.
    const question = "Tell me about a time you led a team through a difficult deadline.";
    const streamFirst: number[] = [];
    const streamAll: number[] = [];
    const json: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const res = await fetch(`${url}/functions/v1/generate-interview-answer`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({ question, stream: true }),
      });
      const reader = res.body!.getReader();
      let first = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (!first && new TextDecoder().decode(value).includes('"delta"')) {
          first = performance.now() - started;
        }
      }
      streamFirst.push(first);
      streamAll.push(performance.now() - started);
      const t = performance.now();
      await (
        await fetch(`${url}/functions/v1/generate-interview-answer`, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify({ question }),
        })
      ).json();
      json.push(performance.now() - t);
    }

    // In the browser: press Generate, watch the answer card.
    const context = await browser.newContext({ baseURL: url });
    const page = await context.newPage();
    await page.goto("/auth");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${url}/`);
    await page.goto("/practice");
    await page.getByLabel("Interview question").fill(question);
    const uiFirst: number[] = [];
    const uiAll: number[] = [];
    for (let i = 0; i < runs; i++) {
      const timing = await page.evaluate(
        (expected) =>
          new Promise<{ first: number; all: number }>((resolve) => {
            const button = [...document.querySelectorAll("button")].find(
              (b) => b.textContent?.trim() === "Generate AI Answer",
            )!;
            let first = 0;
            const started = performance.now();
            const observer = new MutationObserver(() => {
              const text = document.querySelector("[data-testid=answer-text]")?.textContent ?? "";
              if (!first && text.trim()) first = performance.now() - started;
              if (text.trim() === expected) {
                observer.disconnect();
                resolve({ first, all: performance.now() - started });
              }
            });
            observer.observe(document.body, {
              subtree: true,
              childList: true,
              characterData: true,
            });
            button.click();
          }),
        answer,
      );
      uiFirst.push(timing.first);
      uiAll.push(timing.all);
      await page.getByRole("button", { name: "Generate AI Answer" }).waitFor();
    }
    await context.close();

    const tokens = answer.match(/\S+\s*/g)!.length;
    console.info(
      `practice answer: ${tokens} tokens, engine writes one every ${tokenDelayMs} ms ` +
        `(first token at ~${tokenDelayMs} ms, last at ~${tokens * tokenDelayMs} ms); ${runs} runs`,
    );
    console.info(`  HTTP streamed, first words:  ${fmt(streamFirst)}`);
    console.info(`  HTTP streamed, whole answer: ${fmt(streamAll)}`);
    console.info(`  HTTP JSON, whole answer:     ${fmt(json)}`);
    console.info(`  browser, first text shown:   ${fmt(uiFirst)}`);
    console.info(`  browser, whole answer shown: ${fmt(uiAll)}`);
    const overhead = median(uiFirst) - tokenDelayMs;
    console.info(
      `  first text ${overhead.toFixed(0)} ms after the engine's first token ` +
        `(target ≤ 300 ms): ${overhead <= 300 ? "met" : "NOT met"}`,
    );
  } finally {
    await browser.close();
    const exited = new Promise((r) => server.once("exit", r));
    server.kill("SIGTERM");
    await exited;
    await fake.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
