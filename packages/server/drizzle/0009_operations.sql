CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_type" varchar(16) NOT NULL,
	"owner_id" integer,
	"doc_type" varchar(24),
	"name" varchar(200) NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"storage_key" varchar(128) NOT NULL,
	"thumb_key" varchar(128),
	"width" integer,
	"height" integer,
	"duration_s" numeric(8, 2),
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "matter_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"matter_id" integer NOT NULL,
	"author_type" varchar(8) DEFAULT 'staff' NOT NULL,
	"author_id" integer,
	"content" text NOT NULL,
	"audio_file_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "matters" (
	"id" serial PRIMARY KEY NOT NULL,
	"matter_no" varchar(32) NOT NULL,
	"type" varchar(16) NOT NULL,
	"station_id" integer,
	"customer_id" integer,
	"agent_id" integer,
	"province_code" varchar(6),
	"title" varchar(100) NOT NULL,
	"content" text NOT NULL,
	"channel" varchar(16) DEFAULT 'app' NOT NULL,
	"contact_phone" varchar(20),
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"handler_id" integer,
	"assigned_at" timestamp with time zone,
	"handled_at" timestamp with time zone,
	"result" text,
	"satisfaction" smallint,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matters_matter_no_unique" UNIQUE("matter_no")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"module_model" varchar(64) NOT NULL,
	"module_power_w" integer NOT NULL,
	"module_count" integer NOT NULL,
	"inverter_model" varchar(64) NOT NULL,
	"capacity_kwp" numeric(10, 2) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "self_audits" (
	"id" serial PRIMARY KEY NOT NULL,
	"work_order_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"station_id" integer NOT NULL,
	"agent_id" integer,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"district_code" varchar(12),
	"attempt" smallint DEFAULT 1 NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text,
	"submitted_by" integer,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewer_id" integer,
	"reviewed_at" timestamp with time zone,
	"result" varchar(16) DEFAULT 'pending' NOT NULL,
	"reject_reason" varchar(500),
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transitions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entity" varchar(16) NOT NULL,
	"entity_id" integer NOT NULL,
	"action" varchar(32) NOT NULL,
	"from_status" varchar(24),
	"to_status" varchar(24),
	"reason" varchar(500),
	"data" jsonb,
	"user_id" integer,
	"user_name" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"station_id" integer NOT NULL,
	"agent_id" integer,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"district_code" varchar(12),
	"team_id" integer,
	"dispatch_type" varchar(8),
	"planned_date" date,
	"deadline" timestamp with time zone,
	"dispatched_at" timestamp with time zone,
	"dispatched_by" integer,
	"accepted_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"overdue" boolean DEFAULT false NOT NULL,
	"refuse_reason" varchar(500),
	"cancel_reason" varchar(500),
	"audit_count" smallint DEFAULT 0 NOT NULL,
	"remark" text,
	"status" varchar(16) DEFAULT 'pending_dispatch' NOT NULL,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_orders_order_no_unique" UNIQUE("order_no")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "app_password_hash" text;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "frozen_reason" varchar(500);--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "terminated_reason" varchar(500);--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "product_id" integer;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "built_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "matter_replies" ADD CONSTRAINT "matter_replies_matter_id_matters_id_fk" FOREIGN KEY ("matter_id") REFERENCES "public"."matters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matters" ADD CONSTRAINT "matters_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matters" ADD CONSTRAINT "matters_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matters" ADD CONSTRAINT "matters_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matters" ADD CONSTRAINT "matters_handler_id_users_id_fk" FOREIGN KEY ("handler_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_audits" ADD CONSTRAINT "self_audits_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_audits" ADD CONSTRAINT "self_audits_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_audits" ADD CONSTRAINT "self_audits_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_team_id_users_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_type","owner_id");--> statement-breakpoint
CREATE INDEX "files_creator_idx" ON "files" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "matter_replies_matter_idx" ON "matter_replies" USING btree ("matter_id","id");--> statement-breakpoint
CREATE INDEX "matters_status_created_idx" ON "matters" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "matters_type_created_idx" ON "matters" USING btree ("type","created_at","id");--> statement-breakpoint
CREATE INDEX "matters_agent_created_idx" ON "matters" USING btree ("agent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "matters_handler_status_idx" ON "matters" USING btree ("handler_id","status");--> statement-breakpoint
CREATE INDEX "matters_station_idx" ON "matters" USING btree ("station_id");--> statement-breakpoint
CREATE INDEX "matters_customer_idx" ON "matters" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "self_audits_kind_result_created_idx" ON "self_audits" USING btree ("kind","result","created_at","id");--> statement-breakpoint
CREATE INDEX "self_audits_kind_created_idx" ON "self_audits" USING btree ("kind","created_at","id");--> statement-breakpoint
CREATE INDEX "self_audits_agent_created_idx" ON "self_audits" USING btree ("agent_id","kind","created_at","id");--> statement-breakpoint
CREATE INDEX "self_audits_order_idx" ON "self_audits" USING btree ("work_order_id","attempt");--> statement-breakpoint
CREATE INDEX "self_audits_station_idx" ON "self_audits" USING btree ("station_id");--> statement-breakpoint
CREATE INDEX "transitions_entity_idx" ON "transitions" USING btree ("entity","entity_id","id");--> statement-breakpoint
CREATE INDEX "work_orders_kind_status_created_idx" ON "work_orders" USING btree ("kind","status","created_at","id");--> statement-breakpoint
CREATE INDEX "work_orders_kind_created_idx" ON "work_orders" USING btree ("kind","created_at","id");--> statement-breakpoint
CREATE INDEX "work_orders_kind_province_created_idx" ON "work_orders" USING btree ("kind","province_code","created_at","id");--> statement-breakpoint
CREATE INDEX "work_orders_agent_created_idx" ON "work_orders" USING btree ("agent_id","kind","created_at","id");--> statement-breakpoint
CREATE INDEX "work_orders_team_status_idx" ON "work_orders" USING btree ("team_id","status");--> statement-breakpoint
CREATE INDEX "work_orders_station_idx" ON "work_orders" USING btree ("station_id");--> statement-breakpoint
CREATE INDEX "work_orders_deadline_open_idx" ON "work_orders" USING btree ("deadline") WHERE "work_orders"."overdue" = false and "work_orders"."status" in ('dispatched','accepted','in_progress','rejected','rectifying');--> statement-breakpoint
-- document numbers (order_no, matter_no, station code): one sequence, formatted by lifecycle/numbers.ts
CREATE SEQUENCE IF NOT EXISTS "doc_no_seq";
