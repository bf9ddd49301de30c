CREATE TABLE "payment_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_no" varchar(32) NOT NULL,
	"name" varchar(100),
	"purpose" varchar(40) NOT NULL,
	"status" varchar(20) DEFAULT 'draft' NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"total" numeric(16, 2) DEFAULT '0' NOT NULL,
	"paid_count" integer DEFAULT 0 NOT NULL,
	"paid_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"failed_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"pending_count" integer DEFAULT 0 NOT NULL,
	"pending_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"removed_count" integer DEFAULT 0 NOT NULL,
	"removed_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"selection" jsonb,
	"created_by" integer,
	"submitted_by" integer,
	"submitted_at" timestamp with time zone,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"exported_by" integer,
	"exported_at" timestamp with time zone,
	"export_count" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"reason" varchar(500),
	"remark" varchar(500),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_batches_batch_no_unique" UNIQUE("batch_no"),
	CONSTRAINT "payment_batches_sums" CHECK ("payment_batches"."line_count" = "payment_batches"."paid_count" + "payment_batches"."failed_count" + "payment_batches"."pending_count" and "payment_batches"."total" = "payment_batches"."paid_amount" + "payment_batches"."failed_amount" + "payment_batches"."pending_amount")
);
--> statement-breakpoint
CREATE TABLE "payment_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"bill_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"reference" varchar(32) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"payee_name" varchar(32),
	"payee_bank" varchar(100),
	"payee_branch" varchar(100),
	"payee_card" varchar(19),
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"bank_serial" varchar(64),
	"paid_at" timestamp with time zone,
	"fail_reason" varchar(500),
	"result_at" timestamp with time zone,
	"removed_reason" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_lines_amount_positive" CHECK ("payment_lines"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_lines" ADD CONSTRAINT "payment_lines_batch_id_payment_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payment_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_lines" ADD CONSTRAINT "payment_lines_bill_id_rent_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."rent_bills"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_batches_created_idx" ON "payment_batches" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payment_batches_status_created_idx" ON "payment_batches" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_lines_reference_key" ON "payment_lines" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_lines_open_bill_key" ON "payment_lines" USING btree ("bill_id") WHERE "payment_lines"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_lines_batch_seq_key" ON "payment_lines" USING btree ("batch_id","seq");--> statement-breakpoint
CREATE INDEX "payment_lines_batch_status_idx" ON "payment_lines" USING btree ("batch_id","status","seq");--> statement-breakpoint
CREATE INDEX "payment_lines_bill_idx" ON "payment_lines" USING btree ("bill_id");