import type { Logger } from "@/server/logger";

/**
 * The Hono environments of our routes, in a file of their own so that route modules never
 * import `app.ts` (which imports them).
 */

/** What every request carries, set by the first middleware in app.ts. */
export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
  };
};

/** The signed-in caller, as other modules see it (set by `requireUser` in auth/guard.ts). */
export type AuthUser = { id: string; email: string; sessionId: string };

/** A route behind `requireUser`. */
export type AuthedEnv = { Variables: AppEnv["Variables"] & { user: AuthUser } };
