import { bodyLimit } from "@/server/http/body-limit";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import {
  logoutScopes,
  passwordGrantBodySchema,
  pkceGrantBodySchema,
  recoverBodySchema,
  resendBodySchema,
  refreshGrantBodySchema,
  signUpBodySchema,
  updateUserBodySchema,
  verifyBodySchema,
  verifyTypes,
  type LogoutScope,
  type VerifyType,
} from "@/shared/auth";
import { bearer } from "@/server/http/bearer";
import type { AppEnv } from "@/server/http/env";
import type { Services } from "@/server/services";
import { isDatabaseUnavailable } from "@/server/db/client";
import { isClientAbort } from "@/server/http/client-abort";
import { clientIp } from "./client-ip";
import { supabaseCors } from "./cors";
import {
  API_VERSION,
  API_VERSION_HEADER,
  AuthError,
  authErrorResponse,
  authErrors,
} from "./errors";
import { gotrueBody, gotrueJson } from "./validate";

/** Request bodies here are a few hundred bytes; anything near this is refused unread. */
const MAX_BODY_BYTES = 64 * 1024;

/** The GoTrue-compatible endpoints supabase-js calls, mounted at /auth/v1 (docs/contracts/auth.md). */
export function authRoutes(services: Services) {
  const { auth, config } = services;
  const app = new Hono<AppEnv>();

  // One middleware for every auth request (each extra layer costs throughput on /user).
  const cors = supabaseCors(config);
  app.use((c, next) => {
    c.header(API_VERSION_HEADER, API_VERSION);
    // Sessions, tokens and user records, and the errors about them: never kept by a browser's
    // or a proxy's cache, whatever the status.
    c.header("Cache-Control", "no-store");
    return cors(c, next);
  });
  const smallBody = bodyLimit(MAX_BODY_BYTES, (c) => authErrorResponse(c, authErrors.tooLarge()));

  const meta = (c: Context) => ({
    ip: clientIp(c, config.auth.trustProxy),
    userAgent: c.req.header("user-agent"),
  });
  /** Counts the attempt against the IP's `kind` limit; before the body is read. */
  const limited =
    (kind: Parameters<typeof auth.rateLimit>[0]): MiddlewareHandler =>
    async (c, next) => {
      await auth.rateLimit(kind, meta(c));
      await next();
    };

  app.get("/health", (c) =>
    c.json({
      version: "interview-coach",
      name: "GoTrue",
      description: "Accounts for Interview Coach",
    }),
  );

  app.get("/settings", (c) =>
    c.json({
      external: { email: true, phone: false, anonymous_users: false },
      disable_signup: false,
      mailer_autoconfirm: !auth.confirmEmail,
      phone_autoconfirm: false,
      sms_provider: "",
      saml_enabled: false,
    }),
  );

  app.get("/.well-known/jwks.json", (c) => {
    c.header("Cache-Control", "public, max-age=600");
    return c.json(auth.jwks());
  });

  // Rate limits count every attempt, so they come before the body is read.
  app.post(
    "/signup",
    smallBody,
    limited("sign-in-sign-up"),
    gotrueJson(signUpBodySchema, (field) =>
      field === "email"
        ? "To signup, please provide your email"
        : field === "password"
          ? "Signup requires a valid password"
          : "data must be an object",
    ),
    async (c) => {
      const redirectTo = c.req.query("redirect_to");
      return c.json(await auth.signUp(c.req.valid("json"), { ...meta(c), redirectTo }));
    },
  );

  app.post("/token", smallBody, async (c) => {
    // Sessions and codes in the answer: never stored by a cache on the way.
    c.header("Cache-Control", "no-store");
    const grantType = c.req.query("grant_type");
    if (grantType === "password" || grantType === "refresh_token") {
      await auth.rateLimit(grantType === "password" ? "sign-in-sign-up" : "refresh", meta(c));
    }
    if (grantType === "pkce") await auth.rateLimit("verify", meta(c));
    // The body's schema depends on the grant in the query, so it is checked here, not before.
    if (grantType === "password") {
      const body = await gotrueBody(c, passwordGrantBodySchema, (field) =>
        field === "email" ? "missing email or phone" : "missing password",
      );
      return c.json(await auth.signInWithPassword(body, meta(c)));
    }
    if (grantType === "refresh_token") {
      const body = await gotrueBody(c, refreshGrantBodySchema, () => "refresh_token required");
      return c.json(await auth.refresh(body.refresh_token));
    }
    if (grantType === "pkce") {
      const body = await gotrueBody(c, pkceGrantBodySchema, (field) => `${field} is required`);
      return c.json(await auth.exchangeCode(body, meta(c)));
    }
    throw authErrors.unsupportedGrant();
  });

  app.post(
    "/recover",
    smallBody,
    limited("email-sent"),
    gotrueJson(recoverBodySchema, () => "Password recovery requires an email"),
    async (c) => {
      await auth.recover(c.req.valid("json"), c.req.query("redirect_to"));
      return c.json({});
    },
  );

  app.post(
    "/resend",
    smallBody,
    limited("email-sent"),
    gotrueJson(resendBodySchema, (field) =>
      field === "type" ? "Resend requires a type" : "Resend requires an email",
    ),
    async (c) => {
      await auth.resend(c.req.valid("json"), c.req.query("redirect_to"));
      return c.json({});
    },
  );

  // The link in the emails. The token is in the query: never cached, never sent on as a referrer.
  app.get("/verify", async (c) => {
    await auth.rateLimit("verify", meta(c));
    const type = c.req.query("type") ?? "";
    const token = c.req.query("token") ?? "";
    if (!verifyTypes.includes(type as VerifyType)) {
      throw authErrors.validation("Verify requires a verification type");
    }
    if (token === "") throw authErrors.validation("Verify requires a token or a token hash");
    const location = await auth.verifyLink(
      token,
      type as VerifyType,
      c.req.query("redirect_to"),
      meta(c),
    );
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    return c.redirect(location, 303);
  });

  app.post(
    "/verify",
    smallBody,
    limited("verify"),
    gotrueJson(verifyBodySchema, (field) =>
      field === "type" ? "Verify requires a verification type" : `${field} must be a string`,
    ),
    async (c) => c.json(await auth.verifyOtp(c.req.valid("json"), meta(c))),
  );

  app.put(
    "/user",
    smallBody,
    gotrueJson(updateUserBodySchema, (field) =>
      field === "data" ? "data must be an object" : `${field} must be a string`,
    ),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const body = c.req.valid("json");
      if (body.email != null) await auth.rateLimit("email-sent", meta(c));
      if (body.password != null || body.current_password != null) {
        await auth.rateLimit("password-change", meta(c));
      }
      return c.json(await auth.updateUser(bearer(c), body, c.req.query("redirect_to"), meta(c)));
    },
  );

  app.get("/user", async (c) =>
    c.body(await auth.getUser(bearer(c)), 200, {
      "Content-Type": "application/json",
      "Cache-Control": "no-store",
    }),
  );

  app.post("/logout", smallBody, async (c) => {
    const scope = c.req.query("scope") ?? "global";
    if (!logoutScopes.includes(scope as LogoutScope)) {
      throw authErrors.validation(`Unsupported logout scope "${scope.slice(0, 20)}"`);
    }
    await auth.logout(bearer(c), scope as LogoutScope);
    return c.body(null, 204);
  });

  app.all("*", () => {
    throw authErrors.notFound();
  });

  app.onError((error, c) => {
    if (error instanceof AuthError) return authErrorResponse(c, error);
    if (isClientAbort(c, error)) {
      c.var.log?.info("auth endpoint: request aborted by the client before its body ended");
      return authErrorResponse(c, authErrors.badJson());
    }
    if (isDatabaseUnavailable(error)) {
      c.var.log?.warn({ err: error }, "auth endpoint: database unreachable");
      c.header("Retry-After", "1");
      return authErrorResponse(c, authErrors.unavailable());
    }
    c.var.log?.error({ err: error }, "auth endpoint failed");
    return authErrorResponse(c, authErrors.unexpected());
  });

  return app;
}
