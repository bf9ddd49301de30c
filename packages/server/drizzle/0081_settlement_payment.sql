ALTER TABLE "payment_lines" ALTER COLUMN "bill_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_lines" ALTER COLUMN "payee_name" SET DATA TYPE varchar(100);--> statement-breakpoint
ALTER TABLE "payment_lines" ALTER COLUMN "payee_card" SET DATA TYPE varchar(32);--> statement-breakpoint
ALTER TABLE "payment_batches" ADD COLUMN "payable_type" varchar(12) DEFAULT 'rent_bill' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_lines" ADD COLUMN "payable_type" varchar(12) DEFAULT 'rent_bill' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_lines" ADD COLUMN "settlement_id" integer;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "batch_id" integer;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "fail_reason" varchar(500);--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_lines" ADD CONSTRAINT "payment_lines_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_lines_open_settlement_key" ON "payment_lines" USING btree ("settlement_id") WHERE "payment_lines"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payment_lines_settlement_idx" ON "payment_lines" USING btree ("settlement_id");--> statement-breakpoint
CREATE INDEX "settlements_batch_idx" ON "settlements" USING btree ("batch_id") WHERE "settlements"."batch_id" is not null;--> statement-breakpoint
ALTER TABLE "payment_lines" ADD CONSTRAINT "payment_lines_payable" CHECK (("payment_lines"."payable_type" = 'rent_bill' and "payment_lines"."bill_id" is not null and "payment_lines"."settlement_id" is null) or ("payment_lines"."payable_type" = 'settlement' and "payment_lines"."settlement_id" is not null and "payment_lines"."bill_id" is null));