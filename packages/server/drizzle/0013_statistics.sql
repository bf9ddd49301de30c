CREATE TABLE "stat_audit_daily" (
	"day" date NOT NULL,
	"kind" varchar(8) NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"agent_id" integer,
	"team_id" integer,
	"approved" bigint DEFAULT 0 NOT NULL,
	"rejected" bigint DEFAULT 0 NOT NULL,
	"first_decided" bigint DEFAULT 0 NOT NULL,
	"first_approved" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_audit_daily_key" UNIQUE NULLS NOT DISTINCT("day","kind","province_code","city_code","agent_id","team_id")
);
--> statement-breakpoint
CREATE TABLE "stat_customer_now" (
	"stage" varchar(16) NOT NULL,
	"status" varchar(16) NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"agent_id" integer,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_customer_now_key" UNIQUE NULLS NOT DISTINCT("stage","status","province_code","city_code","agent_id")
);
--> statement-breakpoint
CREATE TABLE "stat_daily_customers" (
	"day" date NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"agent_id" integer,
	"customers" bigint DEFAULT 0 NOT NULL,
	"customers_signed" bigint DEFAULT 0 NOT NULL,
	"sign_days" numeric DEFAULT 0 NOT NULL,
	"stations" bigint DEFAULT 0 NOT NULL,
	"stations_kwp" numeric DEFAULT 0 NOT NULL,
	"built" bigint DEFAULT 0 NOT NULL,
	"built_kwp" numeric DEFAULT 0 NOT NULL,
	"build_days" numeric DEFAULT 0 NOT NULL,
	"grid" bigint DEFAULT 0 NOT NULL,
	"grid_kwp" numeric DEFAULT 0 NOT NULL,
	"grid_days" numeric DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_daily_customers_key" UNIQUE NULLS NOT DISTINCT("day","province_code","city_code","agent_id")
);
--> statement-breakpoint
CREATE TABLE "stat_daily_region_customers" (
	"day" date NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"customers" bigint DEFAULT 0 NOT NULL,
	"customers_signed" bigint DEFAULT 0 NOT NULL,
	"sign_days" numeric DEFAULT 0 NOT NULL,
	"stations" bigint DEFAULT 0 NOT NULL,
	"stations_kwp" numeric DEFAULT 0 NOT NULL,
	"built" bigint DEFAULT 0 NOT NULL,
	"built_kwp" numeric DEFAULT 0 NOT NULL,
	"build_days" numeric DEFAULT 0 NOT NULL,
	"grid" bigint DEFAULT 0 NOT NULL,
	"grid_kwp" numeric DEFAULT 0 NOT NULL,
	"grid_days" numeric DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_daily_region_customers_key" UNIQUE NULLS NOT DISTINCT("day","province_code","city_code")
);
--> statement-breakpoint
CREATE TABLE "stat_daily_region_stations" (
	"day" date NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"customers" bigint DEFAULT 0 NOT NULL,
	"customers_signed" bigint DEFAULT 0 NOT NULL,
	"sign_days" numeric DEFAULT 0 NOT NULL,
	"stations" bigint DEFAULT 0 NOT NULL,
	"stations_kwp" numeric DEFAULT 0 NOT NULL,
	"built" bigint DEFAULT 0 NOT NULL,
	"built_kwp" numeric DEFAULT 0 NOT NULL,
	"build_days" numeric DEFAULT 0 NOT NULL,
	"grid" bigint DEFAULT 0 NOT NULL,
	"grid_kwp" numeric DEFAULT 0 NOT NULL,
	"grid_days" numeric DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_daily_region_stations_key" UNIQUE NULLS NOT DISTINCT("day","province_code","city_code")
);
--> statement-breakpoint
CREATE TABLE "stat_daily_stations" (
	"day" date NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"agent_id" integer,
	"customers" bigint DEFAULT 0 NOT NULL,
	"customers_signed" bigint DEFAULT 0 NOT NULL,
	"sign_days" numeric DEFAULT 0 NOT NULL,
	"stations" bigint DEFAULT 0 NOT NULL,
	"stations_kwp" numeric DEFAULT 0 NOT NULL,
	"built" bigint DEFAULT 0 NOT NULL,
	"built_kwp" numeric DEFAULT 0 NOT NULL,
	"build_days" numeric DEFAULT 0 NOT NULL,
	"grid" bigint DEFAULT 0 NOT NULL,
	"grid_kwp" numeric DEFAULT 0 NOT NULL,
	"grid_days" numeric DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_daily_stations_key" UNIQUE NULLS NOT DISTINCT("day","province_code","city_code","agent_id")
);
--> statement-breakpoint
CREATE TABLE "stat_order_now" (
	"kind" varchar(8) NOT NULL,
	"status" varchar(16) NOT NULL,
	"overdue" boolean NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"agent_id" integer,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_order_now_key" UNIQUE NULLS NOT DISTINCT("kind","status","overdue","province_code","city_code","agent_id")
);
--> statement-breakpoint
CREATE TABLE "stat_reject_daily" (
	"day" date NOT NULL,
	"kind" varchar(8) NOT NULL,
	"item" varchar(64) NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"agent_id" integer,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_reject_daily_key" UNIQUE NULLS NOT DISTINCT("day","kind","item","province_code","city_code","agent_id")
);
--> statement-breakpoint
CREATE TABLE "stat_station_now" (
	"status" varchar(24) NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"agent_id" integer,
	"n" bigint DEFAULT 0 NOT NULL,
	"kwp" numeric DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_station_now_key" UNIQUE NULLS NOT DISTINCT("status","province_code","city_code","agent_id")
);
--> statement-breakpoint
CREATE TABLE "stat_target_config" (
	"id" integer PRIMARY KEY NOT NULL,
	"utilisation_hours" numeric NOT NULL,
	"co2_kg_per_kwh" numeric NOT NULL,
	"coal_kg_per_kwh" numeric NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "stat_targets" (
	"id" serial PRIMARY KEY NOT NULL,
	"period_key" varchar(7) NOT NULL,
	"province_code" varchar(6),
	"kind" varchar(16) NOT NULL,
	"value" numeric NOT NULL,
	CONSTRAINT "stat_targets_key" UNIQUE NULLS NOT DISTINCT("period_key","province_code","kind")
);
--> statement-breakpoint
CREATE TABLE "stat_team_daily" (
	"day" date NOT NULL,
	"team_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"agent_id" integer,
	"dispatched" bigint DEFAULT 0 NOT NULL,
	"completed" bigint DEFAULT 0 NOT NULL,
	"kwp_built" numeric DEFAULT 0 NOT NULL,
	"lead_days" numeric DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_team_daily_key" UNIQUE NULLS NOT DISTINCT("day","team_id","kind","province_code","city_code","agent_id")
);
--> statement-breakpoint
CREATE INDEX "stat_audit_daily_day_idx" ON "stat_audit_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "stat_customer_now_agent_idx" ON "stat_customer_now" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "stat_daily_customers_agent_idx" ON "stat_daily_customers" USING btree ("agent_id","day");--> statement-breakpoint
CREATE INDEX "stat_daily_stations_agent_idx" ON "stat_daily_stations" USING btree ("agent_id","day");--> statement-breakpoint
CREATE INDEX "stat_order_now_agent_idx" ON "stat_order_now" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "stat_reject_daily_day_idx" ON "stat_reject_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "stat_station_now_agent_idx" ON "stat_station_now" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "stat_team_daily_day_idx" ON "stat_team_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "stations_grid_at_idx" ON "stations" USING btree ("grid_at") WHERE "stations"."grid_at" is not null;--> statement-breakpoint
CREATE INDEX "matters_created_idx" ON "matters" USING btree ("created_at","id");