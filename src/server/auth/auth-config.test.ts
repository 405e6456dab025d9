import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "@/server/config";

describe("auth configuration", () => {
  it("has GoTrue's default limits and no extra origins", () => {
    expect(loadConfig({}).auth).toEqual({
      publicKey: undefined,
      corsAllowedOrigins: [],
      rateLimits: { signInSignUps: 30, tokenRefresh: 150, failedSignInsPerEmail: 20 },
      trustProxy: false,
    });
  });

  it("reads origins as a comma-separated list and the limits as numbers", () => {
    const { auth } = loadConfig({
      CORS_ALLOWED_ORIGINS: " https://a.example.com/ ,http://localhost:5173",
      RATE_LIMIT_SIGN_IN_SIGN_UPS: "1000",
      TRUST_PROXY: "true",
      AUTH_PUBLIC_KEY: "sb_publishable_0123456789abcdef",
    });
    expect(auth.corsAllowedOrigins).toEqual(["https://a.example.com", "http://localhost:5173"]);
    expect(auth.rateLimits.signInSignUps).toBe(1000);
    expect(auth.trustProxy).toBe(true);
    expect(auth.publicKey).toBe("sb_publishable_0123456789abcdef");
  });

  it("names each bad auth variable", () => {
    try {
      loadConfig({
        CORS_ALLOWED_ORIGINS: "not a url",
        RATE_LIMIT_TOKEN_REFRESH: "0",
        TRUST_PROXY: "maybe",
        AUTH_PUBLIC_KEY: "short",
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      for (const name of [
        "CORS_ALLOWED_ORIGINS",
        "RATE_LIMIT_TOKEN_REFRESH",
        "TRUST_PROXY",
        "AUTH_PUBLIC_KEY",
      ]) {
        expect(message).toContain(name);
      }
    }
  });
});
