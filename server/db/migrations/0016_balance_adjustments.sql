CREATE TABLE "balance_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"requested_by" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"ledger_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balance_adjustments_amount_nonzero" CHECK ("balance_adjustments"."amount" <> 0),
	CONSTRAINT "balance_adjustments_state" CHECK ("balance_adjustments"."state" in ('pending', 'applied', 'rejected')),
	CONSTRAINT "balance_adjustments_applied_has_ledger" CHECK (("balance_adjustments"."state" = 'applied') = ("balance_adjustments"."ledger_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "balance_adjustments" ADD CONSTRAINT "balance_adjustments_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_adjustments" ADD CONSTRAINT "balance_adjustments_requested_by_staff_id_fk" FOREIGN KEY ("requested_by") REFERENCES "staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_adjustments" ADD CONSTRAINT "balance_adjustments_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_adjustments" ADD CONSTRAINT "balance_adjustments_ledger_id_point_ledger_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "point_ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_adjustments_state_idx" ON "balance_adjustments" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "balance_adjustments_member_idx" ON "balance_adjustments" USING btree ("member_id","created_at");