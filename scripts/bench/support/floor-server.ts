// The floor for any endpoint that honours decision 0012, which says a signed-out session stops
// working at once on every instance: a bare Hono route that makes one trivial PostgreSQL round
// trip, coalesced exactly as the product's lookups are (src/server/db/coalesce.ts), and nothing
// else. No endpoint that checks its session per request can beat it on this machine. The HTTP
// benchmarks report it beside the bare route, so a share that misses a target can be read
// against what is physically possible. Started by support/http.ts with DATABASE_URL and PORT.
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import postgres from "postgres";
import { coalesce } from "@/server/db/coalesce";

const sql = postgres(process.env.DATABASE_URL!, {
  max: 10,
  onnotice: () => {},
  connection: { plan_cache_mode: "force_generic_plan" },
});
const roundTrip = coalesce(async (keys: number[]) => {
  await sql`select 1`;
  return new Map(keys.map((key) => [key, true]));
});

let calls = 0;
const app = new Hono();
app.on(["GET", "POST"], "/floor", async (c) => c.json({ ok: await roundTrip(calls++ % 10) }));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: "127.0.0.1" });
