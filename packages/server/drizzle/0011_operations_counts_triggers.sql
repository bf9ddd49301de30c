-- Keep station_counts, work_order_counts, self_audit_counts (per agent) and their *_region tables
-- (no agent: a few hundred rows) exact: statement-level triggers with transition tables, so a bulk
-- INSERT ... SELECT updates each counter once per group (same design as customer_counts, 0002/0006).
--> statement-breakpoint
CREATE OR REPLACE FUNCTION station_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH d AS (
      SELECT status, province_code, frozen, agent_id, sum(k) AS n FROM (SELECT status, province_code, frozen, agent_id, 1 AS k FROM new_rows) x GROUP BY 1, 2, 3, 4 HAVING sum(k) <> 0
    ), fine AS (
      INSERT INTO station_counts (status, province_code, frozen, agent_id, n) SELECT status, province_code, frozen, agent_id, n FROM d
      ON CONFLICT ON CONSTRAINT station_counts_key DO UPDATE SET n = station_counts.n + excluded.n
    )
    INSERT INTO station_counts_region (status, province_code, frozen, n)
    SELECT status, province_code, frozen, sum(n) FROM d GROUP BY 1, 2, 3
    ON CONFLICT (status, province_code, frozen) DO UPDATE SET n = station_counts_region.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    WITH d AS (
      SELECT status, province_code, frozen, agent_id, sum(k) AS n FROM (SELECT status, province_code, frozen, agent_id, -1 AS k FROM old_rows) x GROUP BY 1, 2, 3, 4 HAVING sum(k) <> 0
    ), fine AS (
      INSERT INTO station_counts (status, province_code, frozen, agent_id, n) SELECT status, province_code, frozen, agent_id, n FROM d
      ON CONFLICT ON CONSTRAINT station_counts_key DO UPDATE SET n = station_counts.n + excluded.n
    )
    INSERT INTO station_counts_region (status, province_code, frozen, n)
    SELECT status, province_code, frozen, sum(n) FROM d GROUP BY 1, 2, 3
    ON CONFLICT (status, province_code, frozen) DO UPDATE SET n = station_counts_region.n + excluded.n;
  ELSE
    WITH d AS (
      SELECT status, province_code, frozen, agent_id, sum(k) AS n FROM (SELECT status, province_code, frozen, agent_id, 1 AS k FROM new_rows UNION ALL SELECT status, province_code, frozen, agent_id, -1 AS k FROM old_rows) x GROUP BY 1, 2, 3, 4 HAVING sum(k) <> 0
    ), fine AS (
      INSERT INTO station_counts (status, province_code, frozen, agent_id, n) SELECT status, province_code, frozen, agent_id, n FROM d
      ON CONFLICT ON CONSTRAINT station_counts_key DO UPDATE SET n = station_counts.n + excluded.n
    )
    INSERT INTO station_counts_region (status, province_code, frozen, n)
    SELECT status, province_code, frozen, sum(n) FROM d GROUP BY 1, 2, 3
    ON CONFLICT (status, province_code, frozen) DO UPDATE SET n = station_counts_region.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION station_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM station_counts;
  DELETE FROM station_counts_region;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stations_counts_ins AFTER INSERT ON stations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION station_counts_apply();
--> statement-breakpoint
CREATE TRIGGER stations_counts_del AFTER DELETE ON stations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION station_counts_apply();
--> statement-breakpoint
CREATE TRIGGER stations_counts_upd AFTER UPDATE ON stations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION station_counts_apply();
--> statement-breakpoint
CREATE TRIGGER stations_counts_truncate AFTER TRUNCATE ON stations
  FOR EACH STATEMENT EXECUTE FUNCTION station_counts_truncate();
