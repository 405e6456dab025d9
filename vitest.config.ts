import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = {
  "@": fileURLToPath(new URL("./src", import.meta.url)),
  "@tests": fileURLToPath(new URL("./tests", import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/global-setup.ts"],
          // A test's first spoken answer loads the offline recogniser, which on a slow 2-core
          // machine with the other file running takes most of 30 s: a deadline, not a benchmark.
          testTimeout: 90_000,
          hookTimeout: 90_000,
          // Vitest's default is one fewer than the cores: one file at a time on a 2-core machine,
          // where many files wait on timers, sockets and the database. Two: 578 s → 400 s.
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/support/global-setup.ts"],
          // Fails any browser test whose pages raised a CSP violation (decision 0068).
          setupFiles: ["tests/e2e/support/setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file starts its own server and browser; two at a time suits a 2-core machine.
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "faults",
          include: ["tests/faults/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/faults/support/global-setup.ts"],
          testTimeout: 180_000,
          hookTimeout: 120_000,
          // Crashes, outages and timings: one file at a time, so they do not disturb each other.
          maxWorkers: 1,
        },
      },
    ],
  },
});
