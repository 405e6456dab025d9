import { describe, expect, it } from "vitest";
import {
  isValidEmail,
  normalizeEmail,
  passwordLength,
  signInFormSchema,
  signUpFormSchema,
} from "./auth";

describe("email rules", () => {
  it("trims and lower-cases, unicode included", () => {
    expect(normalizeEmail("  Zoë@Exämple.COM ")).toBe("zoë@exämple.com");
  });

  it.each([
    ["a@example.com", true],
    ["first.last+tag@sub.example.co.uk", true],
    ["zoë@exämple.com", true],
    ["user@xn--p1ai.xn--p1ai", true],
    ["no-at-sign.example.com", false],
    ["two@@example.com", false],
    ["spaces in@example.com", false],
    ["user@localhost", false],
    ["user@example.", false],
    ["x'); drop table users; --@example.com", false],
    [`${"a".repeat(250)}@example.com`, false],
    ["tab\t@example.com", false],
  ])("%s → %s", (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
  });
});

describe("passwords", () => {
  it("count characters, not UTF-16 units", () => {
    expect(passwordLength("🔑🔑🔑")).toBe(3);
    expect(passwordLength("abc")).toBe(3);
  });
});

describe("the forms' schemas", () => {
  it("require email and password to sign in", () => {
    expect(signInFormSchema.safeParse({ email: " ", password: "" }).success).toBe(false);
    expect(signInFormSchema.safeParse({ email: "a@example.com", password: "x" }).success).toBe(
      true,
    );
  });

  it("explain a short password or a bad address at sign-up", () => {
    const result = signUpFormSchema.safeParse({
      fullName: "Ada",
      email: "nope",
      password: "12345",
    });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => issue.message);
    expect(messages).toContain("Enter a valid email address.");
    expect(messages).toContain("Password should be at least 8 characters.");
    expect(
      signUpFormSchema.safeParse({ fullName: "", email: "a@example.com", password: "12345678" })
        .success,
    ).toBe(true);
  });
});
