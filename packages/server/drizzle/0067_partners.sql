CREATE TABLE "partner_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"cert_type" varchar(50),
	"cert_no" varchar(64),
	"issued_on" date,
	"expires_on" date NOT NULL,
	"file_id" integer,
	"reminded_at" timestamp with time zone,
	"expired" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_certificates_dates" CHECK ("partner_certificates"."issued_on" is null or "partner_certificates"."issued_on" <= "partner_certificates"."expires_on")
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"short_name" varchar(32),
	"kind" varchar(16) NOT NULL,
	"credit_code" varchar(18) NOT NULL,
	"legal_person" varchar(32),
	"province_code" varchar(6),
	"city_code" varchar(6),
	"address" varchar(200),
	"owner_id" integer,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contact_phones" varchar(600) DEFAULT '' NOT NULL,
	"account_type" varchar(12) DEFAULT 'corporate' NOT NULL,
	"account_holder" varchar(100),
	"bank_name" varchar(100),
	"bank_branch" varchar(100),
	"account_no" varchar(32),
	"document_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" varchar(12) DEFAULT 'enabled' NOT NULL,
	"remark" varchar(500),
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "partner_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "partner_id" integer;--> statement-breakpoint
ALTER TABLE "partner_certificates" ADD CONSTRAINT "partner_certificates_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_certificates_partner_idx" ON "partner_certificates" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "partner_certificates_remind_idx" ON "partner_certificates" USING btree ("expires_on") WHERE "partner_certificates"."reminded_at" is null;--> statement-breakpoint
CREATE INDEX "partner_certificates_expire_idx" ON "partner_certificates" USING btree ("expires_on") WHERE not "partner_certificates"."expired";--> statement-breakpoint
CREATE UNIQUE INDEX "partners_credit_code_key" ON "partners" USING btree ("credit_code");--> statement-breakpoint
CREATE INDEX "partners_created_idx" ON "partners" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "partners_kind_created_idx" ON "partners" USING btree ("kind","created_at","id");--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agents_partner_idx" ON "agents" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "users_partner_idx" ON "users" USING btree ("partner_id");