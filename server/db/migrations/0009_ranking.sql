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
ALTER TABLE "ranking_earned" ADD CONSTRAINT "ranking_earned_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ranking_earned_board_idx" ON "ranking_earned" USING btree ("period","period_start","amount" DESC NULLS LAST,"member_id");--> statement-breakpoint
CREATE INDEX "ranking_tips_sort_idx" ON "ranking_tips" USING btree ("sort","id") WHERE "ranking_tips"."published";