-- A period's run splits into lanes (modules/inspection/generate.ts GENERATE_LANES) run at once; a run
-- opened before this is one lane (0 of 1).
ALTER TABLE "inspection_runs" ADD COLUMN "lane" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inspection_runs" ADD COLUMN "lanes" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "inspection_runs" DROP CONSTRAINT "inspection_runs_plan_id_period_pk";--> statement-breakpoint
ALTER TABLE "inspection_runs" ADD CONSTRAINT "inspection_runs_plan_id_period_lane_pk" PRIMARY KEY("plan_id","period","lane");
