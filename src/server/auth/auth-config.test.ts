import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "@/server/config";

describe("auth configuration", () => {
  it("has GoTrue's default limits and no extra origins", () => {
    expect(loadConfig({}).auth).toEqual({
      publicKey: undefined,
      corsAllowedOrigins: [],
      rateLimits: {
        signInSignUps: 30,
        tokenRefresh: 150,
        failedSignInsPerEmail: 20,
        emailSent: 30,
        verify: 30,
      },
      confirmEmail: false,
      trustProxy: false,
    });
  });

  it("mails through SMTP_URL, else the outbox on a loopback site, else nowhere", () => {
    expect(loadConfig({ SMTP_URL: "smtp://u:p@mail.example.com:587" }).mail).toEqual({
      transport: "smtp",
      url: "smtp://u:p@mail.example.com:587",
      from: "Interview Coach <no-reply@localhost>",
    });
    expect(loadConfig({ SITE_URL: "http://127.0.0.1:8080" }).mail.transport).toBe("outbox");
    expect(loadConfig({ SITE_URL: "https://coach.example.com", BILLING: "test" }).mail).toEqual({
      transport: "none",
    });
    expect(
      loadConfig({
        SITE_URL: "https://coach.example.com",
        BILLING: "test",
        SMTP_URL: "smtps://mail.example.com",
        MAIL_FROM: "Coach <hi@coach.example.com>",
      }).mail,
    ).toMatchObject({ transport: "smtp", from: "Coach <hi@coach.example.com>" });
    expect(() =>
      loadConfig({ SITE_URL: "https://coach.example.com", AUTH_CONFIRM_EMAIL: "true" }),
    ).toThrow(/AUTH_CONFIRM_EMAIL/);
    expect(() => loadConfig({ SMTP_URL: "http://mail.example.com" })).toThrow(/SMTP_URL/);
  });

  it("reads origins as a comma-separated list and the limits as numbers", () => {
    const { auth } = loadConfig({
      CORS_ALLOWED_ORIGINS: " https://a.example.com/ ,http://localhost:5173",
      RATE_LIMIT_SIGN_IN_SIGN_UPS: "1000",
      TRUST_PROXY: "1",
      AUTH_PUBLIC_KEY: "sb_publishable_0123456789abcdef",
    });
    expect(auth.corsAllowedOrigins).toEqual(["https://a.example.com", "http://localhost:5173"]);
    expect(auth.rateLimits.signInSignUps).toBe(1000);
    expect(auth.trustProxy).toEqual({ hops: 1 });
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
