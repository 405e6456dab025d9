import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attempts, shareLinks } from "@/server/db/schema";
import { sessionSchema } from "@/shared/sessions";
import {
  createShareResponseSchema,
  listShareCommentsResponseSchema,
  listSharesResponseSchema,
} from "@/shared/share";
import { callFunction, expectError } from "@tests/support/functions";
import { subscribeTestUser } from "@tests/support/subscribe-test-user";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser, type TestUser } from "@tests/support/test-users";

/**
 * Share links through the real app and database: the owner's functions, the signed-out page
 * with its headers, what it shows and never shows, comments (escaped, limited), and every way a
 * link stops working — revoked, expired, unknown, someone else's.
 */

const story =
  "In my last job our biggest client moved a launch forward by two weeks. I split the work into " +
  "daily goals and checked progress every morning, and as a result we shipped on time.";

let t: TestApp;
let ada: TestUser;
let grace: TestUser;
let sessionId: string;
let attemptId: string;

const call = (user: TestUser | string | null, name: string, body?: unknown) =>
  callFunction(t, user, name, body);
const open = (path: string, init?: RequestInit) => t.app.request(path, init);
const pathOf = (url: string) => new URL(url).pathname;

async function share(user: TestUser, body: Record<string, unknown>) {
  const res = await call(user, "create-share", { sessionId, transcript: true, ...body });
  expect(res.status).toBe(201);
  return createShareResponseSchema.parse(await res.json());
}

function comment(path: string, fields: Record<string, string>, ip = "203.0.113.7") {
  return open(`${path}/comments`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_EVALUATE_PER_MINUTE: "1000" } });
  [ada, grace] = await Promise.all([createTestUser(t), createTestUser(t)]);
  await Promise.all([subscribeTestUser(t, ada), subscribeTestUser(t, grace)]);
  const started = await call(ada, "start-session", {
    mode: "interview",
    role: "software-engineer",
    level: "mid",
    length: 3,
  });
  const session = sessionSchema.parse(await started.json());
  sessionId = session.id;
  const answered = await call(ada, "evaluate-answer", {
    question: session.questions[0]!.question,
    answer: story,
    attemptOf: `${session.id}:0`,
  });
  attemptId = ((await answered.json()) as { id: string }).id;
});
afterAll(() => t?.close());

describe("a share link", () => {
  it("opens a read-only page, signed out, with noindex, no referrer and the rendered-page CSP", async () => {
    const link = await share(ada, {});
    expect(link.url).toMatch(/\/shared\/[A-Za-z0-9_-]{43}$/);
    expect(new Date(link.expiresAt).getTime() - Date.now()).toBeGreaterThan(13.9 * 86_400_000);
    // Only the token's hash is stored.
    const [row] = await t.database.db.select().from(shareLinks).where(eq(shareLinks.id, link.id));
    expect(row!.tokenHash).not.toContain(link.url.split("/").at(-1)!);

    const page = await open(pathOf(link.url));
    expect(page.status).toBe(200);
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(page.headers.get("content-security-policy")).toMatch(
      /script-src 'none'|default-src 'none'/,
    );
    expect(page.headers.get("cache-control")).toBe("no-store");
    const text = await page.text();
    expect(text).toContain('<meta name="robots" content="noindex"');
    expect(text).toContain("AI Interviewer · Software engineer");
    expect(text).toContain("biggest client moved a launch forward");
    expect(text).not.toContain(ada.email);

    const listed = listSharesResponseSchema.parse(await (await call(ada, "list-shares")).json());
    const mine = listed.shares.find((entry) => entry.id === link.id)!;
    expect(mine.lastOpenedAt).not.toBeNull();
    expect(mine).not.toHaveProperty("url");
  });

  it("leaves out what was said when the owner shares without the transcript", async () => {
    const link = await share(ada, { transcript: false });
    const text = await (await open(pathOf(link.url))).text();
    expect(text).not.toContain("biggest client moved a launch forward");
    expect(text).toContain("The answer's words are not shared.");
  });

  it("says where the words are the recogniser's guess, until the owner corrects them", async () => {
    const link = await share(ada, {});
    const marked = async () =>
      (await (await open(pathOf(link.url))).text()).includes("Approximate transcript");
    expect(await marked()).toBe(false);
    const mark = (approximate: boolean, transcriptCorrected: boolean) =>
      t.database.db
        .update(attempts)
        .set({ approximate, transcriptCorrected })
        .where(eq(attempts.id, attemptId));
    await mark(true, false);
    expect(await marked()).toBe(true);
    await mark(false, true); // what correct-transcript stores
    expect(await marked()).toBe(false);
    await mark(false, false);
  });

  it("is someone else's: not shared, not listed, not revoked by them", async () => {
    await expectError(
      await call(grace, "create-share", { sessionId, transcript: true }),
      404,
      "not_found",
    );
    const link = await share(ada, {});
    const theirs = listSharesResponseSchema.parse(await (await call(grace, "list-shares")).json());
    expect(theirs.shares).toEqual([]);
    await expectError(await call(grace, "revoke-share", { id: link.id }), 404, "not_found");
    expect((await open(pathOf(link.url))).status).toBe(200);
  });

  it("answers 404 once revoked, once expired, and for a token that was never given", async () => {
    const revoked = await share(ada, {});
    expect(await (await call(ada, "revoke-share", { id: revoked.id })).json()).toEqual({
      revoked: true,
    });
    const gone = await open(pathOf(revoked.url));
    expect(gone.status).toBe(404);
    expect(gone.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(await gone.text()).not.toContain("biggest client");

    const expired = await share(ada, { days: 1 });
    await t.database.db
      .update(shareLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shareLinks.id, expired.id));
    expect((await open(pathOf(expired.url))).status).toBe(404);

    expect((await open(`/shared/${"A".repeat(43)}`)).status).toBe(404);
    expect((await open("/shared/short")).status).toBe(404);
    const dead = await comment(pathOf(revoked.url), { attemptId, name: "Coach", text: "Hi" });
    expect(dead.status).toBe(404);
  });

  it("refuses bad requests from the owner with the envelope", async () => {
    await expectError(
      await call(null, "create-share", { sessionId, transcript: true }),
      401,
      "unauthorized",
    );
    await expectError(await call(ada, "create-share", { sessionId }), 400, "validation_failed");
    await expectError(
      await call(ada, "create-share", { sessionId, transcript: true, days: 90 }),
      400,
      "validation_failed",
    );
  });
});

