-- Keep customer_counts exact: statement-level triggers with transition tables, so a bulk
-- INSERT ... SELECT of a million rows updates the counters once per group, not once per row.
CREATE OR REPLACE FUNCTION customer_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO customer_counts (stage, status, province_code, agent_id, n)
    SELECT stage, status, province_code, agent_id, count(*) FROM new_rows GROUP BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT customer_counts_key DO UPDATE SET n = customer_counts.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO customer_counts (stage, status, province_code, agent_id, n)
    SELECT stage, status, province_code, agent_id, -count(*) FROM old_rows GROUP BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT customer_counts_key DO UPDATE SET n = customer_counts.n + excluded.n;
  ELSE
    INSERT INTO customer_counts (stage, status, province_code, agent_id, n)
    SELECT stage, status, province_code, agent_id, sum(d) FROM (
      SELECT stage, status, province_code, agent_id, 1 AS d FROM new_rows
      UNION ALL
      SELECT stage, status, province_code, agent_id, -1 AS d FROM old_rows
    ) x GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0
    ON CONFLICT ON CONSTRAINT customer_counts_key DO UPDATE SET n = customer_counts.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION customer_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM customer_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customers_counts_ins AFTER INSERT ON customers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_apply();
--> statement-breakpoint
CREATE TRIGGER customers_counts_del AFTER DELETE ON customers REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_apply();
--> statement-breakpoint
CREATE TRIGGER customers_counts_upd AFTER UPDATE ON customers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_apply();
--> statement-breakpoint
CREATE TRIGGER customers_counts_truncate AFTER TRUNCATE ON customers
  FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_truncate();
--> statement-breakpoint
-- databases that already hold customers start from an exact count
INSERT INTO customer_counts (stage, status, province_code, agent_id, n)
SELECT stage, status, province_code, agent_id, count(*) FROM customers GROUP BY 1, 2, 3, 4;
