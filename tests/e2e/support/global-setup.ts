import { existsSync } from "node:fs";
import path from "node:path";
import { findChromium } from "./chromium";

export default function setup() {
  findChromium(); // fail early, with the install hint, before any test starts
  const entry = path.resolve("dist/server/main.js");
  if (!existsSync(entry)) {
    throw new Error("The browser tests run the built app: run `npm run build` first.");
  }
}
