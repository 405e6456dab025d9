import type { Identity, User } from "@/shared/auth";
import type { identities, users } from "../db/schema";

export type UserRow = typeof users.$inferSelect;
export type IdentityRow = typeof identities.$inferSelect;

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : undefined);

/** The GoTrue User shape (contracts/auth.md); null timestamps are left out. */
export function toUserJson(user: UserRow, identityRows: IdentityRow[]): User {
  const metadata = user.userMetadata as User["user_metadata"];
  return {
    id: user.id,
    aud: "authenticated",
    role: "authenticated",
    email: user.email,
    phone: "",
    email_confirmed_at: iso(user.emailConfirmedAt),
    confirmed_at: iso(user.emailConfirmedAt),
    last_sign_in_at: iso(user.lastSignInAt),
    app_metadata: appMetadata,
    user_metadata: metadata,
    identities: identityRows.map(toIdentityJson),
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    is_anonymous: false,
  };
}

export const appMetadata = { provider: "email" as const, providers: ["email"] };

function toIdentityJson(identity: IdentityRow): Identity {
  return {
    identity_id: identity.id,
    id: identity.providerId,
    user_id: identity.userId,
    identity_data: identity.identityData,
    provider: "email",
    email: String(identity.identityData.email ?? ""),
    last_sign_in_at: iso(identity.lastSignInAt),
    created_at: identity.createdAt.toISOString(),
    updated_at: identity.updatedAt.toISOString(),
  };
}
