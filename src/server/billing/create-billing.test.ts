import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "@/server/config";

const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: "test", ...env });

describe("billing configuration", () => {
  it("uses the local test provider when no Stripe key is set", () => {
    expect(load({}).billing).toEqual({ provider: "local", publicDemo: false });
    expect(load({ STRIPE_SECRET_KEY: "" }).billing).toEqual({
      provider: "local",
      publicDemo: false,
    });
  });

  it("uses Stripe with a key and a webhook secret", () => {
    expect(
      load({
        STRIPE_SECRET_KEY: "sk_test_123",
        STRIPE_WEBHOOK_SECRET: "whsec_abc",
        STRIPE_PRICE_ID: "price_123",
        STRIPE_API_BASE: "http://127.0.0.1:12111",
      }).billing,
    ).toEqual({
      provider: "stripe",
      secretKey: "sk_test_123",
      webhookSecret: "whsec_abc",
      priceId: "price_123",
      apiBase: "http://127.0.0.1:12111",
    });
  });

  it("stops start-up with a message naming each bad variable", () => {
    expect(() => load({ STRIPE_SECRET_KEY: "sk_test_123" })).toThrow(
      /STRIPE_WEBHOOK_SECRET: is required/,
    );
    expect(() =>
      load({ STRIPE_SECRET_KEY: "pk_test_123", STRIPE_WEBHOOK_SECRET: "whsec_a" }),
    ).toThrow(/STRIPE_SECRET_KEY: must be a Stripe secret key/);
    expect(() =>
      load({
        STRIPE_SECRET_KEY: "sk_test_1",
        STRIPE_WEBHOOK_SECRET: "whsec_a",
        STRIPE_PRICE_ID: "prod_1",
      }),
    ).toThrow(ConfigError);
    expect(() =>
      load({
        STRIPE_SECRET_KEY: "sk_test_1",
        STRIPE_WEBHOOK_SECRET: "whsec_a",
        STRIPE_API_BASE: "ftp://x",
      }),
    ).toThrow(/STRIPE_API_BASE/);
  });
});
