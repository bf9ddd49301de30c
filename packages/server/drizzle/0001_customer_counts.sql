CREATE TABLE "customer_counts" (
	"stage" varchar(16) NOT NULL,
	"status" varchar(16) NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"agent_id" integer,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "customer_counts_key" UNIQUE NULLS NOT DISTINCT("stage","status","province_code","agent_id")
);
--> statement-breakpoint
CREATE INDEX "customer_counts_agent_idx" ON "customer_counts" USING btree ("agent_id");