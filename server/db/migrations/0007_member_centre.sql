CREATE TABLE "app_releases" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"version" text NOT NULL,
	"url" text NOT NULL,
	"size" bigint,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_releases_platform_check" CHECK ("app_releases"."platform" in ('android', 'ios'))
);
--> statement-breakpoint
CREATE TABLE "message_inbox" (
	"message_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "message_inbox_member_id_message_id_pk" PRIMARY KEY("member_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "notice_reads" (
	"notice_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_reads_member_id_notice_id_pk" PRIMARY KEY("member_id","notice_id")
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"pinned" smallint DEFAULT 0 NOT NULL,
	"publish_at" timestamp with time zone DEFAULT now() NOT NULL,
	"end_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"placement" text NOT NULL,
	"platform" text DEFAULT 'all' NOT NULL,
	"title" text NOT NULL,
	"summary" text,
	"image" text NOT NULL,
	"mobile_image" text,
	"link" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"start_at" timestamp with time zone DEFAULT now() NOT NULL,
	"end_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_kind_check" CHECK ("promotions"."kind" in ('banner', 'login', 'event')),
	CONSTRAINT "promotions_platform_check" CHECK ("promotions"."platform" in ('all', 'phone', 'desktop'))
);
--> statement-breakpoint
CREATE TABLE "screen_message_seen" (
	"screen_message_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "screen_message_seen_member_id_screen_message_id_pk" PRIMARY KEY("member_id","screen_message_id")
);
--> statement-breakpoint
CREATE TABLE "screen_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"image" text,
	"link" text,
	"button_text" text DEFAULT '知道了' NOT NULL,
	"start_at" timestamp with time zone DEFAULT now() NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"module" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_member_id_members_id_fk";
--> statement-breakpoint
DROP INDEX "messages_member_idx";--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "type" SET DATA TYPE smallint;--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "type" SET DEFAULT 1;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "audience" text NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "content" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "event_key" text;--> statement-breakpoint
ALTER TABLE "message_inbox" ADD CONSTRAINT "message_inbox_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_inbox" ADD CONSTRAINT "message_inbox_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screen_message_seen" ADD CONSTRAINT "screen_message_seen_screen_message_id_screen_messages_id_fk" FOREIGN KEY ("screen_message_id") REFERENCES "screen_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screen_message_seen" ADD CONSTRAINT "screen_message_seen_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_releases_platform_idx" ON "app_releases" USING btree ("platform","created_at");--> statement-breakpoint
CREATE INDEX "message_inbox_unread_idx" ON "message_inbox" USING btree ("member_id","read_at");--> statement-breakpoint
CREATE INDEX "notices_publish_idx" ON "notices" USING btree ("publish_at");--> statement-breakpoint
CREATE INDEX "promotions_live_idx" ON "promotions" USING btree ("kind","placement","sort_order");--> statement-breakpoint
CREATE INDEX "uploads_member_idx" ON "uploads" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_event_key_idx" ON "messages" USING btree ("event_key");--> statement-breakpoint
CREATE INDEX "messages_broadcast_idx" ON "messages" USING btree ("audience","created_at");--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "member_id";--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "body";--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "read_at";--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_audience_check" CHECK ("messages"."audience" in ('member', 'list', 'all'));