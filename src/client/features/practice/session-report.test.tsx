// @vitest-environment happy-dom
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { Toaster } from "@/client/components/ui/toaster";
import { createQueryClient } from "@/client/lib/query-client";
import type { ShareComment } from "@/shared/share";
import type { AttemptSummary, SessionDetail } from "@/shared/sessions";
import { watchToasts } from "@tests/support/dom-toasts";
import { mockFunctions } from "@tests/support/functions-network";
import { InterviewReport } from "./interview-report";
import { SessionReport } from "./session-report";

/**
 * A session's report in a DOM, its calls answered on the network (MSW): the report of an AI
 * Interviewer session, the coach's comments on it and their deletion, a report that fails, and
 * the interview's answers question by question.
 */
const network = mockFunctions();
const toasts = watchToasts();

const answer = (index: number, question: string, overall: number) =>
  ({
    id: `a${index}`,
    question,
    mode: "interview",
    role: "data-analyst",
    category: "behavioral",
    sessionId: "s1",
    questionIndex: index,
    followUp: false,
    scores: { overall, clarity: overall, relevance: overall, timing: overall },
    approximate: false,
    corrected: false,
    createdAt: "2026-11-20T10:00:00.000Z",
    transcript: "In my last role I…",
  }) satisfies AttemptSummary & { transcript: string };

const session: SessionDetail = {
  id: "s1",
  mode: "interview",
  role: "data-analyst",
  level: "senior",
  company: null,
  pressure: "realistic",
  progress: null,
  createdAt: "2026-11-20T09:58:00.000Z",
  questions: ["Tell me about a deadline.", "Why data?", "A conflict?"].map((question, index) => ({
    index,
    question,
    category: "behavioral",
    source: "role",
    bankId: null,
  })),
  attempts: [answer(0, "Tell me about a deadline.", 4.2), answer(1, "Why data?", 2.1)],
  report: {
    answered: 2,
    averages: { overall: 3.2, clarity: 3, relevance: 3.5, timing: 3 },
    best: { attemptId: "a0", question: "Tell me about a deadline.", overall: 4.2 },
    weakest: { attemptId: "a1", question: "Why data?", overall: 2.1 },
    workOn: [{ text: "Say what you did, not what the team did.", attemptId: "a1" }],
  },
};

function renderReport(report = <SessionReport id="s1" />) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{report}</MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe("a session's report", () => {
  it("sums the session up and links each answer it names", async () => {
    network.answer("get-session", session);
    network.answer("list-share-comments", { comments: [] });
    renderReport();
    const report = await screen.findByTestId("session-report");
    expect(report.textContent).toContain("2 of 3 questions answered");
    expect(within(report).getByText("Best answer")).toBeTruthy();
    expect(
      within(report).getByRole("link", { name: "Tell me about a deadline." }).getAttribute("href"),
    ).toBe("/history?attempt=a0");
    expect(within(report).getByText(/Say what you did/)).toBeTruthy();
    expect(network.calls[0]).toEqual({ name: "get-session", body: { id: "s1" } });
  });

  it("shows a coach's comment and deletes it, asking for the comments again", async () => {
    let comments: ShareComment[] = [
      {
        id: "c1",
        attemptId: "a1",
        name: "Sam",
        text: "Lead with the result.",
        createdAt: "2026-11-21T10:00:00.000Z",
      },
    ];
    network.answer("get-session", session);
    network.answer("list-share-comments", () => ({ comments }));
    network.answer("delete-share-comment", ({ id }) => {
      comments = comments.filter((comment) => comment.id !== id);
      return { deleted: true };
    });
    renderReport();
    await screen.findByText("Lead with the result.");
    expect(screen.getByText("On “Why data?”")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Delete the comment from Sam" }));
    await waitFor(() => expect(screen.queryByText("Lead with the result.")).toBeNull());
    expect(network.called().slice(-2)).toEqual(["delete-share-comment", "list-share-comments"]);
    // Only the comments are asked for again, not the report.
    expect(network.called().filter((name) => name === "get-session")).toHaveLength(1);
  });

  it("says the report could not be loaded, and toasts the server's reason", async () => {
    network.fail("get-session", 404, "not_found", "No such session.");
    renderReport();
    await screen.findByText("The report could not be loaded.");
    await toasts.expect("Failed to load the session", "No such session.");
  });
});

describe("an interview's answers, question by question", () => {
  it("marks what the recogniser was unsure of as approximate, until the user corrects it", async () => {
    const unsure = { ...answer(0, "Tell me about a deadline.", 4.2), approximate: true };
    // Correcting a transcript stores it as not approximate (correct-transcript).
    const corrected = { ...answer(1, "Why data?", 2.1), approximate: false, corrected: true };
    network.answer("get-session", { ...session, attempts: [unsure, corrected] });
    network.answer("list-share-comments", { comments: [] });
    renderReport(<InterviewReport id="s1" footer={null} />);
    const answers = await screen.findByTestId("interview-answers");
    const [first, second, third] = [...answers.querySelectorAll<HTMLElement>(":scope > li")];
    expect(within(first!).getByText("Approximate transcript")).toBeTruthy();
    expect(within(second!).queryByText("Approximate transcript")).toBeNull();
    expect(within(third!).getByText("Skipped")).toBeTruthy();
  });
});
