import { errorEnvelopeSchema } from "@/shared/errors";
import {
  functions,
  type FunctionName,
  type FunctionRequest,
  type FunctionResponse,
} from "@/shared/functions";
import { getSupabase } from "./auth";
import "./zod-setup";

/**
 * The one way the browser calls our server functions (`POST /functions/v1/{name}` through
 * supabase-js, which adds the user's access token and the public `apikey`), and the one error
 * every failed call becomes.
 *
 *   const status = await invokeFunction("check-subscription", { refresh: true });
 *
 * The function table (`@/shared/functions`) types the body and the answer of each function, and
 * the answer is parsed with the table's response schema.
 *
 * `code` is the envelope's machine code (`@/shared/errors`) when the server sent one, else one
 * of the browser's own codes below.
 */
export type ClientErrorCode =
  /** The request never got an answer: offline, DNS, connection reset. */
  | "network_error"
  /** The caller cancelled it (`signal`). */
  | "aborted"
  /** An error status without our JSON envelope (a proxy's HTML page, an empty body). */
  | "http_error"
  /** A 2xx answer that does not match its schema. */
  | "bad_response"
  /** A streamed answer that failed or stopped part-way. */
  | "stream_error"
  | "stream_ended";

export class ApiCallError extends Error {
  constructor(
    message: string,
    /** Our envelope's code (a server code) or a ClientErrorCode. */
    readonly code: string,
    /** The HTTP status, when there was an answer. */
    readonly status?: number,
  ) {
    super(message);
    this.name = "ApiCallError";
  }
}

const unreachable = "Could not reach the server. Check your connection and try again.";
const somethingWrong = "Something went wrong. Please try again.";

/** What to tell the user about a failed call: the server's explanation when there is one. */
export function describeApiError(error: unknown): string {
  return error instanceof ApiCallError ? error.message : somethingWrong;
}

/** True for a 401 from our functions: the session is gone or no longer valid. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiCallError && (error.status === 401 || error.code === "unauthorized");
}

/** True when the caller cancelled the call: nothing to tell the user. */
export function isAborted(error: unknown): boolean {
  return error instanceof ApiCallError && error.code === "aborted";
}

/** True when trying again cannot help: the request itself was refused (4xx) or cancelled. */
export function isFinalError(error: unknown): boolean {
  if (!(error instanceof ApiCallError)) return false;
  if (isAborted(error)) return true;
  return error.status !== undefined && error.status >= 400 && error.status < 500;
}

export type InvokeOptions = { signal?: AbortSignal };

export async function invokeFunction<N extends FunctionName>(
  name: N,
  body: FunctionRequest<N>,
  options: InvokeOptions = {},
): Promise<FunctionResponse<N>> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.functions.invoke(name, {
    body,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (error) throw await toApiCallError(error, options.signal);
  const parsed = functions[name].response.safeParse(data);
  if (!parsed.success) {
    throw new ApiCallError("The server's answer was not understood.", "bad_response", 200);
  }
  return parsed.data as FunctionResponse<N>;
}

/**
 * Turns what supabase-js (or a stream read) threw into an ApiCallError. A non-2xx answer comes
 * as a FunctionsHttpError whose `context` is the Response carrying our envelope.
 */
export async function toApiCallError(error: unknown, signal?: AbortSignal): Promise<ApiCallError> {
  if (error instanceof ApiCallError) return error;
  if (signal?.aborted) return new ApiCallError("Cancelled.", "aborted");
  const context = (error as { context?: unknown } | null)?.context;
  if (!(context instanceof Response)) return new ApiCallError(unreachable, "network_error");
  let body: unknown;
  try {
    body = await context.json();
  } catch {
    // not JSON
  }
  const envelope = errorEnvelopeSchema.safeParse(body);
  if (envelope.success) {
    return new ApiCallError(envelope.data.error.message, envelope.data.error.code, context.status);
  }
  return new ApiCallError(
    context.status >= 500
      ? "The server had a problem. Please try again."
      : `The request failed (${context.status}).`,
    "http_error",
    context.status,
  );
}
