import { existsSync } from "node:fs";
import path from "node:path";

/** The fault suite runs the built server as its own process (`npm run test:faults` builds it). */
export default function setup() {
  if (!existsSync(path.resolve("dist/server/main.js"))) {
    throw new Error("The fault suite runs the built server: run `npm run build` first.");
  }
}
