import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { invokeFunction } from "@/client/lib/api-client";
import { queryKeys, type AttemptFilters } from "@/client/lib/query-keys";

/** The history's calls (list-history, get-attempt, progress, export-my-data, delete-my-history). */

export const useHistoryPages = (filters: AttemptFilters) =>
  useInfiniteQuery({
    queryKey: queryKeys.history.pages(filters),
    queryFn: ({ pageParam, signal }) =>
      invokeFunction(
        "list-history",
        { ...filters, limit: 20, ...(pageParam ? { cursor: pageParam } : {}) },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    meta: { errorToast: { title: "Failed to load your history" } },
  });

export const useAttemptDetail = (id: string | null) =>
  useQuery({
    queryKey: queryKeys.history.attempt(id),
    queryFn: ({ signal }) => invokeFunction("get-attempt", { id: id! }, { signal }),
    enabled: id !== null,
    meta: { errorToast: { title: "Failed to open the answer" } },
  });

export const useProgress = () =>
  useQuery({
    queryKey: queryKeys.history.progress(),
    queryFn: ({ signal }) => invokeFunction("progress", {}, { signal }),
    meta: { errorToast: { title: "Failed to load your progress" } },
  });

/** Everything we hold about the user's practice, as a JSON file they download. */
async function downloadMyData(): Promise<void> {
  const data = await invokeFunction("export-my-data", {});
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = `interview-coach-data-${new Date().toISOString().slice(0, 10)}.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const useDownloadMyData = () =>
  useMutation({
    mutationFn: downloadMyData,
    meta: { errorToast: { title: "Failed to download your data" } },
  });

/**
 * Deleting the history makes stale what it held — its pages, answers, progress and reports, the
 * CV and the sessions' share links — and nothing else (the subscription, the free answers used).
 */
export const useDeleteHistory = () => {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: () => invokeFunction("delete-my-history", {}),
    onSuccess: () =>
      Promise.all(
        [queryKeys.history.all, queryKeys.cv, queryKeys.shares.all].map((queryKey) =>
          queries.invalidateQueries({ queryKey }),
        ),
      ),
    meta: { errorToast: { title: "Failed to delete your history" } },
  });
};
