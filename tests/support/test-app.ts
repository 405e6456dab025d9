import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { createApp } from "@/server/app";
import { loadConfig, type Config } from "@/server/config";
import type { DatabaseHandle } from "@/server/db/client";
import { createLogger, type Logger } from "@/server/logger";
import { serveApp } from "@/server/server";
import { closeServices, createServices, type Services } from "@/server/services";
import type { SpaAssets } from "@/server/static";
import { createTestDatabase } from "./test-database";

/** Requests to the running test server, in the shape of Hono's `app.request` / `app.fetch`. */
export type TestClient = {
  /**
   * `path` (or an absolute URL, whose host is sent as the `Host` header) over real HTTP.
   * Redirects are not followed, as with `app.request`.
   */
  request(path: string | URL | Request, init?: RequestInit): Promise<Response>;
  fetch(request: Request): Promise<Response>;
};

export type TestApp = {
  /** The app, reached through @hono/node-server over a socket, as production reaches it. */
  app: TestClient;
  /** Same as `app.request`. */
  request: TestClient["request"];
  /** The server's own address, e.g. `http://127.0.0.1:41234`. */
  url: string;
  config: Config;
  database: DatabaseHandle;
  services: Services;
  close(): Promise<void>;
};

/**
 * One request over Node's HTTP client: exactly the headers given (fetch would add its own,
 * refuse to set `Host` and decompress the body), the answer as a web `Response`.
 */
function send(
  target: string,
  options: {
    method: string;
    headers: Headers;
    body: Buffer | ReadableStream<Uint8Array> | undefined;
    signal?: AbortSignal;
  },
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      target,
      {
        method: options.method,
        headers: Object.fromEntries(options.headers),
        signal: options.signal,
        // A fresh connection each time: the server closes one whose body it refused unread,
        // and a pooled socket would race that close.
        agent: false,
      },
      (incoming) => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          for (const item of Array.isArray(value) ? value : [value ?? ""]) {
            headers.append(name, item);
          }
        }
        const status = incoming.statusCode ?? 500;
        const empty = status === 204 || status === 304 || options.method === "HEAD";
        if (empty) incoming.resume();
        resolve(
          new Response(empty ? null : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>), {
            status,
            statusText: incoming.statusMessage,
            headers,
          }),
        );
      },
    );
    outgoing.on("error", reject);
    const { body } = options;
    if (body instanceof ReadableStream) {
      const source = Readable.fromWeb(body as WebReadableStream<Uint8Array>, { highWaterMark: 1 });
      source.on("error", (error) => outgoing.destroy(error)).pipe(outgoing);
      // Once answered (e.g. 413 part-way), stop sending, as a browser does.
      outgoing.once("response", () => source.destroy());
    } else {
      outgoing.end(body);
    }
  });
}

/**
 * The real app on a real (fresh) database, served as production serves it (`serveApp`:
 * @hono/node-server with the server's request timeouts) on 127.0.0.1 (a free port) and called
 * with real HTTP, so tests take the path production takes: Node's HTTP parser and framing,
 * @hono/node-server's request and response handling (docs/decisions/0062).
 * `env` sets configuration variables exactly as the environment would.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    database?: DatabaseHandle;
    logger?: Logger;
    services?: Services;
    spa?: SpaAssets | null;
    appConfig?: Record<string, unknown>;
  } = {},
): Promise<TestApp> {
  const { env, ...overrides } = options;
  const config =
    overrides.services?.config ?? loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", ...env });
  const database =
    overrides.services?.database ?? overrides.database ?? (await createTestDatabase());
  const logger = overrides.logger ?? createLogger("silent");
  const services = overrides.services ?? (await createServices(config, database, logger));
  const app = createApp({ services, spa: overrides.spa ?? null, appConfig: overrides.appConfig });

  const server = await new Promise<Server>((resolve) => {
    const s = serveApp(app.fetch, config, { port: 0, hostname: "127.0.0.1" }, () =>
      resolve(s as Server),
    );
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const request: TestClient["request"] = async (input, init) => {
    const asked = new Request(
      typeof input === "string" && input.startsWith("/") ? `http://localhost${input}` : input,
      init,
    );
    const { host, pathname, search } = new URL(asked.url);
    const headers = new Headers(asked.headers);
    if (host !== "localhost" && !headers.has("host")) headers.set("host", host);
    // A streamed body goes out chunked; any other with a Content-Length, as browsers send it.
    const streamed = init?.body instanceof ReadableStream;
    const body =
      asked.body === null || streamed ? undefined : Buffer.from(await asked.arrayBuffer());
    if (headers.has("content-length")) {
      // as given: a test may declare a length it does not send
    } else if (body) headers.set("content-length", String(body.length));
    else if (!streamed && !["GET", "HEAD"].includes(asked.method)) {
      headers.set("content-length", "0");
    }
    return send(`${url}${pathname}${search}`, {
      method: asked.method,
      headers,
      body: streamed ? asked.body! : body,
      signal: init?.signal ?? undefined,
    });
  };

  return {
    app: { request, fetch: (r) => request(r) },
    request,
    url,
    config,
    database,
    services,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await closeServices(services);
      if (!overrides.database && !overrides.services) await database.close();
    },
  };
}
