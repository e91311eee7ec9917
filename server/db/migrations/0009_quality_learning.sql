CREATE TABLE "ranking_earned" (
	"period" text NOT NULL,
	"period_start" date NOT NULL,
	"member_id" integer NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ranking_earned_period_period_start_member_id_pk" PRIMARY KEY("period","period_start","member_id")
);
--> statement-breakpoint
CREATE TABLE "ranking_tips" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"content" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_lessons" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"content" text NOT NULL,
	"minutes" integer DEFAULT 3 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_progress" (
	"member_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_progress_member_id_lesson_id_pk" PRIMARY KEY("member_id","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "quiz_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"day" text NOT NULL,
	"drawn" jsonb NOT NULL,
	"pass_mark" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"answers" jsonb,
	"score" integer,
	"passed" boolean,
	"reward_points" integer
);
--> statement-breakpoint
CREATE TABLE "quiz_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"stem" text NOT NULL,
	"options" jsonb NOT NULL,
	"correct" smallint NOT NULL,
	"explanation" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_questions_correct_ck" CHECK ("quiz_questions"."correct" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ranking_earned" ADD CONSTRAINT "ranking_earned_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "course_lessons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD CONSTRAINT "quiz_questions_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "course_lessons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ranking_earned_board_idx" ON "ranking_earned" USING btree ("period","period_start","amount" DESC NULLS LAST,"member_id");--> statement-breakpoint
CREATE INDEX "ranking_tips_sort_idx" ON "ranking_tips" USING btree ("sort","id") WHERE "ranking_tips"."published";--> statement-breakpoint
CREATE INDEX "course_lessons_sort_idx" ON "course_lessons" USING btree ("published","sort");--> statement-breakpoint
CREATE INDEX "quiz_attempts_member_day_idx" ON "quiz_attempts" USING btree ("member_id","day");