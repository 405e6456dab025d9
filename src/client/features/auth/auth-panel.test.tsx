// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AuthPanel } from "./auth-panel";

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock("sonner", () => ({ toast }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function setup(result: { error: string | null } = { error: null }) {
  const signIn = vi.fn(async () => result);
  const signUp = vi.fn(async () => result);
  const onSignedIn = vi.fn();
  render(<AuthPanel signIn={signIn} signUp={signUp} onSignedIn={onSignedIn} />);
  return { signIn, signUp, onSignedIn };
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

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
  });

  it("can open on the Sign Up tab", () => {
    render(
      <AuthPanel signIn={vi.fn()} signUp={vi.fn()} onSignedIn={vi.fn()} initialTab="sign-up" />,
    );
    expect(screen.getByRole("tab", { name: "Sign Up" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByLabelText("Full Name")).toBeTruthy();
  });
});
