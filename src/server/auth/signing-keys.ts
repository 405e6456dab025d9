import { randomUUID } from "node:crypto";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from "jose";
import { ACCESS_TOKEN_LIFETIME_SECONDS } from "@/shared/auth";
import type { Database } from "@/server/db/client";
import { signingKeys } from "@/server/db/schema";

/**
 * ES256 signing keys (docs/decisions/0010). Generated on first start and kept in `signing_keys`,
 * so every instance on one database signs and verifies with the same keys. Rotation makes a new
 * `current` key and keeps the old one (`previous`) listed in the JWKS until the last token it
 * signed has expired, plus the 10 minutes clients cache the JWKS.
 */
export const ALGORITHM = "ES256";
const GENERATION_LOCK_KEY = 7_421_032;
/** How long a rotated-out key keeps verifying: a token's lifetime plus the clients' JWKS cache. */
const PREVIOUS_KEY_GRACE_MS = (ACCESS_TOKEN_LIFETIME_SECONDS + 600) * 1000;
/** Other instances may rotate: re-read the table this often, and on an unknown `kid`. */
const RELOAD_INTERVAL_MS = 60_000;
const UNKNOWN_KID_RELOAD_MIN_MS = 5_000;

type LoadedKey = { kid: string; status: "current" | "previous"; verify: CryptoKey; jwk: JWK };

export type SigningKeys = {
  /** The key new tokens are signed with. */
  signer(): { kid: string; key: CryptoKey };
  /** Public keys for the JWKS endpoint. */
  publicJwks(): JWK[];
  /** The public key for a token's `kid`, re-reading the table once if it is not known yet. */
  verificationKey(kid: string): Promise<CryptoKey | undefined>;
  reload(): Promise<void>;
};

export async function loadSigningKeys(db: Database): Promise<SigningKeys> {
  let signer: { kid: string; key: CryptoKey } | undefined;
  let verifiers = new Map<string, LoadedKey>();
  let loadedAt = 0;
  let reloading: Promise<void> | undefined;

  const load = async () => {
    await ensureCurrentKey(db);
    const rows = await db
      .select()
      .from(signingKeys)
      .where(inArray(signingKeys.status, ["current", "previous"]));
    const cutoff = Date.now() - PREVIOUS_KEY_GRACE_MS;
    const next = new Map<string, LoadedKey>();
    let newest: (typeof rows)[number] | undefined;
    for (const row of rows) {
      if (row.status === "previous" && row.rotatedAt && row.rotatedAt.getTime() < cutoff) continue;
      const jwk = row.publicJwk as JWK;
      next.set(row.kid, {
        kid: row.kid,
        status: row.status as "current" | "previous",
        verify: (await importJWK(jwk, ALGORITHM)) as CryptoKey,
        jwk,
      });
      if (row.status === "current" && (!newest || row.createdAt > newest.createdAt)) newest = row;
    }
    if (!newest) throw new Error("no current signing key");
    signer = {
      kid: newest.kid,
      key: (await importJWK(newest.privateJwk as JWK, ALGORITHM)) as CryptoKey,
    };
    verifiers = next;
    loadedAt = Date.now();
  };

  const reload = () =>
    (reloading ??= load().finally(() => {
      reloading = undefined;
    }));

  await reload();

  return {
    signer() {
      if (Date.now() - loadedAt > RELOAD_INTERVAL_MS) void reload().catch(() => {});
      return signer!;
    },
    publicJwks: () => [...verifiers.values()].map((k) => k.jwk),
    async verificationKey(kid) {
      const known = verifiers.get(kid);
      if (known) return known.verify;
      if (Date.now() - loadedAt < UNKNOWN_KID_RELOAD_MIN_MS) return undefined;
      await reload();
      return verifiers.get(kid)?.verify;
    },
    reload,
  };
}

/** Creates the first key if there is none; instances starting together take turns. */
async function ensureCurrentKey(db: Database) {
  const existing = await db
    .select({ kid: signingKeys.kid })
    .from(signingKeys)
    .where(eq(signingKeys.status, "current"))
    .limit(1);
  if (existing.length > 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${GENERATION_LOCK_KEY})`);
    const again = await tx
      .select({ kid: signingKeys.kid })
      .from(signingKeys)
      .where(eq(signingKeys.status, "current"))
      .limit(1);
    if (again.length === 0) await tx.insert(signingKeys).values(await newKey());
  });
}

/**
 * Makes a new current key; the old one stays listed (and verifying) until its tokens expire.
 * Keys rotated out longer ago than that are marked retired. Returns the new key id.
 */
export async function rotateSigningKey(db: Database): Promise<{ kid: string; retired: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${GENERATION_LOCK_KEY})`);
    const now = new Date();
    await tx
      .update(signingKeys)
      .set({ status: "previous", rotatedAt: now })
      .where(eq(signingKeys.status, "current"));
    const retired = await tx
      .update(signingKeys)
      .set({ status: "retired" })
      .where(
        and(
          eq(signingKeys.status, "previous"),
          lt(signingKeys.rotatedAt, new Date(now.getTime() - PREVIOUS_KEY_GRACE_MS)),
        ),
      )
      .returning({ kid: signingKeys.kid });
    const key = await newKey();
    await tx.insert(signingKeys).values(key);
    return { kid: key.kid, retired: retired.length };
  });
}

async function newKey() {
  const kid = randomUUID();
  const { privateKey, publicKey } = await generateKeyPair(ALGORITHM, { extractable: true });
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: ALGORITHM };
  const { kty, crv, x, y } = await exportJWK(publicKey);
  // No `ext`: browsers refuse to import a JWK marked `"ext": false` as a verification key.
  const publicJwk = { kty, crv, x, y, kid, alg: ALGORITHM, use: "sig", key_ops: ["verify"] };
  return { kid, algorithm: ALGORITHM, privateJwk, publicJwk, status: "current" as const };
}
