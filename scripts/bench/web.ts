// npm run bench:web — what the landing page costs a visitor on a slow phone.
//
// Builds the production bundle (skip with BENCH_SKIP_BUILD=1), serves it from our own server
// (dist/server/main.js on a free port, temporary DATA_DIR), then reports:
//   - the JS and CSS `/` needs before it renders and runs (the HTML's scripts, stylesheets and
//     modulepreloads plus their static imports), raw and gzipped, against the 100 KB budget;
//   - Lighthouse scores (performance, accessibility, best practices, SEO) with Lighthouse's
//     default mobile emulation (Moto G Power, simulated slow 4G, 4x CPU slowdown), median of
//     BENCH_RUNS runs (default 3), using the system Chromium (CHROME_PATH or /usr/bin/chromium).
// Figures taken while other work loads the machine are noisy: performance most of all.
import { spawn, spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { findChromium } from "../../tests/e2e/support/chromium";
import { firstLoadAssets } from "./first-load";

const runs = Number(process.env.BENCH_RUNS ?? 3);
const budgetGzipBytes = 100 * 1024;
const categories = ["performance", "accessibility", "best-practices", "seo"] as const;
const pages = (process.env.BENCH_PAGES ?? "/").split(",");

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "ic-bench-web-"));
  const child = spawn(process.execPath, ["dist/server/main.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
    stdio: "ignore",
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("server did not become healthy");
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin,
    async stop() {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function reportFirstLoad(origin: string, pagePath: string) {
  const assets = await firstLoadAssets(origin, pagePath);
  console.info(`\nFirst load of ${pagePath} (before it renders and runs):`);
  for (const asset of assets) {
    console.info(
      `  ${asset.path.padEnd(40)} ${kb(asset.bytes).padStart(10)} ${kb(asset.gzipBytes).padStart(10)} gz`,
    );
  }
  const sum = (kind: "js" | "css", key: "bytes" | "gzipBytes") =>
    assets.filter((a) => a.kind === kind).reduce((total, a) => total + a[key], 0);
  const jsGzip = sum("js", "gzipBytes");
  console.info(
    `  JS  total ${kb(sum("js", "bytes"))}, ${kb(jsGzip)} gzipped (budget ${kb(budgetGzipBytes)}: ${jsGzip <= budgetGzipBytes ? "within" : "OVER"})`,
  );
  console.info(`  CSS total ${kb(sum("css", "bytes"))}, ${kb(sum("css", "gzipBytes"))} gzipped`);
  return { jsGzip, cssGzip: sum("css", "gzipBytes") };
}

async function lighthouseScores(url: string) {
  const chrome = await chromeLauncher.launch({
    chromePath: findChromium(),
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  try {
    const scores: Record<string, number[]> = {};
    const metrics: Record<string, number[]> = {};
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...categories],
      });
      if (!result) throw new Error("Lighthouse returned no result");
      const { lhr } = result;
      for (const category of categories) {
        (scores[category] ??= []).push(Math.round((lhr.categories[category]?.score ?? 0) * 100));
      }
      for (const audit of [
        "first-contentful-paint",
        "largest-contentful-paint",
        "total-blocking-time",
        "cumulative-layout-shift",
        "speed-index",
      ]) {
        (metrics[audit] ??= []).push(lhr.audits[audit]?.numericValue ?? NaN);
      }
      const failing = Object.values(lhr.audits).filter(
        (audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary",
      );
      if (i === 0 && failing.length > 0) {
        console.info(`  failing audits: ${failing.map((a) => a.id).join(", ")}`);
      }
    }
    return { scores, metrics };
  } finally {
    chrome.kill();
  }
}

if (!process.env.BENCH_SKIP_BUILD) {
  console.info("Building the production bundle…");
  const build = spawnSync(process.execPath, ["scripts/build.mjs"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = await startServer();
try {
  console.info(
    `Load average: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} on ${os.cpus().length} cores`,
  );
  for (const pagePath of pages) await reportFirstLoad(server.origin, pagePath);
  for (const pagePath of pages) {
    console.info(`\nLighthouse ${pagePath} (mobile emulation, median of ${runs}):`);
    const { scores, metrics } = await lighthouseScores(`${server.origin}${pagePath}`);
    for (const category of categories) {
      console.info(
        `  ${category.padEnd(16)} ${median(scores[category]!)}   (runs: ${scores[category]!.join(", ")})`,
      );
    }
    const ms = (name: string) => `${Math.round(median(metrics[name]!))} ms`;
    console.info(
      `  FCP ${ms("first-contentful-paint")}, LCP ${ms("largest-contentful-paint")}, ` +
        `TBT ${ms("total-blocking-time")}, Speed Index ${ms("speed-index")}, ` +
        `CLS ${median(metrics["cumulative-layout-shift"]!).toFixed(3)}`,
    );
  }
} finally {
  await server.stop();
}
