CREATE TABLE "benefits" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon" text,
	"rules" text DEFAULT '' NOT NULL,
	"value" integer NOT NULL,
	"coupon_unit" text,
	"min_spend" integer,
	"credit_cost" integer DEFAULT 0 NOT NULL,
	"min_level" integer DEFAULT 0 NOT NULL,
	"valid_days" integer,
	"stock" integer,
	"limit_per_member" integer,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "benefits_kind" CHECK ("benefits"."kind" between 1 and 4),
	CONSTRAINT "benefits_value_positive" CHECK ("benefits"."value" > 0),
	CONSTRAINT "benefits_coupon_unit" CHECK (("benefits"."kind" = 2 and "benefits"."coupon_unit" in ('fen', 'percent')) or ("benefits"."kind" <> 2 and "benefits"."coupon_unit" is null)),
	CONSTRAINT "benefits_percent_range" CHECK ("benefits"."coupon_unit" is distinct from 'percent' or "benefits"."value" between 1 and 99),
	CONSTRAINT "benefits_min_spend_nonneg" CHECK ("benefits"."min_spend" is null or "benefits"."min_spend" >= 0),
	CONSTRAINT "benefits_credit_cost_nonneg" CHECK ("benefits"."credit_cost" >= 0),
	CONSTRAINT "benefits_min_level_nonneg" CHECK ("benefits"."min_level" >= 0),
	CONSTRAINT "benefits_valid_days_positive" CHECK ("benefits"."valid_days" is null or "benefits"."valid_days" > 0),
	CONSTRAINT "benefits_stock_nonneg" CHECK ("benefits"."stock" is null or "benefits"."stock" >= 0),
	CONSTRAINT "benefits_limit_positive" CHECK ("benefits"."limit_per_member" is null or "benefits"."limit_per_member" > 0)
);
--> statement-breakpoint
CREATE TABLE "credit_balances" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"total_earned" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_balances_balance_nonneg" CHECK ("credit_balances"."balance" >= 0),
	CONSTRAINT "credit_balances_earned_nonneg" CHECK ("credit_balances"."total_earned" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"source" integer NOT NULL,
	"reason" text NOT NULL,
	"ref_member_id" integer,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_ledger_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "credit_ledger_amount_nonzero" CHECK ("credit_ledger"."amount" <> 0),
	CONSTRAINT "credit_ledger_balance_after_nonneg" CHECK ("credit_ledger"."balance_after" >= 0),
	CONSTRAINT "credit_ledger_source" CHECK ("credit_ledger"."source" between 1 and 7)
);
--> statement-breakpoint
CREATE TABLE "member_benefits" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"benefit_id" integer NOT NULL,
	"kind" integer NOT NULL,
	"source" text NOT NULL,
	"granted_by" text,
	"status" text DEFAULT 'unused' NOT NULL,
	"obtained_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"target_type" text,
	"target_id" integer,
	"applied_at" timestamp with time zone,
	"effect" jsonb,
	"claim_ledger_id" bigint,
	"effect_ledger_id" bigint,
	"grant_key" text,
	CONSTRAINT "member_benefits_grant_key_unique" UNIQUE("grant_key"),
	CONSTRAINT "member_benefits_status" CHECK ("member_benefits"."status" in ('unused', 'used')),
	CONSTRAINT "member_benefits_source" CHECK ("member_benefits"."source" in ('claim', 'grant', 'value')),
	CONSTRAINT "member_benefits_used_target" CHECK (("member_benefits"."status" = 'unused' and "member_benefits"."target_type" is null and "member_benefits"."used_at" is null) or ("member_benefits"."status" = 'used' and "member_benefits"."target_type" in ('task', 'exchange', 'lottery') and "member_benefits"."target_id" is not null and "member_benefits"."used_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "signups" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"inviter_id" integer,
	"device_id" text,
	"ip" text,
	"created_at" timestamp with time zone NOT NULL,
	"register_state" text DEFAULT 'none' NOT NULL,
	"register_reason" text,
	"register_ledger_id" bigint,
	"first_task_state" text DEFAULT 'none' NOT NULL,
	"first_task_reason" text,
	"first_task_ledger_id" bigint,
	"activated_at" timestamp with time zone,
	"credit_ledger_id" bigint,
	CONSTRAINT "signups_register_state" CHECK ("signups"."register_state" in ('none', 'granted', 'withheld')),
	CONSTRAINT "signups_first_task_state" CHECK ("signups"."first_task_state" in ('none', 'waiting', 'granted', 'withheld'))
);
--> statement-breakpoint
ALTER TABLE "credit_balances" ADD CONSTRAINT "credit_balances_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_ref_member_id_members_id_fk" FOREIGN KEY ("ref_member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_benefits" ADD CONSTRAINT "member_benefits_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_benefits" ADD CONSTRAINT "member_benefits_benefit_id_benefits_id_fk" FOREIGN KEY ("benefit_id") REFERENCES "benefits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_benefits" ADD CONSTRAINT "member_benefits_claim_ledger_id_credit_ledger_id_fk" FOREIGN KEY ("claim_ledger_id") REFERENCES "credit_ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_benefits" ADD CONSTRAINT "member_benefits_effect_ledger_id_point_ledger_id_fk" FOREIGN KEY ("effect_ledger_id") REFERENCES "point_ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signups" ADD CONSTRAINT "signups_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signups" ADD CONSTRAINT "signups_inviter_id_members_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signups" ADD CONSTRAINT "signups_register_ledger_id_point_ledger_id_fk" FOREIGN KEY ("register_ledger_id") REFERENCES "point_ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signups" ADD CONSTRAINT "signups_first_task_ledger_id_point_ledger_id_fk" FOREIGN KEY ("first_task_ledger_id") REFERENCES "point_ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signups" ADD CONSTRAINT "signups_credit_ledger_id_credit_ledger_id_fk" FOREIGN KEY ("credit_ledger_id") REFERENCES "credit_ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_ledger_member_idx" ON "credit_ledger" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "member_benefits_member_idx" ON "member_benefits" USING btree ("member_id","status");--> statement-breakpoint
CREATE INDEX "member_benefits_benefit_idx" ON "member_benefits" USING btree ("benefit_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_benefits_one_per_target" ON "member_benefits" USING btree ("member_id","kind","target_type","target_id") WHERE "member_benefits"."status" = 'used' and "member_benefits"."target_type" <> 'lottery';--> statement-breakpoint
CREATE INDEX "signups_inviter_idx" ON "signups" USING btree ("inviter_id","created_at");--> statement-breakpoint
CREATE INDEX "signups_device_idx" ON "signups" USING btree ("device_id");