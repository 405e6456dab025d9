import { randomBytes } from "node:crypto";
import os from "node:os";
import { hash, verify, type Algorithm, type Options } from "@node-rs/argon2";
import pLimit from "p-limit";

/**
 * Password hashing with argon2id at one of OWASP's equivalent recommended settings: 12 MiB,
 * 3 passes, 1 lane. Measured here it verifies in 15 ms against 20 ms for 19 MiB × 2 passes, and
 * sustains 125 rather than 80 sign-ins a second on two cores (docs/decisions/0055).
 * The work runs on libuv's thread pool, off the event loop. Hashes made with other settings
 * still verify (the settings are part of the hash) and are replaced at the next sign-in.
 */
const ARGON2ID = 2 as Algorithm; // Algorithm.Argon2id (a const enum, not importable here)
const options: Options = { algorithm: ARGON2ID, memoryCost: 12_288, timeCost: 3, parallelism: 1 };
const currentSettings = `$argon2id$v=19$m=${options.memoryCost},t=${options.timeCost},p=${options.parallelism}$`;

/**
 * At most one hash per core at a time. libuv runs four at once by default; on a 2-core machine
 * four hashes then share two cores with the event loop and each takes about twice as long.
 * Queued in order instead, each takes its own time and the event loop keeps a core's share,
 * which shortens the slowest sign-ins (docs/decisions/0055).
 */
const oneHashPerCore = pLimit(Math.max(1, Math.min(4, os.availableParallelism())));

/** NIST SP 800-63B: normalise so the same password typed on two systems matches. */
const normalize = (password: string) => password.normalize("NFKC");

export function hashPassword(password: string): Promise<string> {
  return oneHashPerCore(() => hash(normalize(password), options));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await oneHashPerCore(() => verify(passwordHash, normalize(password)));
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}

/** True when a stored hash was made with other settings than today's. */
export const needsRehash = (passwordHash: string) => !passwordHash.startsWith(currentSettings);

let dummy: Promise<string> | undefined;

/**
 * Verifies against a hash of a random password, so a sign-in for an unknown email costs what a
 * wrong password costs and the response time does not reveal which addresses have accounts.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummy ??= hashPassword(randomBytes(16).toString("base64url"));
  await verifyPassword(await dummy, password);
  return false;
}
