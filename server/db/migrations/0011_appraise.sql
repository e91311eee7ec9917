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
ALTER TABLE "appraise_winners" ADD CONSTRAINT "appraise_winners_month_appraise_runs_month_fk" FOREIGN KEY ("month") REFERENCES "appraise_runs"("month") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appraise_winners" ADD CONSTRAINT "appraise_winners_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;