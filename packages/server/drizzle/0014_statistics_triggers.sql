-- Statistics rollups: statement-level triggers with transition tables keep every stat_* table exact
-- (one upsert per group per statement, like customer_counts 0002/0006 and the operations counts 0011),
-- then a backfill so an existing database starts from exact numbers. Generated from the rollup
-- definitions in src/modules/statistic/rollup.ts (triggerSql / rebuildSql): change both together.
CREATE OR REPLACE FUNCTION stat_daily_customers_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_daily_customers (day, province_code, city_code, agent_id, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) SELECT day, province_code, city_code, agent_id, sum(customers) AS customers, sum(customers_signed) AS customers_signed, sum(sign_days) AS sign_days, sum(stations) AS stations, sum(stations_kwp) AS stations_kwp, sum(built) AS built, sum(built_kwp) AS built_kwp, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_kwp) AS grid_kwp, sum(grid_days) AS grid_days FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, r.k, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows) r) UNION ALL (SELECT (r.signed_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, 0, r.k, r.k * (extract(epoch from (r.signed_at - r.created_at)) / 86400)::numeric, 0, 0, 0, 0, 0, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.signed_at IS NOT NULL)) AS x(day, province_code, city_code, agent_id, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) GROUP BY day, province_code, city_code, agent_id HAVING sum(customers) <> 0 OR sum(customers_signed) <> 0 OR sum(sign_days) <> 0 OR sum(stations) <> 0 OR sum(stations_kwp) <> 0 OR sum(built) <> 0 OR sum(built_kwp) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_kwp) <> 0 OR sum(grid_days) <> 0
    ON CONFLICT ON CONSTRAINT stat_daily_customers_key DO UPDATE SET customers = stat_daily_customers.customers + excluded.customers, customers_signed = stat_daily_customers.customers_signed + excluded.customers_signed, sign_days = stat_daily_customers.sign_days + excluded.sign_days, stations = stat_daily_customers.stations + excluded.stations, stations_kwp = stat_daily_customers.stations_kwp + excluded.stations_kwp, built = stat_daily_customers.built + excluded.built, built_kwp = stat_daily_customers.built_kwp + excluded.built_kwp, build_days = stat_daily_customers.build_days + excluded.build_days, grid = stat_daily_customers.grid + excluded.grid, grid_kwp = stat_daily_customers.grid_kwp + excluded.grid_kwp, grid_days = stat_daily_customers.grid_days + excluded.grid_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_daily_customers_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_daily_customers (day, province_code, city_code, agent_id, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) SELECT day, province_code, city_code, agent_id, sum(customers) AS customers, sum(customers_signed) AS customers_signed, sum(sign_days) AS sign_days, sum(stations) AS stations, sum(stations_kwp) AS stations_kwp, sum(built) AS built, sum(built_kwp) AS built_kwp, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_kwp) AS grid_kwp, sum(grid_days) AS grid_days FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, r.k, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 FROM (SELECT -1 AS k, * FROM old_rows) r) UNION ALL (SELECT (r.signed_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, 0, r.k, r.k * (extract(epoch from (r.signed_at - r.created_at)) / 86400)::numeric, 0, 0, 0, 0, 0, 0, 0, 0 FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.signed_at IS NOT NULL)) AS x(day, province_code, city_code, agent_id, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) GROUP BY day, province_code, city_code, agent_id HAVING sum(customers) <> 0 OR sum(customers_signed) <> 0 OR sum(sign_days) <> 0 OR sum(stations) <> 0 OR sum(stations_kwp) <> 0 OR sum(built) <> 0 OR sum(built_kwp) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_kwp) <> 0 OR sum(grid_days) <> 0
    ON CONFLICT ON CONSTRAINT stat_daily_customers_key DO UPDATE SET customers = stat_daily_customers.customers + excluded.customers, customers_signed = stat_daily_customers.customers_signed + excluded.customers_signed, sign_days = stat_daily_customers.sign_days + excluded.sign_days, stations = stat_daily_customers.stations + excluded.stations, stations_kwp = stat_daily_customers.stations_kwp + excluded.stations_kwp, built = stat_daily_customers.built + excluded.built, built_kwp = stat_daily_customers.built_kwp + excluded.built_kwp, build_days = stat_daily_customers.build_days + excluded.build_days, grid = stat_daily_customers.grid + excluded.grid, grid_kwp = stat_daily_customers.grid_kwp + excluded.grid_kwp, grid_days = stat_daily_customers.grid_days + excluded.grid_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_daily_customers_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_daily_customers (day, province_code, city_code, agent_id, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) SELECT day, province_code, city_code, agent_id, sum(customers) AS customers, sum(customers_signed) AS customers_signed, sum(sign_days) AS sign_days, sum(stations) AS stations, sum(stations_kwp) AS stations_kwp, sum(built) AS built, sum(built_kwp) AS built_kwp, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_kwp) AS grid_kwp, sum(grid_days) AS grid_days FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, r.k, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r) UNION ALL (SELECT (r.signed_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, 0, r.k, r.k * (extract(epoch from (r.signed_at - r.created_at)) / 86400)::numeric, 0, 0, 0, 0, 0, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.signed_at IS NOT NULL)) AS x(day, province_code, city_code, agent_id, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) GROUP BY day, province_code, city_code, agent_id HAVING sum(customers) <> 0 OR sum(customers_signed) <> 0 OR sum(sign_days) <> 0 OR sum(stations) <> 0 OR sum(stations_kwp) <> 0 OR sum(built) <> 0 OR sum(built_kwp) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_kwp) <> 0 OR sum(grid_days) <> 0
    ON CONFLICT ON CONSTRAINT stat_daily_customers_key DO UPDATE SET customers = stat_daily_customers.customers + excluded.customers, customers_signed = stat_daily_customers.customers_signed + excluded.customers_signed, sign_days = stat_daily_customers.sign_days + excluded.sign_days, stations = stat_daily_customers.stations + excluded.stations, stations_kwp = stat_daily_customers.stations_kwp + excluded.stations_kwp, built = stat_daily_customers.built + excluded.built, built_kwp = stat_daily_customers.built_kwp + excluded.built_kwp, build_days = stat_daily_customers.build_days + excluded.build_days, grid = stat_daily_customers.grid + excluded.grid, grid_kwp = stat_daily_customers.grid_kwp + excluded.grid_kwp, grid_days = stat_daily_customers.grid_days + excluded.grid_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_daily_customers_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_daily_customers;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stat_daily_customers_ins AFTER INSERT ON customers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_daily_customers_ins();
