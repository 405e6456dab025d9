// @vitest-environment happy-dom
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { Toaster } from "@/client/components/ui/toaster";
import { useCv } from "@/client/features/practice/cv-calls";
import { usePracticeConfig } from "@/client/features/practice/get-practice-config";
import { createQueryClient } from "@/client/lib/query-client";
import type { AttemptSummary } from "@/shared/sessions";
import { watchToasts } from "@tests/support/dom-toasts";
import { mockFunctions } from "@tests/support/functions-network";
import { HistoryList } from "@/client/features/history/history-list";
import { YourData } from "@/client/features/history/your-data";

/**
 * The history's list and "Your data" in a DOM, with the server answered on the network (MSW):
 * the page's own client, response schemas, query cache and toasts run as in the browser.
 */
const network = mockFunctions();
const toasts = watchToasts();

const attempt = (overrides: Partial<AttemptSummary> = {}): AttemptSummary => ({
  id: "a1",
  question: "Tell me about a time you met a tight deadline.",
  mode: "quick",
  role: null,
  category: "behavioral",
  sessionId: null,
  questionIndex: null,
  followUp: false,
  scores: { overall: 3.5, clarity: 3, relevance: 4, timing: 3.5 },
  approximate: false,
  corrected: false,
  createdAt: "2026-11-20T10:00:00.000Z",
  ...overrides,
});

function renderWithServer(children: ReactNode) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{children}</MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

/** Mounts the queries of the CV card and the practice tools beside the history. */
function OtherScreens() {
  useCv();
  usePracticeConfig();
  return null;
}

afterEach(cleanup);

describe("the history list", () => {
  it("shows a question's tries together and a session's answers under the session", async () => {
    network.answer("list-history", {
      entries: [
        { kind: "question", latest: attempt(), tries: 2, trend: [2, 3.5] },
        {
          kind: "session",
          session: {
            id: "s1",
            mode: "interview",
            role: "data-analyst",
            level: "senior",
            company: null,
            pressure: "realistic",
            questionCount: 3,
            createdAt: "2026-11-19T10:00:00.000Z",
          },
          answers: [
            attempt({
              id: "a2",
              question: "Why data?",
              mode: "interview",
              sessionId: "s1",
              questionIndex: 0,
            }),
          ],
        },
      ],
      nextCursor: null,
    });
    renderWithServer(<HistoryList />);
    const list = await screen.findByRole("list", { name: "Your answers" });
    expect(within(list).getByText("2 tries")).toBeTruthy();
    expect(within(list).getByRole("link", { name: "Why data?" })).toBeTruthy();
    expect(network.calls).toEqual([{ name: "list-history", body: { limit: 20 } }]);
  });

  it("asks the server again with a filter, and says when nothing matches", async () => {
    network.answer("list-history", (body) => ({
      entries: body.mode ? [] : [{ kind: "question", latest: attempt(), tries: 1, trend: [3.5] }],
      nextCursor: null,
    }));
    renderWithServer(<HistoryList />);
    await screen.findByText("1 try");
    fireEvent.change(screen.getByLabelText("Mode"), { target: { value: "company" } });
    await screen.findByText(/No answers here yet/);
    expect(network.calls.at(-1)).toEqual({
      name: "list-history",
      body: { mode: "company", limit: 20 },
    });
  });

  it("toasts the server's reason when the history cannot be loaded", async () => {
    network.fail("list-history", 403, "subscription_required", "Subscribe to see your history.");
    renderWithServer(<HistoryList />);
    await toasts.expect("Failed to load your history", "Subscribe to see your history.");
  });
});

describe("your data", () => {
  it("deletes the history after a confirmation, and reloads only what the history held", async () => {
    network.answer("list-history", { entries: [], nextCursor: null });
    network.answer("get-cv", { cv: null, cloud: false });
    network.answer("practice-config", {
      transcriber: "offline",
      answerer: "offline",
      limits: { maxRecordingSeconds: 180, maxAudioBytes: 5_000_000, maxQuestionChars: 1000 },
    });
    network.answer("delete-my-history", { deleted: { attempts: 3, sessions: 1, cv: true } });
    renderWithServer(
      <>
        <HistoryList />
        <OtherScreens />
        <YourData />
      </>,
    );
    await screen.findByText(/No answers here yet/);
    await waitFor(() => expect(network.called()).toContain("practice-config"));
    const before = network.called();

    fireEvent.click(screen.getByRole("button", { name: "Delete my practice history" }));
    const dialog = await screen.findByRole("alertdialog", {
      name: "Delete your practice history?",
    });
    expect(network.called()).toEqual(before); // nothing is deleted before the confirmation
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete for good" }));

    await toasts.expect(
      "Practice history deleted",
      "3 answers and 1 session, and your CV, were deleted.",
    );
    await waitFor(() =>
      expect(network.called().slice(before.length).sort()).toEqual(
        ["delete-my-history", "get-cv", "list-history"].sort(),
      ),
    );
  });

  it("toasts why the download failed", async () => {
    network.fail("export-my-data", 503, "unavailable", "The database is not reachable.");
    renderWithServer(<YourData />);
    fireEvent.click(screen.getByRole("button", { name: "Download my data" }));
    await toasts.expect("Failed to download your data", "The database is not reachable.");
    expect(screen.getByRole("button", { name: "Download my data" }).hasAttribute("disabled")).toBe(
      false,
    );
  });
});
