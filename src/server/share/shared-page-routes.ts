import { bodyLimit } from "@/server/http/body-limit";
import { Hono } from "hono";
import type { Context } from "hono";
import { clientIp } from "@/server/auth/client-ip";
import { createRateLimiter, rateLimitKey } from "@/server/db/rate-limit";
import type { AppEnv } from "@/server/http/env";
import { sendHtmlPage } from "@/server/http/html";
import { sharedPageHeaders } from "@/server/http/security-headers";
import { isWebForm, webForm } from "@/server/http/validate";
import type { Services } from "@/server/services";
import { commentFormSchema } from "@/shared/share";
import { addComment, openShare, SHARE_TOKEN, titleOf } from "./share-store";
import { sharedPage, sharedPageGone, type CommentProblem } from "./shared-page";

/**
 * The page a share link opens, for anyone who has the link and no account (docs/decisions/0111):
 *   GET  /shared/{token}           the session, read-only (404 once expired or revoked)
 *   POST /shared/{token}/comments  a form: a comment on one answer, then back to the page
 * Comments are limited per address and link (10 in 10 minutes) and per link (100 a day).
 */

const COMMENTS_PER_VISITOR = 10;
const COMMENTS_PER_LINK_A_DAY = 100;

export function sharedPageRoutes(services: Services) {
  const db = services.database.db;
  const app = new Hono<AppEnv>();
  const perVisitor = createRateLimiter(db, { windowMs: 10 * 60 * 1000 });
  const perLink = createRateLimiter(db, { windowMs: 24 * 60 * 60 * 1000 });

  async function render(
    c: Context<AppEnv>,
    token: string,
    options: { problem?: CommentProblem; notice?: string; status?: number } = {},
  ) {
    const nonce = sharedPageHeaders(c);
    const shared = await openShare(db, token);
    if (!shared) return sendHtmlPage(c, sharedPageGone(nonce), 404);
    const title = titleOf(shared.session);
    const action = `/shared/${token}/comments`;
    return sendHtmlPage(
      c,
      sharedPage(shared, title, nonce, { action, ...options }),
      options.status ?? 200,
    );
  }

  app.get("/:token", (c) => render(c, c.req.param("token")));

  app.post(
    "/:token/comments",
    bodyLimit(16 * 1024, (c) => render(c, c.req.param("token") ?? "", { status: 413 })),
    async (c, next) => {
      if (!isWebForm(c)) return render(c, c.req.param("token"), { status: 415 });
      await next();
    },
    webForm<typeof commentFormSchema, AppEnv, "/:token/comments">(commentFormSchema, async (c) => {
      const form = await c.req.parseBody();
      const attemptId = typeof form.attemptId === "string" ? form.attemptId : "";
      return render(c, c.req.param("token"), {
        status: 400,
        problem: {
          attemptId,
          message: `Write your name (up to 60 characters) and a comment (up to 2,000).`,
          name: typeof form.name === "string" ? form.name.slice(0, 60) : "",
          text: typeof form.text === "string" ? form.text.slice(0, 2000) : "",
        },
      });
    }),
    async (c) => {
      const token = c.req.param("token");
      const comment = c.req.valid("form");
      if (!SHARE_TOKEN.test(token)) return render(c, token);
      const visitor = `${clientIp(c, services.config.auth.trustProxy)}|${token}`;
      const limits = await Promise.all([
        perVisitor.take(rateLimitKey("share-comment", visitor), COMMENTS_PER_VISITOR),
        perLink.take(rateLimitKey("share-comment-link", token), COMMENTS_PER_LINK_A_DAY),
      ]);
      const refused = limits.find((limit) => !limit.allowed);
      if (refused) {
        c.header("Retry-After", String(refused.retryAfterSeconds));
        return render(c, token, {
          status: 429,
          problem: {
            ...comment,
            message: "Too many comments on this link for now. Please try again later.",
          },
        });
      }
      const added = await addComment(db, token, comment);
      if (!added) {
        return render(c, token, {
          status: 404,
          problem: { ...comment, message: "That answer is not part of this session." },
        });
      }
      return c.redirect(`/shared/${token}#answer-${comment.attemptId}`, 303);
    },
  );
  return app;
}
