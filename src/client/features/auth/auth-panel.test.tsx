// @vitest-environment jsdom
import { cleanup, fireEvent, render as renderInDom, screen, waitFor } from "@testing-library/react";
import type { ComponentProps, ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AuthResult } from "@/client/lib/auth";
import { AuthPanel } from "./auth-panel";

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock("@/client/components/ui/toaster", () => ({ toast }));

/** The sign-in form links to /forgot-password, so the panel renders inside a router. */
const render = (ui: ReactNode) => renderInDom(<MemoryRouter>{ui}</MemoryRouter>);

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

/** The panel with every callback a mock, any of them given instead. */
function renderPanel(props: Partial<ComponentProps<typeof AuthPanel>> = {}) {
  const panel = {
    signIn: vi.fn(),
    signUp: vi.fn(),
    verifySignUpCode: vi.fn(),
    resendConfirmation: vi.fn(),
    onSignedIn: vi.fn(),
    ...props,
  };
  render(<AuthPanel {...panel} />);
  return panel;
}

function setup(result: { error: string | null; confirmationSent?: boolean } = { error: null }) {
  return renderPanel({ signIn: vi.fn(async () => result), signUp: vi.fn(async () => result) });
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Fills in the Sign Up tab and sends it. */
function signUpAs(email: string) {
  fill("Full Name", "Ada Lovelace");
  fill("Email", email);
  fill("Password", "a sturdy passphrase");
  fireEvent.click(screen.getByRole("button", { name: "Sign Up" }));
}

describe("AuthPanel", () => {
  it("shows the server's message in an alert banner and a 'Login failed' toast", async () => {
    const { signIn, onSignedIn } = setup({ error: "Invalid login credentials" });
    fill("Email", " ada@example.com ");
    fill("Password", "wrong");
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Invalid login credentials");
    expect(signIn).toHaveBeenCalledWith("ada@example.com", "wrong");
    expect(toast.error).toHaveBeenCalledWith("Login failed", {
      description: "Invalid login credentials",
    });
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it("welcomes back on success", async () => {
    const { onSignedIn } = setup();
    fill("Email", "ada@example.com");
    fill("Password", "right password");
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(toast.success).toHaveBeenCalledWith("Welcome back!", {
      description: "Successfully signed in. Redirecting...",
    });
  });

  it("does not send an empty sign-in form, and says what is missing", async () => {
    const { signIn } = setup();
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Enter your email address.")).toBeTruthy();
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(screen.getByLabelText("Email"));
    expect(signIn).not.toHaveBeenCalled();

    // A field's message goes once that field is edited; the others' stay.
    fill("Email", "ada@example.com");
    expect(screen.queryByText("Enter your email address.")).toBeNull();
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBeNull();
  });

  it("clears a sign-up field's message as that field is filled in", async () => {
    renderPanel({ initialTab: "sign-up" });
    fireEvent.click(screen.getByRole("button", { name: "Sign Up" }));
    await screen.findByText("Enter your full name.");
    expect(screen.getByText("Enter your email address.")).toBeTruthy();
    fill("Full Name", "Ada Lovelace");
    expect(screen.queryByText("Enter your full name.")).toBeNull();
    expect(screen.getByText("Enter your email address.")).toBeTruthy();
  });

  it("can open on the Sign Up tab", () => {
    renderPanel({ initialTab: "sign-up" });
    expect(screen.getByRole("tab", { name: "Sign Up" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByLabelText("Full Name")).toBeTruthy();
  });

  it("says 'Check your email' when sign-up waits for the emailed confirmation, and takes its code", async () => {
    const onSignedIn = vi.fn();
    const signUp = vi.fn(async () => ({ error: null, confirmationSent: true }));
    const verifySignUpCode = vi.fn(async (_email: string, code: string) => ({
      error: code === "123456" ? null : "That code is wrong or has expired.",
    }));
    renderPanel({ signUp, verifySignUpCode, onSignedIn, initialTab: "sign-up" });
    signUpAs(" ada@example.com ");
    await screen.findByRole("heading", { name: "Check your email" });
    expect(screen.getByRole("status").textContent).toContain("ada@example.com");
    expect(toast.success).toHaveBeenCalledWith("Check your email", expect.anything());
    expect(onSignedIn).not.toHaveBeenCalled();

    fill("6-digit code", "12345");
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByText("Enter the 6-digit code from the email.");
    expect(verifySignUpCode).not.toHaveBeenCalled();
    fill("6-digit code", "654321");
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByText("That code is wrong or has expired.");
    fill("6-digit code", "123456");
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(verifySignUpCode).toHaveBeenLastCalledWith("ada@example.com", "123456");
    expect(toast.success).toHaveBeenCalledWith("Account created successfully!", expect.anything());
  });

  it("sends the confirmation again from 'Check your email', and says why when it could not", async () => {
    const resendConfirmation = vi
      .fn<(email: string) => Promise<AuthResult>>()
      .mockResolvedValueOnce({ error: null })
      .mockResolvedValueOnce({
        error: "Too many attempts. Please wait a few minutes and try again.",
      });
    renderPanel({
      signUp: vi.fn(async () => ({ error: null, confirmationSent: true })),
      resendConfirmation,
      initialTab: "sign-up",
    });
    signUpAs("ada@example.com");
    const again = await screen.findByRole("button", { name: "Send the email again" });
    fireEvent.click(again);
    await screen.findByText(/Sent again\. Use the newest email/);
    expect(resendConfirmation).toHaveBeenCalledWith("ada@example.com");
    fireEvent.click(again);
    await screen.findByText("Too many attempts. Please wait a few minutes and try again.");
    expect(screen.queryByText(/Sent again/)).toBeNull();
  });

  it("takes a sign-in before the email is confirmed to its code, with a way to a new mail", async () => {
    const signIn = vi.fn(async () => ({
      error: "Email not confirmed",
      code: "email_not_confirmed",
    }));
    const verifySignUpCode = vi.fn(async () => ({ error: null }));
    const { onSignedIn } = renderPanel({ signIn, verifySignUpCode });
    fill("Email", "ada@example.com");
    fill("Password", "a sturdy passphrase");
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    await screen.findByRole("heading", { name: "Check your email" });
    expect(screen.getByRole("status").textContent).toContain(
      "ada@example.com is not confirmed yet",
    );
    expect(toast.error).toHaveBeenCalledWith("Login failed", {
      description: "Email not confirmed",
    });
    expect(screen.getByRole("button", { name: "Send the email again" })).toBeTruthy();
    fill("6-digit code", "123456");
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(verifySignUpCode).toHaveBeenCalledWith("ada@example.com", "123456");
  });

  it("goes back to the Sign Up tab from 'Check your email' for a different address", async () => {
    renderPanel({
      signUp: vi.fn(async () => ({ error: null, confirmationSent: true })),
      initialTab: "sign-up",
    });
    signUpAs("ada@exmaple.com");
    fireEvent.click(await screen.findByRole("button", { name: "Use a different email" }));
    expect(screen.getByRole("tab", { name: "Sign Up" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByLabelText("Full Name")).toBeTruthy();
  });

  it("links to the forgot-password page from the sign-in form", () => {
    setup();
    expect(screen.getByRole("link", { name: "Forgot password?" }).getAttribute("href")).toBe(
      "/forgot-password",
    );
  });
});
