import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { practiceSessions } from "@/server/db/schema";
import {
  cvSchema,
  deleteCvResponseSchema,
  getCvResponseSchema,
  readCvResponseSchema,
} from "@/shared/cv";
import { sessionSchema } from "@/shared/sessions";
import { evalCvs } from "@tests/data/cvs";
import { fileOf } from "@tests/support/cv-eval";
import {
  cvDocx,
  encryptedPdf,
  scannedPdf,
  textPdf,
  zipBombDocx,
  zipOf,
} from "@tests/support/cv-files";
import { callFunction, expectError, expectOk } from "@tests/support/functions";
import { subscribeTestUser } from "@tests/support/subscribe-test-user";
import { createTestApp, type TestApp } from "@tests/support/test-app";
import { createTestUser, type TestUser } from "@tests/support/test-users";

/**
 * The CV functions through the real app and database: an upload read from PDF, DOCX and text,
 * every file that cannot be read answered with its 4xx, the reviewed text kept with what was
 * understood from it, replaced and deleted, and a session that asks about it.
 */

let t: TestApp;
let ada: TestUser;

const call = (user: TestUser | null, name: string, body?: unknown) =>
  callFunction(t, user, name, body);

const upload = (user: TestUser, bytes: Buffer, fileName = "cv.pdf") =>
  call(user, "read-cv", { fileName, data: bytes.toString("base64") });

const priya = evalCvs[0]!;
const grace = evalCvs[1]!;

beforeAll(async () => {
  t = await createTestApp();
  ada = await createTestUser(t);
  await subscribeTestUser(t, ada);
});
afterAll(() => t?.close());

