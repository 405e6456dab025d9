import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailingTestApp } from "@tests/support/mailing-test-app";
import type { SmtpSink } from "@tests/support/smtp-sink";
import { authRequest } from "@tests/support/supabase-test-client";
import type { TestApp } from "@tests/support/test-app";
import { createTestUser } from "@tests/support/test-users";
import { FAILED_CODES_PER_ADDRESS_PER_DAY } from "./auth-limits";
import { MAX_CODE_ATTEMPTS } from "./one-time-tokens";

/**
 * 6-digit codes cannot be guessed slowly by asking for a new one every few guesses
 * (docs/decisions/0081): wrong codes count per address per day, across every code sent to it.
 */
let smtp: SmtpSink;
let t: TestApp;

let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ smtp, t, close } = await startMailingTestApp());
});
afterAll(() => close?.());

async function freshCode(email: string) {
  expect((await authRequest(t, "/recover", { body: { email } })).status).toBe(200);
  return (await smtp.next(email)).code;
}

const guess = (email: string, token: string) =>
  authRequest(t, "/verify", { body: { type: "recovery", email, token } });

describe("recovery codes", () => {
  it("stop answering for the day once an address has had too many wrong codes", async () => {
    const user = await createTestUser(t);
    let wrong = 0;
    while (wrong < FAILED_CODES_PER_ADDRESS_PER_DAY) {
      const code = await freshCode(user.email);
      for (let i = 0; i < MAX_CODE_ATTEMPTS - 1 && wrong < FAILED_CODES_PER_ADDRESS_PER_DAY; i++) {
        const wrongCode = String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0");
        expect((await guess(user.email, wrongCode)).status).toBe(403);
        wrong++;
      }
    }
    // A new code, even the right one, waits until tomorrow.
    const code = await freshCode(user.email);
    const res = await guess(user.email, code);
    expect(res.status).toBe(429);
    expect(((await res.json()) as { code: string }).code).toBe("over_request_rate_limit");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
