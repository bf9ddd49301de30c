CREATE TABLE "stat_rent_monthly" (
	"month" varchar(7) NOT NULL,
	"status" varchar(12) NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"n" bigint DEFAULT 0 NOT NULL,
	"amount_due" numeric(20, 2) DEFAULT '0' NOT NULL,
	"deduction" numeric(20, 2) DEFAULT '0' NOT NULL,
	"amount_payable" numeric(20, 2) DEFAULT '0' NOT NULL,
	"agent_id" integer,
	CONSTRAINT "stat_rent_monthly_key" UNIQUE NULLS NOT DISTINCT("month","status","province_code","city_code","agent_id")
);
--> statement-breakpoint
CREATE TABLE "stat_rent_region_monthly" (
	"month" varchar(7) NOT NULL,
	"status" varchar(12) NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"n" bigint DEFAULT 0 NOT NULL,
	"amount_due" numeric(20, 2) DEFAULT '0' NOT NULL,
	"deduction" numeric(20, 2) DEFAULT '0' NOT NULL,
	"amount_payable" numeric(20, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "stat_rent_region_monthly_key" UNIQUE NULLS NOT DISTINCT("month","status","province_code","city_code")
);
--> statement-breakpoint
CREATE TABLE "stat_rent_unpaid_daily" (
	"due_date" date NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"n" bigint DEFAULT 0 NOT NULL,
	"amount_payable" numeric(20, 2) DEFAULT '0' NOT NULL,
	"agent_id" integer,
	CONSTRAINT "stat_rent_unpaid_daily_key" UNIQUE NULLS NOT DISTINCT("due_date","province_code","city_code","agent_id")
);
--> statement-breakpoint
CREATE TABLE "stat_rent_unpaid_region_daily" (
	"due_date" date NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"n" bigint DEFAULT 0 NOT NULL,
	"amount_payable" numeric(20, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "stat_rent_unpaid_region_daily_key" UNIQUE NULLS NOT DISTINCT("due_date","province_code","city_code")
);
--> statement-breakpoint
CREATE INDEX "stat_rent_monthly_agent_idx" ON "stat_rent_monthly" USING btree ("agent_id","month");--> statement-breakpoint
CREATE INDEX "stat_rent_unpaid_daily_agent_idx" ON "stat_rent_unpaid_daily" USING btree ("agent_id","due_date");--> statement-breakpoint
CREATE INDEX "lease_contracts_city_created_idx" ON "lease_contracts" USING btree ("city_code","created_at","id");