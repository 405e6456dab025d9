CREATE TABLE "cvs" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"file_name" text,
	"format" text NOT NULL,
	"text" text NOT NULL,
	"profile" jsonb NOT NULL,
	"reader" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cvs" ADD CONSTRAINT "cvs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;