import { describe, expect, it } from "vitest";
import { coalesce } from "./coalesce";

type Batch = {
  keys: string[];
  answer: (found: Record<string, number>) => void;
  fail: (error: Error) => void;
};

/** A lookup whose batches the test answers by hand, recording what each one asked for. */
function manualLookup() {
  const batches: Batch[] = [];
  const lookupMany = (keys: string[]) =>
    new Promise<Map<string, number>>((resolve, reject) => {
      batches.push({
        keys,
        answer: (found) => resolve(new Map(Object.entries(found))),
        fail: reject,
      });
    });
  return { batches, lookupMany };
}

/** Lets the event loop turn once (the coalescer sends from setImmediate). */
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("coalesce", () => {
  it("sends the calls of one event-loop turn as one batch, each key once", async () => {
    const { batches, lookupMany } = manualLookup();
    const load = coalesce(lookupMany);
    const calls = [load("a"), load("b"), load("a"), load("missing")];
    expect(batches).toHaveLength(0);
    await turn();
    expect(batches.map((b) => b.keys)).toEqual([["a", "b", "missing"]]);
    batches[0]!.answer({ a: 1, b: 2 });
    await expect(Promise.all(calls)).resolves.toEqual([1, 2, 1, undefined]);
  });

  it("sends later turns as their own batches, up to maxInFlight at once", async () => {
    const { batches, lookupMany } = manualLookup();
    const load = coalesce(lookupMany, { maxInFlight: 2 });
    const first = load("a");
    await turn();
    const second = load("b");
    await turn();
    const third = [load("c"), load("d")];
    await turn();
    await turn();
    expect(batches.map((b) => b.keys)).toEqual([["a"], ["b"]]); // c and d wait for a free slot
    batches[1]!.answer({ b: 2 });
    await expect(second).resolves.toBe(2);
    await turn();
    expect(batches.map((b) => b.keys)).toEqual([["a"], ["b"], ["c", "d"]]);
    batches[0]!.answer({ a: 1 });
    batches[2]!.answer({ c: 3, d: 4 });
    await expect(first).resolves.toBe(1);
    await expect(Promise.all(third)).resolves.toEqual([3, 4]);
  });

  it("never answers a call from a batch that was sent before the call", async () => {
    const { batches, lookupMany } = manualLookup();
    const load = coalesce(lookupMany, { maxInFlight: 1 });
    const early = load("a");
    await turn();
    const late = load("a"); // same key, but the first batch is already out
    batches[0]!.answer({ a: 1 });
    await expect(early).resolves.toBe(1);
    await turn();
    expect(batches).toHaveLength(2);
    batches[1]!.answer({}); // deleted in between
    await expect(late).resolves.toBeUndefined();
  });

  it("rejects every call of a failed batch and carries on with the next", async () => {
    const { batches, lookupMany } = manualLookup();
    const load = coalesce(lookupMany);
    const failed = [load("a"), load("b")];
    await turn();
    batches[0]!.fail(new Error("connection lost"));
    await expect(Promise.all(failed)).rejects.toThrow("connection lost");
    await expect(failed[1]).rejects.toThrow("connection lost");
    const next = load("c");
    await turn();
    batches[1]!.answer({ c: 3 });
    await expect(next).resolves.toBe(3);
  });

  it("rejects when the lookup throws synchronously", async () => {
    const load = coalesce<string, number>(() => {
      throw new Error("bad keys");
    });
    await expect(load("a")).rejects.toThrow("bad keys");
    await expect(load("b")).rejects.toThrow("bad keys");
  });

  it("splits a queue longer than maxBatch", async () => {
    const { batches, lookupMany } = manualLookup();
    const load = coalesce(lookupMany, { maxBatch: 2, maxInFlight: 4 });
    const all = ["a", "b", "c", "d", "e"].map((k) => load(k));
    for (let i = 0; i < 4; i++) await turn();
    expect(batches.map((b) => b.keys)).toEqual([["a", "b"], ["c", "d"], ["e"]]);
    batches.forEach((b) => b.answer(Object.fromEntries(b.keys.map((k) => [k, k.charCodeAt(0)]))));
    await expect(Promise.all(all)).resolves.toEqual([97, 98, 99, 100, 101]);
  });
});
