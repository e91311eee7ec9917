CREATE TABLE "bind_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"platform" smallint NOT NULL,
	"open_id" text NOT NULL,
	"union_id" text,
	"nickname" text,
	"avatar" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"platform" smallint NOT NULL,
	"purpose" text NOT NULL,
	"member_id" integer,
	"redirect" text,
	"ip_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "qr_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"ip_hash" text NOT NULL,
	"ip_masked" text NOT NULL,
	"member_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"scanned_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sns_bindings" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"platform" smallint NOT NULL,
	"open_id" text NOT NULL,
	"union_id" text,
	"nickname" text,
	"avatar" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sns_bindings_account_uq" UNIQUE("platform","open_id"),
	CONSTRAINT "sns_bindings_member_platform_uq" UNIQUE("member_id","platform")
);
--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_tickets" ADD CONSTRAINT "qr_tickets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sns_bindings" ADD CONSTRAINT "sns_bindings_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bind_tickets_expires_idx" ON "bind_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "oauth_states_ip_idx" ON "oauth_states" USING btree ("ip_hash","created_at");--> statement-breakpoint
CREATE INDEX "oauth_states_expires_idx" ON "oauth_states" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "qr_tickets_ip_idx" ON "qr_tickets" USING btree ("ip_hash","created_at");--> statement-breakpoint
CREATE INDEX "qr_tickets_expires_idx" ON "qr_tickets" USING btree ("expires_at");