ALTER TABLE "insurance_policy_stations" ADD COLUMN "removed_on" date;--> statement-breakpoint
ALTER TABLE "insurance_policy_stations" ADD COLUMN "removed_reason" varchar(500);