CREATE TABLE "stat_cohort_daily" (
	"day" date NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"agent_id" integer,
	"customers" bigint DEFAULT 0 NOT NULL,
	"signed" bigint DEFAULT 0 NOT NULL,
	"sign_days" numeric DEFAULT 0 NOT NULL,
	"built" bigint DEFAULT 0 NOT NULL,
	"build_days" numeric DEFAULT 0 NOT NULL,
	"grid" bigint DEFAULT 0 NOT NULL,
	"grid_days" numeric DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_cohort_daily_key" UNIQUE NULLS NOT DISTINCT("day","province_code","city_code","agent_id")
);
--> statement-breakpoint
CREATE TABLE "stat_cohort_region_daily" (
	"day" date NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"customers" bigint DEFAULT 0 NOT NULL,
	"signed" bigint DEFAULT 0 NOT NULL,
	"sign_days" numeric DEFAULT 0 NOT NULL,
	"built" bigint DEFAULT 0 NOT NULL,
	"build_days" numeric DEFAULT 0 NOT NULL,
	"grid" bigint DEFAULT 0 NOT NULL,
	"grid_days" numeric DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_cohort_region_daily_key" UNIQUE NULLS NOT DISTINCT("day","province_code","city_code")
);
--> statement-breakpoint
CREATE TABLE "stat_cohort_region_monthly" (
	"day" date NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"customers" bigint DEFAULT 0 NOT NULL,
	"signed" bigint DEFAULT 0 NOT NULL,
	"sign_days" numeric DEFAULT 0 NOT NULL,
	"built" bigint DEFAULT 0 NOT NULL,
	"build_days" numeric DEFAULT 0 NOT NULL,
	"grid" bigint DEFAULT 0 NOT NULL,
	"grid_days" numeric DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_cohort_region_monthly_key" UNIQUE NULLS NOT DISTINCT("day","province_code","city_code")
);
--> statement-breakpoint
CREATE INDEX "stat_cohort_daily_agent_idx" ON "stat_cohort_daily" USING btree ("agent_id","day");