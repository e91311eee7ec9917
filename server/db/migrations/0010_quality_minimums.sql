ALTER TABLE "tasks" ADD COLUMN "min_quality_level" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "min_quality_level" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_min_quality_level" CHECK ("tasks"."min_quality_level" between 0 and 3);--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_min_quality_level" CHECK ("rewards"."min_quality_level" between 0 and 3);