import { createHash, randomBytes } from "node:crypto";

/** Ids of the local provider's records, Stripe-style: `cs_local_…`, `sub_local_…`. */
export const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString("base64url")}`;

/** Portal link tokens are stored hashed; the URL holds the only copy of the token. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Ids and tokens in URLs are base64url of random bytes; anything else is rejected unread. */
export const plausibleId = (value: string) => /^[A-Za-z0-9_-]{10,100}$/.test(value);
