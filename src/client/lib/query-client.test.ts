import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiCallError } from "./api-client";
import { createQueryClient } from "./query-client";

const toast = vi.hoisted(() => ({ error: vi.fn() }));
vi.mock("@/client/components/ui/toaster", () => ({ toast }));
const signOut = vi.hoisted(() => vi.fn(async () => {}));
vi.mock("./auth", () => ({ signOut }));

const serverError = () => new ApiCallError("The server had a problem.", "internal", 500);

describe("the query client's rules", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.clearAllMocks();
  });

  it("retries a failed query 3 times, 1 s, 2 s, 4 s apart, but never a refused one", async () => {
    const client = createQueryClient();
    const failing = vi.fn(async () => {
      throw serverError();
    });
    const observed = client.getQueryCache().build(client, { queryKey: ["a"], queryFn: failing });
    const settled = observed.fetch().catch(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(failing).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(failing).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(failing).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(3999);
    expect(failing).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(failing).toHaveBeenCalledTimes(4);
    await settled;
    expect(failing).toHaveBeenCalledTimes(4);

    const refused = vi.fn(async () => {
      throw new ApiCallError("Subscribe first.", "subscription_required", 403);
    });
    await client
      .getQueryCache()
      .build(client, { queryKey: ["b"], queryFn: refused })
      .fetch()
      .catch(() => {});
    expect(refused).toHaveBeenCalledTimes(1);

    const retryDelay = client.getDefaultOptions().queries?.retryDelay as (n: number) => number;
    expect(retryDelay(10)).toBe(30_000);
  });

  it("toasts a failure the call declared, with the server's explanation, once", async () => {
    const client = createQueryClient();
    const mutation = client.getMutationCache().build(client, {
      mutationFn: async () => {
        throw serverError();
      },
      meta: { errorToast: { title: "Failed to transcribe audio" } },
    });
    await mutation.execute(undefined).catch(() => {});
    expect(toast.error).toHaveBeenCalledExactlyOnceWith("Failed to transcribe audio", {
      description: "The server had a problem.",
    });
    expect(signOut).not.toHaveBeenCalled();
  });

  it("says nothing about a cancelled call or one without a toast", async () => {
    const client = createQueryClient();
    for (const [error, meta] of [
      [new ApiCallError("Cancelled.", "aborted"), { errorToast: { title: "Failed" } }],
      [serverError(), undefined],
    ] as const) {
      await client
        .getMutationCache()
        .build(client, {
          mutationFn: async () => {
            throw error;
          },
          meta,
        })
        .execute(undefined)
        .catch(() => {});
    }
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("signs the user out on a 401 from any call", async () => {
    const client = createQueryClient();
    await client
      .fetchQuery({
        queryKey: ["c"],
        queryFn: async () => {
          throw new ApiCallError("Sign in again.", "unauthorized", 401);
        },
      })
      .catch(() => {});
    expect(signOut).toHaveBeenCalledOnce();
  });
});
