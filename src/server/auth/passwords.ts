import { randomBytes } from "node:crypto";
import { hash, verify, type Algorithm, type Options } from "@node-rs/argon2";

/**
 * Password hashing with argon2id at OWASP's first recommended setting (19 MiB, 2 passes, 1 lane).
 * The work runs on libuv's thread pool, off the event loop.
 */
const ARGON2ID = 2 as Algorithm; // Algorithm.Argon2id (a const enum, not importable here)
const options: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** NIST SP 800-63B: normalise so the same password typed on two systems matches. */
const normalize = (password: string) => password.normalize("NFKC");

export function hashPassword(password: string): Promise<string> {
  return hash(normalize(password), options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, normalize(password));
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}

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
