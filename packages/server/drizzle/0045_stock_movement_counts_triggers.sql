-- The stock ledger list's totals per warehouse and kind (issue 13): stock_movement_counts kept by statement
-- triggers generated from its declaration in src/modules/statistic/rollup.ts, then filled.
CREATE OR REPLACE FUNCTION stock_movement_counts_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_movement_counts (warehouse_id, kind, n) SELECT warehouse_id, kind, sum(n) AS n FROM ((SELECT r.warehouse_id, r.kind, r.k FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(warehouse_id, kind, n) GROUP BY warehouse_id, kind HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT stock_movement_counts_key DO UPDATE SET n = stock_movement_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_movement_counts_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_movement_counts (warehouse_id, kind, n) SELECT warehouse_id, kind, sum(n) AS n FROM ((SELECT r.warehouse_id, r.kind, r.k FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(warehouse_id, kind, n) GROUP BY warehouse_id, kind HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT stock_movement_counts_key DO UPDATE SET n = stock_movement_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_movement_counts_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_movement_counts (warehouse_id, kind, n) SELECT warehouse_id, kind, sum(n) AS n FROM ((SELECT r.warehouse_id, r.kind, r.k FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(warehouse_id, kind, n) GROUP BY warehouse_id, kind HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT stock_movement_counts_key DO UPDATE SET n = stock_movement_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_movement_counts_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stock_movement_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stock_movement_counts_ins AFTER INSERT ON stock_movements REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_movement_counts_ins();
--> statement-breakpoint
CREATE TRIGGER stock_movement_counts_del AFTER DELETE ON stock_movements REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_movement_counts_del();
--> statement-breakpoint
CREATE TRIGGER stock_movement_counts_upd AFTER UPDATE ON stock_movements REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_movement_counts_upd();
--> statement-breakpoint
CREATE TRIGGER stock_movement_counts_trunc AFTER TRUNCATE ON stock_movements FOR EACH STATEMENT EXECUTE FUNCTION stock_movement_counts_trunc();
--> statement-breakpoint
INSERT INTO stock_movement_counts (warehouse_id, kind, n) SELECT warehouse_id, kind, sum(n) AS n FROM ((SELECT r.warehouse_id, r.kind, r.k FROM (SELECT 1 AS k, * FROM stock_movements) r)) AS x(warehouse_id, kind, n) GROUP BY warehouse_id, kind HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT stock_movement_counts_key DO UPDATE SET n = excluded.n;
