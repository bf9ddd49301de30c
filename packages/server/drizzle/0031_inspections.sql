CREATE TABLE "inspection_counts" (
	"kind" varchar(16) NOT NULL,
	"status" varchar(16) NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"overdue" boolean NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"agent_id" integer,
	CONSTRAINT "inspection_counts_key" UNIQUE NULLS NOT DISTINCT("kind","status","province_code","overdue","agent_id")
);
--> statement-breakpoint
CREATE TABLE "inspection_counts_region" (
	"kind" varchar(16) NOT NULL,
	"status" varchar(16) NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"overdue" boolean NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "inspection_counts_region_key" UNIQUE("kind","status","province_code","overdue")
);
--> statement-breakpoint
CREATE TABLE "inspection_runs" (
	"plan_id" integer NOT NULL,
	"period" varchar(16) NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"stations_seen" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"batches" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "inspection_runs_plan_id_period_pk" PRIMARY KEY("plan_id","period")
);
--> statement-breakpoint
CREATE TABLE "inspections" (
	"id" serial PRIMARY KEY NOT NULL,
	"inspection_no" varchar(24) NOT NULL,
	"plan_id" integer,
	"kind" varchar(16) NOT NULL,
	"period" varchar(16) NOT NULL,
	"station_id" integer NOT NULL,
	"agent_id" integer,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"district_code" varchar(12),
	"team_id" integer,
	"planned_date" date NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"overdue" boolean DEFAULT false NOT NULL,
	"checklist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"remark" varchar(500),
	"lat" numeric(9, 6),
	"lng" numeric(9, 6),
	"started_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"submitted_by" integer,
	"finished_at" timestamp with time zone,
	"reviewed_by" integer,
	"reject_reason" varchar(500),
	"cancel_reason" varchar(500),
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspections_inspection_no_unique" UNIQUE("inspection_no")
);
--> statement-breakpoint
CREATE TABLE "operation_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_no" varchar(24) NOT NULL,
	"name" varchar(100) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"scope" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"every_months" integer,
	"cron" varchar(64),
	"start_date" date NOT NULL,
	"end_date" date,
	"deadline_days" integer DEFAULT 30 NOT NULL,
	"checklist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"assignment" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_team_id" integer,
	"next_period_at" timestamp with time zone,
	"last_period" varchar(16),
	"last_generated_at" timestamp with time zone,
	"generated_count" bigint DEFAULT 0 NOT NULL,
	"agent_id" integer,
	"remark" varchar(500),
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operation_plans_plan_no_unique" UNIQUE("plan_no")
);
--> statement-breakpoint
ALTER TABLE "inspection_runs" ADD CONSTRAINT "inspection_runs_plan_id_operation_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."operation_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_plan_id_operation_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."operation_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_team_id_users_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_plans" ADD CONSTRAINT "operation_plans_default_team_id_users_id_fk" FOREIGN KEY ("default_team_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_plans" ADD CONSTRAINT "operation_plans_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspection_counts_agent_idx" ON "inspection_counts" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "inspection_runs_open_idx" ON "inspection_runs" USING btree ("plan_id") WHERE "inspection_runs"."finished_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "inspections_plan_station_period_key" ON "inspections" USING btree ("plan_id","station_id","period");--> statement-breakpoint
CREATE INDEX "inspections_created_idx" ON "inspections" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "inspections_status_created_idx" ON "inspections" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "inspections_agent_created_idx" ON "inspections" USING btree ("agent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "inspections_team_status_idx" ON "inspections" USING btree ("team_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "inspections_province_created_idx" ON "inspections" USING btree ("province_code","created_at","id");--> statement-breakpoint
CREATE INDEX "inspections_station_idx" ON "inspections" USING btree ("station_id","created_at");--> statement-breakpoint
CREATE INDEX "inspections_open_deadline_idx" ON "inspections" USING btree ("deadline") WHERE "inspections"."status" in ('pending', 'in_progress', 'rejected') and not "inspections"."overdue";--> statement-breakpoint
CREATE INDEX "inspections_overdue_created_idx" ON "inspections" USING btree ("created_at","id") WHERE "inspections"."overdue";--> statement-breakpoint
CREATE INDEX "inspections_inspection_no_trgm_idx" ON "inspections" USING gin ("inspection_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "operation_plans_status_due_idx" ON "operation_plans" USING btree ("status","next_period_at");--> statement-breakpoint
CREATE INDEX "operation_plans_created_idx" ON "operation_plans" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "operation_plans_name_trgm_idx" ON "operation_plans" USING gin ("name" gin_trgm_ops);