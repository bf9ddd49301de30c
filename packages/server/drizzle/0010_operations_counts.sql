CREATE TABLE "self_audit_counts" (
	"kind" varchar(8) NOT NULL,
	"result" varchar(16) NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"agent_id" integer,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "self_audit_counts_key" UNIQUE NULLS NOT DISTINCT("kind","result","province_code","agent_id")
);
--> statement-breakpoint
CREATE TABLE "self_audit_counts_region" (
	"kind" varchar(8) NOT NULL,
	"result" varchar(16) NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "self_audit_counts_region_kind_result_province_code_pk" PRIMARY KEY("kind","result","province_code")
);
--> statement-breakpoint
CREATE TABLE "station_counts" (
	"status" varchar(24) NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"frozen" boolean NOT NULL,
	"agent_id" integer,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "station_counts_key" UNIQUE NULLS NOT DISTINCT("status","province_code","frozen","agent_id")
);
--> statement-breakpoint
CREATE TABLE "station_counts_region" (
	"status" varchar(24) NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"frozen" boolean NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "station_counts_region_status_province_code_frozen_pk" PRIMARY KEY("status","province_code","frozen")
);
--> statement-breakpoint
CREATE TABLE "work_order_counts" (
	"kind" varchar(8) NOT NULL,
	"status" varchar(16) NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"overdue" boolean NOT NULL,
	"agent_id" integer,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "work_order_counts_key" UNIQUE NULLS NOT DISTINCT("kind","status","province_code","overdue","agent_id")
);
--> statement-breakpoint
CREATE TABLE "work_order_counts_region" (
	"kind" varchar(8) NOT NULL,
	"status" varchar(16) NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"overdue" boolean NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "work_order_counts_region_kind_status_province_code_overdue_pk" PRIMARY KEY("kind","status","province_code","overdue")
);
--> statement-breakpoint
CREATE INDEX "self_audit_counts_agent_idx" ON "self_audit_counts" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "station_counts_agent_idx" ON "station_counts" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "work_order_counts_agent_idx" ON "work_order_counts" USING btree ("agent_id");