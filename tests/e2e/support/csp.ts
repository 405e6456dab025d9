import type { Browser, BrowserContext } from "playwright-core";

/**
 * Content-Security-Policy violations (and header problems Chromium reports, such as a
 * Permissions-Policy it cannot parse) seen by any page of this test file's browsers, until
 * `takeSecurityPolicyViolations()` hands them over. The e2e setup file checks after every test
 * that there were none (decision 0068).
 */
const seen: string[] = [];

/** Chromium's console lines for a blocked load or inline code, and for a header it rejects. */
const consolePattern = /Content Security Policy|Permissions-Policy|Refused to/;

/** In the page, before any of its own scripts: every `securitypolicyviolation`, reported back. */
function listenForViolations() {
  document.addEventListener("securitypolicyviolation", (event) => {
    const report = (window as unknown as { __reportCspViolation?: (text: string) => void })
      .__reportCspViolation;
    report?.(
      `${event.effectiveDirective} blocked ${event.blockedURI || "inline code"} on ` +
        `${event.documentURI} (${event.sourceFile || "document"}:${event.lineNumber}) ` +
        `${event.sample}`.trim(),
    );
  });
}

async function watch(context: BrowserContext) {
  await context.exposeBinding("__reportCspViolation", (_source, text: string) => {
    seen.push(`securitypolicyviolation: ${text}`);
  });
  await context.addInitScript(listenForViolations);
  // Also without JavaScript (no init script runs then): Chromium logs each violation.
  context.on("console", (message) => {
    if (message.type() === "error" && consolePattern.test(message.text())) {
      seen.push(`console: ${message.text()}`);
    }
  });
}

/**
 * Every context `browser` creates from now on — `browser.newPage()` included, which goes
 * through `newContext` — is watched, so no browser test can leave a violation unnoticed.
 */
export function watchSecurityPolicies(browser: Browser): void {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await watch(context);
    return context;
  };
}

/** The violations seen since the last call, forgotten once returned. */
export function takeSecurityPolicyViolations(): string[] {
  return seen.splice(0, seen.length);
}
