import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { toast } from "@/client/components/ui/toaster";
import { describeApiError, isAborted, isFinalError, isUnauthorized } from "./api-client";
import { signOut } from "./auth";

/**
 * Server state (our functions' answers) lives in TanStack Query (docs/decisions/0060). One
 * client for the visit; only /practice mounts <QueryClientProvider>, so the landing page's first
 * load does not carry the library.
 *
 * A query or mutation that should tell the user when it fails declares its toast:
 *   useMutation({ mutationFn, meta: { errorToast: { title: "Failed to transcribe audio" } } })
 * The description is the server's explanation unless `description` fixes one. A cancelled call
 * never toasts. A 401 from our functions signs the user out, whatever the call.
 */
export type ErrorToast = { title: string; description?: string };
type Meta = { errorToast?: ErrorToast };

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: Meta;
    mutationMeta: Meta;
  }
}

/** The data-cache rules of docs/product-spec.md (section 9): unused answers are dropped after 5 minutes... */
const gcTimeMs = 5 * 60 * 1000;
/** ...and a failed query is retried 3 times, waiting 1 s, 2 s, 4 s… but never over 30 s. */
const maxRetries = 3;
const maxRetryDelayMs = 30_000;

function onCallFailed(error: unknown, meta: Meta | undefined) {
  if (isUnauthorized(error)) void signOut();
  if (isAborted(error)) return;
  const errorToast = meta?.errorToast;
  if (errorToast) {
    toast.error(errorToast.title, {
      description: errorToast.description ?? describeApiError(error),
    });
  }
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onCallFailed(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => onCallFailed(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        gcTime: gcTimeMs,
        // A refused request (4xx: signed out, not subscribed, invalid) fails the same way again.
        retry: (failures, error) => failures < maxRetries && !isFinalError(error),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, maxRetryDelayMs),
      },
      // A mutation is the user's action (transcribe, generate, pay): repeating it is their call.
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
