ALTER TABLE "messages" ADD COLUMN "msg_key" varchar(100);--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "msg_params" jsonb;--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "team_id" integer;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_team_id_users_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "warehouses_team_idx" ON "warehouses" USING btree ("team_id");