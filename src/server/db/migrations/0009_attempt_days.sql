CREATE TABLE "attempt_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"answers" integer NOT NULL,
	CONSTRAINT "attempt_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "attempt_days" ADD CONSTRAINT "attempt_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Kept by statement triggers on attempts (one upsert per statement, however many rows), so a
-- day's count can never drift from the attempts it counts, whoever inserts or deletes them.
CREATE FUNCTION "attempt_days_count_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "attempt_days" ("user_id", "day", "answers")
	SELECT "user_id", ("created_at" AT TIME ZONE 'UTC')::date, count(*) FROM inserted GROUP BY 1, 2
	ON CONFLICT ("user_id", "day") DO UPDATE SET "answers" = "attempt_days"."answers" + excluded."answers";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "attempt_days_count_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "attempt_days" d SET "answers" = d."answers" - gone."n"
	FROM (
		SELECT "user_id", ("created_at" AT TIME ZONE 'UTC')::date AS "day", count(*) AS "n"
		FROM deleted GROUP BY 1, 2
	) gone
	WHERE d."user_id" = gone."user_id" AND d."day" = gone."day";
	DELETE FROM "attempt_days" WHERE "answers" <= 0 AND "user_id" IN (SELECT "user_id" FROM deleted);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "attempts_count_inserted" AFTER INSERT ON "attempts"
	REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "attempt_days_count_inserted"();
--> statement-breakpoint
CREATE TRIGGER "attempts_count_deleted" AFTER DELETE ON "attempts"
	REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "attempt_days_count_deleted"();
--> statement-breakpoint
INSERT INTO "attempt_days" ("user_id", "day", "answers")
SELECT "user_id", ("created_at" AT TIME ZONE 'UTC')::date, count(*) FROM "attempts" GROUP BY 1, 2;
