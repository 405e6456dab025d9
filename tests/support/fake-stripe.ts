import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small, stateful stand-in for Stripe's API that speaks its wire format, so the real `stripe`
 * SDK can be tested with no network: `/v1/...` paths, form-encoded bodies with bracket keys,
 * list envelopes, error envelopes with Stripe's statuses, and `Idempotency-Key` replay. It
 * covers the calls our Stripe provider makes; tests drive the rest (completing a checkout,
 * renewing, cancelling) through its methods, then sign events with the real SDK.
 */

type Json = Record<string, unknown>;
export type FakeSubscription = Json & {
  id: string;
  customer: string;
  status: string;
  created: number;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  items: {
    object: "list";
    data: (Json & { current_period_start: number; current_period_end: number })[];
  };
};
export type RecordedRequest = {
  method: string;
  path: string;
  query: Json;
  body: Json;
  idempotencyKey: string | undefined;
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const MONTH = 30 * 24 * 3600;

/** `a[b][0][c]=v` → `{ a: { b: [ { c: "v" } ] } }`, as Stripe reads form bodies. */
function decodeForm(params: URLSearchParams): Json {
  const root: Json = {};
  for (const [key, value] of params) {
    const path = key.replace(/\]/g, "").split("[");
    let node: Json = root;
    path.forEach((segment, i) => {
      if (i === path.length - 1) node[segment] = value;
      else node = (node[segment] ??= {}) as Json;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (typeof value !== "object" || value === null) return value;
    const entries = Object.entries(value as Json).map(([k, v]) => [k, arrays(v)] as const);
    if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
      return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
    }
    return Object.fromEntries(entries);
  };
  return arrays(root) as Json;
}

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; code?: string; message: string; param?: string },
  ) {
    super(body.message);
  }
}

const missing = (kind: string, value: string, param?: string) =>
  new StripeHttpError(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    message: `No such ${kind}: '${value}'`,
    param,
  });
const required = (param: string) =>
  new StripeHttpError(400, {
    type: "invalid_request_error",
    code: "parameter_missing",
    message: `Missing required param: ${param}.`,
    param,
  });

export class FakeStripe {
  readonly customers = new Map<string, Json>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly checkoutSessions = new Map<string, Json>();
  readonly requests: RecordedRequest[] = [];
  /** Delay before each answer, to let concurrent requests overlap. */
  latencyMs = 0;
  private readonly idempotent = new Map<
    string,
    { fingerprint: string; status: number; body: string }
  >();
  private failures: { status: number; type: string; message: string; code?: string }[] = [];
  private server: Server | undefined;

  constructor(readonly apiKey = "sk_test_fake") {}

  /** Starts listening on a free port; use `host`, `port` and `protocol: 'http'` in the SDK. */
  async start(): Promise<{ host: string; port: number; url: string }> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    const { port } = this.server.address() as AddressInfo;
    return { host: "127.0.0.1", port, url: `http://127.0.0.1:${port}` };
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  /** The next `count` requests get this error (e.g. 500 api_error, 400 invalid_request_error). */
  failNext(
    status: number,
    options: { type?: string; message?: string; code?: string; count?: number } = {},
  ) {
    const type =
      options.type ??
      (status >= 500 ? "api_error" : status === 429 ? "rate_limit_error" : "invalid_request_error");
    for (let i = 0; i < (options.count ?? 1); i++) {
      this.failures.push({
        status,
        type,
        message: options.message ?? `Simulated ${status}`,
        code: options.code,
      });
    }
  }

  get pendingFailures(): number {
    return this.failures.length;
  }

  /** What Stripe does when the customer pays: a subscription for the session's customer. */
  completeCheckout(
    sessionId: string,
    options: { status?: string; created?: number; periodStart?: number } = {},
  ) {
    const session = this.checkoutSessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    const sub = this.createSubscription(session.customer as string, {
      status: options.status ?? "active",
      created: options.created,
      periodStart: options.periodStart,
      metadata: ((session.subscription_data as Json | undefined)?.metadata as Json) ?? {},
    });
    Object.assign(session, { status: "complete", payment_status: "paid", subscription: sub.id });
    return { session, subscription: sub };
  }

