-- The inspection rollups' trigger functions upsert in key order (statistic/rollup.ts triggerSql), so the lanes of a
-- generation run (inspection/generate.ts) wait on a shared rollup row instead of deadlocking. Generated from rollup.ts;
-- the triggers stay and call the new bodies.
CREATE OR REPLACE FUNCTION inspection_counts_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO inspection_counts (kind, status, province_code, overdue, agent_id, n) SELECT kind, status, province_code, overdue, agent_id, sum(n) AS n FROM ((SELECT r.kind, r.status, r.province_code, r.overdue, r.agent_id, r.k FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(kind, status, province_code, overdue, agent_id, n) GROUP BY kind, status, province_code, overdue, agent_id HAVING sum(n) <> 0 ORDER BY kind, status, province_code, overdue, agent_id
    ON CONFLICT ON CONSTRAINT inspection_counts_key DO UPDATE SET n = inspection_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inspection_counts_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO inspection_counts (kind, status, province_code, overdue, agent_id, n) SELECT kind, status, province_code, overdue, agent_id, sum(n) AS n FROM ((SELECT r.kind, r.status, r.province_code, r.overdue, r.agent_id, r.k FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(kind, status, province_code, overdue, agent_id, n) GROUP BY kind, status, province_code, overdue, agent_id HAVING sum(n) <> 0 ORDER BY kind, status, province_code, overdue, agent_id
    ON CONFLICT ON CONSTRAINT inspection_counts_key DO UPDATE SET n = inspection_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inspection_counts_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO inspection_counts (kind, status, province_code, overdue, agent_id, n) SELECT kind, status, province_code, overdue, agent_id, sum(n) AS n FROM ((SELECT r.kind, r.status, r.province_code, r.overdue, r.agent_id, r.k FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(kind, status, province_code, overdue, agent_id, n) GROUP BY kind, status, province_code, overdue, agent_id HAVING sum(n) <> 0 ORDER BY kind, status, province_code, overdue, agent_id
    ON CONFLICT ON CONSTRAINT inspection_counts_key DO UPDATE SET n = inspection_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inspection_counts_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM inspection_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inspection_counts_region_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO inspection_counts_region (kind, status, province_code, overdue, n) SELECT kind, status, province_code, overdue, sum(n) AS n FROM ((SELECT r.kind, r.status, r.province_code, r.overdue, r.k FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(kind, status, province_code, overdue, n) GROUP BY kind, status, province_code, overdue HAVING sum(n) <> 0 ORDER BY kind, status, province_code, overdue
    ON CONFLICT ON CONSTRAINT inspection_counts_region_key DO UPDATE SET n = inspection_counts_region.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inspection_counts_region_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO inspection_counts_region (kind, status, province_code, overdue, n) SELECT kind, status, province_code, overdue, sum(n) AS n FROM ((SELECT r.kind, r.status, r.province_code, r.overdue, r.k FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(kind, status, province_code, overdue, n) GROUP BY kind, status, province_code, overdue HAVING sum(n) <> 0 ORDER BY kind, status, province_code, overdue
    ON CONFLICT ON CONSTRAINT inspection_counts_region_key DO UPDATE SET n = inspection_counts_region.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inspection_counts_region_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO inspection_counts_region (kind, status, province_code, overdue, n) SELECT kind, status, province_code, overdue, sum(n) AS n FROM ((SELECT r.kind, r.status, r.province_code, r.overdue, r.k FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(kind, status, province_code, overdue, n) GROUP BY kind, status, province_code, overdue HAVING sum(n) <> 0 ORDER BY kind, status, province_code, overdue
    ON CONFLICT ON CONSTRAINT inspection_counts_region_key DO UPDATE SET n = inspection_counts_region.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inspection_counts_region_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM inspection_counts_region;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inspection_plan_counts_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO inspection_plan_counts (plan_id, status, n) SELECT plan_id, status, sum(n) AS n FROM ((SELECT r.plan_id, r.status, r.k FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.plan_id IS NOT NULL)) AS x(plan_id, status, n) GROUP BY plan_id, status HAVING sum(n) <> 0 ORDER BY plan_id, status
    ON CONFLICT ON CONSTRAINT inspection_plan_counts_key DO UPDATE SET n = inspection_plan_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inspection_plan_counts_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO inspection_plan_counts (plan_id, status, n) SELECT plan_id, status, sum(n) AS n FROM ((SELECT r.plan_id, r.status, r.k FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.plan_id IS NOT NULL)) AS x(plan_id, status, n) GROUP BY plan_id, status HAVING sum(n) <> 0 ORDER BY plan_id, status
    ON CONFLICT ON CONSTRAINT inspection_plan_counts_key DO UPDATE SET n = inspection_plan_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inspection_plan_counts_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO inspection_plan_counts (plan_id, status, n) SELECT plan_id, status, sum(n) AS n FROM ((SELECT r.plan_id, r.status, r.k FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.plan_id IS NOT NULL)) AS x(plan_id, status, n) GROUP BY plan_id, status HAVING sum(n) <> 0 ORDER BY plan_id, status
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
CREATE OR REPLACE FUNCTION stat_inspection_daily_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_inspection_daily (day, province_code, city_code, agent_id, planned, completed, first_pass, overdue, failed_items) SELECT day, province_code, city_code, agent_id, sum(planned) AS planned, sum(completed) AS completed, sum(first_pass) AS first_pass, sum(overdue) AS overdue, sum(failed_items) AS failed_items FROM ((SELECT r.planned_date, r.province_code, r.city_code, r.agent_id, r.k * (r.status <> 'cancelled')::int, r.k * (r.status = 'completed')::int,
          r.k * (r.status = 'completed' AND r.reject_count = 0)::int, r.k * (r.overdue AND r.status IN ('pending', 'in_progress', 'rejected'))::int,
          r.k * CASE WHEN r.status = 'completed' THEN r.failed_count ELSE 0 END FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(day, province_code, city_code, agent_id, planned, completed, first_pass, overdue, failed_items) GROUP BY day, province_code, city_code, agent_id HAVING sum(planned) <> 0 OR sum(completed) <> 0 OR sum(first_pass) <> 0 OR sum(overdue) <> 0 OR sum(failed_items) <> 0 ORDER BY day, province_code, city_code, agent_id
    ON CONFLICT ON CONSTRAINT stat_inspection_daily_key DO UPDATE SET planned = stat_inspection_daily.planned + excluded.planned, completed = stat_inspection_daily.completed + excluded.completed, first_pass = stat_inspection_daily.first_pass + excluded.first_pass, overdue = stat_inspection_daily.overdue + excluded.overdue, failed_items = stat_inspection_daily.failed_items + excluded.failed_items;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_inspection_daily_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_inspection_daily (day, province_code, city_code, agent_id, planned, completed, first_pass, overdue, failed_items) SELECT day, province_code, city_code, agent_id, sum(planned) AS planned, sum(completed) AS completed, sum(first_pass) AS first_pass, sum(overdue) AS overdue, sum(failed_items) AS failed_items FROM ((SELECT r.planned_date, r.province_code, r.city_code, r.agent_id, r.k * (r.status <> 'cancelled')::int, r.k * (r.status = 'completed')::int,
          r.k * (r.status = 'completed' AND r.reject_count = 0)::int, r.k * (r.overdue AND r.status IN ('pending', 'in_progress', 'rejected'))::int,
          r.k * CASE WHEN r.status = 'completed' THEN r.failed_count ELSE 0 END FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(day, province_code, city_code, agent_id, planned, completed, first_pass, overdue, failed_items) GROUP BY day, province_code, city_code, agent_id HAVING sum(planned) <> 0 OR sum(completed) <> 0 OR sum(first_pass) <> 0 OR sum(overdue) <> 0 OR sum(failed_items) <> 0 ORDER BY day, province_code, city_code, agent_id
    ON CONFLICT ON CONSTRAINT stat_inspection_daily_key DO UPDATE SET planned = stat_inspection_daily.planned + excluded.planned, completed = stat_inspection_daily.completed + excluded.completed, first_pass = stat_inspection_daily.first_pass + excluded.first_pass, overdue = stat_inspection_daily.overdue + excluded.overdue, failed_items = stat_inspection_daily.failed_items + excluded.failed_items;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_inspection_daily_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_inspection_daily (day, province_code, city_code, agent_id, planned, completed, first_pass, overdue, failed_items) SELECT day, province_code, city_code, agent_id, sum(planned) AS planned, sum(completed) AS completed, sum(first_pass) AS first_pass, sum(overdue) AS overdue, sum(failed_items) AS failed_items FROM ((SELECT r.planned_date, r.province_code, r.city_code, r.agent_id, r.k * (r.status <> 'cancelled')::int, r.k * (r.status = 'completed')::int,
          r.k * (r.status = 'completed' AND r.reject_count = 0)::int, r.k * (r.overdue AND r.status IN ('pending', 'in_progress', 'rejected'))::int,
          r.k * CASE WHEN r.status = 'completed' THEN r.failed_count ELSE 0 END FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(day, province_code, city_code, agent_id, planned, completed, first_pass, overdue, failed_items) GROUP BY day, province_code, city_code, agent_id HAVING sum(planned) <> 0 OR sum(completed) <> 0 OR sum(first_pass) <> 0 OR sum(overdue) <> 0 OR sum(failed_items) <> 0 ORDER BY day, province_code, city_code, agent_id
    ON CONFLICT ON CONSTRAINT stat_inspection_daily_key DO UPDATE SET planned = stat_inspection_daily.planned + excluded.planned, completed = stat_inspection_daily.completed + excluded.completed, first_pass = stat_inspection_daily.first_pass + excluded.first_pass, overdue = stat_inspection_daily.overdue + excluded.overdue, failed_items = stat_inspection_daily.failed_items + excluded.failed_items;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_inspection_daily_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_inspection_daily;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_inspection_region_daily_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_inspection_region_daily (day, province_code, city_code, planned, completed, first_pass, overdue, failed_items) SELECT day, province_code, city_code, sum(planned) AS planned, sum(completed) AS completed, sum(first_pass) AS first_pass, sum(overdue) AS overdue, sum(failed_items) AS failed_items FROM ((SELECT r.planned_date, r.province_code, r.city_code, r.k * (r.status <> 'cancelled')::int, r.k * (r.status = 'completed')::int,
          r.k * (r.status = 'completed' AND r.reject_count = 0)::int, r.k * (r.overdue AND r.status IN ('pending', 'in_progress', 'rejected'))::int,
          r.k * CASE WHEN r.status = 'completed' THEN r.failed_count ELSE 0 END FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(day, province_code, city_code, planned, completed, first_pass, overdue, failed_items) GROUP BY day, province_code, city_code HAVING sum(planned) <> 0 OR sum(completed) <> 0 OR sum(first_pass) <> 0 OR sum(overdue) <> 0 OR sum(failed_items) <> 0 ORDER BY day, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_inspection_region_daily_key DO UPDATE SET planned = stat_inspection_region_daily.planned + excluded.planned, completed = stat_inspection_region_daily.completed + excluded.completed, first_pass = stat_inspection_region_daily.first_pass + excluded.first_pass, overdue = stat_inspection_region_daily.overdue + excluded.overdue, failed_items = stat_inspection_region_daily.failed_items + excluded.failed_items;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_inspection_region_daily_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_inspection_region_daily (day, province_code, city_code, planned, completed, first_pass, overdue, failed_items) SELECT day, province_code, city_code, sum(planned) AS planned, sum(completed) AS completed, sum(first_pass) AS first_pass, sum(overdue) AS overdue, sum(failed_items) AS failed_items FROM ((SELECT r.planned_date, r.province_code, r.city_code, r.k * (r.status <> 'cancelled')::int, r.k * (r.status = 'completed')::int,
          r.k * (r.status = 'completed' AND r.reject_count = 0)::int, r.k * (r.overdue AND r.status IN ('pending', 'in_progress', 'rejected'))::int,
          r.k * CASE WHEN r.status = 'completed' THEN r.failed_count ELSE 0 END FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(day, province_code, city_code, planned, completed, first_pass, overdue, failed_items) GROUP BY day, province_code, city_code HAVING sum(planned) <> 0 OR sum(completed) <> 0 OR sum(first_pass) <> 0 OR sum(overdue) <> 0 OR sum(failed_items) <> 0 ORDER BY day, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_inspection_region_daily_key DO UPDATE SET planned = stat_inspection_region_daily.planned + excluded.planned, completed = stat_inspection_region_daily.completed + excluded.completed, first_pass = stat_inspection_region_daily.first_pass + excluded.first_pass, overdue = stat_inspection_region_daily.overdue + excluded.overdue, failed_items = stat_inspection_region_daily.failed_items + excluded.failed_items;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_inspection_region_daily_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_inspection_region_daily (day, province_code, city_code, planned, completed, first_pass, overdue, failed_items) SELECT day, province_code, city_code, sum(planned) AS planned, sum(completed) AS completed, sum(first_pass) AS first_pass, sum(overdue) AS overdue, sum(failed_items) AS failed_items FROM ((SELECT r.planned_date, r.province_code, r.city_code, r.k * (r.status <> 'cancelled')::int, r.k * (r.status = 'completed')::int,
          r.k * (r.status = 'completed' AND r.reject_count = 0)::int, r.k * (r.overdue AND r.status IN ('pending', 'in_progress', 'rejected'))::int,
          r.k * CASE WHEN r.status = 'completed' THEN r.failed_count ELSE 0 END FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(day, province_code, city_code, planned, completed, first_pass, overdue, failed_items) GROUP BY day, province_code, city_code HAVING sum(planned) <> 0 OR sum(completed) <> 0 OR sum(first_pass) <> 0 OR sum(overdue) <> 0 OR sum(failed_items) <> 0 ORDER BY day, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_inspection_region_daily_key DO UPDATE SET planned = stat_inspection_region_daily.planned + excluded.planned, completed = stat_inspection_region_daily.completed + excluded.completed, first_pass = stat_inspection_region_daily.first_pass + excluded.first_pass, overdue = stat_inspection_region_daily.overdue + excluded.overdue, failed_items = stat_inspection_region_daily.failed_items + excluded.failed_items;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_inspection_region_daily_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_inspection_region_daily;
  RETURN NULL;
END $$;
