CREATE TABLE "invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"seq" smallint NOT NULL,
	"item" varchar(100) NOT NULL,
	"spec" varchar(60),
	"unit" varchar(20),
	"quantity" numeric(18, 8),
	"unit_price" numeric(18, 8),
	"amount" numeric(14, 2) NOT NULL,
	"tax_rate" smallint NOT NULL,
	"tax" numeric(14, 2) NOT NULL,
	CONSTRAINT "invoice_lines_seq_key" UNIQUE("invoice_id","seq"),
	CONSTRAINT "invoice_lines_rate" CHECK ("invoice_lines"."tax_rate" in (13, 9, 6, 3, 1, 0)),
	CONSTRAINT "invoice_lines_tax" CHECK ("invoice_lines"."tax" = round("invoice_lines"."amount" * "invoice_lines"."tax_rate" / 100, 2))
);
--> statement-breakpoint
CREATE TABLE "invoice_matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"target_type" varchar(16) NOT NULL,
	"target_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_matches_key" UNIQUE("invoice_id","target_type","target_id"),
	CONSTRAINT "invoice_matches_amount" CHECK ("invoice_matches"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"direction" varchar(4) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"invoice_code" varchar(12) DEFAULT '' NOT NULL,
	"invoice_no" varchar(20) NOT NULL,
	"issue_date" date NOT NULL,
	"seller_name" varchar(100) NOT NULL,
	"seller_tax_id" varchar(18) NOT NULL,
	"buyer_name" varchar(100) NOT NULL,
	"buyer_tax_id" varchar(18),
	"partner_id" integer,
	"is_red" boolean DEFAULT false NOT NULL,
	"original_id" integer,
	"red_reason" varchar(500),
	"amount_total" numeric(14, 2) NOT NULL,
	"tax_total" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"credited_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"matched_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"match_state" varchar(8) DEFAULT 'none' NOT NULL,
	"status" varchar(12) DEFAULT 'draft' NOT NULL,
	"void_reason" varchar(500),
	"registered_at" timestamp with time zone,
	"registered_by" integer,
	"voided_at" timestamp with time zone,
	"voided_by" integer,
	"file_id" integer,
	"remark" varchar(200),
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_code_no_key" UNIQUE("invoice_code","invoice_no"),
	CONSTRAINT "invoices_direction" CHECK ("invoices"."direction" in ('in', 'out')),
	CONSTRAINT "invoices_red" CHECK (("invoices"."is_red" and "invoices"."original_id" is not null and "invoices"."total" < 0) or (not "invoices"."is_red" and "invoices"."original_id" is null and "invoices"."total" >= 0)),
	CONSTRAINT "invoices_sums" CHECK ("invoices"."total" = "invoices"."amount_total" + "invoices"."tax_total"),
	CONSTRAINT "invoices_credit_range" CHECK ("invoices"."credited_amount" >= 0 and "invoices"."credited_amount" <= greatest("invoices"."total", 0)),
	CONSTRAINT "invoices_match_range" CHECK ("invoices"."matched_amount" >= 0 and "invoices"."matched_amount" <= greatest("invoices"."total" - "invoices"."credited_amount", 0))
);
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_matches" ADD CONSTRAINT "invoice_matches_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_matches_target_idx" ON "invoice_matches" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "invoices_issue_idx" ON "invoices" USING btree ("issue_date","id");--> statement-breakpoint
CREATE INDEX "invoices_partner_issue_idx" ON "invoices" USING btree ("partner_id","issue_date","id");--> statement-breakpoint
CREATE INDEX "invoices_match_issue_idx" ON "invoices" USING btree ("match_state","issue_date","id");--> statement-breakpoint
CREATE INDEX "invoices_original_idx" ON "invoices" USING btree ("original_id") WHERE "invoices"."original_id" is not null;--> statement-breakpoint
CREATE INDEX "invoices_invoice_no_prefix_idx" ON "invoices" USING btree (upper("invoice_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "invoices_invoice_no_suffix_idx" ON "invoices" USING btree (reverse(upper("invoice_no")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "invoices_invoice_code_prefix_idx" ON "invoices" USING btree (upper("invoice_code") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "invoices_invoice_code_suffix_idx" ON "invoices" USING btree (reverse(upper("invoice_code")) text_pattern_ops);