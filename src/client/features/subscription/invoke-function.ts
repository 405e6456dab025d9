import type { z } from "zod";
import { getSupabase } from "@/client/lib/auth";

/** A failed server function call, with our error envelope's code and message when there is one. */
export class FunctionCallError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number | undefined,
  ) {
    super(message);
    this.name = "FunctionCallError";
  }
}

/**
 * `supabase.functions.invoke(name, { body })`, with the answer checked against its schema. A
 * non-2xx answer becomes a FunctionCallError carrying our `{ error: { code, message } }`, read
 * from the FunctionsHttpError's `context` (the Response).
 */
export async function invokeFunction<T>(
  name: string,
  schema: z.ZodType<T>,
  body?: object,
): Promise<T> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.functions.invoke(name, body ? { body } : {});
  if (error) throw await toCallError(error);
  const parsed = schema.safeParse(data);
  if (!parsed.success)
    throw new FunctionCallError(`Unexpected answer from ${name}`, "bad_response", 200);
  return parsed.data;
}

async function toCallError(error: unknown): Promise<FunctionCallError> {
  const context = (error as { context?: unknown }).context;
  if (context instanceof Response) {
    try {
      const body = (await context.clone().json()) as {
        error?: { code?: string; message?: string };
      };
      if (body.error?.message) {
        return new FunctionCallError(
          body.error.message,
          body.error.code ?? "error",
          context.status,
        );
      }
    } catch {
      // not our JSON envelope
    }
    return new FunctionCallError(
      `Request failed with status ${context.status}`,
      "http_error",
      context.status,
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new FunctionCallError(message, "network_error", undefined);
}
