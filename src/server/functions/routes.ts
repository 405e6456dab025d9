import { Hono } from "hono";
import { etag } from "hono/etag";
import { requireUser } from "@/server/auth/guard";
import { supabaseCors } from "@/server/auth/cors";
import type { AuthedEnv } from "@/server/http/env";
import { functionBodyLimit } from "@/server/http/function-routes";
import type { Services } from "@/server/services";
import { checkSubscription, checkSubscriptionBody } from "./check-subscription";
import { createCheckout } from "./create-checkout";
import { customerPortal } from "./customer-portal";
import { cvRoutes } from "./cv-routes";
import { shareRoutes } from "./share-routes";
import { deleteAccount, deleteAccountBody } from "./delete-account";
import { freeAnswerRoutes } from "./free-answer-routes";
import { practiceRoutes } from "./practice-routes";
import { sessionRoutes } from "./session-routes";
import { functionBody } from "@/server/http/validate";
import { functionsOpenApi } from "./openapi";

/**
 * The server functions at `POST /functions/v1/{name}` (the Supabase Functions convention that
 * `supabase.functions.invoke(name)` speaks). Each line: name, guards, handler.
 */
export function functionsRoutes(services: Services) {
  const router = new Hono<AuthedEnv>();
  const signedIn = requireUser(services.auth);
  const smallBody = functionBodyLimit(4 * 1024);

  router.use(supabaseCors(services.config));

  // The functions' OpenAPI document, from the function table (docs/decisions/0095): public, the
  // same for everyone until the next deploy, made on first request.
  let openApi: string | undefined;
  router.get("/openapi.json", etag(), (c) => {
    openApi ??= JSON.stringify(functionsOpenApi(services.config.siteUrl));
    c.header("Cache-Control", "public, max-age=300");
    c.header("Content-Type", "application/json; charset=utf-8");
    return c.body(openApi);
  });

  // Read-only, so GET works too; supabase-js sends POST.
  router.on(
    ["GET", "POST"],
    "/check-subscription",
    signedIn,
    smallBody,
    checkSubscriptionBody,
    checkSubscription(services.billing),
  );
  router.post(
    "/create-checkout",
    signedIn,
    smallBody,
    functionBody<"create-checkout", AuthedEnv>("create-checkout"),
    createCheckout(services.billing, services.config.siteUrl),
  );
  router.post(
    "/customer-portal",
    signedIn,
    smallBody,
    functionBody<"customer-portal", AuthedEnv>("customer-portal"),
    customerPortal(services.billing, services.config.siteUrl),
  );
  router.post(
    "/delete-account",
    signedIn,
    smallBody,
    deleteAccountBody,
    deleteAccount(services.auth, services.billing),
  );
  // transcribe-audio, generate-interview-answer, practice-config (subscribers; own body limits)
  router.route("/", practiceRoutes(services));
  router.route("/", sessionRoutes(services));
  // free-answers, free-question (anyone signed in; docs/decisions/0120)
  router.route("/", freeAnswerRoutes(services));
  // read-cv, save-cv (subscribers), get-cv, delete-cv (anyone signed in)
  router.route("/", cvRoutes(services));
  // create-share (subscribers), list-shares, revoke-share, list-share-comments, delete-share-comment
  router.route("/", shareRoutes(services));

  return router;
}
