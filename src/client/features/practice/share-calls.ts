import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { invokeFunction } from "@/client/lib/api-client";
import { queryKeys } from "@/client/lib/query-keys";

/**
 * Share links' calls (docs/decisions/0111): create-share, list-shares, revoke-share,
 * list-share-comments, delete-share-comment.
 */

export const useShares = () =>
  useQuery({
    queryKey: queryKeys.shares.list(),
    queryFn: ({ signal }) => invokeFunction("list-shares", {}, { signal }),
    meta: { errorToast: { title: "Failed to load your share links" } },
  });

export const useCreateShare = () => {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (request: { sessionId: string; transcript: boolean }) =>
      invokeFunction("create-share", request),
    onSuccess: () => queries.invalidateQueries({ queryKey: queryKeys.shares.list() }),
    meta: { errorToast: { title: "Failed to create the link" } },
  });
};

export const useRevokeShare = () => {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => invokeFunction("revoke-share", { id }),
    onSuccess: () => queries.invalidateQueries({ queryKey: queryKeys.shares.list() }),
    meta: { errorToast: { title: "Failed to revoke the link" } },
  });
};

export const useSessionComments = (sessionId: string) =>
  useQuery({
    queryKey: queryKeys.shares.comments(sessionId),
    queryFn: ({ signal }) => invokeFunction("list-share-comments", { sessionId }, { signal }),
    meta: { errorToast: { title: "Failed to load the comments" } },
  });

export const useDeleteComment = (sessionId: string) => {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => invokeFunction("delete-share-comment", { id }),
    onSuccess: () => queries.invalidateQueries({ queryKey: queryKeys.shares.comments(sessionId) }),
    meta: { errorToast: { title: "Failed to delete the comment" } },
  });
};
