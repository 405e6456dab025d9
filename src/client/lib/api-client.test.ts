import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiCallError, describeApiError, invokeFunction, isFinalError } from "./api-client";

/** invokeFunction against a stubbed supabase-js `functions.invoke`. */
const invoke = vi.hoisted(() => vi.fn());
vi.mock("./auth", () => ({ getSupabase: async () => ({ functions: { invoke } }) }));

/** What supabase-js throws for a non-2xx answer: a FunctionsHttpError with the Response. */
const httpError = (status: number, body: string) => ({
  data: null,
  error: Object.assign(new Error("Edge Function returned a non-2xx status code"), {
    context: new Response(body, { status }),
  }),
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail("should have failed"),
    (error: unknown) => error as ApiCallError,
  );

afterEach(() => invoke.mockReset());

describe("invokeFunction", () => {
  it("sends the body, answers the data parsed with the function table's response schema", async () => {
    invoke.mockResolvedValue({ data: { text: "hi", source: "offline", extra: 1 }, error: null });
    await expect(invokeFunction("transcribe-audio", { audio: "x" })).resolves.toEqual({
      text: "hi",
      source: "offline",
    });
    expect(invoke).toHaveBeenCalledWith("transcribe-audio", { body: { audio: "x" } });
  });

  it("reads our envelope's code, message and the status", async () => {
    invoke.mockResolvedValue(
      httpError(
        401,
        JSON.stringify({ error: { code: "unauthorized", message: "Sign in again." } }),
      ),
    );
    const error = await failure(invokeFunction("check-subscription", {}));
    expect(error).toBeInstanceOf(ApiCallError);
    expect(error).toMatchObject({ code: "unauthorized", message: "Sign in again.", status: 401 });
    expect(isFinalError(error)).toBe(true);
  });

  it("gives a non-JSON error, a network failure, a cancelled call and a bad answer one code each", async () => {
    invoke.mockResolvedValueOnce(httpError(502, "<html>Bad gateway</html>"));
    expect(await failure(invokeFunction("practice-config", {}))).toMatchObject({
      code: "http_error",
      status: 502,
      message: "The server had a problem. Please try again.",
    });

    invoke.mockResolvedValueOnce({ data: null, error: new TypeError("Failed to fetch") });
    const offline = await failure(invokeFunction("practice-config", {}));
    expect(offline).toMatchObject({ code: "network_error", status: undefined });
    expect(describeApiError(offline)).toBe(
      "Could not reach the server. Check your connection and try again.",
    );
    expect(isFinalError(offline)).toBe(false);

    const controller = new AbortController();
    controller.abort();
    invoke.mockResolvedValueOnce({ data: null, error: new Error("aborted") });
    const cancelled = await failure(
      invokeFunction("practice-config", {}, { signal: controller.signal }),
    );
    expect(cancelled.code).toBe("aborted");

    invoke.mockResolvedValueOnce({ data: { text: 1 }, error: null });
    expect(await failure(invokeFunction("practice-config", {}))).toMatchObject({
      code: "bad_response",
    });
    expect(describeApiError(new Error("boom"))).toBe("Something went wrong. Please try again.");
  });
});
