CREATE TABLE "inspection_plan_counts" (
	"plan_id" integer NOT NULL,
	"status" varchar(16) NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "inspection_plan_counts_key" UNIQUE("plan_id","status")
);
