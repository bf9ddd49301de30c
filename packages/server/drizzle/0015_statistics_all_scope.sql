CREATE TABLE "stat_audit_monthly" (
	"day" date NOT NULL,
	"kind" varchar(8) NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"team_id" integer,
	"approved" bigint DEFAULT 0 NOT NULL,
	"rejected" bigint DEFAULT 0 NOT NULL,
	"first_decided" bigint DEFAULT 0 NOT NULL,
	"first_approved" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_audit_monthly_key" UNIQUE NULLS NOT DISTINCT("day","kind","province_code","city_code","team_id")
);
--> statement-breakpoint
CREATE TABLE "stat_customer_now_region" (
	"stage" varchar(16) NOT NULL,
	"status" varchar(16) NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_customer_now_region_key" UNIQUE NULLS NOT DISTINCT("stage","status","province_code","city_code")
);
--> statement-breakpoint
CREATE TABLE "stat_monthly_region_customers" (
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
	CONSTRAINT "stat_monthly_region_customers_key" UNIQUE NULLS NOT DISTINCT("day","province_code","city_code")
);
--> statement-breakpoint
CREATE TABLE "stat_monthly_region_stations" (
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
	CONSTRAINT "stat_monthly_region_stations_key" UNIQUE NULLS NOT DISTINCT("day","province_code","city_code")
);
--> statement-breakpoint
CREATE TABLE "stat_order_now_region" (
	"kind" varchar(8) NOT NULL,
	"status" varchar(16) NOT NULL,
	"overdue" boolean NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_order_now_region_key" UNIQUE NULLS NOT DISTINCT("kind","status","overdue","province_code","city_code")
);
--> statement-breakpoint
CREATE TABLE "stat_reject_monthly" (
	"day" date NOT NULL,
	"kind" varchar(8) NOT NULL,
	"item" varchar(64) NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_reject_monthly_key" UNIQUE NULLS NOT DISTINCT("day","kind","item","province_code","city_code")
);
--> statement-breakpoint
CREATE TABLE "stat_station_now_region" (
	"status" varchar(24) NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"n" bigint DEFAULT 0 NOT NULL,
	"kwp" numeric DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_station_now_region_key" UNIQUE NULLS NOT DISTINCT("status","province_code","city_code")
);
--> statement-breakpoint
CREATE TABLE "stat_team_monthly" (
	"day" date NOT NULL,
	"team_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"dispatched" bigint DEFAULT 0 NOT NULL,
	"completed" bigint DEFAULT 0 NOT NULL,
	"kwp_built" numeric DEFAULT 0 NOT NULL,
	"lead_days" numeric DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_team_monthly_key" UNIQUE NULLS NOT DISTINCT("day","team_id","kind","province_code","city_code")
);
