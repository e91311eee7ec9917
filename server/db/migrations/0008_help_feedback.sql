CREATE TABLE "feedback_moves" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"from_state" smallint,
	"to_state" smallint NOT NULL,
	"actor" text NOT NULL,
	"actor_name" text,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_moves_actor_check" CHECK ("feedback_moves"."actor" in ('member', 'staff', 'system'))
);
--> statement-breakpoint
CREATE TABLE "feedback_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"author" text NOT NULL,
	"staff_name" text,
	"content" text NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_posts_author_check" CHECK ("feedback_posts"."author" in ('member', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "feedback_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"category" smallint NOT NULL,
	"content" text NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"record_kind" text,
	"record_id" integer,
	"state" smallint DEFAULT 0 NOT NULL,
	"operator" text,
	"request_key" text NOT NULL,
	"rating" smallint,
	"rating_comment" text,
	"state_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_tickets_state_check" CHECK ("feedback_tickets"."state" between 0 and 5),
	CONSTRAINT "feedback_tickets_rating_check" CHECK ("feedback_tickets"."rating" is null or "feedback_tickets"."rating" between 1 and 5),
	CONSTRAINT "feedback_tickets_record_check" CHECK (("feedback_tickets"."record_kind" is null and "feedback_tickets"."record_id" is null) or ("feedback_tickets"."record_kind" in ('task', 'exchange', 'benefit') and "feedback_tickets"."record_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "help_categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"icon" text,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"hot" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_votes" (
	"question_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"helpful" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "help_votes_question_id_member_id_pk" PRIMARY KEY("question_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "feedback_moves" ADD CONSTRAINT "feedback_moves_ticket_id_feedback_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "feedback_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_posts" ADD CONSTRAINT "feedback_posts_ticket_id_feedback_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "feedback_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_tickets" ADD CONSTRAINT "feedback_tickets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_categories" ADD CONSTRAINT "help_categories_parent_id_help_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "help_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_questions" ADD CONSTRAINT "help_questions_category_id_help_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "help_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_votes" ADD CONSTRAINT "help_votes_question_id_help_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "help_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_votes" ADD CONSTRAINT "help_votes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_moves_ticket_idx" ON "feedback_moves" USING btree ("ticket_id","id");--> statement-breakpoint
CREATE INDEX "feedback_posts_ticket_idx" ON "feedback_posts" USING btree ("ticket_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_tickets_request_key_idx" ON "feedback_tickets" USING btree ("member_id","request_key");--> statement-breakpoint
CREATE INDEX "feedback_tickets_member_idx" ON "feedback_tickets" USING btree ("member_id","updated_at");--> statement-breakpoint
CREATE INDEX "feedback_tickets_state_idx" ON "feedback_tickets" USING btree ("state","state_changed_at");--> statement-breakpoint
CREATE INDEX "help_categories_parent_idx" ON "help_categories" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE INDEX "help_questions_category_idx" ON "help_questions" USING btree ("category_id","sort");