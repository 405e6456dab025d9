// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/client/lib/query-client";
import { PracticeArea } from "./practice-area";

/**
 * The practice tools with supabase-js's `functions.invoke` replaced: typing a question,
 * generating an answer, and the spec's toasts when that fails or there is no question.
 */
const toast = vi.hoisted(() => Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }));
vi.mock("@/client/components/ui/toaster", () => ({ toast }));
const invoke = vi.hoisted(() => vi.fn());
vi.mock("@/client/lib/auth", () => ({
  getSupabase: async () => ({ functions: { invoke } }),
  signOut: vi.fn(),
  useAuth: () => ({ user: null, session: null, loading: false, recovery: false }),
}));

const config = {
  transcriber: "offline",
  answerer: "offline",
  limits: { maxRecordingSeconds: 180, maxAudioBytes: 5_000_000, maxQuestionChars: 1000 },
};

function answerWith(reply: (name: string, options: { body?: unknown }) => unknown) {
  invoke.mockImplementation(async (name: string, options: { body?: unknown }) =>
    name === "practice-config" ? { data: config, error: null } : reply(name, options),
  );
}

function renderArea() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PracticeArea />
    </QueryClientProvider>,
  );
  return screen.getByLabelText("Interview question");
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe("PracticeArea", () => {
  it("writes the answer to a typed question and says it is ready", async () => {
    answerWith(() => ({ data: { answer: "In my last role…", source: "offline" }, error: null }));
    const field = renderArea();
    const generate = screen.getByRole("button", { name: "Generate AI Answer" });
    expect(generate.hasAttribute("disabled")).toBe(true);

    fireEvent.change(field, { target: { value: "  Tell me about yourself.  " } });
    fireEvent.click(generate);
    expect((await screen.findByTestId("answer-text")).textContent).toBe("In my last role…");
    expect(invoke).toHaveBeenCalledWith(
      "generate-interview-answer",
      expect.objectContaining({ body: { question: "Tell me about yourself.", stream: true } }),
    );
    expect(toast.success).toHaveBeenCalledWith("Answer generated", {
      description: "Your AI-powered answer is ready!",
    });
    expect(screen.getByRole("button", { name: "Copy" })).toBeTruthy();
    expect(screen.getByText(/Answers come from/)).toBeTruthy(); // from practice-config
  });

  it("toasts the server's reason when the answer fails, and 'No question' for a blank one", async () => {
    answerWith(() => ({
      data: null,
      error: Object.assign(new Error("non-2xx"), {
        context: new Response(
          JSON.stringify({ error: { code: "engine_failed", message: "The engine failed." } }),
          { status: 502 },
        ),
      }),
    }));
    const field = renderArea();
    fireEvent.change(field, { target: { value: "Why us?" } });
    fireEvent.keyDown(field, { key: "Enter", ctrlKey: true });
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to generate answer", {
        description: "The engine failed.",
      }),
    );
    await screen.findByText("Failed to generate answer. The engine failed.");

    fireEvent.change(field, { target: { value: "   " } });
    fireEvent.click(screen.getByRole("button", { name: "Generate AI Answer" }));
    expect(toast.error).toHaveBeenLastCalledWith("No question", {
      description: "Please record and transcribe a question first",
    });
    expect(toast.error).toHaveBeenCalledTimes(2);
  });

  it("scores a typed answer of step 3 and compares the next try with it", async () => {
    let overall = 2.4;
    answerWith((name, { body }) => {
      expect(name).toBe("evaluate-answer");
      overall += 1;
      return { data: feedbackFor(body as { answer: string }, overall), error: null };
    });
    const field = renderArea();
    fireEvent.change(field, { target: { value: "Why do you want this job?" } });
    fireEvent.mouseDown(screen.getByRole("tab", { name: "Type" }));
    const answer = await screen.findByLabelText("Your answer");
    fireEvent.change(answer, { target: { value: "  Because, um, I like it.  " } });
    fireEvent.click(screen.getByRole("button", { name: "Get Feedback" }));

    expect(await screen.findByText("Your feedback")).toBeTruthy();
    expect(invoke).toHaveBeenCalledWith(
      "evaluate-answer",
      expect.objectContaining({
        body: {
          question: "Why do you want this job?",
          answer: "Because, um, I like it.",
          // The answer's own key, the same for every send of it.
          answerId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        },
      }),
    );
    expect(screen.getByText("3.4")).toBeTruthy();
    expect(screen.getByText("um").tagName).toBe("MARK");
    expect(toast.success).toHaveBeenCalledWith("Feedback ready", {
      description: "Your answer scored 3.4 out of 5.",
    });

    fireEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect((screen.getByLabelText("Your answer") as HTMLTextAreaElement).value).toBe("");
    fireEvent.change(screen.getByLabelText("Your answer"), {
      target: { value: "Your mission matches mine." },
    });
    fireEvent.click(screen.getByRole("button", { name: "Get Feedback" }));
    expect(await screen.findByText(/^Last try 3\.4/)).toBeTruthy();
    expect(
      screen.getByText("Feedback ready: 4.4 out of 5, up 1.0 from your last try (3.4)."),
    ).toBeTruthy();
  });

  it("toasts 'Failed to get feedback' with the server's reason", async () => {
    answerWith(() => ({
      data: null,
      error: Object.assign(new Error("non-2xx"), {
        context: new Response(
          JSON.stringify({ error: { code: "engine_timeout", message: "Scoring took too long." } }),
          { status: 504 },
        ),
      }),
    }));
    fireEvent.change(renderArea(), { target: { value: "Why us?" } });
    fireEvent.mouseDown(screen.getByRole("tab", { name: "Type" }));
    fireEvent.change(await screen.findByLabelText("Your answer"), {
      target: { value: "I admire your products." },
    });
    fireEvent.click(screen.getByRole("button", { name: "Get Feedback" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to get feedback", {
        description: "Scoring took too long.",
      }),
    );
    expect(await screen.findByText("Failed to get feedback. Scoring took too long.")).toBeTruthy();
    expect(screen.queryByText("Your feedback")).toBeNull();
  });
});

function feedbackFor(body: { answer: string }, overall: number) {
  return {
    id: crypto.randomUUID(),
    transcript: body.answer,
    source: { transcriber: "typed", evaluator: "offline" },
    scores: { overall, clarity: overall, relevance: overall, timing: overall },
    delivery: null,
    structure: null,
    strengths: ["You named the company's mission."],
    improvements: ["Say what you would bring to the team."],
    summary: "A start; make it about them.",
    approximate: false,
  };
}
