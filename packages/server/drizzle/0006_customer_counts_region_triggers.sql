-- Also keep customer_counts_region (no agent column: a few hundred rows) in the same triggers.
CREATE OR REPLACE FUNCTION customer_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH d AS (
      SELECT stage, status, province_code, agent_id, sum(k) AS n FROM (SELECT stage, status, province_code, agent_id, 1 AS k FROM new_rows) x GROUP BY 1, 2, 3, 4 HAVING sum(k) <> 0
    ), fine AS (
      INSERT INTO customer_counts (stage, status, province_code, agent_id, n) SELECT stage, status, province_code, agent_id, n FROM d
      ON CONFLICT ON CONSTRAINT customer_counts_key DO UPDATE SET n = customer_counts.n + excluded.n
    )
    INSERT INTO customer_counts_region (stage, status, province_code, n)
    SELECT stage, status, province_code, sum(n) FROM d GROUP BY 1, 2, 3
    ON CONFLICT (stage, status, province_code) DO UPDATE SET n = customer_counts_region.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    WITH d AS (
      SELECT stage, status, province_code, agent_id, sum(k) AS n FROM (SELECT stage, status, province_code, agent_id, -1 AS k FROM old_rows) x GROUP BY 1, 2, 3, 4 HAVING sum(k) <> 0
    ), fine AS (
      INSERT INTO customer_counts (stage, status, province_code, agent_id, n) SELECT stage, status, province_code, agent_id, n FROM d
      ON CONFLICT ON CONSTRAINT customer_counts_key DO UPDATE SET n = customer_counts.n + excluded.n
    )
    INSERT INTO customer_counts_region (stage, status, province_code, n)
    SELECT stage, status, province_code, sum(n) FROM d GROUP BY 1, 2, 3
    ON CONFLICT (stage, status, province_code) DO UPDATE SET n = customer_counts_region.n + excluded.n;
  ELSE
    WITH d AS (
      SELECT stage, status, province_code, agent_id, sum(k) AS n FROM (SELECT stage, status, province_code, agent_id, 1 AS k FROM new_rows UNION ALL SELECT stage, status, province_code, agent_id, -1 AS k FROM old_rows) x GROUP BY 1, 2, 3, 4 HAVING sum(k) <> 0
    ), fine AS (
      INSERT INTO customer_counts (stage, status, province_code, agent_id, n) SELECT stage, status, province_code, agent_id, n FROM d
      ON CONFLICT ON CONSTRAINT customer_counts_key DO UPDATE SET n = customer_counts.n + excluded.n
    )
    INSERT INTO customer_counts_region (stage, status, province_code, n)
    SELECT stage, status, province_code, sum(n) FROM d GROUP BY 1, 2, 3
    ON CONFLICT (stage, status, province_code) DO UPDATE SET n = customer_counts_region.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION customer_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM customer_counts;
  DELETE FROM customer_counts_region;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO customer_counts_region (stage, status, province_code, n)
SELECT stage, status, province_code, count(*) FROM customers GROUP BY 1, 2, 3;
