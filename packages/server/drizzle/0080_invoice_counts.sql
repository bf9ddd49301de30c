CREATE TABLE "invoice_counts" (
	"direction" varchar(4) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"status" varchar(12) NOT NULL,
	"match_state" varchar(8) NOT NULL,
	"is_red" boolean NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_counts_key" UNIQUE NULLS NOT DISTINCT("direction","kind","status","match_state","is_red")
);
--> statement-breakpoint
-- 发票 list totals (issue 15): invoice_counts kept by statement triggers generated from its declaration in src/modules/statistic/rollup.ts (scripts/rollup-migration.ts).
CREATE OR REPLACE FUNCTION invoice_counts_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO invoice_counts (direction, kind, status, match_state, is_red, n) SELECT direction, kind, status, match_state, is_red, sum(n) AS n FROM ((SELECT r.direction, r.kind, r.status, r.match_state, r.is_red, r.k FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(direction, kind, status, match_state, is_red, n) GROUP BY direction, kind, status, match_state, is_red HAVING sum(n) <> 0 ORDER BY direction, kind, status, match_state, is_red
    ON CONFLICT ON CONSTRAINT invoice_counts_key DO UPDATE SET n = invoice_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_counts_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO invoice_counts (direction, kind, status, match_state, is_red, n) SELECT direction, kind, status, match_state, is_red, sum(n) AS n FROM ((SELECT r.direction, r.kind, r.status, r.match_state, r.is_red, r.k FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(direction, kind, status, match_state, is_red, n) GROUP BY direction, kind, status, match_state, is_red HAVING sum(n) <> 0 ORDER BY direction, kind, status, match_state, is_red
    ON CONFLICT ON CONSTRAINT invoice_counts_key DO UPDATE SET n = invoice_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_counts_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO invoice_counts (direction, kind, status, match_state, is_red, n) SELECT direction, kind, status, match_state, is_red, sum(n) AS n FROM ((SELECT r.direction, r.kind, r.status, r.match_state, r.is_red, r.k FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(direction, kind, status, match_state, is_red, n) GROUP BY direction, kind, status, match_state, is_red HAVING sum(n) <> 0 ORDER BY direction, kind, status, match_state, is_red
    ON CONFLICT ON CONSTRAINT invoice_counts_key DO UPDATE SET n = invoice_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_counts_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM invoice_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoice_counts_ins AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_counts_ins();
--> statement-breakpoint
CREATE TRIGGER invoice_counts_del AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_counts_del();
--> statement-breakpoint
CREATE TRIGGER invoice_counts_upd AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_counts_upd();
--> statement-breakpoint
CREATE TRIGGER invoice_counts_trunc AFTER TRUNCATE ON invoices FOR EACH STATEMENT EXECUTE FUNCTION invoice_counts_trunc();
--> statement-breakpoint
INSERT INTO invoice_counts (direction, kind, status, match_state, is_red, n) SELECT direction, kind, status, match_state, is_red, sum(n) AS n FROM ((SELECT r.direction, r.kind, r.status, r.match_state, r.is_red, r.k FROM (SELECT 1 AS k, * FROM invoices) r)) AS x(direction, kind, status, match_state, is_red, n) GROUP BY direction, kind, status, match_state, is_red HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT invoice_counts_key DO UPDATE SET n = excluded.n;
