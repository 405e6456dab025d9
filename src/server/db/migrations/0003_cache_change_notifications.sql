-- Every instance keeps in-process copies of some per-user rows (src/server/db/coherent-caches.ts).
-- These triggers tell them, on commit, whose rows changed: NOTIFY cache_changes 'u:<user id>',
-- or '*' (everyone's) after a TRUNCATE. PostgreSQL delivers notifications in commit order and
-- folds identical ones within a transaction, so a sign-out everywhere sends one.
-- TG_ARGV[0] names the column that holds the user id.
CREATE FUNCTION notify_cache_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('cache_changes', '*');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('cache_changes', 'u:' || (to_jsonb(OLD) ->> TG_ARGV[0]));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('cache_changes', 'u:' || (to_jsonb(NEW) ->> TG_ARGV[0]));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A session is cached only while it exists: deleting it (sign-out, replay, user deletion) matters.
CREATE TRIGGER sessions_cache_change AFTER UPDATE OF user_id OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_cache_change('user_id');
--> statement-breakpoint
CREATE TRIGGER sessions_cache_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_change();
--> statement-breakpoint
-- GET /user answers the user and identities as JSON.
CREATE TRIGGER users_cache_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_cache_change('id');
--> statement-breakpoint
CREATE TRIGGER users_cache_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_change();
--> statement-breakpoint
CREATE TRIGGER identities_cache_change AFTER INSERT OR UPDATE OR DELETE ON identities
  FOR EACH ROW EXECUTE FUNCTION notify_cache_change('user_id');
--> statement-breakpoint
CREATE TRIGGER identities_cache_truncate AFTER TRUNCATE ON identities
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_change();
--> statement-breakpoint
-- Entitlement: a missing row (not subscribed) is cached too, so inserts matter here.
CREATE TRIGGER subscriptions_cache_change AFTER INSERT OR UPDATE OR DELETE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION notify_cache_change('user_id');
--> statement-breakpoint
CREATE TRIGGER subscriptions_cache_truncate AFTER TRUNCATE ON subscriptions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_change();
