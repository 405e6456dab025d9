ALTER TABLE "practice_sessions" ADD COLUMN "pressure" text;--> statement-breakpoint
ALTER TABLE "practice_sessions" ADD COLUMN "progress" jsonb;--> statement-breakpoint
ALTER TABLE "practice_sessions" ADD COLUMN "progress_at" timestamp with time zone;