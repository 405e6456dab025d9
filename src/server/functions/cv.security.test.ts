import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cvs } from "@/server/db/schema";
import { cvSchema, getCvResponseSchema } from "@/shared/cv";
import { evalCvs } from "@tests/data/cvs";
import { invoke } from "@tests/support/billing";
import { startFakeOpenAI, type FakeOpenAI } from "@tests/support/fake-openai";
import { callFunction, expectError } from "@tests/support/functions";
import { subscribeTestUser } from "@tests/support/subscribe-test-user";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser, type TestUser } from "@tests/support/test-users";

/**
 * A CV is its owner's alone: nobody else reads or deletes it, signing in is required, it is in
 * "Download my data", and it goes with the history and with the account. It reaches a cloud
 * model only when one is configured, and the CV screen is told which is the case.
 */

const cvText = evalCvs[0]!.lines.join("\n");
const file = { fileName: "cv.txt", data: Buffer.from(cvText).toString("base64") };

let t: TestApp;
let ada: TestUser;
let grace: TestUser;

const call = (user: TestUser | string | null, name: string, body?: unknown) =>
  callFunction(t, user, name, body);
const cvRow = async (user: TestUser) =>
  t.database.db.select().from(cvs).where(eq(cvs.userId, user.id));

beforeAll(async () => {
  t = await createTestApp();
  [ada, grace] = await Promise.all([createTestUser(t), createTestUser(t)]);
  await Promise.all([subscribeTestUser(t, ada), subscribeTestUser(t, grace)]);
});
afterAll(() => t?.close());

describe("whose CV", () => {
  it("answers nobody who is not signed in, and no forged token", async () => {
    for (const name of ["read-cv", "save-cv", "get-cv", "delete-cv"]) {
      await expectError(await call(null, name, {}), 401, "unauthorized");
      await expectError(await call("not-a-token", name, {}), 401, "unauthorized");
    }
  });

  it("reads and saves CVs for subscribers; a former one still sees and deletes theirs", async () => {
    const free = await createTestUser(t);
    await expectError(await call(free, "read-cv", file), 403, "subscription_required");
    await expectError(await call(free, "save-cv", { text: cvText }), 403, "subscription_required");
    expect((await call(free, "get-cv")).status).toBe(200);
    expect(await (await call(free, "delete-cv")).json()).toEqual({ deleted: false });
  });

  it("never shows or deletes one user's CV to another", async () => {
    const saved = await call(ada, "save-cv", { text: cvText });
    expect(saved.status).toBe(200);
    const seen = getCvResponseSchema.parse(await (await call(grace, "get-cv")).json());
    expect(seen.cv).toBeNull();
    expect(await (await call(grace, "delete-cv")).json()).toEqual({ deleted: false });
    expect(await cvRow(ada)).toHaveLength(1);
    // Grace's own CV does not replace Ada's.
    await call(grace, "save-cv", { text: evalCvs[1]!.lines.join("\n") });
    const mine = getCvResponseSchema.parse(await (await call(ada, "get-cv")).json());
    expect(mine.cv?.text).toContain("Northwind Payments");
  });

  it("is in Download my data, with what was understood from it", async () => {
    await call(ada, "save-cv", { text: cvText, fileName: "ada.pdf", format: "pdf" });
    const data = (await (await call(ada, "export-my-data")).json()) as {
      cv: { text: string; fileName: string; profile: { jobs: unknown[] } } | null;
    };
    expect(data.cv).toMatchObject({ fileName: "ada.pdf", text: cvText });
    expect(data.cv!.profile.jobs.length).toBeGreaterThan(0);
  });

  it("goes with the history", async () => {
    await call(ada, "save-cv", { text: cvText });
    const res = await call(ada, "delete-my-history");
    expect(await res.json()).toMatchObject({ deleted: { cv: true } });
    expect(await cvRow(ada)).toHaveLength(0);
    expect(await cvRow(grace)).toHaveLength(1);
  });

  it("goes with the account", async () => {
    const leaving = await createTestUser(t);
    await subscribeTestUser(t, leaving);
    expect((await call(leaving, "save-cv", { text: cvText })).status).toBe(200);
    expect(await cvRow(leaving)).toHaveLength(1);
    const closed = await invoke(t, "delete-account", leaving.accessToken, {
      email: leaving.email,
      password: leaving.password,
    });
    expect(closed.status).toBe(200);
    expect(await cvRow(leaving)).toHaveLength(0);
  });
});

describe("cloud engines", () => {
  let fake: FakeOpenAI;
  let cloud: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    cloud = await createTestApp({ env: { AI_BASE_URL: fake.baseURL, AI_MAX_RETRIES: "0" } });
    user = await createTestUser(cloud);
    await subscribeTestUser(cloud, user);
  });
  afterAll(() => Promise.all([cloud?.close(), fake?.close()]));

  it("offline, the CV is never sent anywhere, and get-cv says so", async () => {
    const got = getCvResponseSchema.parse(await (await call(ada, "get-cv")).json());
    expect(got.cloud).toBe(false);
    const saved = cvSchema.parse(await (await call(ada, "save-cv", { text: cvText })).json());
    expect(saved.reader).toBe("offline");
  });

  it("with a chat model configured, get-cv says so and the model reads it, schema-checked", async () => {
    const got = getCvResponseSchema.parse(await (await callFunction(cloud, user, "get-cv")).json());
    expect(got.cloud).toBe(true);
    fake.enqueue("chat", {
      content: JSON.stringify({
        jobs: [{ title: "Staff Engineer", employer: "Northwind Payments", dates: "2021 – now" }],
        skills: ["Go"],
        achievements: ["Cut checkout latency by 40%"],
      }),
    });
    const saved = cvSchema.parse(
      await (await callFunction(cloud, user, "save-cv", { text: cvText })).json(),
    );
    expect(saved.reader).toBe("openai");
    expect(saved.profile.jobs[0]!.title).toBe("Staff Engineer");
    const sent = fake.requests.at(-1)!;
    expect(JSON.stringify(sent.body)).toContain("Northwind Payments");
  });

  it("falls back to the offline reading when the model fails or answers off-schema", async () => {
    fake.enqueue("chat", { status: 500 }, { content: '{"jobs": "none"}' }, { content: "{}" });
    const failed = cvSchema.parse(
      await (await callFunction(cloud, user, "save-cv", { text: cvText })).json(),
    );
    expect(failed.reader).toBe("offline");
    expect(failed.profile.jobs[0]!.employer).toBe("Northwind Payments");
  });
});
