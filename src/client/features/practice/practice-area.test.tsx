// @vitest-environment happy-dom
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Toaster } from "@/client/components/ui/toaster";
import { createQueryClient } from "@/client/lib/query-client";
import type { EvaluateAnswerRequest, Feedback } from "@/shared/feedback";
import type { PracticeConfigResponse } from "@/shared/practice";
import { watchToasts } from "@tests/support/dom-toasts";
import { mockFunctions } from "@tests/support/functions-network";
import { PracticeArea } from "./practice-area";

/**
 * The practice tools in a DOM, the server answered on the network (MSW), so supabase-js, the
 * page's client, the streamed answer's parser and the toasts run as in the browser: typing a
 * question, generating an answer, scoring a typed answer, and the spec's toasts when that fails
 * or there is no question.
 */
const network = mockFunctions();
const toasts = watchToasts();

const config: PracticeConfigResponse = {
  transcriber: "offline",
  answerer: "offline",
  limits: { maxRecordingSeconds: 180, maxAudioBytes: 5_000_000, maxQuestionChars: 1000 },
};

function renderArea() {
  network.answer("practice-config", config);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PracticeArea />
      <Toaster />
    </QueryClientProvider>,
  );
  return screen.getByLabelText("Interview question");
}

afterEach(cleanup);

describe("PracticeArea", () => {
  it("writes the answer to a typed question and says it is ready", async () => {
    network.stream("generate-interview-answer", ["In my last role", "…"], "offline");
    const field = renderArea();
    const generate = screen.getByRole("button", { name: "Generate AI Answer" });
    expect(generate.hasAttribute("disabled")).toBe(true);

    fireEvent.change(field, { target: { value: "  Tell me about yourself.  " } });
    fireEvent.click(generate);
    expect((await screen.findByTestId("answer-text")).textContent).toBe("In my last role…");
    expect(network.calls.find((call) => call.name === "generate-interview-answer")?.body).toEqual({
      question: "Tell me about yourself.",
      stream: true,
    });
    await toasts.expect("Answer generated", "Your AI-powered answer is ready!");
    expect(screen.getByRole("button", { name: "Copy" })).toBeTruthy();
    expect(await screen.findByText(/Answers come from/)).toBeTruthy(); // from practice-config
  });

  it("toasts the server's reason when the answer fails, and 'No question' for a blank one", async () => {
    network.fail("generate-interview-answer", 502, "engine_failed", "The engine failed.");
    const field = renderArea();
    fireEvent.change(field, { target: { value: "Why us?" } });
    fireEvent.keyDown(field, { key: "Enter", ctrlKey: true });
    await toasts.expect("Failed to generate answer", "The engine failed.");
    await screen.findByText("Failed to generate answer. The engine failed.");

    fireEvent.change(field, { target: { value: "   " } });
    fireEvent.click(screen.getByRole("button", { name: "Generate AI Answer" }));
    await toasts.expect("No question", "Please record and transcribe a question first");
    // The blank question never reached the server.
    expect(network.called().filter((name) => name === "generate-interview-answer")).toHaveLength(1);
  });

  it("scores a typed answer of step 3 and compares the next try with it", async () => {
    let overall = 2.4;
    network.answer("evaluate-answer", (body) => feedbackFor(body, (overall += 1)));
    const field = renderArea();
    fireEvent.change(field, { target: { value: "Why do you want this job?" } });
    fireEvent.mouseDown(screen.getByRole("tab", { name: "Type" }));
    const answer = await screen.findByLabelText("Your answer");
    fireEvent.change(answer, { target: { value: "  Because, um, I like it.  " } });
    fireEvent.click(screen.getByRole("button", { name: "Get Feedback" }));

    expect(await screen.findByText("Your feedback")).toBeTruthy();
    expect(network.calls.find((call) => call.name === "evaluate-answer")?.body).toEqual({
      question: "Why do you want this job?",
      answer: "Because, um, I like it.",
      // The answer's own key, the same for every send of it.
      answerId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(screen.getByText("3.4")).toBeTruthy();
    expect(screen.getByText("um").tagName).toBe("MARK");
    await toasts.expect("Feedback ready", "Your answer scored 3.4 out of 5.");

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
    network.fail("evaluate-answer", 504, "engine_timeout", "Scoring took too long.");
    fireEvent.change(renderArea(), { target: { value: "Why us?" } });
    fireEvent.mouseDown(screen.getByRole("tab", { name: "Type" }));
    fireEvent.change(await screen.findByLabelText("Your answer"), {
      target: { value: "I admire your products." },
    });
    fireEvent.click(screen.getByRole("button", { name: "Get Feedback" }));
    await toasts.expect("Failed to get feedback", "Scoring took too long.");
    expect(await screen.findByText("Failed to get feedback. Scoring took too long.")).toBeTruthy();
    expect(screen.queryByText("Your feedback")).toBeNull();
  });

  it("sends a failed answer again under its key, and the same words to another question under a new one", async () => {
    network.fail("evaluate-answer", 504, "engine_timeout", "Scoring took too long.");
    const field = renderArea();
    fireEvent.change(field, { target: { value: "Why us?" } });
    fireEvent.mouseDown(screen.getByRole("tab", { name: "Type" }));
    fireEvent.change(await screen.findByLabelText("Your answer"), {
      target: { value: "I admire your products." },
    });
    const send = async () => {
      const before = network.calls.length;
      fireEvent.click(screen.getByRole("button", { name: "Get Feedback" }));
      await toasts.expect("Failed to get feedback", "Scoring took too long.");
      const sent = network.calls.slice(before).find((call) => call.name === "evaluate-answer");
      return (sent?.body as EvaluateAnswerRequest).answerId;
    };
    const first = await send();
    expect(await send()).toBe(first);
    fireEvent.change(field, { target: { value: "Why this role?" } });
    expect(await send()).not.toBe(first);
  });
});

function feedbackFor(body: EvaluateAnswerRequest, overall: number): Feedback {
  return {
    id: crypto.randomUUID(),
    transcript: body.answer ?? "",
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
