import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for an OpenAI-compatible server, speaking its wire format: multipart
 * `POST /v1/audio/transcriptions`, `POST /v1/chat/completions` as JSON or as server-sent events
 * (`data: {chunk}` … `data: [DONE]`), and OpenAI's error envelope. Tests script failures
 * (status codes, stalls) per endpoint; the server records every request it saw.
 */

export type FakeRoute = "transcriptions" | "chat";

export type FakeBehaviour =
  /** Answer with this status and OpenAI's error body (and optional headers, e.g. retry-after). */
  | { status: number; message?: string; headers?: Record<string, string> }
  /** Accept the request and never answer. */
  | { stall: true }
  /** Stream this many tokens of the answer, then stop sending without closing. */
  | { stallAfterTokens: number }
  /** Answer a chat request with one JSON completion even when it asked for a stream. */
  | { ignoreStream: true }
  /** Answer a chat request with this message content (e.g. JSON that is not the schema's). */
  | { content: string };

export type FakeRequest = {
  route: FakeRoute | "other";
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  /** Chat: the JSON body. Transcriptions: the form fields, the file as {name, type, size, head}. */
  body: Record<string, unknown>;
};

export type FakeOpenAI = {
  /** The base URL to configure (`AI_BASE_URL`), ending in /v1. */
  baseURL: string;
  requests: FakeRequest[];
  /** Requests whose client closed the connection before the answer was complete. */
  abortedRequests: number;
  /** What a transcription returns. */
  transcript: string;
  /** What a chat completion returns; streamed word by word. */
  answer: string;
  /** What a chat completion asked for `response_format: json_schema` returns (a JSON text). */
  evaluation: string;
  /**
   * Whether transcriptions offer `verbose_json` with word timestamps (whisper-1 does; the
   * gpt-4o transcribe models answer 400). Words are spread over `transcriptSeconds`.
   */
  wordTimestamps: boolean;
  transcriptSeconds: number;
  /** Delay before each streamed token (and before the first). */
  tokenDelayMs: number;
  /** When set, requests must carry `Authorization: Bearer <apiKey>`. */
  apiKey: string | undefined;
  /** Queue a behaviour for the next request(s) to a route; each is used once, in order. */
  enqueue(route: FakeRoute, ...behaviours: FakeBehaviour[]): void;
  reset(): void;
  close(): Promise<void>;
};