  createSubscription(
    customer: string,
    options: { status?: string; created?: number; periodStart?: number; metadata?: Json } = {},
  ): FakeSubscription {
    const created = options.created ?? nowSeconds();
    const start = options.periodStart ?? created;
    const sub: FakeSubscription = {
      id: id("sub"),
      object: "subscription",
      customer,
      status: options.status ?? "active",
      created,
      start_date: created,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      livemode: false,
      metadata: options.metadata ?? {},
      items: {
        object: "list",
        data: [
          {
            id: id("si"),
            object: "subscription_item",
            quantity: 1,
            current_period_start: start,
            current_period_end: start + MONTH,
            price: {
              id: "price_fake_premium",
              object: "price",
              currency: "usd",
              unit_amount: 1100,
              recurring: { interval: "month", interval_count: 1 },
            },
          },
        ],
      },
    };
    this.subscriptions.set(sub.id, sub);
    return sub;
  }

  /** Changes a subscription as Stripe would (a cancellation, a failed renewal…). */
  updateSubscription(
    subscriptionId: string,
    patch: Partial<Pick<FakeSubscription, "status" | "cancel_at" | "cancel_at_period_end">> & {
      currentPeriodStart?: number;
      currentPeriodEnd?: number;
    },
  ): FakeSubscription {
    const sub = this.subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`no subscription ${subscriptionId}`);
    const { currentPeriodStart, currentPeriodEnd, ...rest } = patch;
    Object.assign(sub, rest);
    const item = sub.items.data[0]!;
    if (currentPeriodStart !== undefined) item.current_period_start = currentPeriodStart;
    if (currentPeriodEnd !== undefined) item.current_period_end = currentPeriodEnd;
    if (patch.cancel_at_period_end === true && patch.cancel_at === undefined)
      sub.cancel_at = item.current_period_end;
    if (patch.cancel_at_period_end === false && patch.cancel_at === undefined) sub.cancel_at = null;
    return sub;
  }

  /** A webhook event body, as Stripe would send it (sign it with `webhooks.generateTestHeaderString`). */
  event(type: string, object: Json, options: { id?: string; created?: number } = {}): string {
    return JSON.stringify({
      id: options.id ?? id("evt"),
      object: "event",
      api_version: "2026-10-28.endive",
      created: options.created ?? nowSeconds(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", "http://fake");
    const method = req.method ?? "GET";
    const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
    const body = decodeForm(new URLSearchParams(raw));
    const query = decodeForm(url.searchParams);
    this.requests.push({ method, path: url.pathname, query, body, idempotencyKey });
    if (this.latencyMs) await new Promise((r) => setTimeout(r, this.latencyMs));

    const send = (status: number, payload: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, {
        "content-type": "application/json",
        "request-id": id("req"),
        "stripe-version": "2026-10-28.endive",
        ...headers,
      });
      res.end(payload);
    };

    if (req.headers.authorization !== `Bearer ${this.apiKey}`) {
      return send(
        401,
        JSON.stringify({
          error: { type: "invalid_request_error", message: "Invalid API Key provided: sk_****" },
        }),
      );
    }
    const failure = this.failures.shift();
    if (failure) {
      const { status, ...error } = failure;
      return send(status, JSON.stringify({ error }));
    }

    const fingerprint = `${method} ${url.pathname} ${raw}`;
    if (idempotencyKey && method === "POST") {
      const previous = this.idempotent.get(idempotencyKey);
      if (previous) {
        if (previous.fingerprint !== fingerprint) {
          return send(
            400,
            JSON.stringify({
              error: {
                type: "idempotency_error",
                message:
                  "Keys for idempotent requests can only be used with the same parameters they were first used with.",
              },
            }),
          );
        }
        return send(previous.status, previous.body, { "idempotent-replayed": "true" });
      }
    }

    let status = 200;
    let payload: string;
    try {
      // The SDK sends a GET's and a DELETE's parameters in the query string.
      const params = method === "GET" || method === "DELETE" ? query : body;
      payload = JSON.stringify(this.route(method, url.pathname, params));
    } catch (error) {
      if (!(error instanceof StripeHttpError)) throw error;
      status = error.status;
      payload = JSON.stringify({ error: error.body });
    }
    // Stripe keeps the first answer for a key, errors included (except 5xx), for 24 hours.
    if (idempotencyKey && method === "POST" && status < 500) {
      this.idempotent.set(idempotencyKey, { fingerprint, status, body: payload });
    }
    send(status, payload);
  }

  private route(method: string, path: string, params: Json): Json {
    if (method === "POST" && path === "/v1/customers") {
      const customer = {
        id: id("cus"),
        object: "customer",
        email: (params.email as string) ?? null,
        metadata: params.metadata ?? {},
        created: nowSeconds(),
        livemode: false,
      };
      this.customers.set(customer.id, customer);
      return customer;
    }
    if (method === "POST" && path === "/v1/checkout/sessions")
      return this.createCheckoutSession(params);
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      const customer = params.customer as string | undefined;
      if (!customer) throw required("customer");
      if (!this.customers.has(customer)) throw missing("customer", customer, "customer");
      const session = id("bps");
      return {
        id: session,
        object: "billing_portal.session",
        customer,
        return_url: params.return_url ?? null,
        livemode: false,
        url: `https://billing.stripe.com/p/session/test_${session}`,
      };
    }
    if (method === "GET" && path === "/v1/subscriptions") {
      const status = (params.status as string | undefined) ?? "default";
      const limit = Math.min(Number(params.limit ?? 10), 100);
      const all = [...this.subscriptions.values()]
        .filter((s) => !params.customer || s.customer === params.customer)
        .filter((s) =>
          status === "all"
            ? true
            : status === "default"
              ? s.status !== "canceled"
              : s.status === status,
        )
        .sort((a, b) => b.created - a.created);
      return {
        object: "list",
        data: all.slice(0, limit),
        has_more: all.length > limit,
        url: "/v1/subscriptions",
      };
    }
    const subMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === "GET" && subMatch) {
      const sub = this.subscriptions.get(subMatch[1]!);
      if (!sub) throw missing("subscription", subMatch[1]!);
      return sub;
    }
    if (method === "DELETE" && subMatch) return this.cancelSubscription(subMatch[1]!);
    throw new StripeHttpError(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs.`,
    });
  }

  /** `DELETE /v1/subscriptions/{id}`: cancels now (`invoice_now`, `prorate` are recorded). */
  private cancelSubscription(subscriptionId: string): Json {
    const sub = this.subscriptions.get(subscriptionId);
    if (!sub) throw missing("subscription", subscriptionId);
    if (sub.status === "canceled") {
      throw new StripeHttpError(400, {
        type: "invalid_request_error",
        message: `A canceled subscription can only update its cancellation_details and metadata.`,
      });
    }
    const now = nowSeconds();
    Object.assign(sub, { status: "canceled", canceled_at: now, ended_at: now });
    return sub;
  }

  private createCheckoutSession(params: Json): Json {
    if (!params.mode) throw required("mode");
    if (params.customer && params.customer_email) {
      throw new StripeHttpError(400, {
        type: "invalid_request_error",
        message: "You may only specify one of these parameters: customer, customer_email.",
        param: "customer_email",
      });
    }
    const customer = params.customer as string | undefined;
    if (customer && !this.customers.has(customer)) throw missing("customer", customer, "customer");
    const lineItems = params.line_items as Json[] | undefined;
    if (!lineItems?.length) throw required("line_items");
    if (!lineItems[0]!.price && !lineItems[0]!.price_data) throw required("line_items[0][price]");
    if (!params.success_url) throw required("success_url");
    const session = id("cs_test");
    const value: Json = {
      id: session,
      object: "checkout.session",
      mode: params.mode,
      customer: customer ?? null,
      client_reference_id: params.client_reference_id ?? null,
      success_url: params.success_url,
      cancel_url: params.cancel_url ?? null,
      subscription_data: params.subscription_data ?? null,
      line_items_requested: lineItems,
      status: "open",
      payment_status: "unpaid",
      subscription: null,
      livemode: false,
      url: `https://checkout.stripe.com/c/pay/${session}`,
    };
    this.checkoutSessions.set(session, value);
    const { subscription_data: _s, line_items_requested: _l, ...visible } = value;
    return visible;
  }
}
