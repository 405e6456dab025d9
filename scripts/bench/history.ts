// npm run bench:history — the history functions on PostgreSQL with a big history: 1,000 users,
// one of them with 10,000 attempts (the others 10 each), at 10 connections:
// list-attempts' first page and a deep page (8,000 attempts in), and progress (the chart's 100
// points, and 500 on request); then start-session
// in company mode with a 1,000-word job post, one at a time. Prints the query plans' shape.
// Targets: list-attempts and progress p99 < 30 ms; start-session < 200 ms.
// BENCH_SECONDS (default 5), BENCH_DATABASE_URL.
import pg from "pg";
import { createScratchDatabase, postgresReachable } from "@tests/support/test-database";
import {
  apikey,
  autocannon,
  describeLatencies,
  fmt,
  premiumUser,
  prelude,
  startServer,
} from "./support/http";

const pgUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const USERS = 1000;
const ATTEMPTS = 10_000;

if (!(await postgresReachable(pgUrl))) {
  console.info(`PostgreSQL is not reachable at ${pgUrl}: bench:history needs it.`);
  process.exit(0);
}
const done = prelude();
const scratch = await createScratchDatabase(pgUrl, "ic_bench_history");
const server = await startServer({ DATABASE_URL: scratch.url });
const db = new pg.Client({ connectionString: scratch.url });
await db.connect();
try {
  const token = await premiumUser(server.url);
  const userId = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString())
    .sub as string;

  // The crowd: 999 other users with 10 attempts each, and ours with 10,000 over two years.
  await db.query(`
    insert into users (email, password_hash)
    select 'crowd-' || n || '@example.com', 'x' from generate_series(1, ${USERS - 1}) n`);
  const attemptColumns = `user_id, question, question_key, mode, category, transcript, transcriber,
    evaluator, approximate, overall, clarity, relevance, timing, strengths, improvements, summary,
    created_at`;
  const attemptValues = (n: string) => `'Tell me about a time you met a deadline.',
    'q-' || (${n} % 150), (array['interview','quick','company','own'])[1 + ${n} % 4], 'behavioural',
    'In my last job we had a deadline...', 'typed', 'offline', false, 1 + (${n} % 40) / 10.0,
    3.5, 3.5, 3.5, '["Clear"]', '["Add a result"]', 'A clear answer.'`;
  await db.query(
    `
    insert into attempts (${attemptColumns})
    select $1, ${attemptValues("n")}, now() - (n * interval '100 minutes')
    from generate_series(1, ${ATTEMPTS}) n`,
    [userId],
  );
  await db.query(`
    insert into attempts (${attemptColumns})
    select u.id, ${attemptValues("n")}, now() - (n * interval '1 day')
    from users u cross join generate_series(1, 10) n where u.email like 'crowd-%'`);
  // As autovacuum leaves a table in use: statistics and the visibility map up to date.
  await db.query("vacuum analyze");
  const rows = await db.query<{ count: string }>("select count(*) from attempts");
  console.info(`\n${USERS} users, ${rows.rows[0]!.count} attempts (${ATTEMPTS} for one user)\n`);

  const deep = await db.query<{ created_at: Date; id: string }>(
    `select created_at, id from attempts where user_id = $1
     order by created_at desc, id desc offset 8000 limit 1`,
    [userId],
  );
  const cursor = Buffer.from(
    `${deep.rows[0]!.created_at.toISOString()}|${deep.rows[0]!.id}`,
  ).toString("base64url");
  const headers = { "content-type": "application/json", apikey, authorization: `Bearer ${token}` };
  const call = async (name: string, body: unknown) =>
    autocannon({
      url: `${server.url}/functions/v1/${name}`,
      method: "POST",
      headers,
      body: JSON.stringify(body),
    });
  for (const [label, name, body] of [
    ["list-attempts, first page", "list-attempts", {}],
    ["list-attempts, 8,000 in", "list-attempts", { cursor }],
    ["list-attempts, one mode", "list-attempts", { mode: "quick" }],
    ["progress (the chart's 100)", "progress", {}],
    ["progress, 500 points", "progress", { limit: 500 }],
  ] as const) {
    const result = await call(name, body);
    if (result.non2xx || result.errors) throw new Error(`${label}: ${fmt(label, result)}`);
    console.info(`${fmt(label, result)}   target p99 < 30 ms`);
  }

  const words = "analyst SQL dashboards stakeholder management reporting python excel team".split(
    " ",
  );
  const jobPost = Array.from({ length: 1000 }, (_, k) => words[(k * 7) % words.length]).join(" ");
  const times: number[] = [];
  for (let run = 0; run < 40; run++) {
    const started = performance.now();
    const res = await fetch(`${server.url}/functions/v1/start-session`, {
      method: "POST",
      headers,
      body: JSON.stringify({ mode: "company", company: "Acme", role: "data-analyst", jobPost }),
    });
    if (res.status !== 201) throw new Error(`start-session: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    times.push(performance.now() - started);
  }
  console.info(
    `${describeLatencies("start-session, company, 1,000 words", times)}   target < 200 ms`,
  );

  console.info("\nQuery plans:");
  const plans: [string, string, unknown[]][] = [
    [
      "first page",
      `select * from attempts where user_id = $1 order by created_at desc, id desc limit 21`,
      [userId],
    ],
    [
      "deep page",
      `select * from attempts where user_id = $1 and (created_at, id) < ($2, $3)
       order by created_at desc, id desc limit 21`,
      [userId, deep.rows[0]!.created_at, deep.rows[0]!.id],
    ],
    [
      "one mode",
      `select * from attempts where user_id = $1 and mode = 'quick' order by created_at desc, id desc limit 21`,
      [userId],
    ],
    [
      "progress: points, counts and the streak's days, as JSON",
      `select (select json_agg(p) from (select id as "attemptId", created_at as date, overall,
         clarity, relevance, timing from attempts where user_id = $1
         order by created_at desc, id desc limit 500) p) as points,
       (select json_agg(d) from (select current_date - day as ago, answers from attempt_days
         where user_id = $1 order by day desc limit 366) d) as days,
       (select sum(answers) from attempt_days where user_id = $1) as total
       from users where id = $1`,
      [userId],
    ],
  ];
  for (const [label, sql, params] of plans) {
    const plan = await db.query<{ "QUERY PLAN": string }>(`explain analyze ${sql}`, params);
    console.info(`  ${label}:`);
    for (const line of plan.rows.slice(0, 3)) console.info(`    ${line["QUERY PLAN"]}`);
    console.info(`    ${plan.rows.at(-1)!["QUERY PLAN"]}`);
  }
} finally {
  await db.end();
  await server.stop();
  await scratch.drop();
  done();
}
