ALTER TABLE "attempts" ADD COLUMN "answer_key" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "attempts_user_answer_key_idx" ON "attempts" USING btree ("user_id","answer_key");