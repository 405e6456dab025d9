import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentWebm } from "@tests/support/audio-fixtures";
import { inOneWindow } from "@tests/support/functions";
import { subscribeTestUser } from "@tests/support/subscribe-test-user";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser, type TestUser } from "@tests/support/test-users";

const token = "metrics-token-0123456789abcdef";

describe("GET /metrics", () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp({
      env: { METRICS_TOKEN: token, RATE_LIMIT_ANSWER_PER_MINUTE: "1" },
    });
    user = await createTestUser(t);
    await subscribeTestUser(t, user);
  });
  afterAll(() => t?.close());

  const scrape = async () => {
    const res = await t.request("/metrics", { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    return res.text();
  };
  const answer = () =>
    t.request("/functions/v1/generate-interview-answer", {
      method: "POST",
      headers: { authorization: `Bearer ${user.accessToken}`, "content-type": "application/json" },
      body: JSON.stringify({ question: "Why do you want to work here?" }),
    });

  it("refuses a scrape without the token", async () => {
    expect((await t.request("/metrics")).status).toBe(401);
    const wrong = await t.request("/metrics", { headers: { authorization: "Bearer nope" } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: { code: "unauthorized" } });
  });

  it("counts requests by route template and status, with their durations", async () => {
    await t.request("/health");
    await t.request("/billing/checkout/cs_local_nothing");
    await t.request("/no/such/path/anywhere");
    const text = await scrape();
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/health",status="200"\} \d+/);
    expect(text).toMatch(/route="\/billing\/checkout\/:id"/);
    expect(text).toContain('route="unmatched"');
    expect(text).not.toContain("cs_local_nothing");
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/health"/,
    );
  });

  it("reports the database pool, the transcriber and the process", async () => {
    const text = await scrape();
    for (const state of ["in_use", "idle", "waiting"]) {
      expect(text).toContain(`db_pool_connections{state="${state}"}`);
    }
    expect(text).toContain("transcriber_queue_depth");
    expect(text).toContain("transcriber_worker_restarts");
    expect(text).toContain("process_resident_memory_bytes");
  });

  it("reports the AI job queue: depth by kind and state, wait and run time of its jobs", async () => {
    // A silent recording: a job that a worker runs and ends with "nothing heard".
    const res = await t.request("/functions/v1/transcribe-audio", {
      method: "POST",
      headers: { authorization: `Bearer ${user.accessToken}`, "content-type": "application/json" },
      body: JSON.stringify({ audio: Buffer.from(silentWebm()).toString("base64") }),
    });
    expect(res.status).toBe(422);
    const text = await scrape();
    for (const kind of ["transcribe-question", "evaluate-answer"]) {
      for (const state of ["queued", "active"]) {
        expect(text).toContain(`ai_jobs{kind="${kind}",state="${state}"} 0`);
      }
    }
    expect(text).toMatch(/ai_job_wait_seconds_count\{kind="transcribe-question"\} 1/);
    expect(text).toMatch(/ai_job_run_seconds_count\{kind="transcribe-question"\} 1/);
  }, 60_000);

  it("times AI engine calls by engine and counts rate-limit rejections", async () => {
    await inOneWindow();
    expect((await answer()).status).toBe(200);
    expect((await answer()).status).toBe(429);
    const text = await scrape();
    expect(text).toMatch(
      /ai_engine_duration_seconds_count\{engine="offline-library",operation="answer",outcome="ok"\} 1/,
    );
    expect(text).toMatch(
      /rate_limit_rejections_total\{route="\/functions\/v1\/generate-interview-answer"\} 1/,
    );
  });
});

describe("without METRICS_TOKEN", () => {
  it("has no /metrics at all", async () => {
    const t = await createTestApp();
    try {
      const res = await t.request("/metrics");
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: "not_found" } });
    } finally {
      await t.close();
    }
  });
});
