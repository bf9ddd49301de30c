CREATE TABLE "lease_contract_counts" (
	"status" varchar(12) NOT NULL,
	"pay_cycle" varchar(12) NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"n" bigint DEFAULT 0 NOT NULL,
	"agent_id" integer,
	CONSTRAINT "lease_contract_counts_key" UNIQUE NULLS NOT DISTINCT("status","pay_cycle","province_code","city_code","agent_id")
);
--> statement-breakpoint
CREATE TABLE "lease_contract_counts_region" (
	"status" varchar(12) NOT NULL,
	"pay_cycle" varchar(12) NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "lease_contract_counts_region_key" UNIQUE NULLS NOT DISTINCT("status","pay_cycle","province_code","city_code")
);
--> statement-breakpoint
CREATE TABLE "lease_contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_no" varchar(32) NOT NULL,
	"station_id" integer NOT NULL,
	"customer_id" integer,
	"agent_id" integer,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"district_code" varchar(12),
	"sign_method" varchar(12) DEFAULT 'paper' NOT NULL,
	"signed_date" date,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"term_years" smallint DEFAULT 25 NOT NULL,
	"rent_rule" varchar(12) NOT NULL,
	"rent_rate" numeric(12, 4) NOT NULL,
	"panel_count" integer,
	"capacity_kwp" numeric(10, 2),
	"escalation_pct" numeric(7, 4) DEFAULT '0' NOT NULL,
	"escalation_years" smallint,
	"pay_cycle" varchar(12) NOT NULL,
	"payee_name" varchar(32),
	"bank_name" varchar(100),
	"bank_branch" varchar(100),
	"bank_card" varchar(19),
	"card_matter_id" integer,
	"pdf_file_id" integer,
	"status" varchar(12) DEFAULT 'draft' NOT NULL,
	"source" varchar(8) DEFAULT 'manual' NOT NULL,
	"activated_at" timestamp with time zone,
	"terminated_at" timestamp with time zone,
	"terminate_date" date,
	"terminate_reason" varchar(500),
	"remark" varchar(500),
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lease_contracts_contract_no_unique" UNIQUE("contract_no"),
	CONSTRAINT "lease_contracts_rate_positive" CHECK ("lease_contracts"."rent_rate" > 0),
	CONSTRAINT "lease_contracts_dates" CHECK ("lease_contracts"."end_date" >= "lease_contracts"."start_date")
);
--> statement-breakpoint
CREATE TABLE "rent_bill_counts" (
	"status" varchar(12) NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"n" bigint DEFAULT 0 NOT NULL,
	"amount_due" numeric(18, 2) DEFAULT '0' NOT NULL,
	"deduction" numeric(18, 2) DEFAULT '0' NOT NULL,
	"amount_payable" numeric(18, 2) DEFAULT '0' NOT NULL,
	"agent_id" integer,
	CONSTRAINT "rent_bill_counts_key" UNIQUE NULLS NOT DISTINCT("status","province_code","city_code","agent_id")
);
--> statement-breakpoint
CREATE TABLE "rent_bill_counts_region" (
	"status" varchar(12) NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"n" bigint DEFAULT 0 NOT NULL,
	"amount_due" numeric(18, 2) DEFAULT '0' NOT NULL,
	"deduction" numeric(18, 2) DEFAULT '0' NOT NULL,
	"amount_payable" numeric(18, 2) DEFAULT '0' NOT NULL,
	"period" varchar(8) NOT NULL,
	CONSTRAINT "rent_bill_counts_region_key" UNIQUE NULLS NOT DISTINCT("status","period","province_code","city_code")
);
--> statement-breakpoint
CREATE TABLE "rent_bill_runs" (
	"period" varchar(8) NOT NULL,
	"cycle" varchar(12) NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"contracts_seen" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"batches" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "rent_bill_runs_period_pk" PRIMARY KEY("period")
);
--> statement-breakpoint
CREATE TABLE "rent_bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"bill_no" varchar(32) NOT NULL,
	"contract_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"customer_id" integer,
	"agent_id" integer,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"district_code" varchar(12),
	"period" varchar(8) NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"cover_start" date NOT NULL,
	"cover_end" date NOT NULL,
	"days" smallint NOT NULL,
	"period_days" smallint NOT NULL,
	"rate" numeric(12, 4) NOT NULL,
	"amount_due" numeric(14, 2) NOT NULL,
	"deduction" numeric(14, 2) DEFAULT '0' NOT NULL,
	"amount_payable" numeric(14, 2) NOT NULL,
	"due_date" date NOT NULL,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"paused_by" varchar(8),
	"pause_reason" varchar(500),
	"batch_id" integer,
	"paid_at" timestamp with time zone,
	"bank_serial" varchar(64),
	"channel" varchar(16),
	"failed_at" timestamp with time zone,
	"fail_reason" varchar(500),
	"payee_name" varchar(32),
	"payee_bank" varchar(100),
	"payee_card" varchar(19),
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rent_bills_bill_no_unique" UNIQUE("bill_no"),
	CONSTRAINT "rent_bills_contract_period_key" UNIQUE("contract_id","period"),
	CONSTRAINT "rent_bills_amounts" CHECK ("rent_bills"."amount_due" >= 0 and "rent_bills"."deduction" >= 0 and "rent_bills"."amount_payable" >= 0 and "rent_bills"."amount_payable" = "rent_bills"."amount_due" - "rent_bills"."deduction")
);
--> statement-breakpoint
CREATE TABLE "rent_deductions" (
	"id" serial PRIMARY KEY NOT NULL,
	"bill_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"reason" varchar(500) NOT NULL,
	"created_by" integer,
	"created_by_name" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rent_deductions_positive" CHECK ("rent_deductions"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "lease_contracts" ADD CONSTRAINT "lease_contracts_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_contracts" ADD CONSTRAINT "lease_contracts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_contracts" ADD CONSTRAINT "lease_contracts_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_bills" ADD CONSTRAINT "rent_bills_contract_id_lease_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."lease_contracts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_deductions" ADD CONSTRAINT "rent_deductions_bill_id_rent_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."rent_bills"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lease_contract_counts_agent_idx" ON "lease_contract_counts" USING btree ("agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lease_contracts_station_live_key" ON "lease_contracts" USING btree ("station_id") WHERE "lease_contracts"."status" in ('draft', 'signed', 'active');--> statement-breakpoint
CREATE INDEX "lease_contracts_station_idx" ON "lease_contracts" USING btree ("station_id");--> statement-breakpoint
CREATE INDEX "lease_contracts_customer_idx" ON "lease_contracts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "lease_contracts_created_idx" ON "lease_contracts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "lease_contracts_status_created_idx" ON "lease_contracts" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "lease_contracts_agent_created_idx" ON "lease_contracts" USING btree ("agent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "lease_contracts_province_created_idx" ON "lease_contracts" USING btree ("province_code","created_at","id");--> statement-breakpoint
CREATE INDEX "lease_contracts_end_idx" ON "lease_contracts" USING btree ("end_date") WHERE "lease_contracts"."status" = 'active';--> statement-breakpoint
CREATE INDEX "lease_contracts_cycle_live_idx" ON "lease_contracts" USING btree ("pay_cycle","id") WHERE "lease_contracts"."status" in ('active', 'expired');--> statement-breakpoint
CREATE INDEX "lease_contracts_contract_no_trgm_idx" ON "lease_contracts" USING gin ("contract_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lease_contracts_payee_name_trgm_idx" ON "lease_contracts" USING gin ("payee_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lease_contracts_payee_name_bigram_idx" ON "lease_contracts" USING gin (pv_bigrams("payee_name"));--> statement-breakpoint
CREATE INDEX "rent_bill_counts_agent_idx" ON "rent_bill_counts" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "rent_bill_runs_cycle_idx" ON "rent_bill_runs" USING btree ("cycle","period_start");--> statement-breakpoint
CREATE INDEX "rent_bills_created_idx" ON "rent_bills" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "rent_bills_status_created_idx" ON "rent_bills" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "rent_bills_period_status_idx" ON "rent_bills" USING btree ("period","status","id");--> statement-breakpoint
CREATE INDEX "rent_bills_agent_created_idx" ON "rent_bills" USING btree ("agent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "rent_bills_province_created_idx" ON "rent_bills" USING btree ("province_code","created_at","id");--> statement-breakpoint
CREATE INDEX "rent_bills_due_idx" ON "rent_bills" USING btree ("due_date","id") WHERE "rent_bills"."status" in ('pending', 'failed');--> statement-breakpoint
CREATE INDEX "rent_bills_station_idx" ON "rent_bills" USING btree ("station_id");--> statement-breakpoint
CREATE INDEX "rent_bills_customer_idx" ON "rent_bills" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "rent_bills_batch_idx" ON "rent_bills" USING btree ("batch_id") WHERE "rent_bills"."batch_id" is not null;--> statement-breakpoint
CREATE INDEX "rent_bills_bill_no_trgm_idx" ON "rent_bills" USING gin ("bill_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rent_deductions_bill_idx" ON "rent_deductions" USING btree ("bill_id");