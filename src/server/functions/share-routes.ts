import { Hono } from "hono";
import { requireUser } from "@/server/auth/guard";
import { requireSubscription } from "@/server/billing/entitlement";
import type { AuthedEnv } from "@/server/http/env";
import { functionBodyLimit, noStore, postOnly } from "@/server/http/function-routes";
import { functionBody } from "@/server/http/validate";
import type { Services } from "@/server/services";
import {
  createShare,
  deleteComment,
  listShares,
  revokeShare,
  sessionComments,
} from "@/server/share/share-store";
import { functions, type FunctionResponse } from "@/shared/functions";

/**
 * The owner's side of share links (docs/decisions/0111), `POST /functions/v1/{name}`:
 *   create-share          {sessionId, transcript, days?} → the link, with its url (once)
 *   list-shares           → {shares}
 *   revoke-share          {id} → {revoked}
 *   list-share-comments   {sessionId} → {comments}
 *   delete-share-comment  {id} → {deleted}
 * Creating a link is for subscribers; seeing, revoking and deleting for anyone signed in. The
 * page the link opens is src/server/share/shared-page-routes.ts.
 */
export function shareRoutes(services: Services) {
  const db = services.database.db;
  const app = new Hono<AuthedEnv>();
  const signedIn = requireUser(services.auth);
  const small = functionBodyLimit(4 * 1024);
  const own = [signedIn, noStore, small] as const;

  app.post(
    "/create-share",
    signedIn,
    requireSubscription(services.billing),
    noStore,
    small,
    functionBody<"create-share", AuthedEnv>(
      "create-share",
      "The request must be a JSON object with the `sessionId`, `transcript` (true or false) and optionally `days` (1-30).",
    ),
    async (c) => {
      const { token, link } = await createShare(db, c.var.user.id, c.req.valid("json"));
      const url = new URL(`/shared/${token}`, services.config.siteUrl).toString();
      const created = functions["create-share"].status;
      return c.json({ ...link, url } satisfies FunctionResponse<"create-share">, created);
    },
  );
  app.post(
    "/list-shares",
    ...own,
    functionBody<"list-shares", AuthedEnv>("list-shares"),
    async (c) =>
      c.json({
        shares: await listShares(db, c.var.user.id),
      } satisfies FunctionResponse<"list-shares">),
  );
  app.post(
    "/revoke-share",
    ...own,
    functionBody<"revoke-share", AuthedEnv>(
      "revoke-share",
      "The request must be a JSON object with the link's `id` (a UUID).",
    ),
    async (c) => c.json(await revokeShare(db, c.var.user.id, c.req.valid("json").id)),
  );
  app.post(
    "/list-share-comments",
    ...own,
    functionBody<"list-share-comments", AuthedEnv>(
      "list-share-comments",
      "The request must be a JSON object with the `sessionId` (a UUID).",
    ),
    async (c) =>
      c.json({
        comments: await sessionComments(db, c.var.user.id, c.req.valid("json").sessionId),
      } satisfies FunctionResponse<"list-share-comments">),
  );
  app.post(
    "/delete-share-comment",
    ...own,
    functionBody<"delete-share-comment", AuthedEnv>(
      "delete-share-comment",
      "The request must be a JSON object with the comment's `id` (a UUID).",
    ),
    async (c) => c.json(await deleteComment(db, c.var.user.id, c.req.valid("json").id)),
  );

  postOnly(app, [
    "/create-share",
    "/list-shares",
    "/revoke-share",
    "/list-share-comments",
    "/delete-share-comment",
  ]);
  return app;
}
