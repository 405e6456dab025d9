import type { ListAttemptsRequest } from "@/shared/sessions";

/** The history's filters (mode, role, category), each query of them a separate cache entry. */
export type AttemptFilters = Pick<ListAttemptsRequest, "mode" | "role" | "category">;

/**
 * Every query's key, made here and nowhere else, so that a call which changes data names exactly
 * the queries it makes stale — across features, which never import each other:
 *
 *   queries.invalidateQueries({ queryKey: queryKeys.history.all });
 *
 * A family's `all` is the prefix of each of its keys.
 */
export const queryKeys = {
  /** What the practice history holds: its pages, answers, progress and session reports. */
  history: {
    all: ["history"] as const,
    pages: (filters: AttemptFilters) => ["history", "pages", filters] as const,
    attempt: (id: string | null) => ["history", "attempt", id] as const,
    progress: () => ["history", "progress"] as const,
    session: (id: string | null) => ["history", "session", id] as const,
  },
  cv: ["cv"] as const,
  /** Share links and the comments left through them. */
  shares: {
    all: ["shares"] as const,
    list: () => ["shares", "list"] as const,
    comments: (sessionId: string) => ["shares", "comments", sessionId] as const,
  },
  freeAnswers: ["free-answers"] as const,
  /** Each user's subscription status, kept apart so a sign-out can drop every one. */
  subscription: {
    all: ["subscription"] as const,
    of: (userId: string | null) => ["subscription", userId] as const,
  },
  practiceConfig: ["practice-config"] as const,
  queueStatus: ["queue-status"] as const,
  resumableInterview: ["resume-interview"] as const,
};
