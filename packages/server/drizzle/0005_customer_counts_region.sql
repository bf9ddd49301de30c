CREATE TABLE "customer_counts_region" (
	"stage" varchar(16) NOT NULL,
	"status" varchar(16) NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "customer_counts_region_stage_status_province_code_pk" PRIMARY KEY("stage","status","province_code")
);
