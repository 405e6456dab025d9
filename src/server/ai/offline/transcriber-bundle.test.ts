import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { rootDir } from "@/server/paths";
import { fixturesDir } from "@tests/support/audio-fixtures";
import { REQUIRED_QUESTIONS } from "@tests/data/transcriber-test-questions";

/**
 * The server runs from an esbuild bundle (scripts/build.mjs), where the worker thread's code is
 * a second entry point beside main.js. This bundles the transcriber the same way and runs it in
 * a plain Node process, so a worker that cannot be found or loaded from dist fails here.
 */
describe("offline transcriber from an esbuild bundle", () => {
  const outdir = mkdtempSync(path.join(rootDir, "node_modules", ".cache-transcriber-bundle-"));
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it("finds its worker beside the bundle and transcribes", { timeout: 120_000 }, async () => {
    await build({
      entryPoints: [
        { in: path.join(rootDir, "src/server/ai/offline/transcriber.ts"), out: "main" },
        {
          in: path.join(rootDir, "src/server/ai/offline/transcribe-worker.ts"),
          out: "transcribe-worker",
        },
      ],
      outdir,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      tsconfig: path.join(rootDir, "tsconfig.json"),
      logLevel: "error",
    });
    const script = `
      import { readFileSync } from "node:fs";
      const { createOfflineTranscriber } = await import(${JSON.stringify(pathToFileURL(path.join(outdir, "main.js")).href)});
      const questions = JSON.parse(process.env.QUESTIONS).map((question, i) => ({ id: String(i), question }));
      const transcriber = createOfflineTranscriber({ questions });
      const bytes = readFileSync(${JSON.stringify(path.join(fixturesDir, "why-work-here.awb.webm"))});
      const transcript = await transcriber.transcribe({ bytes, mimeType: "audio/webm" });
      await transcriber.close();
      console.log(JSON.stringify(transcript));
    `;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--input-type=module", "-e", script],
      { cwd: rootDir, env: { ...process.env, QUESTIONS: JSON.stringify(REQUIRED_QUESTIONS) } },
    );
    expect(JSON.parse(stdout.trim())).toMatchObject({
      text: "Why do you want to work here?",
      source: "offline",
      uncertain: false,
    });
  });
});
