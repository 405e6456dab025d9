CREATE TABLE "attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"attempt_of" text,
	"question" text NOT NULL,
	"transcript" text NOT NULL,
	"transcriber" text NOT NULL,
	"evaluator" text NOT NULL,
	"approximate" boolean NOT NULL,
	"overall" real NOT NULL,
	"clarity" real NOT NULL,
	"relevance" real NOT NULL,
	"timing" real NOT NULL,
	"delivery" jsonb,
	"structure" jsonb,
	"strengths" jsonb NOT NULL,
	"improvements" jsonb NOT NULL,
	"summary" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attempts_user_created_idx" ON "attempts" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);