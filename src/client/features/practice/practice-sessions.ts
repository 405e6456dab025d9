import { useMutation, useQuery } from "@tanstack/react-query";
import { invokeFunction } from "@/client/lib/api-client";
import type { Session, SessionDetail, StartSessionRequest } from "@/shared/sessions";
import { queryKeys } from "@/client/lib/query-keys";

/** start-session: the questions of a new AI Interviewer run, Quick Practice or company set. */
const startSession = (request: StartSessionRequest): Promise<Session> =>
  invokeFunction("start-session", request);

export const useStartSession = () =>
  useMutation({
    mutationFn: startSession,
    meta: { errorToast: { title: "Failed to start the session" } },
  });

/** get-session: a session with its answers and report (the end of a run, or the history). */
const getSession = (id: string, signal?: AbortSignal): Promise<SessionDetail> =>
  invokeFunction("get-session", { id }, { signal });

export const useSessionDetail = (id: string | null) =>
  useQuery({
    queryKey: queryKeys.history.session(id),
    queryFn: ({ signal }) => getSession(id!, signal),
    enabled: id !== null,
    meta: { errorToast: { title: "Failed to load the session" } },
  });
