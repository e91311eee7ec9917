DROP INDEX "exchanges_state_idx";--> statement-breakpoint
CREATE INDEX "members_nickname_idx" ON "members" USING btree ("nickname" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "members_register_ip_idx" ON "members" USING btree ("register_ip" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "verify_tickets_member_idx" ON "verify_tickets" USING btree ("member_id","scene","used_at");--> statement-breakpoint
CREATE INDEX "participations_device_idx" ON "participations" USING btree ("device_id","member_id");--> statement-breakpoint
CREATE INDEX "exchanges_state_idx" ON "exchanges" USING btree ("state","created_at","id");