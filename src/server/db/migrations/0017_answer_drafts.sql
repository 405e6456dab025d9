CREATE TABLE "answer_drafts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"recording" uuid DEFAULT gen_random_uuid() NOT NULL,
	"draft_id" text NOT NULL,
	"question" text NOT NULL,
	"next_seq" integer NOT NULL,
	"done" boolean NOT NULL,
	"audio" "bytea" NOT NULL,
	"heard" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "answer_drafts" ADD CONSTRAINT "answer_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_drafts_expires_at_idx" ON "answer_drafts" USING btree ("expires_at");