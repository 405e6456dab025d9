import { sql, type SQLWrapper } from "drizzle-orm";
import type { Identity, User } from "@/shared/auth";
import { identities, users } from "@/server/db/schema";

export type UserRow = typeof users.$inferSelect;
export type IdentityRow = typeof identities.$inferSelect;

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : undefined);

/** The GoTrue User shape (docs/contracts/auth.md); null timestamps are left out. */
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

/** A timestamptz as `Date#toISOString()` writes it (UTC, milliseconds, "Z"); null stays null. */
const isoSql = (column: SQLWrapper) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * `toUserJson` computed by the database, as JSON text, for `GET /user`: the hottest authenticated
 * call sends PostgreSQL's text straight to the client instead of parsing timestamps, mapping rows
 * and serialising again on the Node thread. `users.test.ts` holds the two to the same output.
 * Null timestamps are left out, as in `toUserJson`; user data inside the metadata is untouched.
 * The identities subquery refers to the outer row as `users.id`, so the query must select from
 * `users` without an alias.
 */
export const userJsonSql = sql<string>`(
  jsonb_strip_nulls(jsonb_build_object(
    'id', ${users.id}, 'aud', 'authenticated', 'role', 'authenticated',
    'email', ${users.email}, 'phone', '',
    'email_confirmed_at', ${isoSql(users.emailConfirmedAt)},
    'confirmed_at', ${isoSql(users.emailConfirmedAt)},
    'last_sign_in_at', ${isoSql(users.lastSignInAt)},
    'created_at', ${isoSql(users.createdAt)}, 'updated_at', ${isoSql(users.updatedAt)},
    'is_anonymous', false
  )) || jsonb_build_object(
    'app_metadata', ${JSON.stringify(appMetadata)}::jsonb,
    'user_metadata', ${users.userMetadata},
    'identities', coalesce((
      select jsonb_agg(
        jsonb_strip_nulls(jsonb_build_object(
          'identity_id', i.id, 'id', i.provider_id, 'user_id', i.user_id, 'provider', 'email',
          'email', coalesce(i.identity_data->>'email', ''),
          'last_sign_in_at', ${isoSql(sql`i.last_sign_in_at`)},
          'created_at', ${isoSql(sql`i.created_at`)}, 'updated_at', ${isoSql(sql`i.updated_at`)}
        )) || jsonb_build_object('identity_data', i.identity_data)
        order by i.created_at
      )
      from ${identities} i where i.user_id = users.id
    ), '[]'::jsonb)
  )
)::text`;
