CREATE TABLE "stat_inspection_daily" (
	"day" date NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"planned" bigint DEFAULT 0 NOT NULL,
	"completed" bigint DEFAULT 0 NOT NULL,
	"first_pass" bigint DEFAULT 0 NOT NULL,
	"overdue" bigint DEFAULT 0 NOT NULL,
	"failed_items" bigint DEFAULT 0 NOT NULL,
	"agent_id" integer,
	CONSTRAINT "stat_inspection_daily_key" UNIQUE NULLS NOT DISTINCT("day","province_code","city_code","agent_id")
);
--> statement-breakpoint
CREATE TABLE "stat_inspection_region_daily" (
	"day" date NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"planned" bigint DEFAULT 0 NOT NULL,
	"completed" bigint DEFAULT 0 NOT NULL,
	"first_pass" bigint DEFAULT 0 NOT NULL,
	"overdue" bigint DEFAULT 0 NOT NULL,
	"failed_items" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_inspection_region_daily_key" UNIQUE NULLS NOT DISTINCT("day","province_code","city_code")
);
--> statement-breakpoint
ALTER TABLE "inspections" ADD COLUMN "reject_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "stat_inspection_daily_day_idx" ON "stat_inspection_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "stat_inspection_daily_agent_idx" ON "stat_inspection_daily" USING btree ("agent_id","day");--> statement-breakpoint
CREATE INDEX "stat_inspection_region_daily_day_idx" ON "stat_inspection_region_daily" USING btree ("day");