import { existsSync } from "node:fs";

/** The system Chromium: `CHROME_PATH`, or Debian's /usr/bin/chromium. Never a downloaded one. */
export function findChromium(): string {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  const found = candidates.find((p): p is string => Boolean(p) && existsSync(p!));
  if (!found) {
    throw new Error(
      "No Chromium found for the browser tests. Install one with `apt-get install -y chromium` " +
        "(Debian/Ubuntu) or point CHROME_PATH at a Chromium or Chrome binary.",
    );
  }
  return found;
}
