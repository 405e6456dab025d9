import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionSchema } from "@/shared/sessions";
import { subscribeTestUser } from "@tests/support/subscribe-test-user";
import { callFunction } from "@tests/support/functions";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser, type TestUser } from "@tests/support/test-users";

/**
 * Ids and cursors that pass a loose shape check but that the database cannot read once reached
 * it and answered 500: `attemptOf` of 36 dashes plus `:0`, a list-attempts cursor naming such an
 * id or a time in the year 275760. Each is a 400 `validation_failed` now, and no input is a 500.
 */

const story =
  "In my last job a client moved our deadline forward by a week. I split the work into small " +
  "pieces, checked progress with the team every morning, and we delivered on time.";

let t: TestApp;
let user: TestUser;

const call = (name: string, body: unknown) => callFunction(t, user, name, body);

async function expectValidationFailed(res: Response, path: string) {
  const body = (await res.json()) as {
    error: { code: string; message: string; details?: { path: string }[] };
  };
  expect(res.status, JSON.stringify(body)).toBe(400);
  expect(body.error.code).toBe("validation_failed");
  expect(body.error.details?.map((issue) => issue.path)).toContain(path);
}

/** A cursor as the server writes one: base64url of `{ISO time}|{id}`. */
const cursorOf = (time: string, id: string) => Buffer.from(`${time}|${id}`).toString("base64url");

const aUuid = "3f2b8c1e-9d4a-4e6b-8a7c-1d2e3f4a5b6c";

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_EVALUATE_PER_MINUTE: "10000" } });
  user = await createTestUser(t);
  await subscribeTestUser(t, user);
});
afterAll(() => t?.close());

describe("attemptOf", () => {
  const evaluate = (attemptOf: string) =>
    call("evaluate-answer", { question: "Tell me about a deadline.", answer: story, attemptOf });

  it("refuses a session form whose id is not a UUID (36 dashes, 36 letters) with 400", async () => {
    for (const id of ["-".repeat(36), "g".repeat(36), `${aUuid.slice(0, 35)}-`, "0".repeat(36)]) {
      await expectValidationFailed(await evaluate(`${id}:0`), "attemptOf");
      await expectValidationFailed(await evaluate(`${id}:1:follow-up`), "attemptOf");
    }
  });

  it("still resolves a real session question, 404s an unknown one, keeps other values", async () => {
    const started = await call("start-session", { mode: "quick" });
    const session = sessionSchema.parse(await started.json());
    expect((await evaluate(`${session.id}:0`)).status).toBe(200);
    expect((await evaluate(`${session.id.toUpperCase()}:0`)).status).toBe(200);
    expect((await evaluate(`${aUuid}:0`)).status).toBe(404);
    expect((await evaluate("s1:q1")).status).toBe(200);
  });

  it("never answers 500 to a 36-character id in the session form", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 36, maxLength: 36, unit: fc.constantFrom(..."0123456789abcdef-") }),
        fc.nat(999),
        async (id, index) => {
          const res = await evaluate(`${id}:${index}`);
          await res.body?.cancel();
          expect([200, 400, 404]).toContain(res.status);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("list-attempts cursor", () => {
  const list = (cursor: unknown) => call("list-attempts", { cursor });

  it("refuses a cursor naming an id that is not a UUID", async () => {
    const time = new Date().toISOString();
    for (const id of ["-".repeat(36), "g".repeat(36), "1 or 1=1", ""]) {
      await expectValidationFailed(await list(cursorOf(time, id)), "cursor");
    }
  });

  it("refuses a cursor naming a time the database cannot hold or no attempt can have", async () => {
    for (const time of [
      "+275760-09-13T00:00:00.000Z",
      "-000001-01-01T00:00:00.000Z",
      "0000-01-01T00:00:00.000Z",
      "1999-12-31T23:59:59.999Z",
      "2024-02-31T00:00:00.000Z",
      "2024-01-01",
      "not a date",
    ]) {
      await expectValidationFailed(await list(cursorOf(time, aUuid)), "cursor");
    }
    await expectValidationFailed(
      await list(`${cursorOf(new Date().toISOString(), aUuid)}|x`),
      "cursor",
    );
    await expectValidationFailed(await list(42), "cursor");
  });

  it("takes a well-formed cursor", async () => {
    const res = await list(cursorOf(new Date().toISOString(), aUuid));
    expect(res.status).toBe(200);
  });

  it("never answers 500 to a cursor of any time and id", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.date({ noInvalidDate: true }),
        fc.oneof(
          fc.uuid(),
          fc.string({
            minLength: 36,
            maxLength: 36,
            unit: fc.constantFrom(..."0123456789abcdef-"),
          }),
        ),
        async (date, id) => {
          const res = await list(cursorOf(date.toISOString(), id));
          await res.body?.cancel();
          expect([200, 400]).toContain(res.status);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("ids", () => {
  it("refuses get-attempt and get-session ids that are not UUIDs with 400", async () => {
    for (const id of ["-".repeat(36), "g".repeat(36), `${aUuid}:0`, 7]) {
      await expectValidationFailed(await call("get-attempt", { id }), "id");
      await expectValidationFailed(await call("get-session", { id }), "id");
    }
  });
});
