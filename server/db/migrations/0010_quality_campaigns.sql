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
CREATE TABLE "lottery_prizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"points" integer,
	"benefit_id" integer,
	"weight" integer NOT NULL,
	"stock" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lottery_prizes_kind" CHECK ("lottery_prizes"."kind" in ('points', 'benefit', 'none')),
	CONSTRAINT "lottery_prizes_shape" CHECK (("lottery_prizes"."kind" = 'points' and "lottery_prizes"."points" > 0 and "lottery_prizes"."benefit_id" is null) or ("lottery_prizes"."kind" = 'benefit' and "lottery_prizes"."benefit_id" is not null and "lottery_prizes"."points" is null) or ("lottery_prizes"."kind" = 'none' and "lottery_prizes"."points" is null and "lottery_prizes"."benefit_id" is null)),
	CONSTRAINT "lottery_prizes_weight" CHECK ("lottery_prizes"."weight" >= 0),
	CONSTRAINT "lottery_prizes_stock" CHECK ("lottery_prizes"."stock" is null or "lottery_prizes"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lottery_seeds" (
	"day" text PRIMARY KEY NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"revealed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lottery_spins" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"request_key" text NOT NULL,
	"source" text NOT NULL,
	"day" text NOT NULL,
	"nonce" integer NOT NULL,
	"member_seed" text NOT NULL,
	"table_version" integer NOT NULL,
	"roll" integer NOT NULL,
	"drawn_prize_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"prize_name" text NOT NULL,
	"points" integer,
	"cost" integer DEFAULT 0 NOT NULL,
	"holding_id" integer,
	"debit_ledger_id" bigint,
	"credit_ledger_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lottery_spins_source" CHECK ("lottery_spins"."source" in ('free', 'points', 'benefit')),
	CONSTRAINT "lottery_spins_outcome" CHECK ("lottery_spins"."outcome" in ('prize', 'none', 'out_of_stock'))
);
--> statement-breakpoint
CREATE TABLE "lottery_tables" (
	"version" serial PRIMARY KEY NOT NULL,
	"entries" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prize_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"trial_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"digest" text,
	"won" boolean,
	"ship_to" text,
	"ship_to_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prize_trials" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"images" jsonb NOT NULL,
	"units" integer NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"min_quality_level" integer DEFAULT 0 NOT NULL,
	"province_id" integer,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"drawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prize_trials_units" CHECK ("prize_trials"."units" > 0),
	CONSTRAINT "prize_trials_window" CHECK ("prize_trials"."closes_at" > "prize_trials"."opens_at")
);
--> statement-breakpoint
CREATE TABLE "campaign_draws" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"request_key" text NOT NULL,
	"day" text NOT NULL,
	"nonce" integer NOT NULL,
	"member_seed" text NOT NULL,
	"entries" jsonb NOT NULL,
	"roll" integer NOT NULL,
	"drawn_prize_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"prize_name" text NOT NULL,
	"points" integer,
	"credit_ledger_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_draws_outcome" CHECK ("campaign_draws"."outcome" in ('prize', 'none', 'out_of_stock'))
);
--> statement-breakpoint
CREATE TABLE "campaign_prizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"points" integer,
	"weight" integer NOT NULL,
	"stock" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_prizes_kind" CHECK ("campaign_prizes"."kind" in ('points', 'none')),
	CONSTRAINT "campaign_prizes_shape" CHECK (("campaign_prizes"."kind" = 'points' and "campaign_prizes"."points" > 0) or ("campaign_prizes"."kind" = 'none' and "campaign_prizes"."points" is null)),
	CONSTRAINT "campaign_prizes_weight" CHECK ("campaign_prizes"."weight" >= 0),
	CONSTRAINT "campaign_prizes_stock" CHECK ("campaign_prizes"."stock" is null or "campaign_prizes"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"theme" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"chances_per_task" integer DEFAULT 1 NOT NULL,
	"chances_per_checkin" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_slug_unique" UNIQUE("slug"),
	CONSTRAINT "campaigns_dates" CHECK ("campaigns"."ends_at" > "campaigns"."starts_at"),
	CONSTRAINT "campaigns_chances" CHECK ("campaigns"."chances_per_task" >= 0 and "campaigns"."chances_per_checkin" >= 0)
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "min_quality_level" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "min_quality_level" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appraise_winners" ADD CONSTRAINT "appraise_winners_month_appraise_runs_month_fk" FOREIGN KEY ("month") REFERENCES "appraise_runs"("month") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appraise_winners" ADD CONSTRAINT "appraise_winners_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruit_applications" ADD CONSTRAINT "recruit_applications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_spins" ADD CONSTRAINT "lottery_spins_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_spins" ADD CONSTRAINT "lottery_spins_table_version_lottery_tables_version_fk" FOREIGN KEY ("table_version") REFERENCES "lottery_tables"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_spins" ADD CONSTRAINT "lottery_spins_drawn_prize_id_lottery_prizes_id_fk" FOREIGN KEY ("drawn_prize_id") REFERENCES "lottery_prizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_applications" ADD CONSTRAINT "prize_applications_trial_id_prize_trials_id_fk" FOREIGN KEY ("trial_id") REFERENCES "prize_trials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_applications" ADD CONSTRAINT "prize_applications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_draws" ADD CONSTRAINT "campaign_draws_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_draws" ADD CONSTRAINT "campaign_draws_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_draws" ADD CONSTRAINT "campaign_draws_drawn_prize_id_campaign_prizes_id_fk" FOREIGN KEY ("drawn_prize_id") REFERENCES "campaign_prizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_prizes" ADD CONSTRAINT "campaign_prizes_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recruit_applications_state_idx" ON "recruit_applications" USING btree ("state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_spins_member_request_key" ON "lottery_spins" USING btree ("member_id","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_spins_member_day_nonce" ON "lottery_spins" USING btree ("member_id","day","nonce");--> statement-breakpoint
CREATE INDEX "lottery_spins_member_idx" ON "lottery_spins" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "prize_applications_once" ON "prize_applications" USING btree ("trial_id","member_id");--> statement-breakpoint
CREATE INDEX "prize_trials_closes" ON "prize_trials" USING btree ("closes_at");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_draws_member_request_key" ON "campaign_draws" USING btree ("campaign_id","member_id","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_draws_member_day_nonce" ON "campaign_draws" USING btree ("campaign_id","member_id","day","nonce");--> statement-breakpoint
CREATE INDEX "campaign_draws_member_idx" ON "campaign_draws" USING btree ("member_id","campaign_id","id");--> statement-breakpoint
CREATE INDEX "campaign_prizes_campaign_idx" ON "campaign_prizes" USING btree ("campaign_id","sort");--> statement-breakpoint
CREATE INDEX "participations_finished_idx" ON "participations" USING btree ("finished_at");--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_min_quality_level" CHECK ("tasks"."min_quality_level" between 0 and 3);--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_min_quality_level" CHECK ("rewards"."min_quality_level" between 0 and 3);