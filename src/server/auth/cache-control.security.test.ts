import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser, type TestUser } from "@tests/support/test-users";

/** Tokens and user records are never stored by a browser's or a shared cache, at any status. */
let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SIGN_IN_SIGN_UPS: "1000" } });
  user = await createTestUser(t);
});
afterAll(() => t.close());

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  t.app.request(`/auth/v1${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });

describe("Cache-Control on /auth/v1", () => {
  it("is no-store on /token and /user, answered or refused", async () => {
    const signIn = (password: string) =>
      post("/token?grant_type=password", JSON.stringify({ email: user.email, password }));
    const answers: [string, Response][] = [
      ["sign-in", await signIn(user.password)],
      ["wrong password", await signIn("wrong password")],
      ["broken JSON", await post("/token?grant_type=password", "{")],
      [
        "refresh",
        await post("/token?grant_type=refresh_token", JSON.stringify({ refresh_token: "nope" })),
      ],
      ["unknown grant", await post("/token?grant_type=magic", "{}")],
      [
        "user",
        await t.app.request("/auth/v1/user", {
          headers: { authorization: `Bearer ${user.accessToken}` },
        }),
      ],
      ["user, no token", await t.app.request("/auth/v1/user")],
      [
        "user, bad token",
        await t.app.request("/auth/v1/user", { headers: { authorization: "Bearer x.y.z" } }),
      ],
    ];
    expect(answers[0]![1].status).toBe(200);
    expect(answers[5]![1].status).toBe(200);
    for (const [name, res] of answers) {
      expect(res.headers.get("cache-control"), `${name} (${res.status})`).toBe("no-store");
    }
  });
});