--> statement-breakpoint
CREATE TRIGGER stat_daily_customers_del AFTER DELETE ON customers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_daily_customers_del();
--> statement-breakpoint
CREATE TRIGGER stat_daily_customers_upd AFTER UPDATE ON customers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_daily_customers_upd();
--> statement-breakpoint
CREATE TRIGGER stat_daily_customers_trunc AFTER TRUNCATE ON customers FOR EACH STATEMENT EXECUTE FUNCTION stat_daily_customers_trunc();
--> statement-breakpoint
INSERT INTO stat_daily_customers (day, province_code, city_code, agent_id, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) SELECT day, province_code, city_code, agent_id, sum(customers) AS customers, sum(customers_signed) AS customers_signed, sum(sign_days) AS sign_days, sum(stations) AS stations, sum(stations_kwp) AS stations_kwp, sum(built) AS built, sum(built_kwp) AS built_kwp, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_kwp) AS grid_kwp, sum(grid_days) AS grid_days FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, r.k, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 FROM (SELECT 1 AS k, * FROM customers) r) UNION ALL (SELECT (r.signed_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, 0, r.k, r.k * (extract(epoch from (r.signed_at - r.created_at)) / 86400)::numeric, 0, 0, 0, 0, 0, 0, 0, 0 FROM (SELECT 1 AS k, * FROM customers) r WHERE r.signed_at IS NOT NULL)) AS x(day, province_code, city_code, agent_id, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) GROUP BY day, province_code, city_code, agent_id HAVING sum(customers) <> 0 OR sum(customers_signed) <> 0 OR sum(sign_days) <> 0 OR sum(stations) <> 0 OR sum(stations_kwp) <> 0 OR sum(built) <> 0 OR sum(built_kwp) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_kwp) <> 0 OR sum(grid_days) <> 0;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_daily_stations_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_daily_stations (day, province_code, city_code, agent_id, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) SELECT day, province_code, city_code, agent_id, sum(customers) AS customers, sum(customers_signed) AS customers_signed, sum(sign_days) AS sign_days, sum(stations) AS stations, sum(stations_kwp) AS stations_kwp, sum(built) AS built, sum(built_kwp) AS built_kwp, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_kwp) AS grid_kwp, sum(grid_days) AS grid_days FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, 0, 0, 0, r.k, r.k * r.capacity_kwp, 0, 0, 0, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.status <> 'terminated') UNION ALL (SELECT (r.built_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, 0, 0, 0, 0, 0, r.k, r.k * r.capacity_kwp, r.k * (extract(epoch from (r.built_at - r.created_at)) / 86400)::numeric, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.status <> 'terminated' AND r.built_at IS NOT NULL) UNION ALL (SELECT (r.grid_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, 0, 0, 0, 0, 0, 0, 0, 0, r.k, r.k * r.capacity_kwp, r.k * (extract(epoch from (r.grid_at - coalesce(r.built_at, r.created_at))) / 86400)::numeric FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.status <> 'terminated' AND r.grid_at IS NOT NULL)) AS x(day, province_code, city_code, agent_id, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) GROUP BY day, province_code, city_code, agent_id HAVING sum(customers) <> 0 OR sum(customers_signed) <> 0 OR sum(sign_days) <> 0 OR sum(stations) <> 0 OR sum(stations_kwp) <> 0 OR sum(built) <> 0 OR sum(built_kwp) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_kwp) <> 0 OR sum(grid_days) <> 0
    ON CONFLICT ON CONSTRAINT stat_daily_stations_key DO UPDATE SET customers = stat_daily_stations.customers + excluded.customers, customers_signed = stat_daily_stations.customers_signed + excluded.customers_signed, sign_days = stat_daily_stations.sign_days + excluded.sign_days, stations = stat_daily_stations.stations + excluded.stations, stations_kwp = stat_daily_stations.stations_kwp + excluded.stations_kwp, built = stat_daily_stations.built + excluded.built, built_kwp = stat_daily_stations.built_kwp + excluded.built_kwp, build_days = stat_daily_stations.build_days + excluded.build_days, grid = stat_daily_stations.grid + excluded.grid, grid_kwp = stat_daily_stations.grid_kwp + excluded.grid_kwp, grid_days = stat_daily_stations.grid_days + excluded.grid_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_daily_stations_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_daily_stations (day, province_code, city_code, agent_id, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) SELECT day, province_code, city_code, agent_id, sum(customers) AS customers, sum(customers_signed) AS customers_signed, sum(sign_days) AS sign_days, sum(stations) AS stations, sum(stations_kwp) AS stations_kwp, sum(built) AS built, sum(built_kwp) AS built_kwp, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_kwp) AS grid_kwp, sum(grid_days) AS grid_days FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, 0, 0, 0, r.k, r.k * r.capacity_kwp, 0, 0, 0, 0, 0, 0 FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.status <> 'terminated') UNION ALL (SELECT (r.built_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, 0, 0, 0, 0, 0, r.k, r.k * r.capacity_kwp, r.k * (extract(epoch from (r.built_at - r.created_at)) / 86400)::numeric, 0, 0, 0 FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.status <> 'terminated' AND r.built_at IS NOT NULL) UNION ALL (SELECT (r.grid_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, 0, 0, 0, 0, 0, 0, 0, 0, r.k, r.k * r.capacity_kwp, r.k * (extract(epoch from (r.grid_at - coalesce(r.built_at, r.created_at))) / 86400)::numeric FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.status <> 'terminated' AND r.grid_at IS NOT NULL)) AS x(day, province_code, city_code, agent_id, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) GROUP BY day, province_code, city_code, agent_id HAVING sum(customers) <> 0 OR sum(customers_signed) <> 0 OR sum(sign_days) <> 0 OR sum(stations) <> 0 OR sum(stations_kwp) <> 0 OR sum(built) <> 0 OR sum(built_kwp) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_kwp) <> 0 OR sum(grid_days) <> 0
    ON CONFLICT ON CONSTRAINT stat_daily_stations_key DO UPDATE SET customers = stat_daily_stations.customers + excluded.customers, customers_signed = stat_daily_stations.customers_signed + excluded.customers_signed, sign_days = stat_daily_stations.sign_days + excluded.sign_days, stations = stat_daily_stations.stations + excluded.stations, stations_kwp = stat_daily_stations.stations_kwp + excluded.stations_kwp, built = stat_daily_stations.built + excluded.built, built_kwp = stat_daily_stations.built_kwp + excluded.built_kwp, build_days = stat_daily_stations.build_days + excluded.build_days, grid = stat_daily_stations.grid + excluded.grid, grid_kwp = stat_daily_stations.grid_kwp + excluded.grid_kwp, grid_days = stat_daily_stations.grid_days + excluded.grid_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_daily_stations_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_daily_stations (day, province_code, city_code, agent_id, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) SELECT day, province_code, city_code, agent_id, sum(customers) AS customers, sum(customers_signed) AS customers_signed, sum(sign_days) AS sign_days, sum(stations) AS stations, sum(stations_kwp) AS stations_kwp, sum(built) AS built, sum(built_kwp) AS built_kwp, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_kwp) AS grid_kwp, sum(grid_days) AS grid_days FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, 0, 0, 0, r.k, r.k * r.capacity_kwp, 0, 0, 0, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.status <> 'terminated') UNION ALL (SELECT (r.built_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, 0, 0, 0, 0, 0, r.k, r.k * r.capacity_kwp, r.k * (extract(epoch from (r.built_at - r.created_at)) / 86400)::numeric, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.status <> 'terminated' AND r.built_at IS NOT NULL) UNION ALL (SELECT (r.grid_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, 0, 0, 0, 0, 0, 0, 0, 0, r.k, r.k * r.capacity_kwp, r.k * (extract(epoch from (r.grid_at - coalesce(r.built_at, r.created_at))) / 86400)::numeric FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.status <> 'terminated' AND r.grid_at IS NOT NULL)) AS x(day, province_code, city_code, agent_id, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) GROUP BY day, province_code, city_code, agent_id HAVING sum(customers) <> 0 OR sum(customers_signed) <> 0 OR sum(sign_days) <> 0 OR sum(stations) <> 0 OR sum(stations_kwp) <> 0 OR sum(built) <> 0 OR sum(built_kwp) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_kwp) <> 0 OR sum(grid_days) <> 0
    ON CONFLICT ON CONSTRAINT stat_daily_stations_key DO UPDATE SET customers = stat_daily_stations.customers + excluded.customers, customers_signed = stat_daily_stations.customers_signed + excluded.customers_signed, sign_days = stat_daily_stations.sign_days + excluded.sign_days, stations = stat_daily_stations.stations + excluded.stations, stations_kwp = stat_daily_stations.stations_kwp + excluded.stations_kwp, built = stat_daily_stations.built + excluded.built, built_kwp = stat_daily_stations.built_kwp + excluded.built_kwp, build_days = stat_daily_stations.build_days + excluded.build_days, grid = stat_daily_stations.grid + excluded.grid, grid_kwp = stat_daily_stations.grid_kwp + excluded.grid_kwp, grid_days = stat_daily_stations.grid_days + excluded.grid_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_daily_stations_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_daily_stations;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stat_daily_stations_ins AFTER INSERT ON stations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_daily_stations_ins();
