CREATE TABLE "insurance_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_no" varchar(32) NOT NULL,
	"policy_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"agent_id" integer,
	"province_code" varchar(6),
	"city_code" varchar(6),
	"maintenance_id" integer,
	"cause" varchar(16) NOT NULL,
	"incident_date" date NOT NULL,
	"description" varchar(1000) NOT NULL,
	"amount_claimed" numeric(14, 2) NOT NULL,
	"amount_approved" numeric(14, 2),
	"amount_received" numeric(14, 2),
	"document_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" varchar(12) DEFAULT 'reported' NOT NULL,
	"assess_note" varchar(500),
	"paid_on" date,
	"reject_reason" varchar(500),
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_claims_amounts" CHECK ("insurance_claims"."amount_claimed" > 0 and ("insurance_claims"."amount_approved" is null or "insurance_claims"."amount_approved" <= "insurance_claims"."amount_claimed") and ("insurance_claims"."amount_received" is null or ("insurance_claims"."amount_approved" is not null and "insurance_claims"."amount_received" <= "insurance_claims"."amount_approved")))
);
--> statement-breakpoint
CREATE TABLE "insurance_policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_no" varchar(40) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"insurer_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"premium" numeric(14, 2) NOT NULL,
	"status" varchar(12) DEFAULT 'active' NOT NULL,
	"station_count" integer DEFAULT 0 NOT NULL,
	"sum_insured_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"owner_id" integer,
	"renewed_from" integer,
	"renewed_to" integer,
	"surrender_date" date,
	"surrender_reason" varchar(500),
	"reminded_at" timestamp with time zone,
	"remark" varchar(500),
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_policies_term" CHECK ("insurance_policies"."end_date" >= "insurance_policies"."start_date"),
	CONSTRAINT "insurance_policies_premium" CHECK ("insurance_policies"."premium" >= 0)
);
--> statement-breakpoint
CREATE TABLE "insurance_policy_stations" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"sum_insured" numeric(14, 2) NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_policy_stations_sum" CHECK ("insurance_policy_stations"."sum_insured" > 0),
	CONSTRAINT "insurance_policy_stations_dates" CHECK ("insurance_policy_stations"."end_date" >= "insurance_policy_stations"."start_date")
);
--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD CONSTRAINT "insurance_claims_policy_id_insurance_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."insurance_policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD CONSTRAINT "insurance_claims_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD CONSTRAINT "insurance_claims_maintenance_id_maintenance_orders_id_fk" FOREIGN KEY ("maintenance_id") REFERENCES "public"."maintenance_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_insurer_id_partners_id_fk" FOREIGN KEY ("insurer_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policy_stations" ADD CONSTRAINT "insurance_policy_stations_policy_id_insurance_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."insurance_policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policy_stations" ADD CONSTRAINT "insurance_policy_stations_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_claims_claim_no_key" ON "insurance_claims" USING btree ("claim_no");--> statement-breakpoint
CREATE INDEX "insurance_claims_created_idx" ON "insurance_claims" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "insurance_claims_policy_idx" ON "insurance_claims" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "insurance_claims_station_idx" ON "insurance_claims" USING btree ("station_id","incident_date");--> statement-breakpoint
CREATE INDEX "insurance_claims_maintenance_idx" ON "insurance_claims" USING btree ("maintenance_id") WHERE "insurance_claims"."maintenance_id" is not null;--> statement-breakpoint
CREATE INDEX "insurance_claims_claim_no_prefix_idx" ON "insurance_claims" USING btree (upper("claim_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "insurance_claims_claim_no_suffix_idx" ON "insurance_claims" USING btree (reverse(upper("claim_no")) text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_policies_policy_no_key" ON "insurance_policies" USING btree ("policy_no");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_policies_renewed_from_key" ON "insurance_policies" USING btree ("renewed_from") WHERE "insurance_policies"."renewed_from" is not null;--> statement-breakpoint
CREATE INDEX "insurance_policies_created_idx" ON "insurance_policies" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "insurance_policies_end_idx" ON "insurance_policies" USING btree ("end_date","id");--> statement-breakpoint
CREATE INDEX "insurance_policies_insurer_idx" ON "insurance_policies" USING btree ("insurer_id","created_at");--> statement-breakpoint
CREATE INDEX "insurance_policies_remind_idx" ON "insurance_policies" USING btree ("end_date") WHERE "insurance_policies"."reminded_at" is null and "insurance_policies"."status" = 'active';--> statement-breakpoint
CREATE INDEX "insurance_policies_policy_no_prefix_idx" ON "insurance_policies" USING btree (upper("policy_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "insurance_policies_policy_no_suffix_idx" ON "insurance_policies" USING btree (reverse(upper("policy_no")) text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_policy_stations_key" ON "insurance_policy_stations" USING btree ("policy_id","station_id");--> statement-breakpoint
CREATE INDEX "insurance_policy_stations_station_idx" ON "insurance_policy_stations" USING btree ("station_id","start_date");--> statement-breakpoint
-- A station is never covered twice by overlapping policies of the same kind: the cover rows repeat the
-- policy's kind and dates (cut short by a surrender), and this exclusion constraint (btree_gist, as
-- tariffs_no_overlap) decides between concurrent writers that both passed the action's own check.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "insurance_policy_stations" ADD CONSTRAINT "insurance_cover_no_overlap"
  EXCLUDE USING gist (station_id WITH =, kind WITH =, daterange(start_date, end_date, '[]') WITH &&);
