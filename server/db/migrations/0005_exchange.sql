CREATE TABLE "consignees" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"mobile" text NOT NULL,
	"province_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"county_id" integer NOT NULL,
	"address" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"exchange_id" integer NOT NULL,
	"from_state" smallint,
	"to_state" smallint NOT NULL,
	"actor_type" text NOT NULL,
	"actor_name" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_events_actor" CHECK ("exchange_events"."actor_type" in ('member', 'operator', 'system'))
);
--> statement-breakpoint
CREATE TABLE "exchanges" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"reward_id" integer NOT NULL,
	"reward_type" smallint NOT NULL,
	"title" text NOT NULL,
	"face_value" integer NOT NULL,
	"points" integer NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"request_key" text NOT NULL,
	"debit_ledger_id" bigint NOT NULL,
	"refund_ledger_id" bigint,
	"payout" jsonb,
	"shipping" jsonb,
	"code_id" bigint,
	"transfer_ref" text,
	"tracking_no" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchanges_member_request_key_unique" UNIQUE("member_id","request_key"),
	CONSTRAINT "exchanges_state" CHECK ("exchanges"."state" in (0, 1, 2, 3, 4, 5)),
	CONSTRAINT "exchanges_points_positive" CHECK ("exchanges"."points" > 0)
);
--> statement-breakpoint
CREATE TABLE "id_verifications" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"real_name" text NOT NULL,
	"id_number_masked" text NOT NULL,
	"id_number_hash" text NOT NULL,
	"state" smallint NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "id_verifications_id_number_hash_unique" UNIQUE("id_number_hash")
);
--> statement-breakpoint
CREATE TABLE "reward_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reward_id" integer NOT NULL,
	"code" text NOT NULL,
	"exchange_id" integer,
	"issued_at" timestamp with time zone,
	"loaded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_codes_exchange_id_unique" UNIQUE("exchange_id"),
	CONSTRAINT "reward_codes_reward_code_unique" UNIQUE("reward_id","code")
);
--> statement-breakpoint
CREATE TABLE "rewards" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" smallint NOT NULL,
	"title" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"points_cost" integer NOT NULL,
	"face_value" integer DEFAULT 0 NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"limit_total" integer,
	"limit_daily" integer,
	"min_level" integer DEFAULT 0 NOT NULL,
	"require_identity" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rewards_type" CHECK ("rewards"."type" in (1, 2, 3)),
	CONSTRAINT "rewards_points_positive" CHECK ("rewards"."points_cost" > 0),
	CONSTRAINT "rewards_face_nonneg" CHECK ("rewards"."face_value" >= 0),
	CONSTRAINT "rewards_stock_nonneg" CHECK ("rewards"."stock" >= 0),
	CONSTRAINT "rewards_limits_positive" CHECK (coalesce("rewards"."limit_total", 1) > 0 and coalesce("rewards"."limit_daily", 1) > 0),
	CONSTRAINT "rewards_min_level_nonneg" CHECK ("rewards"."min_level" >= 0)
);
--> statement-breakpoint
ALTER TABLE "consignees" ADD CONSTRAINT "consignees_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_events" ADD CONSTRAINT "exchange_events_exchange_id_exchanges_id_fk" FOREIGN KEY ("exchange_id") REFERENCES "exchanges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "rewards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_debit_ledger_id_point_ledger_id_fk" FOREIGN KEY ("debit_ledger_id") REFERENCES "point_ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_refund_ledger_id_point_ledger_id_fk" FOREIGN KEY ("refund_ledger_id") REFERENCES "point_ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_code_id_reward_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "reward_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "id_verifications" ADD CONSTRAINT "id_verifications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_codes" ADD CONSTRAINT "reward_codes_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "rewards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_codes" ADD CONSTRAINT "reward_codes_exchange_id_exchanges_id_fk" FOREIGN KEY ("exchange_id") REFERENCES "exchanges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_events_exchange_idx" ON "exchange_events" USING btree ("exchange_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "exchanges_refund_ledger_unique" ON "exchanges" USING btree ("refund_ledger_id") WHERE "exchanges"."refund_ledger_id" is not null;--> statement-breakpoint
CREATE INDEX "exchanges_member_idx" ON "exchanges" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "exchanges_member_reward_idx" ON "exchanges" USING btree ("member_id","reward_id","created_at");--> statement-breakpoint
CREATE INDEX "exchanges_state_idx" ON "exchanges" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "reward_codes_free_idx" ON "reward_codes" USING btree ("reward_id","id") WHERE "reward_codes"."exchange_id" is null;--> statement-breakpoint
CREATE INDEX "rewards_catalogue_idx" ON "rewards" USING btree ("active","type","sort");