CREATE INDEX "stations_created_idx" ON "stations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "stations_province_created_idx" ON "stations" USING btree ("province_code","created_at","id");--> statement-breakpoint
CREATE INDEX "work_orders_team_kind_created_idx" ON "work_orders" USING btree ("team_id","kind","created_at","id");--> statement-breakpoint
CREATE INDEX "work_orders_overdue_created_idx" ON "work_orders" USING btree ("kind","created_at","id") WHERE "work_orders"."overdue";--> statement-breakpoint
CREATE INDEX "work_orders_kind_status_deadline_idx" ON "work_orders" USING btree ("kind","status","deadline","id");