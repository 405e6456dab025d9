import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "@tests/support/test-database";
import type { DatabaseHandle } from "./client";
import { createRateLimiter, rateLimitKey, sweepRateLimits } from "./rate-limit";
import { rateLimits } from "./schema";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe("createRateLimiter", () => {
  it("counts fixed windows of its own length and says when the window ends", async () => {
    let time = Date.UTC(2030, 0, 1, 12, 0, 15);
    const limiter = createRateLimiter(database.db, { windowMs: 60_000, now: () => time });
    const key = rateLimitKey("test-window", "someone");
    expect(await limiter.take(key, 2)).toEqual({ allowed: true, retryAfterSeconds: 45 });
    expect((await limiter.take(key, 2)).allowed).toBe(true);
    expect(await limiter.take(key, 2)).toEqual({ allowed: false, retryAfterSeconds: 45 });
    expect(await limiter.peek(key)).toBe(3);
    time += 45_000; // the next minute: a fresh window
    expect(await limiter.peek(key)).toBe(0);
    await limiter.add(key);
    expect(await limiter.take(key, 2)).toEqual({ allowed: true, retryAfterSeconds: 60 });
  });

  it("keeps personal data out of keys", () => {
    const key = rateLimitKey("sign-in-failure", "person@example.com");
    expect(key).toMatch(/^sign-in-failure:[\w-]{22}$/);
    expect(key).not.toContain("person");
  });

  it("sweeps ended windows of every kind once the longest window has passed", async () => {
    const start = Date.UTC(2031, 0, 1);
    const short = createRateLimiter(database.db, { windowMs: 60_000, now: () => start });
    const long = createRateLimiter(database.db, { windowMs: 86_400_000, now: () => start });
    await short.add("sweep-short:a");
    await long.add("sweep-long:a");
    const keys = async () =>
      (await database.db.select({ key: rateLimits.key }).from(rateLimits))
        .map((row) => row.key)
        .filter((key) => key.startsWith("sweep-"))
        .sort();
    await sweepRateLimits(database.db, start + 86_399_000);
    expect(await keys()).toEqual(["sweep-long:a", "sweep-short:a"]);
    await sweepRateLimits(database.db, start + 86_400_001);
    expect(await keys()).toEqual([]);
  });

  it("refuses a window the sweep would cut short", () => {
    expect(() => createRateLimiter(database.db, { windowMs: 2 * 86_400_000 })).toThrow();
  });
});
