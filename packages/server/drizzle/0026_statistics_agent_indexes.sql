CREATE INDEX "stat_audit_daily_agent_idx" ON "stat_audit_daily" USING btree ("agent_id","day");--> statement-breakpoint
CREATE INDEX "stat_reject_daily_agent_idx" ON "stat_reject_daily" USING btree ("agent_id","day");--> statement-breakpoint
CREATE INDEX "stat_team_daily_agent_idx" ON "stat_team_daily" USING btree ("agent_id","day");