import { describe, expect, it } from "vitest";
import { z } from "zod";
import { errorCodes, errorEnvelopeSchema } from "@/shared/errors";
import { AuthErrorCode, authStatusOf } from "@/server/auth/errors";
import { ApiError, errorBody, payloadTooLarge, statusOf, validationFailed } from "./errors";

describe("the error map", () => {
  it("gives every code a client or server error status", () => {
    for (const code of errorCodes) {
      expect(statusOf(code)).toBeGreaterThanOrEqual(400);
      expect(new ApiError(code, "x").status).toBe(statusOf(code));
    }
    for (const code of Object.values(AuthErrorCode)) {
      // supabase-js retries 5xx and ignores their body: only our own failures are one.
      const ours: string[] = [AuthErrorCode.UnexpectedFailure, AuthErrorCode.ServiceUnavailable];
      expect(authStatusOf(code) < 500).toBe(!ours.includes(code));
    }
  });

  it("builds 413s and validation failures one way, in the shared envelope", () => {
    const tooLarge = payloadTooLarge("The recording is too large", 10 * 1024 * 1024);
    expect([tooLarge.status, tooLarge.code, tooLarge.message]).toEqual([
      413,
      "payload_too_large",
      "The recording is too large (the limit is 10 MB).",
    ]);
    const parsed = z.object({ refresh: z.boolean() }).safeParse({ refresh: "yes" });
    const invalid = validationFailed("`refresh` must be true or false.", parsed.error!);
    expect(invalid.status).toBe(400);
    const body = errorEnvelopeSchema.parse(errorBody(invalid, "req-1"));
    expect(body.error.details).toEqual([{ path: "refresh", message: expect.any(String) }]);
    expect(body.error.requestId).toBe("req-1");
  });
});
