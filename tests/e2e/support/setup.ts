import { afterAll, afterEach } from "vitest";
import { takeSecurityPolicyViolations } from "./csp";

/**
 * Runs before every browser test file: a test whose pages raised a Content-Security-Policy
 * violation fails, and so does the file when one comes from its before/after hooks.
 */
function assertNoViolations() {
  const violations = takeSecurityPolicyViolations();
  if (violations.length > 0) {
    throw new Error(`Content-Security-Policy violations:\n${violations.join("\n")}`);
  }
}

afterEach(assertNoViolations);
afterAll(assertNoViolations);
