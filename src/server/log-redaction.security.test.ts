import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "@/server/logger";
import { createTestApp, type TestApp } from "@tests/support/test-app";

/**
 * A database error must not put what the query carried into the logs. The ORM's error message
 * is "Failed query: {statement} params: {values}", so a sign-up whose users insert failed (a
 * lock timeout, say) logged the email and the argon2 hash; PostgreSQL's `detail` names the
 * values too ("Key (email)=(…)"). The sign-up here goes through the real app, and a trigger makes
 * the insert fail as a lock timeout would.
 */

let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      done();
    },
  });
  t = await createTestApp({ logger: createLogger("info", sink) });
  await t.database.db.execute(sql`
    create function fail_user_insert() returns trigger language plpgsql as $$
    begin
      raise exception 'canceling statement due to lock timeout on "%"', new.email
        using errcode = '55P03',
              detail = 'Key (email)=(' || new.email || ') is locked; hash ' || new.password_hash,
              hint = 'Retry ' || new.email;
    end $$`);
  await t.database.db.execute(sql`
    create trigger fail_user_insert before insert on users
    for each row execute function fail_user_insert()`);
});
afterAll(() => t?.close());

describe("database errors in the logs", () => {
  it("never log a sign-up's email, password hash or the statement's parameters", async () => {
    const email = `leak-${Date.now()}@example.com`;
    const password = "correct horse battery staple 42";
    const res = await t.request("/auth/v1/signup", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    expect(res.status).toBeGreaterThanOrEqual(500);
    const body = await res.text();
    expect(body).not.toContain(email);

    const logged = lines.join("\n");
    const errorLines = lines
      .map((line) => JSON.parse(line) as { err?: Record<string, unknown> })
      .filter((line) => line.err);
    expect(errorLines.length).toBeGreaterThan(0);
    expect(logged).not.toContain(email);
    expect(logged).not.toContain(email.split("@")[0]!);
    expect(logged).not.toMatch(/\$argon2/);
    expect(logged).not.toContain(password);
    expect(logged).not.toMatch(/params:/i);
    expect(logged).not.toMatch(/insert into/i);

    // What is left still says what went wrong, and where.
    const err = errorLines[0]!.err!;
    expect(JSON.stringify(err)).toContain("55P03");
    expect(JSON.stringify(err)).toMatch(/lock timeout/);
    expect(typeof err.stack).toBe("string");
  });
});
