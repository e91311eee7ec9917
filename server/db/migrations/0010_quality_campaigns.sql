CREATE TABLE "appraise_runs" (
	"month" text PRIMARY KEY NOT NULL,
	"candidates" integer NOT NULL,
	"qualified" integer NOT NULL,
	"ran_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appraise_winners" (
	"month" text NOT NULL,
	"rank" integer NOT NULL,
	"member_id" integer NOT NULL,
	"valid" integer NOT NULL,
	"counted" integer NOT NULL,
	"rate" double precision NOT NULL,
	"award" integer NOT NULL,
	"ledger_id" bigint,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appraise_winners_month_rank_pk" PRIMARY KEY("month","rank"),
	CONSTRAINT "appraise_winners_month_member_uq" UNIQUE("month","member_id"),
	CONSTRAINT "appraise_winners_rank_ck" CHECK ("appraise_winners"."rank" >= 1),
	CONSTRAINT "appraise_winners_award_ck" CHECK ("appraise_winners"."award" >= 0)
);
--> statement-breakpoint
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
ALTER TABLE "tasks" ADD COLUMN "min_quality_level" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "min_quality_level" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appraise_winners" ADD CONSTRAINT "appraise_winners_month_appraise_runs_month_fk" FOREIGN KEY ("month") REFERENCES "appraise_runs"("month") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appraise_winners" ADD CONSTRAINT "appraise_winners_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruit_applications" ADD CONSTRAINT "recruit_applications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recruit_applications_state_idx" ON "recruit_applications" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "participations_finished_idx" ON "participations" USING btree ("finished_at");--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_min_quality_level" CHECK ("tasks"."min_quality_level" between 0 and 3);--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_min_quality_level" CHECK ("rewards"."min_quality_level" between 0 and 3);