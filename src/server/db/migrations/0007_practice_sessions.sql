CREATE TABLE "practice_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"role" text,
	"level" text,
	"company" text,
	"questions" jsonb NOT NULL,
	"vocabulary" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "attempts_user_created_idx";--> statement-breakpoint
ALTER TABLE "attempts" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "attempts" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "question_index" integer;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "follow_up" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "mode" text DEFAULT 'own' NOT NULL;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "role" text;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "question_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "practice_sessions" ADD CONSTRAINT "practice_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practice_sessions_user_created_idx" ON "practice_sessions" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_session_id_practice_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."practice_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attempts_user_mode_created_idx" ON "attempts" USING btree ("user_id","mode","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "attempts_user_question_idx" ON "attempts" USING btree ("user_id","question_key","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "attempts_session_idx" ON "attempts" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "attempts_user_created_idx" ON "attempts" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);