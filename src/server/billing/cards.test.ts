import { describe, expect, it } from "vitest";
import { cardBrand, checkCard, luhnValid, parseExpiry } from "./cards";

const now = new Date("2027-06-15T00:00:00Z");
const card = (number: string, expiry = "12/30", cvc = "123") =>
  checkCard({ number, expiry, cvc }, now);

describe("test checkout card checks", () => {
  it("accepts Stripe's success cards and keeps only brand and last four", () => {
    expect(card("4242 4242 4242 4242")).toEqual({
      ok: true,
      card: { brand: "visa", last4: "4242" },
    });
    expect(card("5555-5555-5555-4444")).toEqual({
      ok: true,
      card: { brand: "mastercard", last4: "4444" },
    });
    expect(card("378282246310005", "12/30", "1234")).toMatchObject({
      ok: true,
      card: { brand: "amex" },
    });
  });

  it("declines like Stripe", () => {
    expect(card("4000000000000002")).toMatchObject({
      ok: false,
      kind: "declined",
      message: "Your card was declined.",
    });
    expect(card("4000000000009995")).toMatchObject({ code: "insufficient_funds" });
    // Any other valid number is not a test card.
    expect(card("4111111111111111")).toMatchObject({ kind: "declined", code: "card_declined" });
  });

  it("reports each malformed field", () => {
    expect(card("4242424242424241", "06/27", "1")).toEqual({
      ok: false,
      kind: "invalid",
      fieldErrors: {
        number: "Your card number is invalid.",
        cvc: "Your card's security code is incomplete.",
      },
    });
    expect(card("4242424242424242", "05/27")).toMatchObject({
      fieldErrors: { expiry: "Your card's expiration date is in the past." },
    });
    expect(card("378282246310005", "12/30", "123")).toMatchObject({
      fieldErrors: { cvc: "Your card's security code is incomplete." },
    });
  });

  it("parses expiry shapes and checks Luhn", () => {
    expect(parseExpiry("12 / 34")).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry("0634")).toEqual({ month: 6, year: 2034 });
    expect(parseExpiry("6/2034")).toEqual({ month: 6, year: 2034 });
    expect(parseExpiry("june")).toBeNull();
    expect(luhnValid("4242424242424242")).toBe(true);
    expect(luhnValid("4242424242424243")).toBe(false);
    expect(cardBrand("6011111111111117")).toBe("discover");
  });
});
