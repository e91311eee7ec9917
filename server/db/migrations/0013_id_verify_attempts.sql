CREATE TABLE "id_verify_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"day" text NOT NULL,
	"result" text NOT NULL,
	"provider" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "id_verify_attempts_result" CHECK ("id_verify_attempts"."result" in ('pending', 'match', 'mismatch', 'not_found', 'error'))
);
--> statement-breakpoint
ALTER TABLE "id_verify_attempts" ADD CONSTRAINT "id_verify_attempts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "id_verify_attempts_member_day_idx" ON "id_verify_attempts" USING btree ("member_id","day");