CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "agents_name_trgm_idx" ON "agents" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "agents_code_trgm_idx" ON "agents" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "agents_contact_trgm_idx" ON "agents" USING gin ("contact" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "agents_phone_trgm_idx" ON "agents" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_phone_trgm_idx" ON "customers" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_address_trgm_idx" ON "customers" USING gin ("address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stations_code_trgm_idx" ON "stations" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stations_name_trgm_idx" ON "stations" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stations_address_trgm_idx" ON "stations" USING gin ("address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "matters_matter_no_trgm_idx" ON "matters" USING gin ("matter_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "matters_title_trgm_idx" ON "matters" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "matters_contact_phone_trgm_idx" ON "matters" USING gin ("contact_phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "work_orders_order_no_trgm_idx" ON "work_orders" USING gin ("order_no" gin_trgm_ops);