CREATE TABLE "maintenance_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"station_id" integer NOT NULL,
	"agent_id" integer,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"district_code" varchar(12),
	"source" varchar(16) DEFAULT 'manual' NOT NULL,
	"source_id" integer,
	"priority" varchar(8) DEFAULT 'medium' NOT NULL,
	"fault_category" varchar(24) NOT NULL,
	"fault_code" varchar(64),
	"description" text NOT NULL,
	"team_id" integer,
	"deadline" timestamp with time zone,
	"response_due" timestamp with time zone NOT NULL,
	"repair_due" timestamp with time zone NOT NULL,
	"response_breached" boolean DEFAULT false NOT NULL,
	"repair_breached" boolean DEFAULT false NOT NULL,
	"dispatched_at" timestamp with time zone,
	"dispatched_by" integer,
	"responded_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"reject_reason" varchar(500),
	"cancel_reason" varchar(500),
	"cause" text,
	"measures" text,
	"labour_hours" numeric(8, 2),
	"photos_before" jsonb,
	"photos_after" jsonb,
	"parts" jsonb,
	"submit_count" smallint DEFAULT 0 NOT NULL,
	"status" varchar(16) DEFAULT 'pending_dispatch' NOT NULL,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_orders_order_no_unique" UNIQUE("order_no")
);
--> statement-breakpoint
CREATE TABLE "maintenance_sla" (
	"priority" varchar(8) PRIMARY KEY NOT NULL,
	"respond_hours" integer NOT NULL,
	"repair_hours" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "maintenance_orders" ADD CONSTRAINT "maintenance_orders_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_orders" ADD CONSTRAINT "maintenance_orders_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_orders" ADD CONSTRAINT "maintenance_orders_team_id_users_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maintenance_orders_status_created_idx" ON "maintenance_orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "maintenance_orders_created_idx" ON "maintenance_orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "maintenance_orders_agent_created_idx" ON "maintenance_orders" USING btree ("agent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "maintenance_orders_province_created_idx" ON "maintenance_orders" USING btree ("province_code","created_at","id");--> statement-breakpoint
CREATE INDEX "maintenance_orders_team_status_idx" ON "maintenance_orders" USING btree ("team_id","status");--> statement-breakpoint
CREATE INDEX "maintenance_orders_station_idx" ON "maintenance_orders" USING btree ("station_id");--> statement-breakpoint
CREATE INDEX "maintenance_orders_source_idx" ON "maintenance_orders" USING btree ("source","source_id");--> statement-breakpoint
CREATE INDEX "maintenance_orders_order_no_trgm_idx" ON "maintenance_orders" USING gin ("order_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "maintenance_orders_sla_open_idx" ON "maintenance_orders" USING btree ("response_due","repair_due") WHERE ("maintenance_orders"."response_breached" = false or "maintenance_orders"."repair_breached" = false) and "maintenance_orders"."status" in ('pending_dispatch','dispatched','accepted','in_progress','review_pending');