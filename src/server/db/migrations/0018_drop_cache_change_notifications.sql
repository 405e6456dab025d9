-- Nothing keeps per-user rows in memory any more: every authenticated request reads its session
-- and subscription from these tables (docs/decisions/0155-plain-indexed-reads.md), so the change
-- notifications of migration 0003 have no listener.
DROP TRIGGER IF EXISTS sessions_cache_change ON sessions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sessions_cache_truncate ON sessions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_cache_change ON users;
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_cache_truncate ON users;
--> statement-breakpoint
DROP TRIGGER IF EXISTS identities_cache_change ON identities;
--> statement-breakpoint
DROP TRIGGER IF EXISTS identities_cache_truncate ON identities;
--> statement-breakpoint
DROP TRIGGER IF EXISTS subscriptions_cache_change ON subscriptions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS subscriptions_cache_truncate ON subscriptions;
--> statement-breakpoint
DROP FUNCTION IF EXISTS notify_cache_change();
