CREATE TABLE "financier_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"effective_from" date NOT NULL,
	"rate_per_kwp" numeric(12, 4) NOT NULL,
	"remark" varchar(200),
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financier_rates_positive" CHECK ("financier_rates"."rate_per_kwp" > 0)
);
--> statement-breakpoint
CREATE TABLE "statement_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"statement_id" integer NOT NULL,
	"key" varchar(100) NOT NULL,
	"label" varchar(200),
	"source_type" varchar(12),
	"source_id" integer,
	"our_qty" numeric(14, 3),
	"our_amount" numeric(14, 2),
	"no_rate" boolean DEFAULT false NOT NULL,
	"their_qty" numeric(14, 3),
	"their_amount" numeric(14, 2),
	"their_row" integer,
	"their_remark" varchar(200),
	"note" varchar(500),
	"agreed" varchar(8),
	"explained_by" integer,
	"explained_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"statement_no" varchar(32) NOT NULL,
	"partner_id" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"status" varchar(12) DEFAULT 'draft' NOT NULL,
	"our_count" integer DEFAULT 0 NOT NULL,
	"our_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"their_count" integer DEFAULT 0 NOT NULL,
	"their_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"diff_count" integer DEFAULT 0 NOT NULL,
	"unexplained_count" integer DEFAULT 0 NOT NULL,
	"agreed_amount" numeric(14, 2),
	"file_name" varchar(200),
	"imported_by" integer,
	"imported_at" timestamp with time zone,
	"sent_by" integer,
	"sent_at" timestamp with time zone,
	"confirmed_by" integer,
	"confirmed_at" timestamp with time zone,
	"remark" varchar(200),
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statements_statement_no_unique" UNIQUE("statement_no"),
	CONSTRAINT "statements_kind" CHECK ("statements"."kind" in ('financier', 'supplier')),
	CONSTRAINT "statements_period" CHECK ("statements"."period_to" >= "statements"."period_from")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "financier_id" integer;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "supplier_id" integer;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "financier_rates" ADD CONSTRAINT "financier_rates_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "financier_rates_partner_from_key" ON "financier_rates" USING btree ("partner_id","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_lines_key" ON "statement_lines" USING btree ("statement_id","key");--> statement-breakpoint
CREATE INDEX "statements_partner_idx" ON "statements" USING btree ("partner_id","period_from","id");--> statement-breakpoint
CREATE INDEX "statements_status_idx" ON "statements" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "statements_created_idx" ON "statements" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_financier_id_partners_id_fk" FOREIGN KEY ("financier_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_supplier_id_partners_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_financier_idx" ON "customers" USING btree ("financier_id") WHERE "customers"."financier_id" is not null;--> statement-breakpoint
CREATE INDEX "stock_movements_supplier_idx" ON "stock_movements" USING btree ("supplier_id","created_at") WHERE "stock_movements"."supplier_id" is not null;--> statement-breakpoint
-- Customers that named their financier as text get the link where exactly one financier partner
-- has that name (or short name); the text stays as it was.
UPDATE customers c SET financier_id = m.partner_id
FROM (
  SELECT c2.id, min(p.id) AS partner_id
  FROM customers c2 JOIN partners p ON p.kind = 'financier' AND (p.name = btrim(c2.financier) OR p.short_name = btrim(c2.financier))
  WHERE c2.financier IS NOT NULL AND c2.financier_id IS NULL
  GROUP BY c2.id HAVING count(DISTINCT p.id) = 1
) m
WHERE c.id = m.id;
--> statement-breakpoint
-- A confirmed statement never changes: neither the statement nor its lines, whoever writes.
CREATE OR REPLACE FUNCTION pv_statement_locked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'statements' THEN
    IF OLD.status = 'confirmed' THEN
      RAISE EXCEPTION 'statement % is confirmed: it never changes', OLD.statement_no;
    END IF;
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    RETURN NEW;
  END IF;
  IF EXISTS (SELECT 1 FROM statements s WHERE s.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.statement_id ELSE NEW.statement_id END AND s.status = 'confirmed')
     OR (TG_OP = 'UPDATE' AND EXISTS (SELECT 1 FROM statements s WHERE s.id = OLD.statement_id AND s.status = 'confirmed')) THEN
    RAISE EXCEPTION 'statement lines of a confirmed statement: it never changes';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER statements_locked BEFORE UPDATE OR DELETE ON statements FOR EACH ROW EXECUTE FUNCTION pv_statement_locked();
--> statement-breakpoint
CREATE TRIGGER statement_lines_locked BEFORE INSERT OR UPDATE OR DELETE ON statement_lines FOR EACH ROW EXECUTE FUNCTION pv_statement_locked();
