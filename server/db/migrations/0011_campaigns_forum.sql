ALTER TABLE "exchanges" DROP CONSTRAINT "exchanges_points_positive";--> statement-breakpoint
ALTER TABLE "lottery_prizes" DROP CONSTRAINT "lottery_prizes_kind";--> statement-breakpoint
ALTER TABLE "lottery_prizes" DROP CONSTRAINT "lottery_prizes_shape";--> statement-breakpoint
ALTER TABLE "exchanges" ALTER COLUMN "debit_ledger_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lottery_prizes" ADD COLUMN "reward_id" integer;--> statement-breakpoint
ALTER TABLE "lottery_spins" ADD COLUMN "exchange_id" integer;--> statement-breakpoint
ALTER TABLE "lottery_prizes" ADD CONSTRAINT "lottery_prizes_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "rewards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_spins" ADD CONSTRAINT "lottery_spins_exchange_id_exchanges_id_fk" FOREIGN KEY ("exchange_id") REFERENCES "exchanges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_points_nonneg" CHECK ("exchanges"."points" >= 0);--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_debit_iff_paid" CHECK (("exchanges"."points" > 0) = ("exchanges"."debit_ledger_id" is not null));--> statement-breakpoint
ALTER TABLE "lottery_prizes" ADD CONSTRAINT "lottery_prizes_kind" CHECK ("lottery_prizes"."kind" in ('points', 'benefit', 'reward', 'none'));--> statement-breakpoint
ALTER TABLE "lottery_prizes" ADD CONSTRAINT "lottery_prizes_shape" CHECK (("lottery_prizes"."kind" = 'points' and "lottery_prizes"."points" > 0 and "lottery_prizes"."benefit_id" is null and "lottery_prizes"."reward_id" is null) or ("lottery_prizes"."kind" = 'benefit' and "lottery_prizes"."benefit_id" is not null and "lottery_prizes"."points" is null and "lottery_prizes"."reward_id" is null) or ("lottery_prizes"."kind" = 'reward' and "lottery_prizes"."reward_id" is not null and "lottery_prizes"."points" is null and "lottery_prizes"."benefit_id" is null) or ("lottery_prizes"."kind" = 'none' and "lottery_prizes"."points" is null and "lottery_prizes"."benefit_id" is null and "lottery_prizes"."reward_id" is null));