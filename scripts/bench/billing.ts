// npm run bench:billing — POST /functions/v1/check-subscription for signed-in Premium users
// (answered from our subscriptions row, held in memory: decision 0059; local billing provider)
// at 10 connections, each with its own user, as a share of a bare Hono route measured in
// interleaved rounds, on PostgreSQL and on the embedded PGlite. Target on PostgreSQL: ≥ 25% of
// the bare route, p99 < 30 ms.
// BENCH_SECONDS (default 5) per run, BENCH_ROUNDS (default 3), BENCH_DATABASE_URL.
import {
  apikey,
  connections,
  describeShare,
  onEachDatabase,
  prelude,
  premiumUser,
  shareOfBare,
  startBareServer,
  startServer,
  type Process,
} from "./support/http";

async function benchServer(label: string, env: Record<string, string>, bare: Process) {
  const server = await startServer(env);
  try {
    const tokens: string[] = [];
    while (tokens.length < connections) tokens.push(await premiumUser(server.url));
    let next = 0;
    const check = await shareOfBare(bare, "POST", {
      url: server.url,
      requests: [
        {
          method: "POST",
          path: "/functions/v1/check-subscription",
          setupRequest: (req, context) => ({
            ...req,
            headers: {
              apikey,
              authorization: `Bearer ${(context.token ??= tokens[next++ % tokens.length]!) as string}`,
            },
          }),
        },
      ],
    });
    console.info(`\n${label}\n${describeShare("POST check-subscription", check)}`);
    if (label === "PostgreSQL") {
      const met = check.share >= 0.25 && check.p99 < 30;
      console.info(`  target (≥ 25% of bare, p99 < 30 ms): ${met ? "met" : "NOT met"}`);
    }
  } finally {
    await server.stop();
  }
}

const done = prelude();
const bare = await startBareServer();
try {
  await onEachDatabase("billing", (label, env) => benchServer(label, env, bare));
} finally {
  await bare.stop();
}
done();