--> statement-breakpoint
CREATE TRIGGER stat_daily_stations_del AFTER DELETE ON stations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_daily_stations_del();
--> statement-breakpoint
CREATE TRIGGER stat_daily_stations_upd AFTER UPDATE ON stations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_daily_stations_upd();
--> statement-breakpoint
CREATE TRIGGER stat_daily_stations_trunc AFTER TRUNCATE ON stations FOR EACH STATEMENT EXECUTE FUNCTION stat_daily_stations_trunc();
--> statement-breakpoint
INSERT INTO stat_daily_stations (day, province_code, city_code, agent_id, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) SELECT day, province_code, city_code, agent_id, sum(customers) AS customers, sum(customers_signed) AS customers_signed, sum(sign_days) AS sign_days, sum(stations) AS stations, sum(stations_kwp) AS stations_kwp, sum(built) AS built, sum(built_kwp) AS built_kwp, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_kwp) AS grid_kwp, sum(grid_days) AS grid_days FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, 0, 0, 0, r.k, r.k * r.capacity_kwp, 0, 0, 0, 0, 0, 0 FROM (SELECT 1 AS k, * FROM stations) r WHERE r.status <> 'terminated') UNION ALL (SELECT (r.built_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, 0, 0, 0, 0, 0, r.k, r.k * r.capacity_kwp, r.k * (extract(epoch from (r.built_at - r.created_at)) / 86400)::numeric, 0, 0, 0 FROM (SELECT 1 AS k, * FROM stations) r WHERE r.status <> 'terminated' AND r.built_at IS NOT NULL) UNION ALL (SELECT (r.grid_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, 0, 0, 0, 0, 0, 0, 0, 0, r.k, r.k * r.capacity_kwp, r.k * (extract(epoch from (r.grid_at - coalesce(r.built_at, r.created_at))) / 86400)::numeric FROM (SELECT 1 AS k, * FROM stations) r WHERE r.status <> 'terminated' AND r.grid_at IS NOT NULL)) AS x(day, province_code, city_code, agent_id, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) GROUP BY day, province_code, city_code, agent_id HAVING sum(customers) <> 0 OR sum(customers_signed) <> 0 OR sum(sign_days) <> 0 OR sum(stations) <> 0 OR sum(stations_kwp) <> 0 OR sum(built) <> 0 OR sum(built_kwp) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_kwp) <> 0 OR sum(grid_days) <> 0;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_daily_region_customers_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_daily_region_customers (day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) SELECT day, province_code, city_code, sum(customers) AS customers, sum(customers_signed) AS customers_signed, sum(sign_days) AS sign_days, sum(stations) AS stations, sum(stations_kwp) AS stations_kwp, sum(built) AS built, sum(built_kwp) AS built_kwp, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_kwp) AS grid_kwp, sum(grid_days) AS grid_days FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.k, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows) r) UNION ALL (SELECT (r.signed_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, r.k, r.k * (extract(epoch from (r.signed_at - r.created_at)) / 86400)::numeric, 0, 0, 0, 0, 0, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.signed_at IS NOT NULL)) AS x(day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) GROUP BY day, province_code, city_code HAVING sum(customers) <> 0 OR sum(customers_signed) <> 0 OR sum(sign_days) <> 0 OR sum(stations) <> 0 OR sum(stations_kwp) <> 0 OR sum(built) <> 0 OR sum(built_kwp) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_kwp) <> 0 OR sum(grid_days) <> 0
    ON CONFLICT ON CONSTRAINT stat_daily_region_customers_key DO UPDATE SET customers = stat_daily_region_customers.customers + excluded.customers, customers_signed = stat_daily_region_customers.customers_signed + excluded.customers_signed, sign_days = stat_daily_region_customers.sign_days + excluded.sign_days, stations = stat_daily_region_customers.stations + excluded.stations, stations_kwp = stat_daily_region_customers.stations_kwp + excluded.stations_kwp, built = stat_daily_region_customers.built + excluded.built, built_kwp = stat_daily_region_customers.built_kwp + excluded.built_kwp, build_days = stat_daily_region_customers.build_days + excluded.build_days, grid = stat_daily_region_customers.grid + excluded.grid, grid_kwp = stat_daily_region_customers.grid_kwp + excluded.grid_kwp, grid_days = stat_daily_region_customers.grid_days + excluded.grid_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_daily_region_customers_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_daily_region_customers (day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) SELECT day, province_code, city_code, sum(customers) AS customers, sum(customers_signed) AS customers_signed, sum(sign_days) AS sign_days, sum(stations) AS stations, sum(stations_kwp) AS stations_kwp, sum(built) AS built, sum(built_kwp) AS built_kwp, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_kwp) AS grid_kwp, sum(grid_days) AS grid_days FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.k, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 FROM (SELECT -1 AS k, * FROM old_rows) r) UNION ALL (SELECT (r.signed_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, r.k, r.k * (extract(epoch from (r.signed_at - r.created_at)) / 86400)::numeric, 0, 0, 0, 0, 0, 0, 0, 0 FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.signed_at IS NOT NULL)) AS x(day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) GROUP BY day, province_code, city_code HAVING sum(customers) <> 0 OR sum(customers_signed) <> 0 OR sum(sign_days) <> 0 OR sum(stations) <> 0 OR sum(stations_kwp) <> 0 OR sum(built) <> 0 OR sum(built_kwp) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_kwp) <> 0 OR sum(grid_days) <> 0
    ON CONFLICT ON CONSTRAINT stat_daily_region_customers_key DO UPDATE SET customers = stat_daily_region_customers.customers + excluded.customers, customers_signed = stat_daily_region_customers.customers_signed + excluded.customers_signed, sign_days = stat_daily_region_customers.sign_days + excluded.sign_days, stations = stat_daily_region_customers.stations + excluded.stations, stations_kwp = stat_daily_region_customers.stations_kwp + excluded.stations_kwp, built = stat_daily_region_customers.built + excluded.built, built_kwp = stat_daily_region_customers.built_kwp + excluded.built_kwp, build_days = stat_daily_region_customers.build_days + excluded.build_days, grid = stat_daily_region_customers.grid + excluded.grid, grid_kwp = stat_daily_region_customers.grid_kwp + excluded.grid_kwp, grid_days = stat_daily_region_customers.grid_days + excluded.grid_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_daily_region_customers_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_daily_region_customers (day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) SELECT day, province_code, city_code, sum(customers) AS customers, sum(customers_signed) AS customers_signed, sum(sign_days) AS sign_days, sum(stations) AS stations, sum(stations_kwp) AS stations_kwp, sum(built) AS built, sum(built_kwp) AS built_kwp, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_kwp) AS grid_kwp, sum(grid_days) AS grid_days FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.k, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r) UNION ALL (SELECT (r.signed_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, r.k, r.k * (extract(epoch from (r.signed_at - r.created_at)) / 86400)::numeric, 0, 0, 0, 0, 0, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.signed_at IS NOT NULL)) AS x(day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) GROUP BY day, province_code, city_code HAVING sum(customers) <> 0 OR sum(customers_signed) <> 0 OR sum(sign_days) <> 0 OR sum(stations) <> 0 OR sum(stations_kwp) <> 0 OR sum(built) <> 0 OR sum(built_kwp) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_kwp) <> 0 OR sum(grid_days) <> 0
    ON CONFLICT ON CONSTRAINT stat_daily_region_customers_key DO UPDATE SET customers = stat_daily_region_customers.customers + excluded.customers, customers_signed = stat_daily_region_customers.customers_signed + excluded.customers_signed, sign_days = stat_daily_region_customers.sign_days + excluded.sign_days, stations = stat_daily_region_customers.stations + excluded.stations, stations_kwp = stat_daily_region_customers.stations_kwp + excluded.stations_kwp, built = stat_daily_region_customers.built + excluded.built, built_kwp = stat_daily_region_customers.built_kwp + excluded.built_kwp, build_days = stat_daily_region_customers.build_days + excluded.build_days, grid = stat_daily_region_customers.grid + excluded.grid, grid_kwp = stat_daily_region_customers.grid_kwp + excluded.grid_kwp, grid_days = stat_daily_region_customers.grid_days + excluded.grid_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_daily_region_customers_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_daily_region_customers;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stat_daily_region_customers_ins AFTER INSERT ON customers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_daily_region_customers_ins();
