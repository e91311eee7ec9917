CREATE TABLE "recruit_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"request_key" text NOT NULL,
	"school" text NOT NULL,
	"grade" text NOT NULL,
	"mobile" text NOT NULL,
	"motivation" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"review_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recruit_applications_member_key" UNIQUE("member_id"),
	CONSTRAINT "recruit_applications_state" CHECK ("recruit_applications"."state" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "recruit_applications" ADD CONSTRAINT "recruit_applications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recruit_applications_state_idx" ON "recruit_applications" USING btree ("state","created_at");