-- O&M KPIs of inspections (issue 13): stat_inspection_daily and stat_inspection_region_daily kept by
-- statement triggers generated from their declaration in src/modules/statistic/rollup.ts, then filled.
CREATE OR REPLACE FUNCTION stat_inspection_daily_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_inspection_daily (day, province_code, city_code, agent_id, planned, completed, first_pass, overdue, failed_items) SELECT day, province_code, city_code, agent_id, sum(planned) AS planned, sum(completed) AS completed, sum(first_pass) AS first_pass, sum(overdue) AS overdue, sum(failed_items) AS failed_items FROM ((SELECT r.planned_date, r.province_code, r.city_code, r.agent_id, r.k * (r.status <> 'cancelled')::int, r.k * (r.status = 'completed')::int,
          r.k * (r.status = 'completed' AND r.reject_count = 0)::int, r.k * (r.overdue AND r.status IN ('pending', 'in_progress', 'rejected'))::int,
          r.k * CASE WHEN r.status = 'completed' THEN r.failed_count ELSE 0 END FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(day, province_code, city_code, agent_id, planned, completed, first_pass, overdue, failed_items) GROUP BY day, province_code, city_code, agent_id HAVING sum(planned) <> 0 OR sum(completed) <> 0 OR sum(first_pass) <> 0 OR sum(overdue) <> 0 OR sum(failed_items) <> 0
    ON CONFLICT ON CONSTRAINT stat_inspection_daily_key DO UPDATE SET planned = stat_inspection_daily.planned + excluded.planned, completed = stat_inspection_daily.completed + excluded.completed, first_pass = stat_inspection_daily.first_pass + excluded.first_pass, overdue = stat_inspection_daily.overdue + excluded.overdue, failed_items = stat_inspection_daily.failed_items + excluded.failed_items;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_inspection_daily_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_inspection_daily (day, province_code, city_code, agent_id, planned, completed, first_pass, overdue, failed_items) SELECT day, province_code, city_code, agent_id, sum(planned) AS planned, sum(completed) AS completed, sum(first_pass) AS first_pass, sum(overdue) AS overdue, sum(failed_items) AS failed_items FROM ((SELECT r.planned_date, r.province_code, r.city_code, r.agent_id, r.k * (r.status <> 'cancelled')::int, r.k * (r.status = 'completed')::int,
          r.k * (r.status = 'completed' AND r.reject_count = 0)::int, r.k * (r.overdue AND r.status IN ('pending', 'in_progress', 'rejected'))::int,
          r.k * CASE WHEN r.status = 'completed' THEN r.failed_count ELSE 0 END FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(day, province_code, city_code, agent_id, planned, completed, first_pass, overdue, failed_items) GROUP BY day, province_code, city_code, agent_id HAVING sum(planned) <> 0 OR sum(completed) <> 0 OR sum(first_pass) <> 0 OR sum(overdue) <> 0 OR sum(failed_items) <> 0
    ON CONFLICT ON CONSTRAINT stat_inspection_daily_key DO UPDATE SET planned = stat_inspection_daily.planned + excluded.planned, completed = stat_inspection_daily.completed + excluded.completed, first_pass = stat_inspection_daily.first_pass + excluded.first_pass, overdue = stat_inspection_daily.overdue + excluded.overdue, failed_items = stat_inspection_daily.failed_items + excluded.failed_items;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_inspection_daily_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_inspection_daily (day, province_code, city_code, agent_id, planned, completed, first_pass, overdue, failed_items) SELECT day, province_code, city_code, agent_id, sum(planned) AS planned, sum(completed) AS completed, sum(first_pass) AS first_pass, sum(overdue) AS overdue, sum(failed_items) AS failed_items FROM ((SELECT r.planned_date, r.province_code, r.city_code, r.agent_id, r.k * (r.status <> 'cancelled')::int, r.k * (r.status = 'completed')::int,
          r.k * (r.status = 'completed' AND r.reject_count = 0)::int, r.k * (r.overdue AND r.status IN ('pending', 'in_progress', 'rejected'))::int,
          r.k * CASE WHEN r.status = 'completed' THEN r.failed_count ELSE 0 END FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(day, province_code, city_code, agent_id, planned, completed, first_pass, overdue, failed_items) GROUP BY day, province_code, city_code, agent_id HAVING sum(planned) <> 0 OR sum(completed) <> 0 OR sum(first_pass) <> 0 OR sum(overdue) <> 0 OR sum(failed_items) <> 0
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
CREATE TRIGGER stat_inspection_daily_ins AFTER INSERT ON inspections REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_inspection_daily_ins();
--> statement-breakpoint
CREATE TRIGGER stat_inspection_daily_del AFTER DELETE ON inspections REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_inspection_daily_del();
--> statement-breakpoint
CREATE TRIGGER stat_inspection_daily_upd AFTER UPDATE ON inspections REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_inspection_daily_upd();
--> statement-breakpoint
CREATE TRIGGER stat_inspection_daily_trunc AFTER TRUNCATE ON inspections FOR EACH STATEMENT EXECUTE FUNCTION stat_inspection_daily_trunc();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_inspection_region_daily_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_inspection_region_daily (day, province_code, city_code, planned, completed, first_pass, overdue, failed_items) SELECT day, province_code, city_code, sum(planned) AS planned, sum(completed) AS completed, sum(first_pass) AS first_pass, sum(overdue) AS overdue, sum(failed_items) AS failed_items FROM ((SELECT r.planned_date, r.province_code, r.city_code, r.k * (r.status <> 'cancelled')::int, r.k * (r.status = 'completed')::int,
          r.k * (r.status = 'completed' AND r.reject_count = 0)::int, r.k * (r.overdue AND r.status IN ('pending', 'in_progress', 'rejected'))::int,
          r.k * CASE WHEN r.status = 'completed' THEN r.failed_count ELSE 0 END FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(day, province_code, city_code, planned, completed, first_pass, overdue, failed_items) GROUP BY day, province_code, city_code HAVING sum(planned) <> 0 OR sum(completed) <> 0 OR sum(first_pass) <> 0 OR sum(overdue) <> 0 OR sum(failed_items) <> 0
    ON CONFLICT ON CONSTRAINT stat_inspection_region_daily_key DO UPDATE SET planned = stat_inspection_region_daily.planned + excluded.planned, completed = stat_inspection_region_daily.completed + excluded.completed, first_pass = stat_inspection_region_daily.first_pass + excluded.first_pass, overdue = stat_inspection_region_daily.overdue + excluded.overdue, failed_items = stat_inspection_region_daily.failed_items + excluded.failed_items;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_inspection_region_daily_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_inspection_region_daily (day, province_code, city_code, planned, completed, first_pass, overdue, failed_items) SELECT day, province_code, city_code, sum(planned) AS planned, sum(completed) AS completed, sum(first_pass) AS first_pass, sum(overdue) AS overdue, sum(failed_items) AS failed_items FROM ((SELECT r.planned_date, r.province_code, r.city_code, r.k * (r.status <> 'cancelled')::int, r.k * (r.status = 'completed')::int,
          r.k * (r.status = 'completed' AND r.reject_count = 0)::int, r.k * (r.overdue AND r.status IN ('pending', 'in_progress', 'rejected'))::int,
          r.k * CASE WHEN r.status = 'completed' THEN r.failed_count ELSE 0 END FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(day, province_code, city_code, planned, completed, first_pass, overdue, failed_items) GROUP BY day, province_code, city_code HAVING sum(planned) <> 0 OR sum(completed) <> 0 OR sum(first_pass) <> 0 OR sum(overdue) <> 0 OR sum(failed_items) <> 0
    ON CONFLICT ON CONSTRAINT stat_inspection_region_daily_key DO UPDATE SET planned = stat_inspection_region_daily.planned + excluded.planned, completed = stat_inspection_region_daily.completed + excluded.completed, first_pass = stat_inspection_region_daily.first_pass + excluded.first_pass, overdue = stat_inspection_region_daily.overdue + excluded.overdue, failed_items = stat_inspection_region_daily.failed_items + excluded.failed_items;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_inspection_region_daily_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_inspection_region_daily (day, province_code, city_code, planned, completed, first_pass, overdue, failed_items) SELECT day, province_code, city_code, sum(planned) AS planned, sum(completed) AS completed, sum(first_pass) AS first_pass, sum(overdue) AS overdue, sum(failed_items) AS failed_items FROM ((SELECT r.planned_date, r.province_code, r.city_code, r.k * (r.status <> 'cancelled')::int, r.k * (r.status = 'completed')::int,
          r.k * (r.status = 'completed' AND r.reject_count = 0)::int, r.k * (r.overdue AND r.status IN ('pending', 'in_progress', 'rejected'))::int,
          r.k * CASE WHEN r.status = 'completed' THEN r.failed_count ELSE 0 END FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(day, province_code, city_code, planned, completed, first_pass, overdue, failed_items) GROUP BY day, province_code, city_code HAVING sum(planned) <> 0 OR sum(completed) <> 0 OR sum(first_pass) <> 0 OR sum(overdue) <> 0 OR sum(failed_items) <> 0
    ON CONFLICT ON CONSTRAINT stat_inspection_region_daily_key DO UPDATE SET planned = stat_inspection_region_daily.planned + excluded.planned, completed = stat_inspection_region_daily.completed + excluded.completed, first_pass = stat_inspection_region_daily.first_pass + excluded.first_pass, overdue = stat_inspection_region_daily.overdue + excluded.overdue, failed_items = stat_inspection_region_daily.failed_items + excluded.failed_items;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_inspection_region_daily_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_inspection_region_daily;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stat_inspection_region_daily_ins AFTER INSERT ON inspections REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_inspection_region_daily_ins();
--> statement-breakpoint
CREATE TRIGGER stat_inspection_region_daily_del AFTER DELETE ON inspections REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_inspection_region_daily_del();
--> statement-breakpoint
CREATE TRIGGER stat_inspection_region_daily_upd AFTER UPDATE ON inspections REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_inspection_region_daily_upd();
--> statement-breakpoint
CREATE TRIGGER stat_inspection_region_daily_trunc AFTER TRUNCATE ON inspections FOR EACH STATEMENT EXECUTE FUNCTION stat_inspection_region_daily_trunc();
--> statement-breakpoint
INSERT INTO stat_inspection_daily (day, province_code, city_code, agent_id, planned, completed, first_pass, overdue, failed_items) SELECT day, province_code, city_code, agent_id, sum(planned) AS planned, sum(completed) AS completed, sum(first_pass) AS first_pass, sum(overdue) AS overdue, sum(failed_items) AS failed_items FROM ((SELECT r.planned_date, r.province_code, r.city_code, r.agent_id, r.k * (r.status <> 'cancelled')::int, r.k * (r.status = 'completed')::int,
          r.k * (r.status = 'completed' AND r.reject_count = 0)::int, r.k * (r.overdue AND r.status IN ('pending', 'in_progress', 'rejected'))::int,
          r.k * CASE WHEN r.status = 'completed' THEN r.failed_count ELSE 0 END FROM (SELECT 1 AS k, * FROM inspections) r)) AS x(day, province_code, city_code, agent_id, planned, completed, first_pass, overdue, failed_items) GROUP BY day, province_code, city_code, agent_id HAVING sum(planned) <> 0 OR sum(completed) <> 0 OR sum(first_pass) <> 0 OR sum(overdue) <> 0 OR sum(failed_items) <> 0
    ON CONFLICT ON CONSTRAINT stat_inspection_daily_key DO UPDATE SET planned = excluded.planned, completed = excluded.completed, first_pass = excluded.first_pass, overdue = excluded.overdue, failed_items = excluded.failed_items;
--> statement-breakpoint
INSERT INTO stat_inspection_region_daily (day, province_code, city_code, planned, completed, first_pass, overdue, failed_items) SELECT day, province_code, city_code, sum(planned) AS planned, sum(completed) AS completed, sum(first_pass) AS first_pass, sum(overdue) AS overdue, sum(failed_items) AS failed_items FROM ((SELECT r.planned_date, r.province_code, r.city_code, r.k * (r.status <> 'cancelled')::int, r.k * (r.status = 'completed')::int,
          r.k * (r.status = 'completed' AND r.reject_count = 0)::int, r.k * (r.overdue AND r.status IN ('pending', 'in_progress', 'rejected'))::int,
          r.k * CASE WHEN r.status = 'completed' THEN r.failed_count ELSE 0 END FROM (SELECT 1 AS k, * FROM inspections) r)) AS x(day, province_code, city_code, planned, completed, first_pass, overdue, failed_items) GROUP BY day, province_code, city_code HAVING sum(planned) <> 0 OR sum(completed) <> 0 OR sum(first_pass) <> 0 OR sum(overdue) <> 0 OR sum(failed_items) <> 0
    ON CONFLICT ON CONSTRAINT stat_inspection_region_daily_key DO UPDATE SET planned = excluded.planned, completed = excluded.completed, first_pass = excluded.first_pass, overdue = excluded.overdue, failed_items = excluded.failed_items;
--> statement-breakpoint
-- the big screen's O&M panel is live like the others (0021_stats_notify): inspections and stock balances tell the screens
CREATE TRIGGER inspections_notify_stats AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON inspections FOR EACH STATEMENT EXECUTE FUNCTION pv_notify_stats();
--> statement-breakpoint
CREATE TRIGGER stock_balances_notify_stats AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stock_balances FOR EACH STATEMENT EXECUTE FUNCTION pv_notify_stats();
