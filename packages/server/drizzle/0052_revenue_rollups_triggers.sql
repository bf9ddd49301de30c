-- Revenue rollups (issue 14): stat_revenue_monthly (per agent) and stat_revenue_region_monthly (all scope),
-- generated from src/modules/statistic/rollup.ts by scripts/rollup-migration.ts — change them together.
CREATE OR REPLACE FUNCTION stat_revenue_monthly_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_revenue_monthly (period, province_code, city_code, settled, under_performing, agent_id, n, estimated_kwh, estimated_amount, actual_kwh, actual_amount) SELECT period, province_code, city_code, settled, under_performing, agent_id, sum(n) AS n, sum(estimated_kwh) AS estimated_kwh, sum(estimated_amount) AS estimated_amount, sum(actual_kwh) AS actual_kwh, sum(actual_amount) AS actual_amount FROM ((SELECT r.period, r.province_code, r.city_code, r.settled, r.under_performing, r.agent_id, r.k,
          r.k * r.estimated_kwh, r.k * coalesce(r.estimated_amount, 0), r.k * coalesce(r.actual_kwh, 0), r.k * coalesce(r.actual_amount, 0) FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(period, province_code, city_code, settled, under_performing, agent_id, n, estimated_kwh, estimated_amount, actual_kwh, actual_amount) GROUP BY period, province_code, city_code, settled, under_performing, agent_id HAVING sum(n) <> 0 OR sum(estimated_kwh) <> 0 OR sum(estimated_amount) <> 0 OR sum(actual_kwh) <> 0 OR sum(actual_amount) <> 0
    ON CONFLICT ON CONSTRAINT stat_revenue_monthly_key DO UPDATE SET n = stat_revenue_monthly.n + excluded.n, estimated_kwh = stat_revenue_monthly.estimated_kwh + excluded.estimated_kwh, estimated_amount = stat_revenue_monthly.estimated_amount + excluded.estimated_amount, actual_kwh = stat_revenue_monthly.actual_kwh + excluded.actual_kwh, actual_amount = stat_revenue_monthly.actual_amount + excluded.actual_amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_revenue_monthly_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_revenue_monthly (period, province_code, city_code, settled, under_performing, agent_id, n, estimated_kwh, estimated_amount, actual_kwh, actual_amount) SELECT period, province_code, city_code, settled, under_performing, agent_id, sum(n) AS n, sum(estimated_kwh) AS estimated_kwh, sum(estimated_amount) AS estimated_amount, sum(actual_kwh) AS actual_kwh, sum(actual_amount) AS actual_amount FROM ((SELECT r.period, r.province_code, r.city_code, r.settled, r.under_performing, r.agent_id, r.k,
          r.k * r.estimated_kwh, r.k * coalesce(r.estimated_amount, 0), r.k * coalesce(r.actual_kwh, 0), r.k * coalesce(r.actual_amount, 0) FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(period, province_code, city_code, settled, under_performing, agent_id, n, estimated_kwh, estimated_amount, actual_kwh, actual_amount) GROUP BY period, province_code, city_code, settled, under_performing, agent_id HAVING sum(n) <> 0 OR sum(estimated_kwh) <> 0 OR sum(estimated_amount) <> 0 OR sum(actual_kwh) <> 0 OR sum(actual_amount) <> 0
    ON CONFLICT ON CONSTRAINT stat_revenue_monthly_key DO UPDATE SET n = stat_revenue_monthly.n + excluded.n, estimated_kwh = stat_revenue_monthly.estimated_kwh + excluded.estimated_kwh, estimated_amount = stat_revenue_monthly.estimated_amount + excluded.estimated_amount, actual_kwh = stat_revenue_monthly.actual_kwh + excluded.actual_kwh, actual_amount = stat_revenue_monthly.actual_amount + excluded.actual_amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_revenue_monthly_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_revenue_monthly (period, province_code, city_code, settled, under_performing, agent_id, n, estimated_kwh, estimated_amount, actual_kwh, actual_amount) SELECT period, province_code, city_code, settled, under_performing, agent_id, sum(n) AS n, sum(estimated_kwh) AS estimated_kwh, sum(estimated_amount) AS estimated_amount, sum(actual_kwh) AS actual_kwh, sum(actual_amount) AS actual_amount FROM ((SELECT r.period, r.province_code, r.city_code, r.settled, r.under_performing, r.agent_id, r.k,
          r.k * r.estimated_kwh, r.k * coalesce(r.estimated_amount, 0), r.k * coalesce(r.actual_kwh, 0), r.k * coalesce(r.actual_amount, 0) FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(period, province_code, city_code, settled, under_performing, agent_id, n, estimated_kwh, estimated_amount, actual_kwh, actual_amount) GROUP BY period, province_code, city_code, settled, under_performing, agent_id HAVING sum(n) <> 0 OR sum(estimated_kwh) <> 0 OR sum(estimated_amount) <> 0 OR sum(actual_kwh) <> 0 OR sum(actual_amount) <> 0
    ON CONFLICT ON CONSTRAINT stat_revenue_monthly_key DO UPDATE SET n = stat_revenue_monthly.n + excluded.n, estimated_kwh = stat_revenue_monthly.estimated_kwh + excluded.estimated_kwh, estimated_amount = stat_revenue_monthly.estimated_amount + excluded.estimated_amount, actual_kwh = stat_revenue_monthly.actual_kwh + excluded.actual_kwh, actual_amount = stat_revenue_monthly.actual_amount + excluded.actual_amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_revenue_monthly_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_revenue_monthly;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stat_revenue_monthly_ins AFTER INSERT ON revenues REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_revenue_monthly_ins();
--> statement-breakpoint
CREATE TRIGGER stat_revenue_monthly_del AFTER DELETE ON revenues REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_revenue_monthly_del();
--> statement-breakpoint
CREATE TRIGGER stat_revenue_monthly_upd AFTER UPDATE ON revenues REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_revenue_monthly_upd();
--> statement-breakpoint
CREATE TRIGGER stat_revenue_monthly_trunc AFTER TRUNCATE ON revenues FOR EACH STATEMENT EXECUTE FUNCTION stat_revenue_monthly_trunc();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_revenue_region_monthly_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_revenue_region_monthly (period, province_code, city_code, settled, under_performing, n, estimated_kwh, estimated_amount, actual_kwh, actual_amount) SELECT period, province_code, city_code, settled, under_performing, sum(n) AS n, sum(estimated_kwh) AS estimated_kwh, sum(estimated_amount) AS estimated_amount, sum(actual_kwh) AS actual_kwh, sum(actual_amount) AS actual_amount FROM ((SELECT r.period, r.province_code, r.city_code, r.settled, r.under_performing, r.k,
          r.k * r.estimated_kwh, r.k * coalesce(r.estimated_amount, 0), r.k * coalesce(r.actual_kwh, 0), r.k * coalesce(r.actual_amount, 0) FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(period, province_code, city_code, settled, under_performing, n, estimated_kwh, estimated_amount, actual_kwh, actual_amount) GROUP BY period, province_code, city_code, settled, under_performing HAVING sum(n) <> 0 OR sum(estimated_kwh) <> 0 OR sum(estimated_amount) <> 0 OR sum(actual_kwh) <> 0 OR sum(actual_amount) <> 0
    ON CONFLICT ON CONSTRAINT stat_revenue_region_monthly_key DO UPDATE SET n = stat_revenue_region_monthly.n + excluded.n, estimated_kwh = stat_revenue_region_monthly.estimated_kwh + excluded.estimated_kwh, estimated_amount = stat_revenue_region_monthly.estimated_amount + excluded.estimated_amount, actual_kwh = stat_revenue_region_monthly.actual_kwh + excluded.actual_kwh, actual_amount = stat_revenue_region_monthly.actual_amount + excluded.actual_amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_revenue_region_monthly_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_revenue_region_monthly (period, province_code, city_code, settled, under_performing, n, estimated_kwh, estimated_amount, actual_kwh, actual_amount) SELECT period, province_code, city_code, settled, under_performing, sum(n) AS n, sum(estimated_kwh) AS estimated_kwh, sum(estimated_amount) AS estimated_amount, sum(actual_kwh) AS actual_kwh, sum(actual_amount) AS actual_amount FROM ((SELECT r.period, r.province_code, r.city_code, r.settled, r.under_performing, r.k,
          r.k * r.estimated_kwh, r.k * coalesce(r.estimated_amount, 0), r.k * coalesce(r.actual_kwh, 0), r.k * coalesce(r.actual_amount, 0) FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(period, province_code, city_code, settled, under_performing, n, estimated_kwh, estimated_amount, actual_kwh, actual_amount) GROUP BY period, province_code, city_code, settled, under_performing HAVING sum(n) <> 0 OR sum(estimated_kwh) <> 0 OR sum(estimated_amount) <> 0 OR sum(actual_kwh) <> 0 OR sum(actual_amount) <> 0
    ON CONFLICT ON CONSTRAINT stat_revenue_region_monthly_key DO UPDATE SET n = stat_revenue_region_monthly.n + excluded.n, estimated_kwh = stat_revenue_region_monthly.estimated_kwh + excluded.estimated_kwh, estimated_amount = stat_revenue_region_monthly.estimated_amount + excluded.estimated_amount, actual_kwh = stat_revenue_region_monthly.actual_kwh + excluded.actual_kwh, actual_amount = stat_revenue_region_monthly.actual_amount + excluded.actual_amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_revenue_region_monthly_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_revenue_region_monthly (period, province_code, city_code, settled, under_performing, n, estimated_kwh, estimated_amount, actual_kwh, actual_amount) SELECT period, province_code, city_code, settled, under_performing, sum(n) AS n, sum(estimated_kwh) AS estimated_kwh, sum(estimated_amount) AS estimated_amount, sum(actual_kwh) AS actual_kwh, sum(actual_amount) AS actual_amount FROM ((SELECT r.period, r.province_code, r.city_code, r.settled, r.under_performing, r.k,
          r.k * r.estimated_kwh, r.k * coalesce(r.estimated_amount, 0), r.k * coalesce(r.actual_kwh, 0), r.k * coalesce(r.actual_amount, 0) FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(period, province_code, city_code, settled, under_performing, n, estimated_kwh, estimated_amount, actual_kwh, actual_amount) GROUP BY period, province_code, city_code, settled, under_performing HAVING sum(n) <> 0 OR sum(estimated_kwh) <> 0 OR sum(estimated_amount) <> 0 OR sum(actual_kwh) <> 0 OR sum(actual_amount) <> 0
    ON CONFLICT ON CONSTRAINT stat_revenue_region_monthly_key DO UPDATE SET n = stat_revenue_region_monthly.n + excluded.n, estimated_kwh = stat_revenue_region_monthly.estimated_kwh + excluded.estimated_kwh, estimated_amount = stat_revenue_region_monthly.estimated_amount + excluded.estimated_amount, actual_kwh = stat_revenue_region_monthly.actual_kwh + excluded.actual_kwh, actual_amount = stat_revenue_region_monthly.actual_amount + excluded.actual_amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_revenue_region_monthly_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_revenue_region_monthly;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stat_revenue_region_monthly_ins AFTER INSERT ON revenues REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_revenue_region_monthly_ins();
--> statement-breakpoint
CREATE TRIGGER stat_revenue_region_monthly_del AFTER DELETE ON revenues REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_revenue_region_monthly_del();
--> statement-breakpoint
CREATE TRIGGER stat_revenue_region_monthly_upd AFTER UPDATE ON revenues REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_revenue_region_monthly_upd();
--> statement-breakpoint
CREATE TRIGGER stat_revenue_region_monthly_trunc AFTER TRUNCATE ON revenues FOR EACH STATEMENT EXECUTE FUNCTION stat_revenue_region_monthly_trunc();
--> statement-breakpoint
INSERT INTO stat_revenue_monthly (period, province_code, city_code, settled, under_performing, agent_id, n, estimated_kwh, estimated_amount, actual_kwh, actual_amount) SELECT period, province_code, city_code, settled, under_performing, agent_id, sum(n) AS n, sum(estimated_kwh) AS estimated_kwh, sum(estimated_amount) AS estimated_amount, sum(actual_kwh) AS actual_kwh, sum(actual_amount) AS actual_amount FROM ((SELECT r.period, r.province_code, r.city_code, r.settled, r.under_performing, r.agent_id, r.k,
          r.k * r.estimated_kwh, r.k * coalesce(r.estimated_amount, 0), r.k * coalesce(r.actual_kwh, 0), r.k * coalesce(r.actual_amount, 0) FROM (SELECT 1 AS k, * FROM revenues) r)) AS x(period, province_code, city_code, settled, under_performing, agent_id, n, estimated_kwh, estimated_amount, actual_kwh, actual_amount) GROUP BY period, province_code, city_code, settled, under_performing, agent_id HAVING sum(n) <> 0 OR sum(estimated_kwh) <> 0 OR sum(estimated_amount) <> 0 OR sum(actual_kwh) <> 0 OR sum(actual_amount) <> 0
    ON CONFLICT ON CONSTRAINT stat_revenue_monthly_key DO UPDATE SET n = excluded.n, estimated_kwh = excluded.estimated_kwh, estimated_amount = excluded.estimated_amount, actual_kwh = excluded.actual_kwh, actual_amount = excluded.actual_amount;
--> statement-breakpoint
INSERT INTO stat_revenue_region_monthly (period, province_code, city_code, settled, under_performing, n, estimated_kwh, estimated_amount, actual_kwh, actual_amount) SELECT period, province_code, city_code, settled, under_performing, sum(n) AS n, sum(estimated_kwh) AS estimated_kwh, sum(estimated_amount) AS estimated_amount, sum(actual_kwh) AS actual_kwh, sum(actual_amount) AS actual_amount FROM ((SELECT r.period, r.province_code, r.city_code, r.settled, r.under_performing, r.k,
          r.k * r.estimated_kwh, r.k * coalesce(r.estimated_amount, 0), r.k * coalesce(r.actual_kwh, 0), r.k * coalesce(r.actual_amount, 0) FROM (SELECT 1 AS k, * FROM revenues) r)) AS x(period, province_code, city_code, settled, under_performing, n, estimated_kwh, estimated_amount, actual_kwh, actual_amount) GROUP BY period, province_code, city_code, settled, under_performing HAVING sum(n) <> 0 OR sum(estimated_kwh) <> 0 OR sum(estimated_amount) <> 0 OR sum(actual_kwh) <> 0 OR sum(actual_amount) <> 0
    ON CONFLICT ON CONSTRAINT stat_revenue_region_monthly_key DO UPDATE SET n = excluded.n, estimated_kwh = excluded.estimated_kwh, estimated_amount = excluded.estimated_amount, actual_kwh = excluded.actual_kwh, actual_amount = excluded.actual_amount;