describe("read-cv", () => {
  // Each case its own uploader: reading files is limited per user a minute.
  const uploader = async () => {
    const user = await createTestUser(t);
    await subscribeTestUser(t, user);
    return user;
  };

  it("reads a PDF's text layer, a DOCX's paragraphs and plain text, told by the bytes", async () => {
    const ada = await uploader();
    const pdf = await expectOk(await upload(ada, fileOf(priya), "cv.docx"), readCvResponseSchema);
    expect(pdf).toMatchObject({ format: "pdf", truncated: false });
    expect(pdf.text).toContain("Senior Software Engineer, Northwind Payments");
    expect(pdf.text).toContain("• Cut checkout latency by 40%");

    const docx = await expectOk(
      await upload(ada, fileOf(grace), "grace.docx"),
      readCvResponseSchema,
    );
    expect(docx.format).toBe("docx");
    expect(docx.text).toContain("Salford Royal Hospital | Senior Staff Nurse | 2020 – Present");

    const text = await expectOk(
      await upload(ada, Buffer.from(priya.lines.join("\n")), "cv.txt"),
      readCvResponseSchema,
    );
    expect(text.format).toBe("text");
    expect(text.text).toContain("Brightleaf Labs");
  });

  it("reads a file sent as a data: URL", async () => {
    const ada = await uploader();
    const data = `data:application/pdf;base64,${fileOf(priya).toString("base64")}`;
    const read = await expectOk(
      await call(ada, "read-cv", { fileName: "cv.pdf", data }),
      readCvResponseSchema,
    );
    expect(read.format).toBe("pdf");
  });

  it("refuses a scanned PDF with no text: paste it instead", async () => {
    const ada = await uploader();
    const error = await expectError(await upload(ada, scannedPdf()), 422, "no_text_found");
    expect(error.message).toMatch(/could not find text.*paste/i);
  });

  it("refuses an encrypted PDF and a corrupt one with what to do", async () => {
    const ada = await uploader();
    const locked = await expectError(await upload(ada, encryptedPdf()), 422, "unprocessable");
    expect(locked.message).toMatch(/password/);
    const cut = fileOf(priya).subarray(0, 300);
    const damaged = await expectError(await upload(ada, cut), 422, "unprocessable");
    expect(damaged.message).toMatch(/damaged|paste/);
    const garbage = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(4000, 7)]);
    await expectError(await upload(ada, garbage), 422, "unprocessable");
  });

  it("refuses a DOCX that expands past what a CV could hold, before unpacking it", async () => {
    const ada = await uploader();
    const bomb = zipBombDocx(64);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const error = await expectError(await upload(ada, bomb, "cv.docx"), 413, "payload_too_large");
    expect(error.message).toMatch(/expands/);
  });

  it("refuses a zip that is not a Word document, and a damaged one", async () => {
    const ada = await uploader();
    const zip = zipOf([{ name: "photo.txt", data: Buffer.from("hello") }]);
    await expectError(await upload(ada, zip, "cv.docx"), 415, "unsupported_media_type");
    const damaged = cvDocx(priya.lines).subarray(0, 400);
    await expectError(await upload(ada, damaged, "cv.docx"), 422, "unprocessable");
  });

  it("refuses other kinds of file: an image, an old .doc, a binary", async () => {
    const ada = await uploader();
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(200, 1),
    ]);
    await expectError(await upload(ada, png, "cv.png"), 415, "unsupported_media_type");
    const doc = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), Buffer.alloc(200)]);
    const old = await expectError(await upload(ada, doc, "cv.doc"), 415, "unsupported_media_type");
    expect(old.message).toMatch(/\.docx/);
    const latin1 = Buffer.from("Caf\xe9 manager at Bistro \xa3 2019", "latin1");
    await expectError(await upload(ada, latin1, "cv.txt"), 415, "unsupported_media_type");
  });

  it("refuses a file over 2 MB, an empty one, and data that is not base64", async () => {
    const ada = await uploader();
    const big = textPdf([priya.lines]);
    const padded = Buffer.concat([big, Buffer.alloc(2 * 1024 * 1024, 32)]);
    const tooLarge = await expectError(await upload(ada, padded), 413, "payload_too_large");
    expect(tooLarge.message).toMatch(/2 MB/);
    await expectError(await upload(ada, Buffer.alloc(0)), 400, "bad_request");
    await expectError(
      await call(ada, "read-cv", { fileName: "cv.pdf", data: "not base64!" }),
      400,
      "invalid_base64",
    );
    await expectError(await call(ada, "read-cv", { data: "AAAA" }), 400, "validation_failed");
  });

  it("reads at most 10 files a user a minute", async () => {
    const ada = await uploader();
    const text = Buffer.from(priya.lines.join("\n"));
    for (let n = 0; n < 10; n++) expect((await upload(ada, text, "cv.txt")).status).toBe(200);
    const error = await expectError(await upload(ada, text, "cv.txt"), 429, "rate_limited");
    expect(error.message).toMatch(/10 a minute/);
  });
});

describe("save-cv, get-cv, delete-cv", () => {
  it("keeps the reviewed text with its jobs, skills and achievements; one per account", async () => {
    const empty = await expectOk(await call(ada, "get-cv"), getCvResponseSchema);
    expect(empty).toEqual({ cv: null, cloud: false });

    const saved = await expectOk(
      await call(ada, "save-cv", {
        text: priya.lines.join("\n"),
        fileName: "priya.pdf",
        format: "pdf",
      }),
      cvSchema,
    );
    expect(saved).toMatchObject({ fileName: "priya.pdf", format: "pdf", reader: "offline" });
    expect(saved.profile.jobs[0]).toMatchObject({
      title: "Senior Software Engineer",
      employer: "Northwind Payments",
      dates: "Mar 2021 – Present",
    });
    expect(saved.profile.skills).toContain("Kubernetes");
    expect(saved.profile.achievements.join("\n")).toContain("latency by 40%");

    const replaced = await expectOk(
      await call(ada, "save-cv", { text: grace.lines.join("\n"), fileName: null }),
      cvSchema,
    );
    expect(replaced).toMatchObject({ fileName: null, format: "text" });
    const got = await expectOk(await call(ada, "get-cv"), getCvResponseSchema);
    expect(got.cv?.text).toContain("Salford Royal Hospital");
    expect(got.cv?.profile.jobs.map((job) => job.employer)).not.toContain("Northwind Payments");

    expect(await expectOk(await call(ada, "delete-cv"), deleteCvResponseSchema)).toEqual({
      deleted: true,
    });
    expect((await expectOk(await call(ada, "get-cv"), getCvResponseSchema)).cv).toBeNull();
    expect(await (await call(ada, "delete-cv")).json()).toEqual({ deleted: false });
  });

  it("refuses text too short to be a CV, or too long", async () => {
    await expectError(await call(ada, "save-cv", { text: "Engineer" }), 400, "validation_failed");
    await expectError(
      await call(ada, "save-cv", { text: "word ".repeat(9000) }),
      400,
      "validation_failed",
    );
  });
});