describe("comments", () => {
  it("are escaped on the page, seen by the owner, and deleted by the owner only", async () => {
    const link = await share(ada, {});
    const path = pathOf(link.url);
    const left = await comment(path, {
      attemptId,
      name: "<b>Coach</b>",
      text: '<script>alert("x")</script> Good structure; say what you did yourself.',
    });
    expect(left.status).toBe(303);
    expect(left.headers.get("location")).toBe(`${path}#answer-${attemptId}`);

    const text = await (await open(path)).text();
    expect(text).not.toContain("<script>alert");
    expect(text).not.toContain("<b>Coach</b>");
    expect(text).toContain("&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;");
    expect(text).toContain("&#60;b&#62;Coach&#60;/b&#62;");

    const seen = listShareCommentsResponseSchema.parse(
      await (await call(ada, "list-share-comments", { sessionId })).json(),
    );
    const mine = seen.comments.find((entry) => entry.name === "<b>Coach</b>")!;
    expect(mine).toMatchObject({ attemptId });
    const theirs = listShareCommentsResponseSchema.parse(
      await (await call(grace, "list-share-comments", { sessionId })).json(),
    );
    expect(theirs.comments).toEqual([]);
    await expectError(await call(grace, "delete-share-comment", { id: mine.id }), 404, "not_found");
    expect(await (await call(ada, "delete-share-comment", { id: mine.id })).json()).toEqual({
      deleted: true,
    });
    expect(await (await open(path)).text()).not.toContain("Good structure");
  });

  it("need a name and a text, on an answer of this session", async () => {
    const link = await share(ada, {});
    const path = pathOf(link.url);
    const blank = await comment(path, { attemptId, name: " ", text: "Nice" });
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain("Write your name");
    const elsewhere = await comment(path, {
      attemptId: "00000000-0000-4000-8000-000000000000",
      name: "Coach",
      text: "Hi",
    });
    expect(elsewhere.status).toBe(404);
  });

  it("are limited to 10 in 10 minutes from one address on one link", async () => {
    const link = await share(ada, {});
    const path = pathOf(link.url);
    for (let n = 0; n < 10; n++) {
      const res = await comment(
        path,
        { attemptId, name: "Coach", text: `Note ${n}` },
        "198.51.100.4",
      );
      expect(res.status).toBe(303);
    }
    const refused = await comment(
      path,
      { attemptId, name: "Coach", text: "One more" },
      "198.51.100.4",
    );
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await refused.text()).toContain("Too many comments");
  });
});

describe("the owner's data", () => {
  it("has the links and their comments in Download my data, never a token", async () => {
    const link = await share(ada, {});
    const path = pathOf(link.url);
    expect((await comment(path, { attemptId, name: "Coach", text: "Exported" })).status).toBe(303);
    const data = (await (await call(ada, "export-my-data")).json()) as {
      shares: { id: string; comments: { text: string }[] }[];
    };
    const exported = data.shares.find((entry) => entry.id === link.id)!;
    expect(exported.comments.map((entry) => entry.text)).toEqual(["Exported"]);
    expect(JSON.stringify(data)).not.toContain(path.split("/").at(-1)!);
  });

  it("go with the history: the links stop working", async () => {
    const eve = await createTestUser(t);
    await subscribeTestUser(t, eve);
    const started = await call(eve, "start-session", {
      mode: "company",
      company: "Acme",
      role: "nurse",
    });
    const session = sessionSchema.parse(await started.json());
    const res = await call(eve, "create-share", { sessionId: session.id, transcript: true });
    const link = createShareResponseSchema.parse(await res.json());
    expect((await open(pathOf(link.url))).status).toBe(200);
    await call(eve, "delete-my-history");
    expect((await open(pathOf(link.url))).status).toBe(404);
    const left = listSharesResponseSchema.parse(await (await call(eve, "list-shares")).json());
    expect(left.shares).toEqual([]);
  });
});
