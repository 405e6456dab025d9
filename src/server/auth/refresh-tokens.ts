import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";

/**
 * Refresh tokens (docs/decisions/0010): 256 random bits, stored only as their SHA-256. When a
 * token is rotated, its child is kept beside it sealed with a key derived from the parent token
 * itself (AES-256-GCM), so the holder of the parent can be given the same child again within the
 * reuse interval — and a copy of the database alone reveals no usable token.
 */
const TOKEN_BYTES = 32;
/** Longer input is certainly not one of ours; it is refused before any hashing or query. */
export const REFRESH_TOKEN_MAX_LENGTH = 128;

export function newRefreshToken(): string {
  return randomBytes(TOKEN_BYTES).toString("base64url");
}

export function hashRefreshToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function successorKey(parent: string): Buffer {
  return Buffer.from(hkdfSync("sha256", parent, "", "refresh-token-successor", 32));
}

export function sealSuccessor(parent: string, child: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", successorKey(parent), iv);
  const sealed = Buffer.concat([cipher.update(child, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url");
}

/** The child token, or undefined if `sealed` was not made with this parent. */
export function openSuccessor(parent: string, sealed: string): string | undefined {
  try {
    const bytes = Buffer.from(sealed, "base64url");
    const decipher = createDecipheriv("aes-256-gcm", successorKey(parent), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
}
