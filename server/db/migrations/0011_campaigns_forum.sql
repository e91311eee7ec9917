CREATE TABLE "forum_boards" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"title" text NOT NULL,
	"intro" text,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"required_topics" integer,
	"respondent_seq" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_boards_task_id_unique" UNIQUE("task_id")
);
--> statement-breakpoint
CREATE TABLE "forum_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"board_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"role" smallint NOT NULL,
	"name" text NOT NULL,
	"avatar" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_members_board_member_uq" UNIQUE("board_id","member_id"),
	CONSTRAINT "forum_members_board_name_uq" UNIQUE("board_id","name"),
	CONSTRAINT "forum_members_role" CHECK ("forum_members"."role" between 0 and 2)
);
--> statement-breakpoint
CREATE TABLE "forum_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic_id" integer NOT NULL,
	"board_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"floor" integer NOT NULL,
	"body" text NOT NULL,
	"plain" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quote_id" integer,
	"hidden" boolean DEFAULT false NOT NULL,
	"highlighted" boolean DEFAULT false NOT NULL,
	"request_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_replies_topic_floor_uq" UNIQUE("topic_id","floor"),
	CONSTRAINT "forum_replies_request_uq" UNIQUE("topic_id","member_id","request_key")
);
--> statement-breakpoint
CREATE TABLE "forum_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"board_id" integer NOT NULL,
	"name" text NOT NULL,
	"intro" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forum_topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"board_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"see_after_posting" boolean DEFAULT false NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"highlighted" boolean DEFAULT false NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"visible_reply_count" integer DEFAULT 0 NOT NULL,
	"last_reply_at" timestamp with time zone,
	"request_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_topics_request_uq" UNIQUE("board_id","member_id","request_key"),
	CONSTRAINT "forum_topics_counts" CHECK ("forum_topics"."visible_reply_count" between 0 and "forum_topics"."reply_count")
);
--> statement-breakpoint
ALTER TABLE "exchanges" DROP CONSTRAINT "exchanges_points_positive";--> statement-breakpoint
ALTER TABLE "lottery_prizes" DROP CONSTRAINT "lottery_prizes_kind";--> statement-breakpoint
ALTER TABLE "lottery_prizes" DROP CONSTRAINT "lottery_prizes_shape";--> statement-breakpoint
ALTER TABLE "exchanges" ALTER COLUMN "debit_ledger_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lottery_prizes" ADD COLUMN "reward_id" integer;--> statement-breakpoint
ALTER TABLE "lottery_spins" ADD COLUMN "exchange_id" integer;--> statement-breakpoint
ALTER TABLE "prize_applications" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prize_applications" ADD COLUMN "report_answers" jsonb;--> statement-breakpoint
ALTER TABLE "prize_applications" ADD COLUMN "reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prize_applications" ADD COLUMN "report_ledger_id" bigint;--> statement-breakpoint
ALTER TABLE "prize_trials" ADD COLUMN "screener_poll_id" integer;--> statement-breakpoint
ALTER TABLE "prize_trials" ADD COLUMN "report_poll_id" integer;--> statement-breakpoint
ALTER TABLE "prize_trials" ADD COLUMN "report_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "forum_boards" ADD CONSTRAINT "forum_boards_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_members" ADD CONSTRAINT "forum_members_board_id_forum_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "forum_boards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_members" ADD CONSTRAINT "forum_members_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_replies" ADD CONSTRAINT "forum_replies_topic_id_forum_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "forum_topics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_replies" ADD CONSTRAINT "forum_replies_board_id_forum_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "forum_boards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_replies" ADD CONSTRAINT "forum_replies_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_sections" ADD CONSTRAINT "forum_sections_board_id_forum_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "forum_boards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_topics" ADD CONSTRAINT "forum_topics_board_id_forum_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "forum_boards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_topics" ADD CONSTRAINT "forum_topics_section_id_forum_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "forum_sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_topics" ADD CONSTRAINT "forum_topics_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forum_replies_visible_idx" ON "forum_replies" USING btree ("topic_id","floor") WHERE not "forum_replies"."hidden";--> statement-breakpoint
CREATE INDEX "forum_replies_member_idx" ON "forum_replies" USING btree ("board_id","member_id","id");--> statement-breakpoint
CREATE INDEX "forum_sections_board_idx" ON "forum_sections" USING btree ("board_id","sort");--> statement-breakpoint
CREATE INDEX "forum_topics_board_idx" ON "forum_topics" USING btree ("board_id","section_id","created_at");--> statement-breakpoint
ALTER TABLE "lottery_prizes" ADD CONSTRAINT "lottery_prizes_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "rewards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_spins" ADD CONSTRAINT "lottery_spins_exchange_id_exchanges_id_fk" FOREIGN KEY ("exchange_id") REFERENCES "exchanges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_trials" ADD CONSTRAINT "prize_trials_screener_poll_id_polls_id_fk" FOREIGN KEY ("screener_poll_id") REFERENCES "polls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_trials" ADD CONSTRAINT "prize_trials_report_poll_id_polls_id_fk" FOREIGN KEY ("report_poll_id") REFERENCES "polls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_points_nonneg" CHECK ("exchanges"."points" >= 0);--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_debit_iff_paid" CHECK (("exchanges"."points" > 0) = ("exchanges"."debit_ledger_id" is not null));--> statement-breakpoint
ALTER TABLE "lottery_prizes" ADD CONSTRAINT "lottery_prizes_kind" CHECK ("lottery_prizes"."kind" in ('points', 'benefit', 'reward', 'none'));--> statement-breakpoint
ALTER TABLE "lottery_prizes" ADD CONSTRAINT "lottery_prizes_shape" CHECK (("lottery_prizes"."kind" = 'points' and "lottery_prizes"."points" > 0 and "lottery_prizes"."benefit_id" is null and "lottery_prizes"."reward_id" is null) or ("lottery_prizes"."kind" = 'benefit' and "lottery_prizes"."benefit_id" is not null and "lottery_prizes"."points" is null and "lottery_prizes"."reward_id" is null) or ("lottery_prizes"."kind" = 'reward' and "lottery_prizes"."reward_id" is not null and "lottery_prizes"."points" is null and "lottery_prizes"."benefit_id" is null) or ("lottery_prizes"."kind" = 'none' and "lottery_prizes"."points" is null and "lottery_prizes"."benefit_id" is null and "lottery_prizes"."reward_id" is null));--> statement-breakpoint
ALTER TABLE "prize_trials" ADD CONSTRAINT "prize_trials_report_points" CHECK ("prize_trials"."report_points" >= 0);