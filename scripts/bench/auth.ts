// npm run bench:auth — the auth endpoints against the built server on PostgreSQL and on the
// embedded PGlite, at 10 connections: GET /auth/v1/user (each connection with its own session)
// as a share of a bare Hono route measured in interleaved rounds, refresh with rotation,
// password sign-in (rate limits raised for the run), and sign-out, which answers only once every
// instance has dropped the session (decision 0059).
// Targets on PostgreSQL: /user ≥ 30% of the bare route with p99 < 25 ms; sign-in p99 < 300 ms.
// BENCH_SECONDS (default 5) per run, BENCH_ROUNDS (default 3), BENCH_DATABASE_URL.
import {
  apikey,
  autocannon,
  connections,
  describeLatencies,
  describeShare,
  fmt,
  onEachDatabase,
  postJson,
  prelude,
  shareOfBare,
  startBareServer,
  startServer,
  type Process,
} from "./support/http";

type Session = { access_token: string; refresh_token: string };

const SIGN_OUTS = 40;

async function benchServer(label: string, env: Record<string, string>, bare: Process) {
  const server = await startServer(env);
  try {
    const auth = `${server.url}/auth/v1`;
    const email = `bench-${Date.now()}@example.com`;
    const password = "bench-password";
    const sessions = [await postJson<Session>(`${auth}/signup`, { email, password })];
    while (sessions.length < connections) {
      sessions.push(
        await postJson<Session>(`${auth}/token?grant_type=password`, { email, password }),
      );
    }
    // Each connection keeps to one session, as ten signed-in browsers would.
    const perConnection = (pick: (s: Session) => string) => {
      let next = 0;
      return (context: Record<string, unknown>) =>
        (context.token ??= pick(sessions[next++ % sessions.length]!)) as string;
    };

    const accessToken = perConnection((s) => s.access_token);
    const user = await shareOfBare(bare, "GET", {
      url: auth,
      requests: [
        {
          path: "/auth/v1/user",
          setupRequest: (req, context) => ({
            ...req,
            headers: { apikey, authorization: `Bearer ${accessToken(context)}` },
          }),
        },
      ],
    });

    // Each connection refreshes its own session, always with the token it got last.
    const refreshToken = perConnection((s) => s.refresh_token);
    const refresh = await autocannon({
      url: auth,
      requests: [
        {
          method: "POST",
          path: "/auth/v1/token?grant_type=refresh_token",
          headers: { "content-type": "application/json", apikey },
          setupRequest: (req, context) => ({
            ...req,
            body: JSON.stringify({ refresh_token: refreshToken(context) }),
          }),
          onResponse: (status, body, context) => {
            if (status === 200) context.token = (JSON.parse(body) as Session).refresh_token;
          },
        },
      ],
    });

    const signIn = await autocannon({
      url: `${auth}/token?grant_type=password`,
      method: "POST",
      headers: { "content-type": "application/json", apikey },
      body: JSON.stringify({ email, password }),
    });

    // One at a time, as people sign out: each waits until no instance would accept the session.
    const signOutMs: number[] = [];
    for (let i = 0; i < SIGN_OUTS; i++) {
      const { access_token } = await postJson<Session>(`${auth}/token?grant_type=password`, {
        email,
        password,
      });
      const started = performance.now();
      const res = await fetch(`${auth}/logout?scope=local`, {
        method: "POST",
        headers: { apikey, authorization: `Bearer ${access_token}` },
      });
      if (res.status !== 204) throw new Error(`sign-out answered ${res.status}`);
      signOutMs.push(performance.now() - started);
    }

    console.info(`\n${label}`);
    console.info(describeShare("GET /auth/v1/user", user));
    console.info(fmt("refresh (rotating)", refresh));
    console.info(fmt("password sign-in", signIn));
    console.info(describeLatencies(`sign-out (${SIGN_OUTS}, one at a time)`, signOutMs));
    if (label === "PostgreSQL") {
      const met = user.share >= 0.3 && user.p99 < 25 && signIn.latency.p99 < 300;
      console.info(
        `  targets (/user ≥ 30% of bare, p99 < 25 ms; sign-in p99 < 300 ms): ${met ? "met" : "NOT met"}`,
      );
    }
  } finally {
    await server.stop();
  }
}

const done = prelude();
const bare = await startBareServer();
try {
  await onEachDatabase("auth", (label, env) => benchServer(label, env, bare));
} finally {
  await bare.stop();
}
done();