--> statement-breakpoint
-- databases that already hold rows start from an exact count
INSERT INTO station_counts (status, province_code, frozen, agent_id, n) SELECT status, province_code, frozen, agent_id, count(*) FROM stations GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO station_counts_region (status, province_code, frozen, n) SELECT status, province_code, frozen, sum(n) FROM station_counts GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION work_order_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH d AS (
      SELECT kind, status, province_code, overdue, agent_id, sum(k) AS n FROM (SELECT kind, status, province_code, overdue, agent_id, 1 AS k FROM new_rows) x GROUP BY 1, 2, 3, 4, 5 HAVING sum(k) <> 0
    ), fine AS (
      INSERT INTO work_order_counts (kind, status, province_code, overdue, agent_id, n) SELECT kind, status, province_code, overdue, agent_id, n FROM d
      ON CONFLICT ON CONSTRAINT work_order_counts_key DO UPDATE SET n = work_order_counts.n + excluded.n
    )
    INSERT INTO work_order_counts_region (kind, status, province_code, overdue, n)
    SELECT kind, status, province_code, overdue, sum(n) FROM d GROUP BY 1, 2, 3, 4
    ON CONFLICT (kind, status, province_code, overdue) DO UPDATE SET n = work_order_counts_region.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    WITH d AS (
      SELECT kind, status, province_code, overdue, agent_id, sum(k) AS n FROM (SELECT kind, status, province_code, overdue, agent_id, -1 AS k FROM old_rows) x GROUP BY 1, 2, 3, 4, 5 HAVING sum(k) <> 0
    ), fine AS (
      INSERT INTO work_order_counts (kind, status, province_code, overdue, agent_id, n) SELECT kind, status, province_code, overdue, agent_id, n FROM d
      ON CONFLICT ON CONSTRAINT work_order_counts_key DO UPDATE SET n = work_order_counts.n + excluded.n
    )
    INSERT INTO work_order_counts_region (kind, status, province_code, overdue, n)
    SELECT kind, status, province_code, overdue, sum(n) FROM d GROUP BY 1, 2, 3, 4
    ON CONFLICT (kind, status, province_code, overdue) DO UPDATE SET n = work_order_counts_region.n + excluded.n;
  ELSE
    WITH d AS (
      SELECT kind, status, province_code, overdue, agent_id, sum(k) AS n FROM (SELECT kind, status, province_code, overdue, agent_id, 1 AS k FROM new_rows UNION ALL SELECT kind, status, province_code, overdue, agent_id, -1 AS k FROM old_rows) x GROUP BY 1, 2, 3, 4, 5 HAVING sum(k) <> 0
    ), fine AS (
      INSERT INTO work_order_counts (kind, status, province_code, overdue, agent_id, n) SELECT kind, status, province_code, overdue, agent_id, n FROM d
      ON CONFLICT ON CONSTRAINT work_order_counts_key DO UPDATE SET n = work_order_counts.n + excluded.n
    )
    INSERT INTO work_order_counts_region (kind, status, province_code, overdue, n)
    SELECT kind, status, province_code, overdue, sum(n) FROM d GROUP BY 1, 2, 3, 4
    ON CONFLICT (kind, status, province_code, overdue) DO UPDATE SET n = work_order_counts_region.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION work_order_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM work_order_counts;
  DELETE FROM work_order_counts_region;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER work_orders_counts_ins AFTER INSERT ON work_orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION work_order_counts_apply();
--> statement-breakpoint
CREATE TRIGGER work_orders_counts_del AFTER DELETE ON work_orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION work_order_counts_apply();
--> statement-breakpoint
CREATE TRIGGER work_orders_counts_upd AFTER UPDATE ON work_orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION work_order_counts_apply();
--> statement-breakpoint
CREATE TRIGGER work_orders_counts_truncate AFTER TRUNCATE ON work_orders
  FOR EACH STATEMENT EXECUTE FUNCTION work_order_counts_truncate();