--> statement-breakpoint
CREATE TRIGGER stat_daily_region_customers_del AFTER DELETE ON customers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_daily_region_customers_del();
--> statement-breakpoint
CREATE TRIGGER stat_daily_region_customers_upd AFTER UPDATE ON customers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_daily_region_customers_upd();
--> statement-breakpoint
CREATE TRIGGER stat_daily_region_customers_trunc AFTER TRUNCATE ON customers FOR EACH STATEMENT EXECUTE FUNCTION stat_daily_region_customers_trunc();
--> statement-breakpoint
INSERT INTO stat_daily_region_customers (day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) SELECT day, province_code, city_code, sum(customers) AS customers, sum(customers_signed) AS customers_signed, sum(sign_days) AS sign_days, sum(stations) AS stations, sum(stations_kwp) AS stations_kwp, sum(built) AS built, sum(built_kwp) AS built_kwp, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_kwp) AS grid_kwp, sum(grid_days) AS grid_days FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.k, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 FROM (SELECT 1 AS k, * FROM customers) r) UNION ALL (SELECT (r.signed_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, r.k, r.k * (extract(epoch from (r.signed_at - r.created_at)) / 86400)::numeric, 0, 0, 0, 0, 0, 0, 0, 0 FROM (SELECT 1 AS k, * FROM customers) r WHERE r.signed_at IS NOT NULL)) AS x(day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) GROUP BY day, province_code, city_code HAVING sum(customers) <> 0 OR sum(customers_signed) <> 0 OR sum(sign_days) <> 0 OR sum(stations) <> 0 OR sum(stations_kwp) <> 0 OR sum(built) <> 0 OR sum(built_kwp) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_kwp) <> 0 OR sum(grid_days) <> 0;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_daily_region_stations_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_daily_region_stations (day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) SELECT day, province_code, city_code, sum(customers) AS customers, sum(customers_signed) AS customers_signed, sum(sign_days) AS sign_days, sum(stations) AS stations, sum(stations_kwp) AS stations_kwp, sum(built) AS built, sum(built_kwp) AS built_kwp, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_kwp) AS grid_kwp, sum(grid_days) AS grid_days FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, 0, 0, r.k, r.k * r.capacity_kwp, 0, 0, 0, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.status <> 'terminated') UNION ALL (SELECT (r.built_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, 0, 0, 0, 0, r.k, r.k * r.capacity_kwp, r.k * (extract(epoch from (r.built_at - r.created_at)) / 86400)::numeric, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.status <> 'terminated' AND r.built_at IS NOT NULL) UNION ALL (SELECT (r.grid_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, 0, 0, 0, 0, 0, 0, 0, r.k, r.k * r.capacity_kwp, r.k * (extract(epoch from (r.grid_at - coalesce(r.built_at, r.created_at))) / 86400)::numeric FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.status <> 'terminated' AND r.grid_at IS NOT NULL)) AS x(day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) GROUP BY day, province_code, city_code HAVING sum(customers) <> 0 OR sum(customers_signed) <> 0 OR sum(sign_days) <> 0 OR sum(stations) <> 0 OR sum(stations_kwp) <> 0 OR sum(built) <> 0 OR sum(built_kwp) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_kwp) <> 0 OR sum(grid_days) <> 0
    ON CONFLICT ON CONSTRAINT stat_daily_region_stations_key DO UPDATE SET customers = stat_daily_region_stations.customers + excluded.customers, customers_signed = stat_daily_region_stations.customers_signed + excluded.customers_signed, sign_days = stat_daily_region_stations.sign_days + excluded.sign_days, stations = stat_daily_region_stations.stations + excluded.stations, stations_kwp = stat_daily_region_stations.stations_kwp + excluded.stations_kwp, built = stat_daily_region_stations.built + excluded.built, built_kwp = stat_daily_region_stations.built_kwp + excluded.built_kwp, build_days = stat_daily_region_stations.build_days + excluded.build_days, grid = stat_daily_region_stations.grid + excluded.grid, grid_kwp = stat_daily_region_stations.grid_kwp + excluded.grid_kwp, grid_days = stat_daily_region_stations.grid_days + excluded.grid_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_daily_region_stations_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_daily_region_stations (day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) SELECT day, province_code, city_code, sum(customers) AS customers, sum(customers_signed) AS customers_signed, sum(sign_days) AS sign_days, sum(stations) AS stations, sum(stations_kwp) AS stations_kwp, sum(built) AS built, sum(built_kwp) AS built_kwp, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_kwp) AS grid_kwp, sum(grid_days) AS grid_days FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, 0, 0, r.k, r.k * r.capacity_kwp, 0, 0, 0, 0, 0, 0 FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.status <> 'terminated') UNION ALL (SELECT (r.built_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, 0, 0, 0, 0, r.k, r.k * r.capacity_kwp, r.k * (extract(epoch from (r.built_at - r.created_at)) / 86400)::numeric, 0, 0, 0 FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.status <> 'terminated' AND r.built_at IS NOT NULL) UNION ALL (SELECT (r.grid_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, 0, 0, 0, 0, 0, 0, 0, r.k, r.k * r.capacity_kwp, r.k * (extract(epoch from (r.grid_at - coalesce(r.built_at, r.created_at))) / 86400)::numeric FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.status <> 'terminated' AND r.grid_at IS NOT NULL)) AS x(day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) GROUP BY day, province_code, city_code HAVING sum(customers) <> 0 OR sum(customers_signed) <> 0 OR sum(sign_days) <> 0 OR sum(stations) <> 0 OR sum(stations_kwp) <> 0 OR sum(built) <> 0 OR sum(built_kwp) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_kwp) <> 0 OR sum(grid_days) <> 0
    ON CONFLICT ON CONSTRAINT stat_daily_region_stations_key DO UPDATE SET customers = stat_daily_region_stations.customers + excluded.customers, customers_signed = stat_daily_region_stations.customers_signed + excluded.customers_signed, sign_days = stat_daily_region_stations.sign_days + excluded.sign_days, stations = stat_daily_region_stations.stations + excluded.stations, stations_kwp = stat_daily_region_stations.stations_kwp + excluded.stations_kwp, built = stat_daily_region_stations.built + excluded.built, built_kwp = stat_daily_region_stations.built_kwp + excluded.built_kwp, build_days = stat_daily_region_stations.build_days + excluded.build_days, grid = stat_daily_region_stations.grid + excluded.grid, grid_kwp = stat_daily_region_stations.grid_kwp + excluded.grid_kwp, grid_days = stat_daily_region_stations.grid_days + excluded.grid_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_daily_region_stations_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_daily_region_stations (day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) SELECT day, province_code, city_code, sum(customers) AS customers, sum(customers_signed) AS customers_signed, sum(sign_days) AS sign_days, sum(stations) AS stations, sum(stations_kwp) AS stations_kwp, sum(built) AS built, sum(built_kwp) AS built_kwp, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_kwp) AS grid_kwp, sum(grid_days) AS grid_days FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, 0, 0, r.k, r.k * r.capacity_kwp, 0, 0, 0, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.status <> 'terminated') UNION ALL (SELECT (r.built_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, 0, 0, 0, 0, r.k, r.k * r.capacity_kwp, r.k * (extract(epoch from (r.built_at - r.created_at)) / 86400)::numeric, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.status <> 'terminated' AND r.built_at IS NOT NULL) UNION ALL (SELECT (r.grid_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, 0, 0, 0, 0, 0, 0, 0, r.k, r.k * r.capacity_kwp, r.k * (extract(epoch from (r.grid_at - coalesce(r.built_at, r.created_at))) / 86400)::numeric FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.status <> 'terminated' AND r.grid_at IS NOT NULL)) AS x(day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) GROUP BY day, province_code, city_code HAVING sum(customers) <> 0 OR sum(customers_signed) <> 0 OR sum(sign_days) <> 0 OR sum(stations) <> 0 OR sum(stations_kwp) <> 0 OR sum(built) <> 0 OR sum(built_kwp) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_kwp) <> 0 OR sum(grid_days) <> 0
    ON CONFLICT ON CONSTRAINT stat_daily_region_stations_key DO UPDATE SET customers = stat_daily_region_stations.customers + excluded.customers, customers_signed = stat_daily_region_stations.customers_signed + excluded.customers_signed, sign_days = stat_daily_region_stations.sign_days + excluded.sign_days, stations = stat_daily_region_stations.stations + excluded.stations, stations_kwp = stat_daily_region_stations.stations_kwp + excluded.stations_kwp, built = stat_daily_region_stations.built + excluded.built, built_kwp = stat_daily_region_stations.built_kwp + excluded.built_kwp, build_days = stat_daily_region_stations.build_days + excluded.build_days, grid = stat_daily_region_stations.grid + excluded.grid, grid_kwp = stat_daily_region_stations.grid_kwp + excluded.grid_kwp, grid_days = stat_daily_region_stations.grid_days + excluded.grid_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_daily_region_stations_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_daily_region_stations;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stat_daily_region_stations_ins AFTER INSERT ON stations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_daily_region_stations_ins();
