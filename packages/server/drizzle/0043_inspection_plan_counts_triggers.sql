-- The plan list's open inspections (issue 13): inspection_plan_counts kept by statement triggers generated from
-- its declaration in src/modules/statistic/rollup.ts, then filled (a plan list row no longer counts its inspections).
CREATE OR REPLACE FUNCTION inspection_plan_counts_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO inspection_plan_counts (plan_id, status, n) SELECT plan_id, status, sum(n) AS n FROM ((SELECT r.plan_id, r.status, r.k FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.plan_id IS NOT NULL)) AS x(plan_id, status, n) GROUP BY plan_id, status HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT inspection_plan_counts_key DO UPDATE SET n = inspection_plan_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inspection_plan_counts_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO inspection_plan_counts (plan_id, status, n) SELECT plan_id, status, sum(n) AS n FROM ((SELECT r.plan_id, r.status, r.k FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.plan_id IS NOT NULL)) AS x(plan_id, status, n) GROUP BY plan_id, status HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT inspection_plan_counts_key DO UPDATE SET n = inspection_plan_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inspection_plan_counts_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO inspection_plan_counts (plan_id, status, n) SELECT plan_id, status, sum(n) AS n FROM ((SELECT r.plan_id, r.status, r.k FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.plan_id IS NOT NULL)) AS x(plan_id, status, n) GROUP BY plan_id, status HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT inspection_plan_counts_key DO UPDATE SET n = inspection_plan_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inspection_plan_counts_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM inspection_plan_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER inspection_plan_counts_ins AFTER INSERT ON inspections REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inspection_plan_counts_ins();
--> statement-breakpoint
CREATE TRIGGER inspection_plan_counts_del AFTER DELETE ON inspections REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION inspection_plan_counts_del();
--> statement-breakpoint
CREATE TRIGGER inspection_plan_counts_upd AFTER UPDATE ON inspections REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inspection_plan_counts_upd();
--> statement-breakpoint
CREATE TRIGGER inspection_plan_counts_trunc AFTER TRUNCATE ON inspections FOR EACH STATEMENT EXECUTE FUNCTION inspection_plan_counts_trunc();
--> statement-breakpoint
INSERT INTO inspection_plan_counts (plan_id, status, n) SELECT plan_id, status, sum(n) AS n FROM ((SELECT r.plan_id, r.status, r.k FROM (SELECT 1 AS k, * FROM inspections) r WHERE r.plan_id IS NOT NULL)) AS x(plan_id, status, n) GROUP BY plan_id, status HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT inspection_plan_counts_key DO UPDATE SET n = excluded.n;
