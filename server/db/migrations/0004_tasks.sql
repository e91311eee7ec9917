CREATE TABLE "basic_survey_answers" (
	"member_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"option_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"text" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "basic_survey_answers_member_id_question_id_pk" PRIMARY KEY("member_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "basic_survey_completions" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_properties" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"gender" smallint,
	"birthday" date,
	"province_id" integer,
	"city_id" integer,
	"county_id" integer,
	"education" smallint,
	"occupation" smallint,
	"income" smallint,
	"marital" smallint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "participations" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"respondent_id" text NOT NULL,
	"status" text DEFAULT 'started' NOT NULL,
	"join_result" smallint DEFAULT 0 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"points_status" text DEFAULT 'none' NOT NULL,
	"ledger_id" bigint,
	"low_quality_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ip" text,
	"device_id" text,
	"device_type" smallint,
	"city" text,
	"settled_by" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	CONSTRAINT "participations_respondent_id_unique" UNIQUE("respondent_id"),
	CONSTRAINT "participations_task_member_uq" UNIQUE("task_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "poll_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"poll_id" integer NOT NULL,
	"participation_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"device_id" text,
	"answers" jsonb NOT NULL,
	"answers_hash" text NOT NULL,
	"low_quality_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"duration_seconds" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "poll_responses_participation_id_unique" UNIQUE("participation_id")
);
--> statement-breakpoint
CREATE TABLE "polls" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"questions" jsonb NOT NULL,
	"logic" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"low_quality_pay" text DEFAULT 'half' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"secret" text NOT NULL,
	"entry_url" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_partners_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"type" smallint NOT NULL,
	"module" smallint DEFAULT 0 NOT NULL,
	"kind" text NOT NULL,
	"points" integer NOT NULL,
	"screen_out_points" integer DEFAULT 0 NOT NULL,
	"quota_full_points" integer DEFAULT 0 NOT NULL,
	"minutes" integer NOT NULL,
	"min_seconds" integer DEFAULT 0 NOT NULL,
	"timeout_minutes" integer DEFAULT 120 NOT NULL,
	"quota" integer,
	"completes" integer DEFAULT 0 NOT NULL,
	"open_at" timestamp with time zone DEFAULT now() NOT NULL,
	"close_at" timestamp with time zone,
	"devices" jsonb DEFAULT '[1,2,3]'::jsonb NOT NULL,
	"targeting" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"requires_basic_survey" boolean DEFAULT false NOT NULL,
	"partner_id" integer,
	"poll_id" integer,
	"target_url" text,
	"watch_seconds" integer DEFAULT 0 NOT NULL,
	"cover" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_hash_id_unique" UNIQUE("hash_id"),
	CONSTRAINT "tasks_points_nonneg" CHECK ("tasks"."points" >= 0 AND "tasks"."screen_out_points" >= 0 AND "tasks"."quota_full_points" >= 0),
	CONSTRAINT "tasks_completes_quota" CHECK ("tasks"."quota" IS NULL OR "tasks"."completes" <= "tasks"."quota")
);
--> statement-breakpoint
ALTER TABLE "basic_survey_answers" ADD CONSTRAINT "basic_survey_answers_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basic_survey_completions" ADD CONSTRAINT "basic_survey_completions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_properties" ADD CONSTRAINT "member_properties_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participations" ADD CONSTRAINT "participations_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participations" ADD CONSTRAINT "participations_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_responses" ADD CONSTRAINT "poll_responses_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "polls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_responses" ADD CONSTRAINT "poll_responses_participation_id_participations_id_fk" FOREIGN KEY ("participation_id") REFERENCES "participations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_responses" ADD CONSTRAINT "poll_responses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_partner_id_survey_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "survey_partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "polls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "participations_member_idx" ON "participations" USING btree ("member_id","started_at");--> statement-breakpoint
CREATE INDEX "participations_open_idx" ON "participations" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "participations_task_device_idx" ON "participations" USING btree ("task_id","device_id");--> statement-breakpoint
CREATE INDEX "participations_task_ip_idx" ON "participations" USING btree ("task_id","ip");--> statement-breakpoint
CREATE INDEX "poll_responses_hash_idx" ON "poll_responses" USING btree ("poll_id","answers_hash");--> statement-breakpoint
CREATE INDEX "tasks_module_idx" ON "tasks" USING btree ("module","status");