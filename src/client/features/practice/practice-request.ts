import { getSupabase } from "@/client/lib/auth";

/**
 * Calls a practice function through supabase-js (`functions.invoke`), which sends the user's
 * access token and the public `apikey`, and turns every failure into a PracticeRequestError
 * carrying the server's own explanation when there is one.
 */
export class PracticeRequestError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "PracticeRequestError";
  }
}

export async function invokePractice(
  name: string,
  body: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<unknown> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.functions.invoke(name, { body, signal });
  if (error) throw await toRequestError(error, signal);
  return data;
}

export async function toRequestError(
  error: unknown,
  signal?: AbortSignal,
): Promise<PracticeRequestError> {
  if (signal?.aborted) return new PracticeRequestError("Cancelled.", "aborted");
  const context = (error as { context?: unknown } | null)?.context;
  if (context instanceof Response) {
    try {
      const body = (await context.json()) as { error?: { code?: string; message?: string } };
      if (body.error?.message) {
        return new PracticeRequestError(
          body.error.message,
          body.error.code ?? "error",
          context.status,
        );
      }
    } catch {
      // not our JSON envelope
    }
    return new PracticeRequestError(
      context.status >= 500
        ? "The server had a problem. Please try again."
        : `The request failed (${context.status}).`,
      "http_error",
      context.status,
    );
  }
  return new PracticeRequestError(
    "Could not reach the server. Check your connection and try again.",
    "network",
  );
}
