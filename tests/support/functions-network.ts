import { http, HttpResponse, type JsonBodyType } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll } from "vitest";
import type { ErrorCode } from "@/shared/errors";
import type { FunctionName, FunctionRequest, FunctionResponse } from "@/shared/functions";

/**
 * Our server's functions as a component test's browser code meets them: on the network
 * (`POST /functions/v1/{name}`, answered by MSW), so the page's own API client, supabase-js, the
 * response schemas and the query cache all run as they do in the browser. A request no test
 * answered fails the test.
 *
 *   const network = mockFunctions();
 *   network.answer("delete-my-history", { deleted: { attempts: 3, sessions: 1, cv: false } });
 *   network.fail("export-my-data", 503, "unavailable", "The database is away.");
 *   network.stream("generate-interview-answer", ["In my last role", " I led…"], "offline");
 */
export function mockFunctions() {
  const server = setupServer();
  /** Every call the page made, in order: the function's name and the JSON body it sent. */
  const calls: { name: string; body: unknown }[] = [];

  const on = (name: string, reply: (body: unknown) => Response | Promise<Response>) =>
    server.use(
      http.post(`*/functions/v1/${name}`, async ({ request }) => {
        const body: unknown = await request.json();
        calls.push({ name, body });
        return reply(body);
      }),
    );

  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => {
    server.resetHandlers();
    calls.length = 0;
  });
  afterAll(() => server.close());

  return {
    calls,
    /** The names of the functions called so far, in order. */
    called: () => calls.map((call) => call.name),
    /**
     * Answers every call of `name` with `reply` (or what it makes of the request's body), once
     * `until` settles, if given.
     */
    answer<N extends FunctionName>(
      name: N,
      reply: FunctionResponse<N> | ((body: FunctionRequest<N>) => FunctionResponse<N>),
      until?: Promise<unknown>,
    ) {
      on(name, async (body) => {
        await until;
        return HttpResponse.json(
          (typeof reply === "function"
            ? (reply as (body: FunctionRequest<N>) => FunctionResponse<N>)(
                body as FunctionRequest<N>,
              )
            : reply) as JsonBodyType,
        );
      });
    },
    /**
     * Answers every call of `name` with a stream of server-sent events as the server writes
     * them: one `data:` event per piece, then `done` with the engine's source.
     */
    stream(name: FunctionName, pieces: string[], source: string) {
      const events = [
        ...pieces.map((delta) => `data: ${JSON.stringify({ delta })}\n\n`),
        `event: done\ndata: ${JSON.stringify({ source })}\n\n`,
      ];
      on(
        name,
        () =>
          new HttpResponse(events.join(""), {
            headers: { "Content-Type": "text/event-stream; charset=utf-8" },
          }),
      );
    },
    /** Answers every call of `name` with our error envelope (once `until` settles, if given). */
    fail(
      name: FunctionName,
      status: number,
      code: ErrorCode,
      message: string,
      until?: Promise<unknown>,
    ) {
      on(name, async () => {
        await until;
        return HttpResponse.json({ error: { code, message, requestId: "req-test" } }, { status });
      });
    },
  };
}
