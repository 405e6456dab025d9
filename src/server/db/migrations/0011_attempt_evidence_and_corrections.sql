ALTER TABLE "attempts" ADD COLUMN "evidence" jsonb;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "transcript_corrected" boolean DEFAULT false NOT NULL;