export async function startFakeOpenAI(
  options: Partial<
    Pick<
      FakeOpenAI,
      | "transcript"
      | "answer"
      | "evaluation"
      | "wordTimestamps"
      | "transcriptSeconds"
      | "tokenDelayMs"
      | "apiKey"
    >
  > = {},
): Promise<FakeOpenAI> {
  const queues: Record<FakeRoute, FakeBehaviour[]> = { transcriptions: [], chat: [] };
  const defaults = {
    transcript: "Tell me about a time you handled a conflict with a coworker.",
    answer:
      "In my last role as [your role], two colleagues disagreed about a release date. " +
      "I set up a short meeting, listened to both sides, and we agreed on a plan. " +
      "The release shipped on time and the team worked better together afterwards.",
    evaluation: JSON.stringify({
      scores: { overall: 4.2, clarity: 4.5, relevance: 4, timing: 4 },
      structure: { situation: true, task: true, action: true, result: false },
      strengths: ['You said what you did yourself: "I set up a short meeting".'],
      improvements: ["Say how it ended: what changed, ideally with a number."],
      summary: "A clear, relevant answer that stops before the result.",
      followUp: "How did the release go in the end?",
    }),
    wordTimestamps: true,
    transcriptSeconds: 4,
    tokenDelayMs: 0,
    apiKey: undefined as string | undefined,
  };
  const state: Omit<FakeOpenAI, "baseURL" | "close"> = {
    ...defaults,
    ...options,
    requests: [],
    abortedRequests: 0,
    enqueue: (route, ...behaviours) => queues[route].push(...behaviours),
    reset: () => {
      queues.transcriptions.length = 0;
      queues.chat.length = 0;
      state.requests.length = 0;
      state.abortedRequests = 0;
      Object.assign(state, defaults, options);
    },
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendError(res, 500, String(error), "server_error");
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://fake");
    const body = await readBody(req);
    const route: FakeRoute | "other" =
      url.pathname === "/v1/audio/transcriptions"
        ? "transcriptions"
        : url.pathname === "/v1/chat/completions"
          ? "chat"
          : "other";
    const record: FakeRequest = {
      route,
      method: req.method ?? "GET",
      path: url.pathname,
      authorization: req.headers.authorization,
      contentType: req.headers["content-type"],
      body: {},
    };
    state.requests.push(record);
    res.on("close", () => {
      if (!res.writableFinished) state.abortedRequests += 1;
    });

    if (route === "other" || req.method !== "POST") {
      return sendError(
        res,
        404,
        `Unknown request URL: ${req.method} ${url.pathname}`,
        "invalid_request_error",
      );
    }
    if (state.apiKey && req.headers.authorization !== `Bearer ${state.apiKey}`) {
      return sendError(
        res,
        401,
        "Incorrect API key provided.",
        "invalid_request_error",
        "invalid_api_key",
      );
    }

    if (route === "transcriptions") {
      const form = await parseForm(req, body);
      if (!form)
        return sendError(res, 400, "Expected multipart/form-data.", "invalid_request_error");
      for (const [key, value] of form.entries()) {
        record.body[key] =
          typeof value === "string"
            ? value
            : {
                name: value.name,
                type: value.type,
                size: value.size,
                head: Buffer.from(await value.slice(0, 4).arrayBuffer()).toString("hex"),
              };
      }
      if (typeof record.body.model !== "string") {
        return sendError(
          res,
          400,
          "you must provide a model parameter",
          "invalid_request_error",
          null,
          "model",
        );
      }
      if (typeof record.body.file !== "object") {
        return sendError(res, 400, "Missing file.", "invalid_request_error", null, "file");
      }
    } else {
      try {
        record.body = JSON.parse(body.toString("utf8")) as Record<string, unknown>;
      } catch {
        return sendError(
          res,
          400,
          "We could not parse the JSON body of your request.",
          "invalid_request_error",
        );
      }
      if (typeof record.body.model !== "string" || !Array.isArray(record.body.messages)) {
        return sendError(res, 400, "model and messages are required.", "invalid_request_error");
      }
    }

    const behaviour = queues[route].shift();
    if (behaviour && "status" in behaviour) {
      return sendError(
        res,
        behaviour.status,
        behaviour.message ?? `Scripted ${behaviour.status}`,
        behaviour.status === 429 ? "rate_limit_exceeded" : "server_error",
        null,
        null,
        behaviour.headers,
      );
    }
    if (behaviour && "stall" in behaviour) return; // never answer

    if (route === "transcriptions") {
      if (record.body.response_format === "text") {
        res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
        return res.end(state.transcript);
      }
      if (record.body.response_format === "verbose_json") {
        if (!state.wordTimestamps) {
          return sendError(
            res,
            400,
            "response_format 'verbose_json' is not compatible with this model.",
            "invalid_request_error",
            null,
            "response_format",
          );
        }
        const spoken = state.transcript.split(/\s+/).filter(Boolean);
        const each = state.transcriptSeconds / Math.max(1, spoken.length);
        return sendJson(res, 200, {
          task: "transcribe",
          language: "english",
          duration: state.transcriptSeconds,
          text: state.transcript,
          words: spoken.map((word, i) => ({
            word: word.replace(/[^\p{L}\p{N}']/gu, ""),
            start: Math.round(i * each * 100) / 100,
            end: Math.round((i + 0.8) * each * 100) / 100,
          })),
        });
      }
      return sendJson(res, 200, {
        text: state.transcript,
        usage: { type: "duration", seconds: 4 },
      });
    }

    const model = record.body.model as string;
    const id = `chatcmpl-${Math.random().toString(36).slice(2)}`;
    const created = Math.floor(Date.now() / 1000);
    const format = record.body.response_format as { type?: string } | undefined;
    if (record.body.stream !== true || (behaviour && "ignoreStream" in behaviour)) {
      const content =
        behaviour && "content" in behaviour
          ? behaviour.content
          : format?.type === "json_schema"
            ? state.evaluation
            : state.answer;
      return sendJson(res, 200, {
        id,
        object: "chat.completion",
        created,
        model,
        choices: [
          {
            index: 0,
            message: { role: "assistant", content, refusal: null },
            finish_reason: "stop",
            logprobs: null,
          },
        ],
        usage: { prompt_tokens: 50, completion_tokens: 60, total_tokens: 110 },
      });
    }

    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
      connection: "keep-alive",
    });
    const chunk = (delta: Record<string, unknown>, finish: string | null) =>
      `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }] })}\n\n`;
    res.write(chunk({ role: "assistant", content: "" }, null));
    const tokens = state.answer.match(/\S+\s*/g) ?? [];
    const stallAt =
      behaviour && "stallAfterTokens" in behaviour ? behaviour.stallAfterTokens : Infinity;
    for (const [index, token] of tokens.entries()) {
      if (index >= stallAt) return; // keep the connection open, send nothing more
      if (state.tokenDelayMs > 0) await sleep(state.tokenDelayMs);
      if (res.destroyed) return;
      res.write(chunk({ content: token }, null));
    }
    res.write(chunk({}, "stop"));
    res.end("data: [DONE]\n\n");
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    baseURL: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function parseForm(req: IncomingMessage, body: Buffer): Promise<FormData | null> {
  const type = req.headers["content-type"] ?? "";
  if (!type.startsWith("multipart/form-data")) return null;
  try {
    return await new Request("http://fake/", {
      method: "POST",
      headers: { "content-type": type },
      body: new Uint8Array(body),
    }).formData();
  } catch {
    return null;
  }
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  type: string,
  code: string | null = null,
  param: string | null = null,
  headers: Record<string, string> = {},
) {
  sendJson(res, status, { error: { message, type, param, code } }, headers);
}
