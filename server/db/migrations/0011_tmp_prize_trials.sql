ALTER TABLE "prize_applications" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prize_applications" ADD COLUMN "report_answers" jsonb;--> statement-breakpoint
ALTER TABLE "prize_applications" ADD COLUMN "reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prize_applications" ADD COLUMN "report_ledger_id" bigint;--> statement-breakpoint
ALTER TABLE "prize_trials" ADD COLUMN "screener_poll_id" integer;--> statement-breakpoint
ALTER TABLE "prize_trials" ADD COLUMN "report_poll_id" integer;--> statement-breakpoint
ALTER TABLE "prize_trials" ADD COLUMN "report_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "prize_trials" ADD CONSTRAINT "prize_trials_screener_poll_id_polls_id_fk" FOREIGN KEY ("screener_poll_id") REFERENCES "polls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_trials" ADD CONSTRAINT "prize_trials_report_poll_id_polls_id_fk" FOREIGN KEY ("report_poll_id") REFERENCES "polls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_trials" ADD CONSTRAINT "prize_trials_report_points" CHECK ("prize_trials"."report_points" >= 0);