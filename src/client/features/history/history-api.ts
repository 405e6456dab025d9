import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { invokeFunction } from "@/client/lib/api-client";
import type { ListAttemptsRequest } from "@/shared/sessions";

/** The history's calls (list-history, get-attempt, progress, export-my-data, delete-my-history). */

export type AttemptFilters = Pick<ListAttemptsRequest, "mode" | "role" | "category">;

export const useHistoryPages = (filters: AttemptFilters) =>
  useInfiniteQuery({
    queryKey: ["history", filters],
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
    queryKey: ["attempt", id],
    queryFn: ({ signal }) => invokeFunction("get-attempt", { id: id! }, { signal }),
    enabled: id !== null,
    meta: { errorToast: { title: "Failed to open the answer" } },
  });

export const useProgress = () =>
  useQuery({
    queryKey: ["progress"],
    queryFn: ({ signal }) => invokeFunction("progress", {}, { signal }),
    meta: { errorToast: { title: "Failed to load your progress" } },
  });

/** Everything we hold about the user's practice, as a JSON file they download. */
export async function downloadMyData(): Promise<void> {
  const data = await invokeFunction("export-my-data", {});
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = `interview-coach-data-${new Date().toISOString().slice(0, 10)}.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const useDeleteHistory = () => {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: () => invokeFunction("delete-my-history", {}),
    onSuccess: () => queries.invalidateQueries(),
    meta: { errorToast: { title: "Failed to delete your history" } },
  });
};
