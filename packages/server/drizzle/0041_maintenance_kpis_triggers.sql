-- O&M KPIs of maintenance orders (issue 13): maintenance_counts(_region) (list totals, open faults) and
-- stat_maintenance(_region)_daily kept by statement triggers generated from their declaration in
-- src/modules/statistic/rollup.ts, then filled.
CREATE OR REPLACE FUNCTION maintenance_counts_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO maintenance_counts (status, priority, province_code, city_code, agent_id, n) SELECT status, priority, province_code, city_code, agent_id, sum(n) AS n FROM ((SELECT r.status, r.priority, r.province_code, r.city_code, r.agent_id, r.k FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(status, priority, province_code, city_code, agent_id, n) GROUP BY status, priority, province_code, city_code, agent_id HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT maintenance_counts_key DO UPDATE SET n = maintenance_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION maintenance_counts_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO maintenance_counts (status, priority, province_code, city_code, agent_id, n) SELECT status, priority, province_code, city_code, agent_id, sum(n) AS n FROM ((SELECT r.status, r.priority, r.province_code, r.city_code, r.agent_id, r.k FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(status, priority, province_code, city_code, agent_id, n) GROUP BY status, priority, province_code, city_code, agent_id HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT maintenance_counts_key DO UPDATE SET n = maintenance_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION maintenance_counts_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO maintenance_counts (status, priority, province_code, city_code, agent_id, n) SELECT status, priority, province_code, city_code, agent_id, sum(n) AS n FROM ((SELECT r.status, r.priority, r.province_code, r.city_code, r.agent_id, r.k FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(status, priority, province_code, city_code, agent_id, n) GROUP BY status, priority, province_code, city_code, agent_id HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT maintenance_counts_key DO UPDATE SET n = maintenance_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION maintenance_counts_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM maintenance_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER maintenance_counts_ins AFTER INSERT ON maintenance_orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION maintenance_counts_ins();
--> statement-breakpoint
CREATE TRIGGER maintenance_counts_del AFTER DELETE ON maintenance_orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION maintenance_counts_del();
--> statement-breakpoint
CREATE TRIGGER maintenance_counts_upd AFTER UPDATE ON maintenance_orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION maintenance_counts_upd();
--> statement-breakpoint
CREATE TRIGGER maintenance_counts_trunc AFTER TRUNCATE ON maintenance_orders FOR EACH STATEMENT EXECUTE FUNCTION maintenance_counts_trunc();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION maintenance_counts_region_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO maintenance_counts_region (status, priority, province_code, city_code, n) SELECT status, priority, province_code, city_code, sum(n) AS n FROM ((SELECT r.status, r.priority, r.province_code, r.city_code, r.k FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(status, priority, province_code, city_code, n) GROUP BY status, priority, province_code, city_code HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT maintenance_counts_region_key DO UPDATE SET n = maintenance_counts_region.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION maintenance_counts_region_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO maintenance_counts_region (status, priority, province_code, city_code, n) SELECT status, priority, province_code, city_code, sum(n) AS n FROM ((SELECT r.status, r.priority, r.province_code, r.city_code, r.k FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(status, priority, province_code, city_code, n) GROUP BY status, priority, province_code, city_code HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT maintenance_counts_region_key DO UPDATE SET n = maintenance_counts_region.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION maintenance_counts_region_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO maintenance_counts_region (status, priority, province_code, city_code, n) SELECT status, priority, province_code, city_code, sum(n) AS n FROM ((SELECT r.status, r.priority, r.province_code, r.city_code, r.k FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(status, priority, province_code, city_code, n) GROUP BY status, priority, province_code, city_code HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT maintenance_counts_region_key DO UPDATE SET n = maintenance_counts_region.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION maintenance_counts_region_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM maintenance_counts_region;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER maintenance_counts_region_ins AFTER INSERT ON maintenance_orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION maintenance_counts_region_ins();
--> statement-breakpoint
CREATE TRIGGER maintenance_counts_region_del AFTER DELETE ON maintenance_orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION maintenance_counts_region_del();
--> statement-breakpoint
CREATE TRIGGER maintenance_counts_region_upd AFTER UPDATE ON maintenance_orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION maintenance_counts_region_upd();
--> statement-breakpoint
CREATE TRIGGER maintenance_counts_region_trunc AFTER TRUNCATE ON maintenance_orders FOR EACH STATEMENT EXECUTE FUNCTION maintenance_counts_region_trunc();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_maintenance_daily_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_maintenance_daily (day, province_code, city_code, fault_category, agent_id, opened, completed, in_sla, responded, respond_seconds, repair_seconds) SELECT day, province_code, city_code, fault_category, agent_id, sum(opened) AS opened, sum(completed) AS completed, sum(in_sla) AS in_sla, sum(responded) AS responded, sum(respond_seconds) AS respond_seconds, sum(repair_seconds) AS repair_seconds FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.fault_category, r.agent_id,
          r.k * (r.status <> 'cancelled')::int, r.k * (r.status = 'completed')::int,
          r.k * (r.status = 'completed' AND NOT r.response_breached AND NOT r.repair_breached)::int,
          r.k * (r.status <> 'cancelled' AND r.responded_at IS NOT NULL)::int,
          r.k * CASE WHEN r.status <> 'cancelled' AND r.responded_at IS NOT NULL THEN extract(epoch from r.responded_at - r.created_at)::bigint ELSE 0 END,
          r.k * CASE WHEN r.status = 'completed' THEN extract(epoch from r.finished_at - r.created_at)::bigint ELSE 0 END FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(day, province_code, city_code, fault_category, agent_id, opened, completed, in_sla, responded, respond_seconds, repair_seconds) GROUP BY day, province_code, city_code, fault_category, agent_id HAVING sum(opened) <> 0 OR sum(completed) <> 0 OR sum(in_sla) <> 0 OR sum(responded) <> 0 OR sum(respond_seconds) <> 0 OR sum(repair_seconds) <> 0
    ON CONFLICT ON CONSTRAINT stat_maintenance_daily_key DO UPDATE SET opened = stat_maintenance_daily.opened + excluded.opened, completed = stat_maintenance_daily.completed + excluded.completed, in_sla = stat_maintenance_daily.in_sla + excluded.in_sla, responded = stat_maintenance_daily.responded + excluded.responded, respond_seconds = stat_maintenance_daily.respond_seconds + excluded.respond_seconds, repair_seconds = stat_maintenance_daily.repair_seconds + excluded.repair_seconds;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_maintenance_daily_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_maintenance_daily (day, province_code, city_code, fault_category, agent_id, opened, completed, in_sla, responded, respond_seconds, repair_seconds) SELECT day, province_code, city_code, fault_category, agent_id, sum(opened) AS opened, sum(completed) AS completed, sum(in_sla) AS in_sla, sum(responded) AS responded, sum(respond_seconds) AS respond_seconds, sum(repair_seconds) AS repair_seconds FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.fault_category, r.agent_id,
          r.k * (r.status <> 'cancelled')::int, r.k * (r.status = 'completed')::int,
          r.k * (r.status = 'completed' AND NOT r.response_breached AND NOT r.repair_breached)::int,
          r.k * (r.status <> 'cancelled' AND r.responded_at IS NOT NULL)::int,
          r.k * CASE WHEN r.status <> 'cancelled' AND r.responded_at IS NOT NULL THEN extract(epoch from r.responded_at - r.created_at)::bigint ELSE 0 END,
          r.k * CASE WHEN r.status = 'completed' THEN extract(epoch from r.finished_at - r.created_at)::bigint ELSE 0 END FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(day, province_code, city_code, fault_category, agent_id, opened, completed, in_sla, responded, respond_seconds, repair_seconds) GROUP BY day, province_code, city_code, fault_category, agent_id HAVING sum(opened) <> 0 OR sum(completed) <> 0 OR sum(in_sla) <> 0 OR sum(responded) <> 0 OR sum(respond_seconds) <> 0 OR sum(repair_seconds) <> 0
    ON CONFLICT ON CONSTRAINT stat_maintenance_daily_key DO UPDATE SET opened = stat_maintenance_daily.opened + excluded.opened, completed = stat_maintenance_daily.completed + excluded.completed, in_sla = stat_maintenance_daily.in_sla + excluded.in_sla, responded = stat_maintenance_daily.responded + excluded.responded, respond_seconds = stat_maintenance_daily.respond_seconds + excluded.respond_seconds, repair_seconds = stat_maintenance_daily.repair_seconds + excluded.repair_seconds;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_maintenance_daily_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_maintenance_daily (day, province_code, city_code, fault_category, agent_id, opened, completed, in_sla, responded, respond_seconds, repair_seconds) SELECT day, province_code, city_code, fault_category, agent_id, sum(opened) AS opened, sum(completed) AS completed, sum(in_sla) AS in_sla, sum(responded) AS responded, sum(respond_seconds) AS respond_seconds, sum(repair_seconds) AS repair_seconds FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.fault_category, r.agent_id,
          r.k * (r.status <> 'cancelled')::int, r.k * (r.status = 'completed')::int,
          r.k * (r.status = 'completed' AND NOT r.response_breached AND NOT r.repair_breached)::int,
          r.k * (r.status <> 'cancelled' AND r.responded_at IS NOT NULL)::int,
          r.k * CASE WHEN r.status <> 'cancelled' AND r.responded_at IS NOT NULL THEN extract(epoch from r.responded_at - r.created_at)::bigint ELSE 0 END,
          r.k * CASE WHEN r.status = 'completed' THEN extract(epoch from r.finished_at - r.created_at)::bigint ELSE 0 END FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(day, province_code, city_code, fault_category, agent_id, opened, completed, in_sla, responded, respond_seconds, repair_seconds) GROUP BY day, province_code, city_code, fault_category, agent_id HAVING sum(opened) <> 0 OR sum(completed) <> 0 OR sum(in_sla) <> 0 OR sum(responded) <> 0 OR sum(respond_seconds) <> 0 OR sum(repair_seconds) <> 0
    ON CONFLICT ON CONSTRAINT stat_maintenance_daily_key DO UPDATE SET opened = stat_maintenance_daily.opened + excluded.opened, completed = stat_maintenance_daily.completed + excluded.completed, in_sla = stat_maintenance_daily.in_sla + excluded.in_sla, responded = stat_maintenance_daily.responded + excluded.responded, respond_seconds = stat_maintenance_daily.respond_seconds + excluded.respond_seconds, repair_seconds = stat_maintenance_daily.repair_seconds + excluded.repair_seconds;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_maintenance_daily_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_maintenance_daily;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stat_maintenance_daily_ins AFTER INSERT ON maintenance_orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_maintenance_daily_ins();
--> statement-breakpoint
CREATE TRIGGER stat_maintenance_daily_del AFTER DELETE ON maintenance_orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_maintenance_daily_del();
--> statement-breakpoint
CREATE TRIGGER stat_maintenance_daily_upd AFTER UPDATE ON maintenance_orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_maintenance_daily_upd();
--> statement-breakpoint
CREATE TRIGGER stat_maintenance_daily_trunc AFTER TRUNCATE ON maintenance_orders FOR EACH STATEMENT EXECUTE FUNCTION stat_maintenance_daily_trunc();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_maintenance_region_daily_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_maintenance_region_daily (day, province_code, city_code, fault_category, opened, completed, in_sla, responded, respond_seconds, repair_seconds) SELECT day, province_code, city_code, fault_category, sum(opened) AS opened, sum(completed) AS completed, sum(in_sla) AS in_sla, sum(responded) AS responded, sum(respond_seconds) AS respond_seconds, sum(repair_seconds) AS repair_seconds FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.fault_category,
          r.k * (r.status <> 'cancelled')::int, r.k * (r.status = 'completed')::int,
          r.k * (r.status = 'completed' AND NOT r.response_breached AND NOT r.repair_breached)::int,
          r.k * (r.status <> 'cancelled' AND r.responded_at IS NOT NULL)::int,
          r.k * CASE WHEN r.status <> 'cancelled' AND r.responded_at IS NOT NULL THEN extract(epoch from r.responded_at - r.created_at)::bigint ELSE 0 END,
          r.k * CASE WHEN r.status = 'completed' THEN extract(epoch from r.finished_at - r.created_at)::bigint ELSE 0 END FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(day, province_code, city_code, fault_category, opened, completed, in_sla, responded, respond_seconds, repair_seconds) GROUP BY day, province_code, city_code, fault_category HAVING sum(opened) <> 0 OR sum(completed) <> 0 OR sum(in_sla) <> 0 OR sum(responded) <> 0 OR sum(respond_seconds) <> 0 OR sum(repair_seconds) <> 0
    ON CONFLICT ON CONSTRAINT stat_maintenance_region_daily_key DO UPDATE SET opened = stat_maintenance_region_daily.opened + excluded.opened, completed = stat_maintenance_region_daily.completed + excluded.completed, in_sla = stat_maintenance_region_daily.in_sla + excluded.in_sla, responded = stat_maintenance_region_daily.responded + excluded.responded, respond_seconds = stat_maintenance_region_daily.respond_seconds + excluded.respond_seconds, repair_seconds = stat_maintenance_region_daily.repair_seconds + excluded.repair_seconds;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_maintenance_region_daily_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_maintenance_region_daily (day, province_code, city_code, fault_category, opened, completed, in_sla, responded, respond_seconds, repair_seconds) SELECT day, province_code, city_code, fault_category, sum(opened) AS opened, sum(completed) AS completed, sum(in_sla) AS in_sla, sum(responded) AS responded, sum(respond_seconds) AS respond_seconds, sum(repair_seconds) AS repair_seconds FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.fault_category,
          r.k * (r.status <> 'cancelled')::int, r.k * (r.status = 'completed')::int,
          r.k * (r.status = 'completed' AND NOT r.response_breached AND NOT r.repair_breached)::int,
          r.k * (r.status <> 'cancelled' AND r.responded_at IS NOT NULL)::int,
          r.k * CASE WHEN r.status <> 'cancelled' AND r.responded_at IS NOT NULL THEN extract(epoch from r.responded_at - r.created_at)::bigint ELSE 0 END,
          r.k * CASE WHEN r.status = 'completed' THEN extract(epoch from r.finished_at - r.created_at)::bigint ELSE 0 END FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(day, province_code, city_code, fault_category, opened, completed, in_sla, responded, respond_seconds, repair_seconds) GROUP BY day, province_code, city_code, fault_category HAVING sum(opened) <> 0 OR sum(completed) <> 0 OR sum(in_sla) <> 0 OR sum(responded) <> 0 OR sum(respond_seconds) <> 0 OR sum(repair_seconds) <> 0
    ON CONFLICT ON CONSTRAINT stat_maintenance_region_daily_key DO UPDATE SET opened = stat_maintenance_region_daily.opened + excluded.opened, completed = stat_maintenance_region_daily.completed + excluded.completed, in_sla = stat_maintenance_region_daily.in_sla + excluded.in_sla, responded = stat_maintenance_region_daily.responded + excluded.responded, respond_seconds = stat_maintenance_region_daily.respond_seconds + excluded.respond_seconds, repair_seconds = stat_maintenance_region_daily.repair_seconds + excluded.repair_seconds;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_maintenance_region_daily_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_maintenance_region_daily (day, province_code, city_code, fault_category, opened, completed, in_sla, responded, respond_seconds, repair_seconds) SELECT day, province_code, city_code, fault_category, sum(opened) AS opened, sum(completed) AS completed, sum(in_sla) AS in_sla, sum(responded) AS responded, sum(respond_seconds) AS respond_seconds, sum(repair_seconds) AS repair_seconds FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.fault_category,
          r.k * (r.status <> 'cancelled')::int, r.k * (r.status = 'completed')::int,
          r.k * (r.status = 'completed' AND NOT r.response_breached AND NOT r.repair_breached)::int,
          r.k * (r.status <> 'cancelled' AND r.responded_at IS NOT NULL)::int,
          r.k * CASE WHEN r.status <> 'cancelled' AND r.responded_at IS NOT NULL THEN extract(epoch from r.responded_at - r.created_at)::bigint ELSE 0 END,
          r.k * CASE WHEN r.status = 'completed' THEN extract(epoch from r.finished_at - r.created_at)::bigint ELSE 0 END FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(day, province_code, city_code, fault_category, opened, completed, in_sla, responded, respond_seconds, repair_seconds) GROUP BY day, province_code, city_code, fault_category HAVING sum(opened) <> 0 OR sum(completed) <> 0 OR sum(in_sla) <> 0 OR sum(responded) <> 0 OR sum(respond_seconds) <> 0 OR sum(repair_seconds) <> 0
    ON CONFLICT ON CONSTRAINT stat_maintenance_region_daily_key DO UPDATE SET opened = stat_maintenance_region_daily.opened + excluded.opened, completed = stat_maintenance_region_daily.completed + excluded.completed, in_sla = stat_maintenance_region_daily.in_sla + excluded.in_sla, responded = stat_maintenance_region_daily.responded + excluded.responded, respond_seconds = stat_maintenance_region_daily.respond_seconds + excluded.respond_seconds, repair_seconds = stat_maintenance_region_daily.repair_seconds + excluded.repair_seconds;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_maintenance_region_daily_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_maintenance_region_daily;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stat_maintenance_region_daily_ins AFTER INSERT ON maintenance_orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_maintenance_region_daily_ins();
--> statement-breakpoint
CREATE TRIGGER stat_maintenance_region_daily_del AFTER DELETE ON maintenance_orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_maintenance_region_daily_del();
--> statement-breakpoint
CREATE TRIGGER stat_maintenance_region_daily_upd AFTER UPDATE ON maintenance_orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_maintenance_region_daily_upd();
--> statement-breakpoint
CREATE TRIGGER stat_maintenance_region_daily_trunc AFTER TRUNCATE ON maintenance_orders FOR EACH STATEMENT EXECUTE FUNCTION stat_maintenance_region_daily_trunc();
--> statement-breakpoint
INSERT INTO maintenance_counts (status, priority, province_code, city_code, agent_id, n) SELECT status, priority, province_code, city_code, agent_id, sum(n) AS n FROM ((SELECT r.status, r.priority, r.province_code, r.city_code, r.agent_id, r.k FROM (SELECT 1 AS k, * FROM maintenance_orders) r)) AS x(status, priority, province_code, city_code, agent_id, n) GROUP BY status, priority, province_code, city_code, agent_id HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT maintenance_counts_key DO UPDATE SET n = excluded.n;
--> statement-breakpoint
INSERT INTO maintenance_counts_region (status, priority, province_code, city_code, n) SELECT status, priority, province_code, city_code, sum(n) AS n FROM ((SELECT r.status, r.priority, r.province_code, r.city_code, r.k FROM (SELECT 1 AS k, * FROM maintenance_orders) r)) AS x(status, priority, province_code, city_code, n) GROUP BY status, priority, province_code, city_code HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT maintenance_counts_region_key DO UPDATE SET n = excluded.n;
--> statement-breakpoint
INSERT INTO stat_maintenance_daily (day, province_code, city_code, fault_category, agent_id, opened, completed, in_sla, responded, respond_seconds, repair_seconds) SELECT day, province_code, city_code, fault_category, agent_id, sum(opened) AS opened, sum(completed) AS completed, sum(in_sla) AS in_sla, sum(responded) AS responded, sum(respond_seconds) AS respond_seconds, sum(repair_seconds) AS repair_seconds FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.fault_category, r.agent_id,
          r.k * (r.status <> 'cancelled')::int, r.k * (r.status = 'completed')::int,
          r.k * (r.status = 'completed' AND NOT r.response_breached AND NOT r.repair_breached)::int,
          r.k * (r.status <> 'cancelled' AND r.responded_at IS NOT NULL)::int,
          r.k * CASE WHEN r.status <> 'cancelled' AND r.responded_at IS NOT NULL THEN extract(epoch from r.responded_at - r.created_at)::bigint ELSE 0 END,
          r.k * CASE WHEN r.status = 'completed' THEN extract(epoch from r.finished_at - r.created_at)::bigint ELSE 0 END FROM (SELECT 1 AS k, * FROM maintenance_orders) r)) AS x(day, province_code, city_code, fault_category, agent_id, opened, completed, in_sla, responded, respond_seconds, repair_seconds) GROUP BY day, province_code, city_code, fault_category, agent_id HAVING sum(opened) <> 0 OR sum(completed) <> 0 OR sum(in_sla) <> 0 OR sum(responded) <> 0 OR sum(respond_seconds) <> 0 OR sum(repair_seconds) <> 0
    ON CONFLICT ON CONSTRAINT stat_maintenance_daily_key DO UPDATE SET opened = excluded.opened, completed = excluded.completed, in_sla = excluded.in_sla, responded = excluded.responded, respond_seconds = excluded.respond_seconds, repair_seconds = excluded.repair_seconds;
--> statement-breakpoint
INSERT INTO stat_maintenance_region_daily (day, province_code, city_code, fault_category, opened, completed, in_sla, responded, respond_seconds, repair_seconds) SELECT day, province_code, city_code, fault_category, sum(opened) AS opened, sum(completed) AS completed, sum(in_sla) AS in_sla, sum(responded) AS responded, sum(respond_seconds) AS respond_seconds, sum(repair_seconds) AS repair_seconds FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.fault_category,
          r.k * (r.status <> 'cancelled')::int, r.k * (r.status = 'completed')::int,
          r.k * (r.status = 'completed' AND NOT r.response_breached AND NOT r.repair_breached)::int,
          r.k * (r.status <> 'cancelled' AND r.responded_at IS NOT NULL)::int,
          r.k * CASE WHEN r.status <> 'cancelled' AND r.responded_at IS NOT NULL THEN extract(epoch from r.responded_at - r.created_at)::bigint ELSE 0 END,
          r.k * CASE WHEN r.status = 'completed' THEN extract(epoch from r.finished_at - r.created_at)::bigint ELSE 0 END FROM (SELECT 1 AS k, * FROM maintenance_orders) r)) AS x(day, province_code, city_code, fault_category, opened, completed, in_sla, responded, respond_seconds, repair_seconds) GROUP BY day, province_code, city_code, fault_category HAVING sum(opened) <> 0 OR sum(completed) <> 0 OR sum(in_sla) <> 0 OR sum(responded) <> 0 OR sum(respond_seconds) <> 0 OR sum(repair_seconds) <> 0
    ON CONFLICT ON CONSTRAINT stat_maintenance_region_daily_key DO UPDATE SET opened = excluded.opened, completed = excluded.completed, in_sla = excluded.in_sla, responded = excluded.responded, respond_seconds = excluded.respond_seconds, repair_seconds = excluded.repair_seconds;
