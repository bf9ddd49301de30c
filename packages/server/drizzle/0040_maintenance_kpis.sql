CREATE TABLE "maintenance_counts" (
	"status" varchar(16) NOT NULL,
	"priority" varchar(8) NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"n" bigint DEFAULT 0 NOT NULL,
	"agent_id" integer,
	CONSTRAINT "maintenance_counts_key" UNIQUE NULLS NOT DISTINCT("status","priority","province_code","city_code","agent_id")
);
--> statement-breakpoint
CREATE TABLE "maintenance_counts_region" (
	"status" varchar(16) NOT NULL,
	"priority" varchar(8) NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "maintenance_counts_region_key" UNIQUE NULLS NOT DISTINCT("status","priority","province_code","city_code")
);
--> statement-breakpoint
CREATE TABLE "stat_maintenance_daily" (
	"day" date NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"fault_category" varchar(24) NOT NULL,
	"opened" bigint DEFAULT 0 NOT NULL,
	"completed" bigint DEFAULT 0 NOT NULL,
	"in_sla" bigint DEFAULT 0 NOT NULL,
	"responded" bigint DEFAULT 0 NOT NULL,
	"respond_seconds" bigint DEFAULT 0 NOT NULL,
	"repair_seconds" bigint DEFAULT 0 NOT NULL,
	"agent_id" integer,
	CONSTRAINT "stat_maintenance_daily_key" UNIQUE NULLS NOT DISTINCT("day","province_code","city_code","fault_category","agent_id")
);
--> statement-breakpoint
CREATE TABLE "stat_maintenance_region_daily" (
	"day" date NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"fault_category" varchar(24) NOT NULL,
	"opened" bigint DEFAULT 0 NOT NULL,
	"completed" bigint DEFAULT 0 NOT NULL,
	"in_sla" bigint DEFAULT 0 NOT NULL,
	"responded" bigint DEFAULT 0 NOT NULL,
	"respond_seconds" bigint DEFAULT 0 NOT NULL,
	"repair_seconds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_maintenance_region_daily_key" UNIQUE NULLS NOT DISTINCT("day","province_code","city_code","fault_category")
);
--> statement-breakpoint
CREATE INDEX "maintenance_counts_agent_idx" ON "maintenance_counts" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "stat_maintenance_daily_day_idx" ON "stat_maintenance_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "stat_maintenance_daily_agent_idx" ON "stat_maintenance_daily" USING btree ("agent_id","day");--> statement-breakpoint
CREATE INDEX "stat_maintenance_region_daily_day_idx" ON "stat_maintenance_region_daily" USING btree ("day");