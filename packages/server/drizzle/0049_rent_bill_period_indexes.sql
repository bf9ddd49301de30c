DROP INDEX "rent_bills_period_status_idx";--> statement-breakpoint
CREATE INDEX "rent_bills_period_created_idx" ON "rent_bills" USING btree ("period","created_at","id");--> statement-breakpoint
CREATE INDEX "rent_bills_period_status_created_idx" ON "rent_bills" USING btree ("period","status","created_at","id");