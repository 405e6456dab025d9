import { randomUUID } from "node:crypto";
import { sessionSchema } from "@/shared/auth";
import type { TestApp } from "./test-app";

export type TestUser = {
  id: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
};

/**
 * Signs a new user up through the real `POST /auth/v1/signup` and returns the session's tokens.
 * Each call counts against RATE_LIMIT_SIGN_IN_SIGN_UPS (30 per 5 minutes by default, all
 * test requests come from 127.0.0.1): a file that creates more users raises it via
 * `createTestApp({ env: { RATE_LIMIT_SIGN_IN_SIGN_UPS: "1000" } })`.
 */
export async function createTestUser(
  t: TestApp,
  options: { email?: string; password?: string; fullName?: string } = {},
): Promise<TestUser> {
  const email = options.email ?? `user-${randomUUID()}@example.com`;
  const password = options.password ?? `pw-${randomUUID()}`;
  const res = await t.app.request("/auth/v1/signup", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email,
      password,
      data: options.fullName === undefined ? {} : { full_name: options.fullName },
    }),
  });
  if (res.status !== 200) {
    throw new Error(`createTestUser: sign-up answered ${res.status}: ${await res.text()}`);
  }
  const session = sessionSchema.parse(await res.json());
  return {
    id: session.user.id,
    email: session.user.email,
    password,
    accessToken: session.access_token,
    refreshToken: session.refresh_token,
  };
}
