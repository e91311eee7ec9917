CREATE TABLE "lottery_prizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"points" integer,
	"benefit_id" integer,
	"weight" integer NOT NULL,
	"stock" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lottery_prizes_kind" CHECK ("lottery_prizes"."kind" in ('points', 'benefit', 'none')),
	CONSTRAINT "lottery_prizes_shape" CHECK (("lottery_prizes"."kind" = 'points' and "lottery_prizes"."points" > 0 and "lottery_prizes"."benefit_id" is null) or ("lottery_prizes"."kind" = 'benefit' and "lottery_prizes"."benefit_id" is not null and "lottery_prizes"."points" is null) or ("lottery_prizes"."kind" = 'none' and "lottery_prizes"."points" is null and "lottery_prizes"."benefit_id" is null)),
	CONSTRAINT "lottery_prizes_weight" CHECK ("lottery_prizes"."weight" >= 0),
	CONSTRAINT "lottery_prizes_stock" CHECK ("lottery_prizes"."stock" is null or "lottery_prizes"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lottery_seeds" (
	"day" text PRIMARY KEY NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"revealed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lottery_spins" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"request_key" text NOT NULL,
	"source" text NOT NULL,
	"day" text NOT NULL,
	"nonce" integer NOT NULL,
	"member_seed" text NOT NULL,
	"table_version" integer NOT NULL,
	"roll" integer NOT NULL,
	"drawn_prize_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"prize_name" text NOT NULL,
	"points" integer,
	"cost" integer DEFAULT 0 NOT NULL,
	"holding_id" integer,
	"debit_ledger_id" bigint,
	"credit_ledger_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lottery_spins_source" CHECK ("lottery_spins"."source" in ('free', 'points', 'benefit')),
	CONSTRAINT "lottery_spins_outcome" CHECK ("lottery_spins"."outcome" in ('prize', 'none', 'out_of_stock'))
);
--> statement-breakpoint
CREATE TABLE "lottery_tables" (
	"version" serial PRIMARY KEY NOT NULL,
	"entries" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lottery_spins" ADD CONSTRAINT "lottery_spins_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_spins" ADD CONSTRAINT "lottery_spins_table_version_lottery_tables_version_fk" FOREIGN KEY ("table_version") REFERENCES "lottery_tables"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_spins" ADD CONSTRAINT "lottery_spins_drawn_prize_id_lottery_prizes_id_fk" FOREIGN KEY ("drawn_prize_id") REFERENCES "lottery_prizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_spins_member_request_key" ON "lottery_spins" USING btree ("member_id","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_spins_member_day_nonce" ON "lottery_spins" USING btree ("member_id","day","nonce");--> statement-breakpoint
CREATE INDEX "lottery_spins_member_idx" ON "lottery_spins" USING btree ("member_id","id");