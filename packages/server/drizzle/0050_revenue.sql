CREATE TABLE "revenue_runs" (
	"period" varchar(7) PRIMARY KEY NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"stations_seen" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"batches" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "revenue_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"underperform_pct" numeric(4, 1) DEFAULT '80.0' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "revenue_settings_one_row" CHECK ("revenue_settings"."id" = 1),
	CONSTRAINT "revenue_settings_pct" CHECK ("revenue_settings"."underperform_pct" >= 1 and "revenue_settings"."underperform_pct" <= 100)
);
--> statement-breakpoint
CREATE TABLE "revenues" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"period" varchar(7) NOT NULL,
	"agent_id" integer,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"district_code" varchar(12),
	"capacity_kwp" numeric(10, 2) NOT NULL,
	"active_days" smallint NOT NULL,
	"utilisation_hours" numeric(6, 1) NOT NULL,
	"tariff_id" integer,
	"tariff_price" numeric(8, 4),
	"estimated_kwh" numeric(14, 2) NOT NULL,
	"estimated_amount" numeric(14, 2),
	"meter_no" varchar(32),
	"actual_kwh" numeric(14, 2),
	"actual_amount" numeric(14, 2),
	"actual_source" varchar(16),
	"settled" boolean DEFAULT false NOT NULL,
	"settled_at" timestamp with time zone,
	"settled_by" integer,
	"ratio" numeric(12, 4),
	"under_performing" boolean DEFAULT false NOT NULL,
	"maintenance_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "revenues_station_period_key" UNIQUE("station_id","period"),
	CONSTRAINT "revenues_amounts_nonnegative" CHECK ("revenues"."estimated_kwh" >= 0 and coalesce("revenues"."actual_kwh", 0) >= 0 and coalesce("revenues"."actual_amount", 0) >= 0 and coalesce("revenues"."estimated_amount", 0) >= 0),
	CONSTRAINT "revenues_period_format" CHECK ("revenues"."period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "revenues_settled_has_actuals" CHECK ("revenues"."settled" = ("revenues"."actual_kwh" is not null and "revenues"."actual_amount" is not null))
);
--> statement-breakpoint
CREATE TABLE "stat_revenue_monthly" (
	"period" varchar(7) NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"settled" boolean NOT NULL,
	"under_performing" boolean NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"estimated_kwh" numeric(20, 2) DEFAULT '0' NOT NULL,
	"estimated_amount" numeric(20, 2) DEFAULT '0' NOT NULL,
	"actual_kwh" numeric(20, 2) DEFAULT '0' NOT NULL,
	"actual_amount" numeric(20, 2) DEFAULT '0' NOT NULL,
	"agent_id" integer,
	CONSTRAINT "stat_revenue_monthly_key" UNIQUE NULLS NOT DISTINCT("period","province_code","city_code","settled","under_performing","agent_id")
);
--> statement-breakpoint
CREATE TABLE "stat_revenue_region_monthly" (
	"period" varchar(7) NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"settled" boolean NOT NULL,
	"under_performing" boolean NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"estimated_kwh" numeric(20, 2) DEFAULT '0' NOT NULL,
	"estimated_amount" numeric(20, 2) DEFAULT '0' NOT NULL,
	"actual_kwh" numeric(20, 2) DEFAULT '0' NOT NULL,
	"actual_amount" numeric(20, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "stat_revenue_region_monthly_key" UNIQUE NULLS NOT DISTINCT("period","province_code","city_code","settled","under_performing")
);
--> statement-breakpoint
CREATE TABLE "tariffs" (
	"id" serial PRIMARY KEY NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"price" numeric(8, 4) NOT NULL,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"utilisation_hours" numeric(6, 1),
	"remark" varchar(200),
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tariffs_price_positive" CHECK ("tariffs"."price" > 0),
	CONSTRAINT "tariffs_whole_months" CHECK (extract(day from "tariffs"."effective_from") = 1 and ("tariffs"."effective_to" is null or ("tariffs"."effective_to" >= "tariffs"."effective_from" and extract(day from "tariffs"."effective_to" + 1) = 1))),
	CONSTRAINT "tariffs_hours_range" CHECK ("tariffs"."utilisation_hours" is null or ("tariffs"."utilisation_hours" > 0 and "tariffs"."utilisation_hours" <= 8760))
);
--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "meter_no" varchar(32);--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenues" ADD CONSTRAINT "revenues_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "revenues_period_idx" ON "revenues" USING btree ("period","id");--> statement-breakpoint
CREATE INDEX "revenues_province_period_idx" ON "revenues" USING btree ("province_code","period","id");--> statement-breakpoint
CREATE INDEX "revenues_city_period_idx" ON "revenues" USING btree ("city_code","period","id");--> statement-breakpoint
CREATE INDEX "revenues_agent_period_idx" ON "revenues" USING btree ("agent_id","period","id");--> statement-breakpoint
CREATE INDEX "revenues_under_period_idx" ON "revenues" USING btree ("period","id") WHERE "revenues"."under_performing";--> statement-breakpoint
CREATE INDEX "revenues_meter_idx" ON "revenues" USING btree ("meter_no") WHERE "revenues"."meter_no" is not null;--> statement-breakpoint
CREATE INDEX "stat_revenue_monthly_agent_idx" ON "stat_revenue_monthly" USING btree ("agent_id","period");--> statement-breakpoint
CREATE INDEX "tariffs_province_from_idx" ON "tariffs" USING btree ("province_code","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "stations_meter_no_key" ON "stations" USING btree ("meter_no") WHERE "stations"."meter_no" is not null;