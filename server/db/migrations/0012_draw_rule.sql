-- Draw rule 2 (issue 26): every spin, campaign draw and prize trial records the rule it was drawn
-- with. Rows made before this migration were drawn with rule 1: they get 1 and keep verifying so.
ALTER TABLE "lottery_spins" ADD COLUMN "draw_rule" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "lottery_spins" ALTER COLUMN "draw_rule" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "lottery_spins" ADD COLUMN "draw_member" text;--> statement-breakpoint
ALTER TABLE "prize_trials" ADD COLUMN "draw_rule" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "prize_trials" ALTER COLUMN "draw_rule" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "campaign_draws" ADD COLUMN "draw_rule" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_draws" ALTER COLUMN "draw_rule" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "campaign_draws" ADD COLUMN "draw_kind" text;--> statement-breakpoint
ALTER TABLE "campaign_draws" ADD COLUMN "draw_member" text;--> statement-breakpoint
ALTER TABLE "lottery_spins" ADD CONSTRAINT "lottery_spins_draw_rule" CHECK (("lottery_spins"."draw_rule" = 1) or ("lottery_spins"."draw_rule" = 2 and "lottery_spins"."draw_member" is not null));--> statement-breakpoint
ALTER TABLE "prize_trials" ADD CONSTRAINT "prize_trials_draw_rule" CHECK ("prize_trials"."draw_rule" in (1, 2));--> statement-breakpoint
ALTER TABLE "campaign_draws" ADD CONSTRAINT "campaign_draws_draw_rule" CHECK (("campaign_draws"."draw_rule" = 1) or ("campaign_draws"."draw_rule" = 2 and "campaign_draws"."draw_kind" is not null and "campaign_draws"."draw_member" is not null));