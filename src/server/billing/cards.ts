/**
 * Card checks for the built-in test checkout. Messages and outcomes follow Stripe's test mode
 * (https://docs.stripe.com/testing), so what a developer learns here holds on Stripe: 4242…
 * succeeds, 4000 0000 0000 0002 is declined, malformed input gets a field error. No card is
 * ever charged, and only the brand and last four digits leave this module.
 */

export type CardField = "number" | "expiry" | "cvc";

export type CardInput = { number: string; expiry: string; cvc: string };

export type CardCheck =
  | { ok: true; card: { brand: CardBrand; last4: string } }
  | { ok: false; kind: "invalid"; fieldErrors: Partial<Record<CardField, string>> }
  | {
      ok: false;
      kind: "declined";
      code: string;
      message: string;
      card: { brand: CardBrand; last4: string };
    };

export type CardBrand = "visa" | "mastercard" | "amex" | "discover" | "unknown";

/** Stripe's test cards with a specific outcome; any other valid test-mode number is declined. */
const testCards: Record<
  string,
  { outcome: "succeeds" } | { outcome: "declined"; code: string; message: string }
> = {
  "4242424242424242": { outcome: "succeeds" },
  "4000056655665556": { outcome: "succeeds" },
  "5555555555554444": { outcome: "succeeds" },
  "2223003122003222": { outcome: "succeeds" },
  "5200828282828210": { outcome: "succeeds" },
  "378282246310005": { outcome: "succeeds" },
  "371449635398431": { outcome: "succeeds" },
  "6011111111111117": { outcome: "succeeds" },
  "4000000000000002": {
    outcome: "declined",
    code: "card_declined",
    message: "Your card was declined.",
  },
  "4000000000009995": {
    outcome: "declined",
    code: "insufficient_funds",
    message: "Your card has insufficient funds.",
  },
  "4000000000009987": {
    outcome: "declined",
    code: "lost_card",
    message: "Your card was declined.",
  },
  "4000000000009979": {
    outcome: "declined",
    code: "stolen_card",
    message: "Your card was declined.",
  },
  "4000000000000069": {
    outcome: "declined",
    code: "expired_card",
    message: "Your card has expired.",
  },
  "4000000000000127": {
    outcome: "declined",
    code: "incorrect_cvc",
    message: "Your card's security code is incorrect.",
  },
  "4000000000000119": {
    outcome: "declined",
    code: "processing_error",
    message: "An error occurred while processing your card. Try again in a little bit.",
  },
};

export function cardBrand(digits: string): CardBrand {
  if (/^3[47]/.test(digits)) return "amex";
  if (/^4/.test(digits)) return "visa";
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return "mastercard";
  if (/^(6011|65|64[4-9])/.test(digits)) return "discover";
  return "unknown";
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** "12/34", "12 / 34", "1234", "12/2034" → { month, year }; null when it is not a date shape. */
export function parseExpiry(raw: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*[/\-. ]?\s*(\d{2}|\d{4})\s*$/.exec(raw);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return { month, year };
}

export function checkCard(input: CardInput, now: Date): CardCheck {
  const fieldErrors: Partial<Record<CardField, string>> = {};
  const digits = input.number.replace(/[\s-]/g, "");
  const brand = cardBrand(digits);

  if (digits === "") fieldErrors.number = "Your card number is incomplete.";
  else if (!/^\d+$/.test(digits)) fieldErrors.number = "Your card number is invalid.";
  else if (digits.length < (brand === "amex" ? 15 : 16))
    fieldErrors.number = "Your card number is incomplete.";
  else if (digits.length > 19 || !luhnValid(digits))
    fieldErrors.number = "Your card number is invalid.";

  const expiry = parseExpiry(input.expiry);
  const expiryDigits = input.expiry.replace(/\D/g, "");
  if (!expiry && /^[\d\s/]*$/.test(input.expiry) && expiryDigits.length < 4) {
    fieldErrors.expiry = "Your card's expiration date is incomplete.";
  } else if (!expiry || expiry.month < 1 || expiry.month > 12) {
    fieldErrors.expiry = "Your card's expiration date is invalid.";
  } else {
    const thisYear = now.getUTCFullYear();
    const thisMonth = now.getUTCMonth() + 1;
    if (expiry.year < thisYear) fieldErrors.expiry = "Your card's expiration year is in the past.";
    else if (expiry.year === thisYear && expiry.month < thisMonth) {
      fieldErrors.expiry = "Your card's expiration date is in the past.";
    } else if (expiry.year > thisYear + 50) {
      fieldErrors.expiry = "Your card's expiration year is invalid.";
    }
  }

  const cvc = input.cvc.trim();
  const cvcLength = brand === "amex" ? 4 : 3;
  if (cvc === "") fieldErrors.cvc = "Your card's security code is incomplete.";
  else if (!/^\d+$/.test(cvc)) fieldErrors.cvc = "Your card's security code is invalid.";
  else if (cvc.length < cvcLength) fieldErrors.cvc = "Your card's security code is incomplete.";
  else if (cvc.length > cvcLength) fieldErrors.cvc = "Your card's security code is invalid.";

  if (Object.keys(fieldErrors).length > 0) return { ok: false, kind: "invalid", fieldErrors };

  const card = { brand, last4: digits.slice(-4) };
  const known = testCards[digits];
  if (known?.outcome === "succeeds") return { ok: true, card };
  if (known) return { ok: false, kind: "declined", code: known.code, message: known.message, card };
  return {
    ok: false,
    kind: "declined",
    code: "card_declined",
    message:
      "Your card was declined. This is a test checkout: use a test card such as 4242 4242 4242 4242.",
    card,
  };
}