describe("a session from the CV", () => {
  it("asks AI Interviewer questions that name the CV's employers, skills and achievements", async () => {
    await expectOk(await call(ada, "save-cv", { text: priya.lines.join("\n") }), cvSchema);
    const session = await expectOk(
      await call(ada, "start-session", {
        mode: "interview",
        role: "software-engineer",
        level: "mid",
        length: 8,
        useCv: true,
      }),
      sessionSchema,
      201,
    );
    expect(session.questions).toHaveLength(8);
    expect(session.questions[0]).toMatchObject({
      question: "Walk me through your CV.",
      source: "cv",
    });
    const fromCv = session.questions.filter((question) => question.source === "cv");
    expect(fromCv).toHaveLength(4);
    const asked = fromCv.map((question) => question.question).join("\n");
    expect(asked).toContain(
      "Tell me about your time at Northwind Payments as Senior Software Engineer.",
    );
    expect(asked).toMatch(
      /Your CV says: ".*(40%|5 engineers|12%|300 merchants|4 teams).*"\. How did you do that\?/,
    );
    expect(asked).toMatch(/You list .+ on your CV — tell me about a time you used it\./);
    // The bank's role questions are still there, and the last question still closes.
    expect(session.questions.some((question) => question.source === "role")).toBe(true);
    expect(session.questions.at(-1)!.source).toBe("general");
  });

  it("in Company Specific, asks about the post's requirements the CV is thin on", async () => {
    const session = await expectOk(
      await call(ada, "start-session", {
        mode: "company",
        company: "Acme",
        role: "software-engineer",
        jobPost:
          "We need strong stakeholder management and stakeholder management again, plus Python.",
        useCv: true,
      }),
      sessionSchema,
      201,
    );
    const asked = session.questions.map((question) => question.question);
    expect(asked[0]).toBe("Walk me through your CV.");
    expect(asked).toContain(
      "The role asks for stakeholder management; tell me about your experience with it.",
    );
    expect(asked.some((question) => question.includes("Northwind Payments"))).toBe(true);
    expect(asked.at(-1)).toMatch(/What do you know about Acme/);
  });

  it("adds the CV's names to the words the recogniser expects in the answers", async () => {
    const session = await expectOk(
      await call(ada, "start-session", {
        mode: "interview",
        role: "software-engineer",
        level: "mid",
        length: 3,
        useCv: true,
      }),
      sessionSchema,
      201,
    );
    const [row] = await t.database.db
      .select({ vocabulary: practiceSessions.vocabulary })
      .from(practiceSessions)
      .where(eq(practiceSessions.id, session.id));
    expect(row!.vocabulary).toEqual(
      expect.arrayContaining(["northwind", "payments", "brightleaf", "kubernetes", "terraform"]),
    );
  });

  it("without a CV, asking for one is a 409 that says to add it", async () => {
    const bob = await createTestUser(t);
    await subscribeTestUser(t, bob);
    const error = await expectError(
      await call(bob, "start-session", {
        mode: "interview",
        role: "software-engineer",
        level: "mid",
        length: 3,
        useCv: true,
      }),
      409,
      "conflict",
    );
    expect(error.message).toMatch(/CV/);
  });
});
