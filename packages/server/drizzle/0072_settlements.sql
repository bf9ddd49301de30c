CREATE TABLE "settlement_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"settlement_id" integer NOT NULL,
	"kind" varchar(24) NOT NULL,
	"source_type" varchar(16) NOT NULL,
	"source_id" integer NOT NULL,
	"event_at" timestamp with time zone,
	"quantity" numeric(12, 2) NOT NULL,
	"rate" numeric(12, 4) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"rule_id" integer,
	"rule_version" integer,
	"status" varchar(12) DEFAULT 'normal' NOT NULL,
	"dispute_reason" varchar(500),
	"disputed_by" integer,
	"disputed_at" timestamp with time zone,
	"reply" varchar(500),
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"adjustment_of" integer,
	"note" varchar(500),
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlement_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(24) NOT NULL,
	"agent_level" smallint DEFAULT 0 NOT NULL,
	"rate" numeric(12, 4) NOT NULL,
	"effective_from" date NOT NULL,
	"effective_until" date,
	"remark" varchar(200),
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlement_rules_rate_positive" CHECK ("settlement_rules"."rate" > 0),
	CONSTRAINT "settlement_rules_range" CHECK ("settlement_rules"."effective_until" is null or "settlement_rules"."effective_until" >= "settlement_rules"."effective_from"),
	CONSTRAINT "settlement_rules_level" CHECK (("settlement_rules"."kind" = 'commission' and "settlement_rules"."agent_level" in (1, 2)) or ("settlement_rules"."kind" <> 'commission' and "settlement_rules"."agent_level" = 0))
);
--> statement-breakpoint
CREATE TABLE "settlement_runs" (
	"month" varchar(7) NOT NULL,
	"party_kind" varchar(8) NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"parties_seen" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"batches" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "settlement_runs_month_party_kind_pk" PRIMARY KEY("month","party_kind")
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"settlement_no" varchar(32) NOT NULL,
	"party_kind" varchar(8) NOT NULL,
	"party_id" integer NOT NULL,
	"agent_id" integer,
	"month" varchar(7) NOT NULL,
	"status" varchar(12) DEFAULT 'draft' NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"total_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"submitted_by" integer,
	"submitted_at" timestamp with time zone,
	"confirmed_by" integer,
	"confirmed_at" timestamp with time zone,
	"disputed_by" integer,
	"disputed_at" timestamp with time zone,
	"paid_by" integer,
	"paid_at" timestamp with time zone,
	"bank_serial" varchar(64),
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlements_settlement_no_unique" UNIQUE("settlement_no"),
	CONSTRAINT "settlements_party_month_key" UNIQUE("party_kind","party_id","month"),
	CONSTRAINT "settlements_party_kind" CHECK ("settlements"."party_kind" in ('agent', 'team'))
);
--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_rule_id_settlement_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."settlement_rules"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "settlement_lines_settlement_idx" ON "settlement_lines" USING btree ("settlement_id","kind","id");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_lines_event_key" ON "settlement_lines" USING btree ("kind","source_type","source_id") WHERE "settlement_lines"."adjustment_of" is null;--> statement-breakpoint
CREATE INDEX "settlement_lines_adjustment_idx" ON "settlement_lines" USING btree ("adjustment_of") WHERE "settlement_lines"."adjustment_of" is not null;--> statement-breakpoint
CREATE INDEX "settlement_lines_rule_idx" ON "settlement_lines" USING btree ("rule_id");--> statement-breakpoint
CREATE INDEX "settlement_rules_kind_from_idx" ON "settlement_rules" USING btree ("kind","agent_level","effective_from");--> statement-breakpoint
CREATE INDEX "settlements_month_status_idx" ON "settlements" USING btree ("month","status","id");--> statement-breakpoint
CREATE INDEX "settlements_agent_month_idx" ON "settlements" USING btree ("agent_id","month","id");--> statement-breakpoint
CREATE INDEX "settlements_created_idx" ON "settlements" USING btree ("created_at","id");