--> statement-breakpoint
-- databases that already hold rows start from an exact count
INSERT INTO work_order_counts (kind, status, province_code, overdue, agent_id, n) SELECT kind, status, province_code, overdue, agent_id, count(*) FROM work_orders GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO work_order_counts_region (kind, status, province_code, overdue, n) SELECT kind, status, province_code, overdue, sum(n) FROM work_order_counts GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION self_audit_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH d AS (
      SELECT kind, result, province_code, agent_id, sum(k) AS n FROM (SELECT kind, result, province_code, agent_id, 1 AS k FROM new_rows) x GROUP BY 1, 2, 3, 4 HAVING sum(k) <> 0
    ), fine AS (
      INSERT INTO self_audit_counts (kind, result, province_code, agent_id, n) SELECT kind, result, province_code, agent_id, n FROM d
      ON CONFLICT ON CONSTRAINT self_audit_counts_key DO UPDATE SET n = self_audit_counts.n + excluded.n
    )
    INSERT INTO self_audit_counts_region (kind, result, province_code, n)
    SELECT kind, result, province_code, sum(n) FROM d GROUP BY 1, 2, 3
    ON CONFLICT (kind, result, province_code) DO UPDATE SET n = self_audit_counts_region.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    WITH d AS (
      SELECT kind, result, province_code, agent_id, sum(k) AS n FROM (SELECT kind, result, province_code, agent_id, -1 AS k FROM old_rows) x GROUP BY 1, 2, 3, 4 HAVING sum(k) <> 0
    ), fine AS (
      INSERT INTO self_audit_counts (kind, result, province_code, agent_id, n) SELECT kind, result, province_code, agent_id, n FROM d
      ON CONFLICT ON CONSTRAINT self_audit_counts_key DO UPDATE SET n = self_audit_counts.n + excluded.n
    )
    INSERT INTO self_audit_counts_region (kind, result, province_code, n)
    SELECT kind, result, province_code, sum(n) FROM d GROUP BY 1, 2, 3
    ON CONFLICT (kind, result, province_code) DO UPDATE SET n = self_audit_counts_region.n + excluded.n;
  ELSE
    WITH d AS (
      SELECT kind, result, province_code, agent_id, sum(k) AS n FROM (SELECT kind, result, province_code, agent_id, 1 AS k FROM new_rows UNION ALL SELECT kind, result, province_code, agent_id, -1 AS k FROM old_rows) x GROUP BY 1, 2, 3, 4 HAVING sum(k) <> 0
    ), fine AS (
      INSERT INTO self_audit_counts (kind, result, province_code, agent_id, n) SELECT kind, result, province_code, agent_id, n FROM d
      ON CONFLICT ON CONSTRAINT self_audit_counts_key DO UPDATE SET n = self_audit_counts.n + excluded.n
    )
    INSERT INTO self_audit_counts_region (kind, result, province_code, n)
    SELECT kind, result, province_code, sum(n) FROM d GROUP BY 1, 2, 3
    ON CONFLICT (kind, result, province_code) DO UPDATE SET n = self_audit_counts_region.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION self_audit_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM self_audit_counts;
  DELETE FROM self_audit_counts_region;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER self_audits_counts_ins AFTER INSERT ON self_audits REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION self_audit_counts_apply();
--> statement-breakpoint
CREATE TRIGGER self_audits_counts_del AFTER DELETE ON self_audits REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION self_audit_counts_apply();
--> statement-breakpoint
CREATE TRIGGER self_audits_counts_upd AFTER UPDATE ON self_audits REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION self_audit_counts_apply();
--> statement-breakpoint
CREATE TRIGGER self_audits_counts_truncate AFTER TRUNCATE ON self_audits
  FOR EACH STATEMENT EXECUTE FUNCTION self_audit_counts_truncate();
--> statement-breakpoint
-- databases that already hold rows start from an exact count
INSERT INTO self_audit_counts (kind, result, province_code, agent_id, n) SELECT kind, result, province_code, agent_id, count(*) FROM self_audits GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO self_audit_counts_region (kind, result, province_code, n) SELECT kind, result, province_code, sum(n) FROM self_audit_counts GROUP BY 1, 2, 3;
