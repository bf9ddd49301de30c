CREATE TABLE "stat_audit_province_monthly" (
	"day" date NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"team_id" integer,
	"approved" bigint DEFAULT 0 NOT NULL,
	"rejected" bigint DEFAULT 0 NOT NULL,
	"first_decided" bigint DEFAULT 0 NOT NULL,
	"first_approved" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_audit_province_monthly_key" UNIQUE NULLS NOT DISTINCT("province_code","day","team_id")
);
--> statement-breakpoint
CREATE TABLE "stat_audit_total_daily" (
	"day" date NOT NULL,
	"team_id" integer,
	"approved" bigint DEFAULT 0 NOT NULL,
	"rejected" bigint DEFAULT 0 NOT NULL,
	"first_decided" bigint DEFAULT 0 NOT NULL,
	"first_approved" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_audit_total_daily_key" UNIQUE NULLS NOT DISTINCT("day","team_id")
);
--> statement-breakpoint
CREATE TABLE "stat_audit_total_monthly" (
	"day" date NOT NULL,
	"team_id" integer,
	"approved" bigint DEFAULT 0 NOT NULL,
	"rejected" bigint DEFAULT 0 NOT NULL,
	"first_decided" bigint DEFAULT 0 NOT NULL,
	"first_approved" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_audit_total_monthly_key" UNIQUE NULLS NOT DISTINCT("day","team_id")
);
--> statement-breakpoint
CREATE TABLE "stat_reject_province_monthly" (
	"day" date NOT NULL,
	"kind" varchar(8) NOT NULL,
	"item" varchar(64) NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_reject_province_monthly_key" UNIQUE NULLS NOT DISTINCT("province_code","day","kind","item")
);
--> statement-breakpoint
CREATE TABLE "stat_reject_total_daily" (
	"day" date NOT NULL,
	"kind" varchar(8) NOT NULL,
	"item" varchar(64) NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_reject_total_daily_key" UNIQUE NULLS NOT DISTINCT("day","kind","item")
);
--> statement-breakpoint
CREATE TABLE "stat_reject_total_monthly" (
	"day" date NOT NULL,
	"kind" varchar(8) NOT NULL,
	"item" varchar(64) NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_reject_total_monthly_key" UNIQUE NULLS NOT DISTINCT("day","kind","item")
);
--> statement-breakpoint
CREATE TABLE "stat_team_province_monthly" (
	"day" date NOT NULL,
	"team_id" integer NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"dispatched" bigint DEFAULT 0 NOT NULL,
	"completed" bigint DEFAULT 0 NOT NULL,
	"kwp_built" numeric DEFAULT 0 NOT NULL,
	"lead_days" numeric DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_team_province_monthly_key" UNIQUE NULLS NOT DISTINCT("province_code","day","team_id")
);
--> statement-breakpoint
CREATE TABLE "stat_team_total_daily" (
	"day" date NOT NULL,
	"team_id" integer NOT NULL,
	"dispatched" bigint DEFAULT 0 NOT NULL,
	"completed" bigint DEFAULT 0 NOT NULL,
	"kwp_built" numeric DEFAULT 0 NOT NULL,
	"lead_days" numeric DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_team_total_daily_key" UNIQUE NULLS NOT DISTINCT("day","team_id")
);
--> statement-breakpoint
CREATE TABLE "stat_team_total_monthly" (
	"day" date NOT NULL,
	"team_id" integer NOT NULL,
	"dispatched" bigint DEFAULT 0 NOT NULL,
	"completed" bigint DEFAULT 0 NOT NULL,
	"kwp_built" numeric DEFAULT 0 NOT NULL,
	"lead_days" numeric DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_team_total_monthly_key" UNIQUE NULLS NOT DISTINCT("day","team_id")
);
--> statement-breakpoint
CREATE INDEX "stat_audit_monthly_city_idx" ON "stat_audit_monthly" USING btree ("city_code","day");--> statement-breakpoint
CREATE INDEX "stat_team_monthly_city_idx" ON "stat_team_monthly" USING btree ("city_code","day");