--> statement-breakpoint
CREATE TRIGGER stat_daily_region_stations_del AFTER DELETE ON stations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_daily_region_stations_del();
--> statement-breakpoint
CREATE TRIGGER stat_daily_region_stations_upd AFTER UPDATE ON stations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_daily_region_stations_upd();
--> statement-breakpoint
CREATE TRIGGER stat_daily_region_stations_trunc AFTER TRUNCATE ON stations FOR EACH STATEMENT EXECUTE FUNCTION stat_daily_region_stations_trunc();
--> statement-breakpoint
INSERT INTO stat_daily_region_stations (day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) SELECT day, province_code, city_code, sum(customers) AS customers, sum(customers_signed) AS customers_signed, sum(sign_days) AS sign_days, sum(stations) AS stations, sum(stations_kwp) AS stations_kwp, sum(built) AS built, sum(built_kwp) AS built_kwp, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_kwp) AS grid_kwp, sum(grid_days) AS grid_days FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, 0, 0, r.k, r.k * r.capacity_kwp, 0, 0, 0, 0, 0, 0 FROM (SELECT 1 AS k, * FROM stations) r WHERE r.status <> 'terminated') UNION ALL (SELECT (r.built_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, 0, 0, 0, 0, r.k, r.k * r.capacity_kwp, r.k * (extract(epoch from (r.built_at - r.created_at)) / 86400)::numeric, 0, 0, 0 FROM (SELECT 1 AS k, * FROM stations) r WHERE r.status <> 'terminated' AND r.built_at IS NOT NULL) UNION ALL (SELECT (r.grid_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, 0, 0, 0, 0, 0, 0, 0, r.k, r.k * r.capacity_kwp, r.k * (extract(epoch from (r.grid_at - coalesce(r.built_at, r.created_at))) / 86400)::numeric FROM (SELECT 1 AS k, * FROM stations) r WHERE r.status <> 'terminated' AND r.grid_at IS NOT NULL)) AS x(day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) GROUP BY day, province_code, city_code HAVING sum(customers) <> 0 OR sum(customers_signed) <> 0 OR sum(sign_days) <> 0 OR sum(stations) <> 0 OR sum(stations_kwp) <> 0 OR sum(built) <> 0 OR sum(built_kwp) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_kwp) <> 0 OR sum(grid_days) <> 0;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_customer_now_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_customer_now (stage, status, province_code, city_code, agent_id, n) SELECT stage, status, province_code, city_code, agent_id, sum(n) AS n FROM ((SELECT r.stage, r.status, r.province_code, r.city_code, r.agent_id, r.k FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(stage, status, province_code, city_code, agent_id, n) GROUP BY stage, status, province_code, city_code, agent_id HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT stat_customer_now_key DO UPDATE SET n = stat_customer_now.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_customer_now_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_customer_now (stage, status, province_code, city_code, agent_id, n) SELECT stage, status, province_code, city_code, agent_id, sum(n) AS n FROM ((SELECT r.stage, r.status, r.province_code, r.city_code, r.agent_id, r.k FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(stage, status, province_code, city_code, agent_id, n) GROUP BY stage, status, province_code, city_code, agent_id HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT stat_customer_now_key DO UPDATE SET n = stat_customer_now.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_customer_now_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_customer_now (stage, status, province_code, city_code, agent_id, n) SELECT stage, status, province_code, city_code, agent_id, sum(n) AS n FROM ((SELECT r.stage, r.status, r.province_code, r.city_code, r.agent_id, r.k FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(stage, status, province_code, city_code, agent_id, n) GROUP BY stage, status, province_code, city_code, agent_id HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT stat_customer_now_key DO UPDATE SET n = stat_customer_now.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_customer_now_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_customer_now;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stat_customer_now_ins AFTER INSERT ON customers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_customer_now_ins();
--> statement-breakpoint
CREATE TRIGGER stat_customer_now_del AFTER DELETE ON customers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_customer_now_del();
--> statement-breakpoint
CREATE TRIGGER stat_customer_now_upd AFTER UPDATE ON customers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_customer_now_upd();
--> statement-breakpoint
CREATE TRIGGER stat_customer_now_trunc AFTER TRUNCATE ON customers FOR EACH STATEMENT EXECUTE FUNCTION stat_customer_now_trunc();
--> statement-breakpoint
INSERT INTO stat_customer_now (stage, status, province_code, city_code, agent_id, n) SELECT stage, status, province_code, city_code, agent_id, sum(n) AS n FROM ((SELECT r.stage, r.status, r.province_code, r.city_code, r.agent_id, r.k FROM (SELECT 1 AS k, * FROM customers) r)) AS x(stage, status, province_code, city_code, agent_id, n) GROUP BY stage, status, province_code, city_code, agent_id HAVING sum(n) <> 0;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_station_now_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_station_now (status, province_code, city_code, agent_id, n, kwp) SELECT status, province_code, city_code, agent_id, sum(n) AS n, sum(kwp) AS kwp FROM ((SELECT r.status, r.province_code, r.city_code, r.agent_id, r.k, r.k * r.capacity_kwp FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(status, province_code, city_code, agent_id, n, kwp) GROUP BY status, province_code, city_code, agent_id HAVING sum(n) <> 0 OR sum(kwp) <> 0
    ON CONFLICT ON CONSTRAINT stat_station_now_key DO UPDATE SET n = stat_station_now.n + excluded.n, kwp = stat_station_now.kwp + excluded.kwp;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_station_now_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_station_now (status, province_code, city_code, agent_id, n, kwp) SELECT status, province_code, city_code, agent_id, sum(n) AS n, sum(kwp) AS kwp FROM ((SELECT r.status, r.province_code, r.city_code, r.agent_id, r.k, r.k * r.capacity_kwp FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(status, province_code, city_code, agent_id, n, kwp) GROUP BY status, province_code, city_code, agent_id HAVING sum(n) <> 0 OR sum(kwp) <> 0
    ON CONFLICT ON CONSTRAINT stat_station_now_key DO UPDATE SET n = stat_station_now.n + excluded.n, kwp = stat_station_now.kwp + excluded.kwp;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_station_now_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_station_now (status, province_code, city_code, agent_id, n, kwp) SELECT status, province_code, city_code, agent_id, sum(n) AS n, sum(kwp) AS kwp FROM ((SELECT r.status, r.province_code, r.city_code, r.agent_id, r.k, r.k * r.capacity_kwp FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(status, province_code, city_code, agent_id, n, kwp) GROUP BY status, province_code, city_code, agent_id HAVING sum(n) <> 0 OR sum(kwp) <> 0
    ON CONFLICT ON CONSTRAINT stat_station_now_key DO UPDATE SET n = stat_station_now.n + excluded.n, kwp = stat_station_now.kwp + excluded.kwp;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_station_now_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_station_now;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stat_station_now_ins AFTER INSERT ON stations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_station_now_ins();
--> statement-breakpoint
CREATE TRIGGER stat_station_now_del AFTER DELETE ON stations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_station_now_del();
--> statement-breakpoint
CREATE TRIGGER stat_station_now_upd AFTER UPDATE ON stations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_station_now_upd();
--> statement-breakpoint
CREATE TRIGGER stat_station_now_trunc AFTER TRUNCATE ON stations FOR EACH STATEMENT EXECUTE FUNCTION stat_station_now_trunc();
--> statement-breakpoint
INSERT INTO stat_station_now (status, province_code, city_code, agent_id, n, kwp) SELECT status, province_code, city_code, agent_id, sum(n) AS n, sum(kwp) AS kwp FROM ((SELECT r.status, r.province_code, r.city_code, r.agent_id, r.k, r.k * r.capacity_kwp FROM (SELECT 1 AS k, * FROM stations) r)) AS x(status, province_code, city_code, agent_id, n, kwp) GROUP BY status, province_code, city_code, agent_id HAVING sum(n) <> 0 OR sum(kwp) <> 0;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_order_now_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_order_now (kind, status, overdue, province_code, city_code, agent_id, n) SELECT kind, status, overdue, province_code, city_code, agent_id, sum(n) AS n FROM ((SELECT r.kind, r.status, r.overdue, r.province_code, r.city_code, r.agent_id, r.k FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(kind, status, overdue, province_code, city_code, agent_id, n) GROUP BY kind, status, overdue, province_code, city_code, agent_id HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT stat_order_now_key DO UPDATE SET n = stat_order_now.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_order_now_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_order_now (kind, status, overdue, province_code, city_code, agent_id, n) SELECT kind, status, overdue, province_code, city_code, agent_id, sum(n) AS n FROM ((SELECT r.kind, r.status, r.overdue, r.province_code, r.city_code, r.agent_id, r.k FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(kind, status, overdue, province_code, city_code, agent_id, n) GROUP BY kind, status, overdue, province_code, city_code, agent_id HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT stat_order_now_key DO UPDATE SET n = stat_order_now.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_order_now_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_order_now (kind, status, overdue, province_code, city_code, agent_id, n) SELECT kind, status, overdue, province_code, city_code, agent_id, sum(n) AS n FROM ((SELECT r.kind, r.status, r.overdue, r.province_code, r.city_code, r.agent_id, r.k FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(kind, status, overdue, province_code, city_code, agent_id, n) GROUP BY kind, status, overdue, province_code, city_code, agent_id HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT stat_order_now_key DO UPDATE SET n = stat_order_now.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_order_now_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_order_now;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stat_order_now_ins AFTER INSERT ON work_orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_order_now_ins();
--> statement-breakpoint
CREATE TRIGGER stat_order_now_del AFTER DELETE ON work_orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_order_now_del();
--> statement-breakpoint
CREATE TRIGGER stat_order_now_upd AFTER UPDATE ON work_orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_order_now_upd();
--> statement-breakpoint
CREATE TRIGGER stat_order_now_trunc AFTER TRUNCATE ON work_orders FOR EACH STATEMENT EXECUTE FUNCTION stat_order_now_trunc();
--> statement-breakpoint
INSERT INTO stat_order_now (kind, status, overdue, province_code, city_code, agent_id, n) SELECT kind, status, overdue, province_code, city_code, agent_id, sum(n) AS n FROM ((SELECT r.kind, r.status, r.overdue, r.province_code, r.city_code, r.agent_id, r.k FROM (SELECT 1 AS k, * FROM work_orders) r)) AS x(kind, status, overdue, province_code, city_code, agent_id, n) GROUP BY kind, status, overdue, province_code, city_code, agent_id HAVING sum(n) <> 0;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_team_daily_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_team_daily (day, team_id, kind, province_code, city_code, agent_id, dispatched, completed, kwp_built, lead_days) SELECT day, team_id, kind, province_code, city_code, agent_id, sum(dispatched) AS dispatched, sum(completed) AS completed, sum(kwp_built) AS kwp_built, sum(lead_days) AS lead_days FROM ((SELECT (r.dispatched_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, r.kind, r.province_code, r.city_code, r.agent_id, r.k, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.team_id IS NOT NULL AND r.dispatched_at IS NOT NULL) UNION ALL (SELECT (r.finished_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, r.kind, r.province_code, r.city_code, r.agent_id, 0, r.k,
              CASE WHEN r.kind = 'build' THEN r.k * coalesce((SELECT s.capacity_kwp FROM stations s WHERE s.id = r.station_id), 0) ELSE 0 END,
              r.k * (extract(epoch from (r.finished_at - coalesce(r.dispatched_at, r.created_at))) / 86400)::numeric
       FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.team_id IS NOT NULL AND r.status = 'completed' AND r.finished_at IS NOT NULL)) AS x(day, team_id, kind, province_code, city_code, agent_id, dispatched, completed, kwp_built, lead_days) GROUP BY day, team_id, kind, province_code, city_code, agent_id HAVING sum(dispatched) <> 0 OR sum(completed) <> 0 OR sum(kwp_built) <> 0 OR sum(lead_days) <> 0
    ON CONFLICT ON CONSTRAINT stat_team_daily_key DO UPDATE SET dispatched = stat_team_daily.dispatched + excluded.dispatched, completed = stat_team_daily.completed + excluded.completed, kwp_built = stat_team_daily.kwp_built + excluded.kwp_built, lead_days = stat_team_daily.lead_days + excluded.lead_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_team_daily_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_team_daily (day, team_id, kind, province_code, city_code, agent_id, dispatched, completed, kwp_built, lead_days) SELECT day, team_id, kind, province_code, city_code, agent_id, sum(dispatched) AS dispatched, sum(completed) AS completed, sum(kwp_built) AS kwp_built, sum(lead_days) AS lead_days FROM ((SELECT (r.dispatched_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, r.kind, r.province_code, r.city_code, r.agent_id, r.k, 0, 0, 0 FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.team_id IS NOT NULL AND r.dispatched_at IS NOT NULL) UNION ALL (SELECT (r.finished_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, r.kind, r.province_code, r.city_code, r.agent_id, 0, r.k,
              CASE WHEN r.kind = 'build' THEN r.k * coalesce((SELECT s.capacity_kwp FROM stations s WHERE s.id = r.station_id), 0) ELSE 0 END,
              r.k * (extract(epoch from (r.finished_at - coalesce(r.dispatched_at, r.created_at))) / 86400)::numeric
       FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.team_id IS NOT NULL AND r.status = 'completed' AND r.finished_at IS NOT NULL)) AS x(day, team_id, kind, province_code, city_code, agent_id, dispatched, completed, kwp_built, lead_days) GROUP BY day, team_id, kind, province_code, city_code, agent_id HAVING sum(dispatched) <> 0 OR sum(completed) <> 0 OR sum(kwp_built) <> 0 OR sum(lead_days) <> 0
    ON CONFLICT ON CONSTRAINT stat_team_daily_key DO UPDATE SET dispatched = stat_team_daily.dispatched + excluded.dispatched, completed = stat_team_daily.completed + excluded.completed, kwp_built = stat_team_daily.kwp_built + excluded.kwp_built, lead_days = stat_team_daily.lead_days + excluded.lead_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_team_daily_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_team_daily (day, team_id, kind, province_code, city_code, agent_id, dispatched, completed, kwp_built, lead_days) SELECT day, team_id, kind, province_code, city_code, agent_id, sum(dispatched) AS dispatched, sum(completed) AS completed, sum(kwp_built) AS kwp_built, sum(lead_days) AS lead_days FROM ((SELECT (r.dispatched_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, r.kind, r.province_code, r.city_code, r.agent_id, r.k, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.team_id IS NOT NULL AND r.dispatched_at IS NOT NULL) UNION ALL (SELECT (r.finished_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, r.kind, r.province_code, r.city_code, r.agent_id, 0, r.k,
              CASE WHEN r.kind = 'build' THEN r.k * coalesce((SELECT s.capacity_kwp FROM stations s WHERE s.id = r.station_id), 0) ELSE 0 END,
              r.k * (extract(epoch from (r.finished_at - coalesce(r.dispatched_at, r.created_at))) / 86400)::numeric
       FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.team_id IS NOT NULL AND r.status = 'completed' AND r.finished_at IS NOT NULL)) AS x(day, team_id, kind, province_code, city_code, agent_id, dispatched, completed, kwp_built, lead_days) GROUP BY day, team_id, kind, province_code, city_code, agent_id HAVING sum(dispatched) <> 0 OR sum(completed) <> 0 OR sum(kwp_built) <> 0 OR sum(lead_days) <> 0
    ON CONFLICT ON CONSTRAINT stat_team_daily_key DO UPDATE SET dispatched = stat_team_daily.dispatched + excluded.dispatched, completed = stat_team_daily.completed + excluded.completed, kwp_built = stat_team_daily.kwp_built + excluded.kwp_built, lead_days = stat_team_daily.lead_days + excluded.lead_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_team_daily_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_team_daily;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stat_team_daily_ins AFTER INSERT ON work_orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_team_daily_ins();
--> statement-breakpoint
CREATE TRIGGER stat_team_daily_del AFTER DELETE ON work_orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_team_daily_del();
--> statement-breakpoint
CREATE TRIGGER stat_team_daily_upd AFTER UPDATE ON work_orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_team_daily_upd();
--> statement-breakpoint
CREATE TRIGGER stat_team_daily_trunc AFTER TRUNCATE ON work_orders FOR EACH STATEMENT EXECUTE FUNCTION stat_team_daily_trunc();
--> statement-breakpoint
INSERT INTO stat_team_daily (day, team_id, kind, province_code, city_code, agent_id, dispatched, completed, kwp_built, lead_days) SELECT day, team_id, kind, province_code, city_code, agent_id, sum(dispatched) AS dispatched, sum(completed) AS completed, sum(kwp_built) AS kwp_built, sum(lead_days) AS lead_days FROM ((SELECT (r.dispatched_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, r.kind, r.province_code, r.city_code, r.agent_id, r.k, 0, 0, 0 FROM (SELECT 1 AS k, * FROM work_orders) r WHERE r.team_id IS NOT NULL AND r.dispatched_at IS NOT NULL) UNION ALL (SELECT (r.finished_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, r.kind, r.province_code, r.city_code, r.agent_id, 0, r.k,
              CASE WHEN r.kind = 'build' THEN r.k * coalesce((SELECT s.capacity_kwp FROM stations s WHERE s.id = r.station_id), 0) ELSE 0 END,
              r.k * (extract(epoch from (r.finished_at - coalesce(r.dispatched_at, r.created_at))) / 86400)::numeric
       FROM (SELECT 1 AS k, * FROM work_orders) r WHERE r.team_id IS NOT NULL AND r.status = 'completed' AND r.finished_at IS NOT NULL)) AS x(day, team_id, kind, province_code, city_code, agent_id, dispatched, completed, kwp_built, lead_days) GROUP BY day, team_id, kind, province_code, city_code, agent_id HAVING sum(dispatched) <> 0 OR sum(completed) <> 0 OR sum(kwp_built) <> 0 OR sum(lead_days) <> 0;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_audit_daily_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_audit_daily (day, kind, province_code, city_code, agent_id, team_id, approved, rejected, first_decided, first_approved) SELECT day, kind, province_code, city_code, agent_id, team_id, sum(approved) AS approved, sum(rejected) AS rejected, sum(first_decided) AS first_decided, sum(first_approved) AS first_approved FROM ((SELECT (r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.kind, r.province_code, r.city_code, r.agent_id, r.submitted_by,
              r.k * (r.result = 'approved')::int, r.k * (r.result = 'rejected')::int, r.k * (r.attempt = 1)::int, r.k * (r.attempt = 1 AND r.result = 'approved')::int
       FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.result IN ('approved', 'rejected') AND r.reviewed_at IS NOT NULL)) AS x(day, kind, province_code, city_code, agent_id, team_id, approved, rejected, first_decided, first_approved) GROUP BY day, kind, province_code, city_code, agent_id, team_id HAVING sum(approved) <> 0 OR sum(rejected) <> 0 OR sum(first_decided) <> 0 OR sum(first_approved) <> 0
    ON CONFLICT ON CONSTRAINT stat_audit_daily_key DO UPDATE SET approved = stat_audit_daily.approved + excluded.approved, rejected = stat_audit_daily.rejected + excluded.rejected, first_decided = stat_audit_daily.first_decided + excluded.first_decided, first_approved = stat_audit_daily.first_approved + excluded.first_approved;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_audit_daily_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_audit_daily (day, kind, province_code, city_code, agent_id, team_id, approved, rejected, first_decided, first_approved) SELECT day, kind, province_code, city_code, agent_id, team_id, sum(approved) AS approved, sum(rejected) AS rejected, sum(first_decided) AS first_decided, sum(first_approved) AS first_approved FROM ((SELECT (r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.kind, r.province_code, r.city_code, r.agent_id, r.submitted_by,
              r.k * (r.result = 'approved')::int, r.k * (r.result = 'rejected')::int, r.k * (r.attempt = 1)::int, r.k * (r.attempt = 1 AND r.result = 'approved')::int
       FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.result IN ('approved', 'rejected') AND r.reviewed_at IS NOT NULL)) AS x(day, kind, province_code, city_code, agent_id, team_id, approved, rejected, first_decided, first_approved) GROUP BY day, kind, province_code, city_code, agent_id, team_id HAVING sum(approved) <> 0 OR sum(rejected) <> 0 OR sum(first_decided) <> 0 OR sum(first_approved) <> 0
    ON CONFLICT ON CONSTRAINT stat_audit_daily_key DO UPDATE SET approved = stat_audit_daily.approved + excluded.approved, rejected = stat_audit_daily.rejected + excluded.rejected, first_decided = stat_audit_daily.first_decided + excluded.first_decided, first_approved = stat_audit_daily.first_approved + excluded.first_approved;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_audit_daily_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_audit_daily (day, kind, province_code, city_code, agent_id, team_id, approved, rejected, first_decided, first_approved) SELECT day, kind, province_code, city_code, agent_id, team_id, sum(approved) AS approved, sum(rejected) AS rejected, sum(first_decided) AS first_decided, sum(first_approved) AS first_approved FROM ((SELECT (r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.kind, r.province_code, r.city_code, r.agent_id, r.submitted_by,
              r.k * (r.result = 'approved')::int, r.k * (r.result = 'rejected')::int, r.k * (r.attempt = 1)::int, r.k * (r.attempt = 1 AND r.result = 'approved')::int
       FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.result IN ('approved', 'rejected') AND r.reviewed_at IS NOT NULL)) AS x(day, kind, province_code, city_code, agent_id, team_id, approved, rejected, first_decided, first_approved) GROUP BY day, kind, province_code, city_code, agent_id, team_id HAVING sum(approved) <> 0 OR sum(rejected) <> 0 OR sum(first_decided) <> 0 OR sum(first_approved) <> 0
    ON CONFLICT ON CONSTRAINT stat_audit_daily_key DO UPDATE SET approved = stat_audit_daily.approved + excluded.approved, rejected = stat_audit_daily.rejected + excluded.rejected, first_decided = stat_audit_daily.first_decided + excluded.first_decided, first_approved = stat_audit_daily.first_approved + excluded.first_approved;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_audit_daily_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_audit_daily;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stat_audit_daily_ins AFTER INSERT ON self_audits REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_audit_daily_ins();
--> statement-breakpoint
CREATE TRIGGER stat_audit_daily_del AFTER DELETE ON self_audits REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_audit_daily_del();
--> statement-breakpoint
CREATE TRIGGER stat_audit_daily_upd AFTER UPDATE ON self_audits REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_audit_daily_upd();
--> statement-breakpoint
CREATE TRIGGER stat_audit_daily_trunc AFTER TRUNCATE ON self_audits FOR EACH STATEMENT EXECUTE FUNCTION stat_audit_daily_trunc();
--> statement-breakpoint
INSERT INTO stat_audit_daily (day, kind, province_code, city_code, agent_id, team_id, approved, rejected, first_decided, first_approved) SELECT day, kind, province_code, city_code, agent_id, team_id, sum(approved) AS approved, sum(rejected) AS rejected, sum(first_decided) AS first_decided, sum(first_approved) AS first_approved FROM ((SELECT (r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.kind, r.province_code, r.city_code, r.agent_id, r.submitted_by,
              r.k * (r.result = 'approved')::int, r.k * (r.result = 'rejected')::int, r.k * (r.attempt = 1)::int, r.k * (r.attempt = 1 AND r.result = 'approved')::int
       FROM (SELECT 1 AS k, * FROM self_audits) r WHERE r.result IN ('approved', 'rejected') AND r.reviewed_at IS NOT NULL)) AS x(day, kind, province_code, city_code, agent_id, team_id, approved, rejected, first_decided, first_approved) GROUP BY day, kind, province_code, city_code, agent_id, team_id HAVING sum(approved) <> 0 OR sum(rejected) <> 0 OR sum(first_decided) <> 0 OR sum(first_approved) <> 0;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_reject_daily_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_reject_daily (day, kind, item, province_code, city_code, agent_id, n) SELECT day, kind, item, province_code, city_code, agent_id, sum(n) AS n FROM ((SELECT (r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.kind, (e.value ->> 'key')::varchar(64), r.province_code, r.city_code, r.agent_id, r.k
       FROM (SELECT 1 AS k, * FROM new_rows) r CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r.items) = 'array' THEN r.items ELSE '[]'::jsonb END) e
       WHERE r.result = 'rejected' AND r.reviewed_at IS NOT NULL AND e.value ->> 'result' = 'fail' AND e.value ->> 'key' IS NOT NULL)) AS x(day, kind, item, province_code, city_code, agent_id, n) GROUP BY day, kind, item, province_code, city_code, agent_id HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT stat_reject_daily_key DO UPDATE SET n = stat_reject_daily.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_reject_daily_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_reject_daily (day, kind, item, province_code, city_code, agent_id, n) SELECT day, kind, item, province_code, city_code, agent_id, sum(n) AS n FROM ((SELECT (r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.kind, (e.value ->> 'key')::varchar(64), r.province_code, r.city_code, r.agent_id, r.k
       FROM (SELECT -1 AS k, * FROM old_rows) r CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r.items) = 'array' THEN r.items ELSE '[]'::jsonb END) e
       WHERE r.result = 'rejected' AND r.reviewed_at IS NOT NULL AND e.value ->> 'result' = 'fail' AND e.value ->> 'key' IS NOT NULL)) AS x(day, kind, item, province_code, city_code, agent_id, n) GROUP BY day, kind, item, province_code, city_code, agent_id HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT stat_reject_daily_key DO UPDATE SET n = stat_reject_daily.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_reject_daily_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_reject_daily (day, kind, item, province_code, city_code, agent_id, n) SELECT day, kind, item, province_code, city_code, agent_id, sum(n) AS n FROM ((SELECT (r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.kind, (e.value ->> 'key')::varchar(64), r.province_code, r.city_code, r.agent_id, r.k
       FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r.items) = 'array' THEN r.items ELSE '[]'::jsonb END) e
       WHERE r.result = 'rejected' AND r.reviewed_at IS NOT NULL AND e.value ->> 'result' = 'fail' AND e.value ->> 'key' IS NOT NULL)) AS x(day, kind, item, province_code, city_code, agent_id, n) GROUP BY day, kind, item, province_code, city_code, agent_id HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT stat_reject_daily_key DO UPDATE SET n = stat_reject_daily.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_reject_daily_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_reject_daily;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stat_reject_daily_ins AFTER INSERT ON self_audits REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_reject_daily_ins();
--> statement-breakpoint
CREATE TRIGGER stat_reject_daily_del AFTER DELETE ON self_audits REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_reject_daily_del();
--> statement-breakpoint
CREATE TRIGGER stat_reject_daily_upd AFTER UPDATE ON self_audits REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_reject_daily_upd();
--> statement-breakpoint
CREATE TRIGGER stat_reject_daily_trunc AFTER TRUNCATE ON self_audits FOR EACH STATEMENT EXECUTE FUNCTION stat_reject_daily_trunc();
--> statement-breakpoint
INSERT INTO stat_reject_daily (day, kind, item, province_code, city_code, agent_id, n) SELECT day, kind, item, province_code, city_code, agent_id, sum(n) AS n FROM ((SELECT (r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.kind, (e.value ->> 'key')::varchar(64), r.province_code, r.city_code, r.agent_id, r.k
       FROM (SELECT 1 AS k, * FROM self_audits) r CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r.items) = 'array' THEN r.items ELSE '[]'::jsonb END) e
       WHERE r.result = 'rejected' AND r.reviewed_at IS NOT NULL AND e.value ->> 'result' = 'fail' AND e.value ->> 'key' IS NOT NULL)) AS x(day, kind, item, province_code, city_code, agent_id, n) GROUP BY day, kind, item, province_code, city_code, agent_id HAVING sum(n) <> 0;
--> statement-breakpoint
INSERT INTO stat_target_config (id, utilisation_hours, co2_kg_per_kwh, coal_kg_per_kwh, version) VALUES (1, 1286, 0.5366, 0.3034, 0) ON CONFLICT DO NOTHING;
