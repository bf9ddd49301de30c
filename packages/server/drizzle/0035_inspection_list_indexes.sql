CREATE INDEX "inspections_city_created_idx" ON "inspections" USING btree ("city_code","created_at","id");--> statement-breakpoint
CREATE INDEX "inspections_district_created_idx" ON "inspections" USING btree ("district_code","created_at","id");--> statement-breakpoint
CREATE INDEX "inspections_team_created_idx" ON "inspections" USING btree ("team_id","created_at","id");