import { Hono } from "hono";
import { requireUser } from "@/server/auth/guard";
import { requireSubscription } from "@/server/billing/entitlement";
import { deleteCv, getCv, saveCv } from "@/server/cv/cv-store";
import { readCvFile } from "@/server/cv/read-cv-file";
import { understandCv } from "@/server/cv/understand-cv";
import { createRateLimiter, rateLimitKey } from "@/server/db/rate-limit";
import type { AuthedEnv } from "@/server/http/env";
import { functionBodyLimit, noStore, postOnly } from "@/server/http/function-routes";
import { ApiError, payloadTooLarge } from "@/server/http/errors";
import { functionBody } from "@/server/http/validate";
import type { Services } from "@/server/services";
import {
  MAX_CV_BASE64_CHARS,
  MAX_CV_FILE_BYTES,
  MAX_CV_TEXT_CHARS,
  type CvProfile,
} from "@/shared/cv";
import type { FunctionResponse } from "@/shared/functions";

/**
 * The user's CV (docs/decisions/0110), `POST /functions/v1/{name}`:
 *   read-cv    {fileName, data} → {text, format, truncated}: the file's text, nothing stored
 *   save-cv    {text, fileName?, format?} → the CV as kept, with what was understood from it
 *   get-cv     → {cv | null, cloud}
 *   delete-cv  → {deleted}
 * read-cv and save-cv are for subscribers (the CV feeds their sessions); get-cv and delete-cv for
 * anyone signed in, so a CV stays the user's to see and erase after a subscription ends.
 */

/** Files read per user a minute: reading a PDF costs real CPU, and a person uploads a few. */
const READS_PER_MINUTE = 10;

export function cvRoutes(services: Services) {
  const db = services.database.db;
  const app = new Hono<AuthedEnv>();
  const signedIn = requireUser(services.auth);
  const subscribers = [signedIn, requireSubscription(services.billing), noStore] as const;
  const own = [signedIn, noStore] as const;
  const reads = createRateLimiter(db, { windowMs: 60_000 });
  const reader = services.ai.cvReader;

  /** The chat model's reading when one is configured, else (or when it fails) the offline rules. */
  async function understand(text: string, signal: AbortSignal, log: AuthedEnv["Variables"]["log"]) {
    if (reader) {
      try {
        return { profile: await reader.read(text, signal), reader: "openai" as const };
      } catch (error) {
        log.warn(
          { err: error instanceof Error ? error.message : String(error) },
          "CV reading fell back to offline",
        );
      }
    }
    return { profile: understandCv(text) satisfies CvProfile, reader: "offline" as const };
  }

  app.post(
    "/read-cv",
    ...subscribers,
    functionBodyLimit(MAX_CV_BASE64_CHARS + 4 * 1024, () =>
      payloadTooLarge("The CV file is too large", MAX_CV_FILE_BYTES),
    ),
    functionBody<"read-cv", AuthedEnv>(
      "read-cv",
      "The request must be a JSON object with `fileName` and `data`: the file as a base64 string.",
    ),
    async (c) => {
      const { allowed, retryAfterSeconds } = await reads.take(
        rateLimitKey("cv-read", c.var.user.id),
        READS_PER_MINUTE,
      );
      if (!allowed) {
        throw new ApiError(
          "rate_limited",
          `Too many files: the limit is ${READS_PER_MINUTE} a minute. Please try again in ${retryAfterSeconds} seconds.`,
          { headers: { "Retry-After": String(retryAfterSeconds) } },
        );
      }
      const read = await readCvFile(c.req.valid("json").data);
      return c.json(read satisfies FunctionResponse<"read-cv">);
    },
  );

  app.post(
    "/save-cv",
    ...subscribers,
    functionBodyLimit(MAX_CV_TEXT_CHARS * 4 + 4 * 1024),
    functionBody<"save-cv", AuthedEnv>(
      "save-cv",
      "The request must be a JSON object with the CV's `text`, and optionally its `fileName` and `format`.",
    ),
    async (c) => {
      const request = c.req.valid("json");
      const understood = await understand(request.text, c.req.raw.signal, c.var.log);
      const cv = await saveCv(db, c.var.user.id, {
        text: request.text,
        fileName: request.fileName ?? null,
        format: request.format ?? "text",
        ...understood,
      });
      return c.json(cv satisfies FunctionResponse<"save-cv">);
    },
  );

  app.post(
    "/get-cv",
    ...own,
    functionBodyLimit(4 * 1024),
    functionBody<"get-cv", AuthedEnv>("get-cv"),
    async (c) =>
      c.json({
        cv: await getCv(db, c.var.user.id),
        cloud: reader !== null,
      } satisfies FunctionResponse<"get-cv">),
  );

  app.post(
    "/delete-cv",
    ...own,
    functionBodyLimit(4 * 1024),
    functionBody<"delete-cv", AuthedEnv>("delete-cv"),
    async (c) =>
      c.json({
        deleted: await deleteCv(db, c.var.user.id),
      } satisfies FunctionResponse<"delete-cv">),
  );

  postOnly(app, ["/read-cv", "/save-cv", "/get-cv", "/delete-cv"]);
  return app;
}
