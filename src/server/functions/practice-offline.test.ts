import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noiseWebm, readFixture, silentWebm } from "@tests/support/audio-fixtures";
import { demuxWebmOpus } from "@/server/audio/webm";
import { writeWebm } from "@tests/support/webm-writer";
import { subscribeTestUser } from "@tests/support/subscribe-test-user";
import { callFunction } from "@tests/support/functions";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser, type TestUser } from "@tests/support/test-users";

// With no AI configured, the practice functions run on the built-in offline engines.

const b64 = (data: Uint8Array) => Buffer.from(data).toString("base64");

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await createTestUser(t);
  await subscribeTestUser(t, user);
});
afterAll(() => t?.close());

const call = (name: string, body: unknown) => callFunction(t, user, name, body);

describe("practice functions on the offline engines", () => {
  it("names the offline engines", async () => {
    const res = await t.app.request("/functions/v1/practice-config", {
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(await res.json()).toMatchObject({ transcriber: "offline", answerer: "offline-library" });
  });

  it("transcribes a recorded question offline", async () => {
    const audio = b64(readFixture("why-hire-you.slt"));
    const res = await call("transcribe-audio", { audio });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { text: string; source: string; confidence: number };
    expect(body.source).toBe("offline");
    expect(body.text.toLowerCase()).toContain("why should we hire you");
    expect(body.confidence).toBeGreaterThan(0);
  });

  it("answers bad audio with a 4xx JSON error, never a 5xx, and stays usable", async () => {
    const recording = readFixture("why-hire-you.slt");
    const packets = demuxWebmOpus(recording).packets;
    const cases: { name: string; audio: string; status: number[] }[] = [
      {
        name: "not WebM",
        audio: b64(new TextEncoder().encode("plainly not audio")),
        status: [415],
      },
      {
        name: "WebM without Opus",
        audio: b64(writeWebm(packets, { tracks: [{ codecId: "A_VORBIS" }] })),
        status: [415],
      },
      { name: "WebM with no audio", audio: b64(writeWebm([])), status: [415] },
      { name: "silence", audio: b64(silentWebm()), status: [422] },
      // Noise is refused, or heard and flagged uncertain (below).
      { name: "noise", audio: b64(noiseWebm(7)), status: [422, 200] },
    ];
    for (const { name, audio, status } of cases) {
      const res = await call("transcribe-audio", { audio });
      expect(status, name).toContain(res.status);
      const body = (await res.json()) as { error?: { code: string; message: string } };
      if (res.status === 200) expect(body, name).toMatchObject({ uncertain: true });
      else expect(body.error?.message, name).toBeTruthy();
    }
    const silence = await call("transcribe-audio", { audio: cases[3]!.audio });
    expect(await silence.json()).toMatchObject({ error: { code: "unrecognised_speech" } });

    const after = await call("transcribe-audio", { audio: b64(recording) });
    expect(after.status).toBe(200);
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
