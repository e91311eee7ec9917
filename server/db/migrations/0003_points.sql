CREATE TABLE "checkins" (
	"member_id" integer NOT NULL,
	"day" date NOT NULL,
	"streak" integer NOT NULL,
	"points" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkins_member_id_day_pk" PRIMARY KEY("member_id","day"),
	CONSTRAINT "checkins_streak_positive" CHECK ("checkins"."streak" >= 1),
	CONSTRAINT "checkins_points_nonneg" CHECK ("checkins"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "point_balances" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"total_income" integer DEFAULT 0 NOT NULL,
	"total_spent" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_balances_balance_nonneg" CHECK ("point_balances"."balance" >= 0),
	CONSTRAINT "point_balances_pending_nonneg" CHECK ("point_balances"."pending" >= 0),
	CONSTRAINT "point_balances_income_nonneg" CHECK ("point_balances"."total_income" >= 0),
	CONSTRAINT "point_balances_spent_nonneg" CHECK ("point_balances"."total_spent" >= 0)
);
--> statement-breakpoint
CREATE TABLE "point_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" text NOT NULL,
	"source" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"reverses_id" bigint,
	"status" text DEFAULT 'posted' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_ledger_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "point_ledger_amount_nonzero" CHECK ("point_ledger"."amount" <> 0),
	CONSTRAINT "point_ledger_balance_after_nonneg" CHECK ("point_ledger"."balance_after" >= 0),
	CONSTRAINT "point_ledger_status" CHECK ("point_ledger"."status" in ('posted', 'pending'))
);
--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_balances" ADD CONSTRAINT "point_balances_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_ledger" ADD CONSTRAINT "point_ledger_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_ledger" ADD CONSTRAINT "point_ledger_reverses_id_point_ledger_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "point_ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "point_ledger_member_idx" ON "point_ledger" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "point_ledger_reverses_idx" ON "point_ledger" USING btree ("reverses_id") WHERE "point_ledger"."reverses_id" is not null;