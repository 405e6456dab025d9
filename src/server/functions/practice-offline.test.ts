import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscribeTestUser } from "../testing/subscribe-test-user";
import { createTestApp, type TestApp } from "../testing/test-app";
import { createTestUser, type TestUser } from "../testing/test-users";

/** With no AI configured, the practice functions run on the built-in offline engines. */
const fixtures = new URL("../../../../shared/fixtures/audio/", import.meta.url);

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await createTestUser(t);
  await subscribeTestUser(t, user);
});
afterAll(() => t?.close());

const call = (name: string, body: unknown) =>
  t.app.request(`/functions/v1/${name}`, {
    method: "POST",
    headers: { authorization: `Bearer ${user.accessToken}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("practice functions on the offline engines", () => {
  it("names the offline engines", async () => {
    const res = await t.app.request("/functions/v1/practice-config", {
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(await res.json()).toMatchObject({ transcriber: "offline", answerer: "offline-library" });
  });

  it("transcribes a recorded question offline", async () => {
    const audio = readFileSync(new URL("why-hire-you.slt.webm", fixtures)).toString("base64");
    const res = await call("transcribe-audio", { audio });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { text: string; source: string; confidence: number };
    expect(body.source).toBe("offline");
    expect(body.text.toLowerCase()).toContain("why should we hire you");
    expect(body.confidence).toBeGreaterThan(0);
  });

  it("answers from the interview library, as JSON and as a stream", async () => {
    const json = await call("generate-interview-answer", { question: "Why should we hire you?" });
    expect(json.status).toBe(200);
    const { answer, source } = (await json.json()) as { answer: string; source: string };
    expect(source).toBe("offline-library");
    expect(answer.split(/\s+/).length).toBeGreaterThan(50);

    const stream = await call("generate-interview-answer", {
      question: "Why should we hire you?",
      stream: true,
    });
    const text = await stream.text();
    const deltas = [...text.matchAll(/^data: (\{"delta".*\})$/gm)].map(
      (m) => (JSON.parse(m[1]!) as { delta: string }).delta,
    );
    expect(deltas.join("").trim()).toBe(answer);
    expect(text).toMatch(/event: done\ndata: \{"source":"offline-library"\}/);
  });
});
