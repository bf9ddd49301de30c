-- Counter and rollup trigger functions upsert in key order (ORDER BY the key), so two transactions that move
-- records between the same counter rows — a station frozen while another in its province is unfrozen — lock
-- those rows in one order and wait for each other instead of deadlocking (the load bench met one as a 500).
-- Generated rollups: their functions from statistic/rollup.ts triggerSql (ordered since migration 0065; a feed's
-- truncate function is its rebuild, now ordered too); the four hand-written counters of 0002/0006/0011 after them.
-- The triggers stay and call the new bodies.
CREATE OR REPLACE FUNCTION lease_contract_counts_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lease_contract_counts (status, pay_cycle, province_code, city_code, agent_id, n) SELECT status, pay_cycle, province_code, city_code, agent_id, sum(n) AS n FROM ((SELECT r.status, r.pay_cycle, r.province_code, r.city_code, r.agent_id, r.k FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(status, pay_cycle, province_code, city_code, agent_id, n) GROUP BY status, pay_cycle, province_code, city_code, agent_id HAVING sum(n) <> 0 ORDER BY status, pay_cycle, province_code, city_code, agent_id
    ON CONFLICT ON CONSTRAINT lease_contract_counts_key DO UPDATE SET n = lease_contract_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lease_contract_counts_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lease_contract_counts (status, pay_cycle, province_code, city_code, agent_id, n) SELECT status, pay_cycle, province_code, city_code, agent_id, sum(n) AS n FROM ((SELECT r.status, r.pay_cycle, r.province_code, r.city_code, r.agent_id, r.k FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(status, pay_cycle, province_code, city_code, agent_id, n) GROUP BY status, pay_cycle, province_code, city_code, agent_id HAVING sum(n) <> 0 ORDER BY status, pay_cycle, province_code, city_code, agent_id
    ON CONFLICT ON CONSTRAINT lease_contract_counts_key DO UPDATE SET n = lease_contract_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lease_contract_counts_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lease_contract_counts (status, pay_cycle, province_code, city_code, agent_id, n) SELECT status, pay_cycle, province_code, city_code, agent_id, sum(n) AS n FROM ((SELECT r.status, r.pay_cycle, r.province_code, r.city_code, r.agent_id, r.k FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(status, pay_cycle, province_code, city_code, agent_id, n) GROUP BY status, pay_cycle, province_code, city_code, agent_id HAVING sum(n) <> 0 ORDER BY status, pay_cycle, province_code, city_code, agent_id
    ON CONFLICT ON CONSTRAINT lease_contract_counts_key DO UPDATE SET n = lease_contract_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lease_contract_counts_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM lease_contract_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lease_contract_counts_region_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lease_contract_counts_region (status, pay_cycle, province_code, city_code, n) SELECT status, pay_cycle, province_code, city_code, sum(n) AS n FROM ((SELECT r.status, r.pay_cycle, r.province_code, r.city_code, r.k FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(status, pay_cycle, province_code, city_code, n) GROUP BY status, pay_cycle, province_code, city_code HAVING sum(n) <> 0 ORDER BY status, pay_cycle, province_code, city_code
    ON CONFLICT ON CONSTRAINT lease_contract_counts_region_key DO UPDATE SET n = lease_contract_counts_region.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lease_contract_counts_region_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lease_contract_counts_region (status, pay_cycle, province_code, city_code, n) SELECT status, pay_cycle, province_code, city_code, sum(n) AS n FROM ((SELECT r.status, r.pay_cycle, r.province_code, r.city_code, r.k FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(status, pay_cycle, province_code, city_code, n) GROUP BY status, pay_cycle, province_code, city_code HAVING sum(n) <> 0 ORDER BY status, pay_cycle, province_code, city_code
    ON CONFLICT ON CONSTRAINT lease_contract_counts_region_key DO UPDATE SET n = lease_contract_counts_region.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lease_contract_counts_region_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lease_contract_counts_region (status, pay_cycle, province_code, city_code, n) SELECT status, pay_cycle, province_code, city_code, sum(n) AS n FROM ((SELECT r.status, r.pay_cycle, r.province_code, r.city_code, r.k FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(status, pay_cycle, province_code, city_code, n) GROUP BY status, pay_cycle, province_code, city_code HAVING sum(n) <> 0 ORDER BY status, pay_cycle, province_code, city_code
    ON CONFLICT ON CONSTRAINT lease_contract_counts_region_key DO UPDATE SET n = lease_contract_counts_region.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lease_contract_counts_region_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM lease_contract_counts_region;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rent_bill_counts_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rent_bill_counts (status, province_code, city_code, agent_id, due_date, n, amount_due, deduction, amount_payable) SELECT status, province_code, city_code, agent_id, due_date, sum(n) AS n, sum(amount_due) AS amount_due, sum(deduction) AS deduction, sum(amount_payable) AS amount_payable FROM ((SELECT r.status, r.province_code, r.city_code, r.agent_id, r.due_date, r.k, r.k * r.amount_due, r.k * r.deduction, r.k * r.amount_payable FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(status, province_code, city_code, agent_id, due_date, n, amount_due, deduction, amount_payable) GROUP BY status, province_code, city_code, agent_id, due_date HAVING sum(n) <> 0 OR sum(amount_due) <> 0 OR sum(deduction) <> 0 OR sum(amount_payable) <> 0 ORDER BY status, province_code, city_code, agent_id, due_date
    ON CONFLICT ON CONSTRAINT rent_bill_counts_key DO UPDATE SET n = rent_bill_counts.n + excluded.n, amount_due = rent_bill_counts.amount_due + excluded.amount_due, deduction = rent_bill_counts.deduction + excluded.deduction, amount_payable = rent_bill_counts.amount_payable + excluded.amount_payable;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rent_bill_counts_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rent_bill_counts (status, province_code, city_code, agent_id, due_date, n, amount_due, deduction, amount_payable) SELECT status, province_code, city_code, agent_id, due_date, sum(n) AS n, sum(amount_due) AS amount_due, sum(deduction) AS deduction, sum(amount_payable) AS amount_payable FROM ((SELECT r.status, r.province_code, r.city_code, r.agent_id, r.due_date, r.k, r.k * r.amount_due, r.k * r.deduction, r.k * r.amount_payable FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(status, province_code, city_code, agent_id, due_date, n, amount_due, deduction, amount_payable) GROUP BY status, province_code, city_code, agent_id, due_date HAVING sum(n) <> 0 OR sum(amount_due) <> 0 OR sum(deduction) <> 0 OR sum(amount_payable) <> 0 ORDER BY status, province_code, city_code, agent_id, due_date
    ON CONFLICT ON CONSTRAINT rent_bill_counts_key DO UPDATE SET n = rent_bill_counts.n + excluded.n, amount_due = rent_bill_counts.amount_due + excluded.amount_due, deduction = rent_bill_counts.deduction + excluded.deduction, amount_payable = rent_bill_counts.amount_payable + excluded.amount_payable;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rent_bill_counts_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rent_bill_counts (status, province_code, city_code, agent_id, due_date, n, amount_due, deduction, amount_payable) SELECT status, province_code, city_code, agent_id, due_date, sum(n) AS n, sum(amount_due) AS amount_due, sum(deduction) AS deduction, sum(amount_payable) AS amount_payable FROM ((SELECT r.status, r.province_code, r.city_code, r.agent_id, r.due_date, r.k, r.k * r.amount_due, r.k * r.deduction, r.k * r.amount_payable FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(status, province_code, city_code, agent_id, due_date, n, amount_due, deduction, amount_payable) GROUP BY status, province_code, city_code, agent_id, due_date HAVING sum(n) <> 0 OR sum(amount_due) <> 0 OR sum(deduction) <> 0 OR sum(amount_payable) <> 0 ORDER BY status, province_code, city_code, agent_id, due_date
    ON CONFLICT ON CONSTRAINT rent_bill_counts_key DO UPDATE SET n = rent_bill_counts.n + excluded.n, amount_due = rent_bill_counts.amount_due + excluded.amount_due, deduction = rent_bill_counts.deduction + excluded.deduction, amount_payable = rent_bill_counts.amount_payable + excluded.amount_payable;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rent_bill_counts_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM rent_bill_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rent_bill_counts_region_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rent_bill_counts_region (status, period, province_code, city_code, due_date, n, amount_due, deduction, amount_payable) SELECT status, period, province_code, city_code, due_date, sum(n) AS n, sum(amount_due) AS amount_due, sum(deduction) AS deduction, sum(amount_payable) AS amount_payable FROM ((SELECT r.status, r.period, r.province_code, r.city_code, r.due_date, r.k, r.k * r.amount_due, r.k * r.deduction, r.k * r.amount_payable FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(status, period, province_code, city_code, due_date, n, amount_due, deduction, amount_payable) GROUP BY status, period, province_code, city_code, due_date HAVING sum(n) <> 0 OR sum(amount_due) <> 0 OR sum(deduction) <> 0 OR sum(amount_payable) <> 0 ORDER BY status, period, province_code, city_code, due_date
    ON CONFLICT ON CONSTRAINT rent_bill_counts_region_key DO UPDATE SET n = rent_bill_counts_region.n + excluded.n, amount_due = rent_bill_counts_region.amount_due + excluded.amount_due, deduction = rent_bill_counts_region.deduction + excluded.deduction, amount_payable = rent_bill_counts_region.amount_payable + excluded.amount_payable;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rent_bill_counts_region_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rent_bill_counts_region (status, period, province_code, city_code, due_date, n, amount_due, deduction, amount_payable) SELECT status, period, province_code, city_code, due_date, sum(n) AS n, sum(amount_due) AS amount_due, sum(deduction) AS deduction, sum(amount_payable) AS amount_payable FROM ((SELECT r.status, r.period, r.province_code, r.city_code, r.due_date, r.k, r.k * r.amount_due, r.k * r.deduction, r.k * r.amount_payable FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(status, period, province_code, city_code, due_date, n, amount_due, deduction, amount_payable) GROUP BY status, period, province_code, city_code, due_date HAVING sum(n) <> 0 OR sum(amount_due) <> 0 OR sum(deduction) <> 0 OR sum(amount_payable) <> 0 ORDER BY status, period, province_code, city_code, due_date
    ON CONFLICT ON CONSTRAINT rent_bill_counts_region_key DO UPDATE SET n = rent_bill_counts_region.n + excluded.n, amount_due = rent_bill_counts_region.amount_due + excluded.amount_due, deduction = rent_bill_counts_region.deduction + excluded.deduction, amount_payable = rent_bill_counts_region.amount_payable + excluded.amount_payable;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rent_bill_counts_region_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rent_bill_counts_region (status, period, province_code, city_code, due_date, n, amount_due, deduction, amount_payable) SELECT status, period, province_code, city_code, due_date, sum(n) AS n, sum(amount_due) AS amount_due, sum(deduction) AS deduction, sum(amount_payable) AS amount_payable FROM ((SELECT r.status, r.period, r.province_code, r.city_code, r.due_date, r.k, r.k * r.amount_due, r.k * r.deduction, r.k * r.amount_payable FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(status, period, province_code, city_code, due_date, n, amount_due, deduction, amount_payable) GROUP BY status, period, province_code, city_code, due_date HAVING sum(n) <> 0 OR sum(amount_due) <> 0 OR sum(deduction) <> 0 OR sum(amount_payable) <> 0 ORDER BY status, period, province_code, city_code, due_date
    ON CONFLICT ON CONSTRAINT rent_bill_counts_region_key DO UPDATE SET n = rent_bill_counts_region.n + excluded.n, amount_due = rent_bill_counts_region.amount_due + excluded.amount_due, deduction = rent_bill_counts_region.deduction + excluded.deduction, amount_payable = rent_bill_counts_region.amount_payable + excluded.amount_payable;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rent_bill_counts_region_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM rent_bill_counts_region;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_audit_daily_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_audit_daily (day, kind, province_code, city_code, agent_id, team_id, approved, rejected, first_decided, first_approved) SELECT day, kind, province_code, city_code, agent_id, team_id, sum(approved) AS approved, sum(rejected) AS rejected, sum(first_decided) AS first_decided, sum(first_approved) AS first_approved FROM ((SELECT (r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.kind, r.province_code, r.city_code, r.agent_id, r.submitted_by,
                r.k * (r.result = 'approved')::int, r.k * (r.result = 'rejected')::int, r.k * (r.attempt = 1)::int, r.k * (r.attempt = 1 AND r.result = 'approved')::int
         FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.result IN ('approved', 'rejected') AND r.reviewed_at IS NOT NULL)) AS x(day, kind, province_code, city_code, agent_id, team_id, approved, rejected, first_decided, first_approved) GROUP BY day, kind, province_code, city_code, agent_id, team_id HAVING sum(approved) <> 0 OR sum(rejected) <> 0 OR sum(first_decided) <> 0 OR sum(first_approved) <> 0 ORDER BY day, kind, province_code, city_code, agent_id, team_id
    ON CONFLICT ON CONSTRAINT stat_audit_daily_key DO UPDATE SET approved = stat_audit_daily.approved + excluded.approved, rejected = stat_audit_daily.rejected + excluded.rejected, first_decided = stat_audit_daily.first_decided + excluded.first_decided, first_approved = stat_audit_daily.first_approved + excluded.first_approved;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_audit_daily_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_audit_daily (day, kind, province_code, city_code, agent_id, team_id, approved, rejected, first_decided, first_approved) SELECT day, kind, province_code, city_code, agent_id, team_id, sum(approved) AS approved, sum(rejected) AS rejected, sum(first_decided) AS first_decided, sum(first_approved) AS first_approved FROM ((SELECT (r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.kind, r.province_code, r.city_code, r.agent_id, r.submitted_by,
                r.k * (r.result = 'approved')::int, r.k * (r.result = 'rejected')::int, r.k * (r.attempt = 1)::int, r.k * (r.attempt = 1 AND r.result = 'approved')::int
         FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.result IN ('approved', 'rejected') AND r.reviewed_at IS NOT NULL)) AS x(day, kind, province_code, city_code, agent_id, team_id, approved, rejected, first_decided, first_approved) GROUP BY day, kind, province_code, city_code, agent_id, team_id HAVING sum(approved) <> 0 OR sum(rejected) <> 0 OR sum(first_decided) <> 0 OR sum(first_approved) <> 0 ORDER BY day, kind, province_code, city_code, agent_id, team_id
    ON CONFLICT ON CONSTRAINT stat_audit_daily_key DO UPDATE SET approved = stat_audit_daily.approved + excluded.approved, rejected = stat_audit_daily.rejected + excluded.rejected, first_decided = stat_audit_daily.first_decided + excluded.first_decided, first_approved = stat_audit_daily.first_approved + excluded.first_approved;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_audit_daily_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_audit_daily (day, kind, province_code, city_code, agent_id, team_id, approved, rejected, first_decided, first_approved) SELECT day, kind, province_code, city_code, agent_id, team_id, sum(approved) AS approved, sum(rejected) AS rejected, sum(first_decided) AS first_decided, sum(first_approved) AS first_approved FROM ((SELECT (r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.kind, r.province_code, r.city_code, r.agent_id, r.submitted_by,
                r.k * (r.result = 'approved')::int, r.k * (r.result = 'rejected')::int, r.k * (r.attempt = 1)::int, r.k * (r.attempt = 1 AND r.result = 'approved')::int
         FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.result IN ('approved', 'rejected') AND r.reviewed_at IS NOT NULL)) AS x(day, kind, province_code, city_code, agent_id, team_id, approved, rejected, first_decided, first_approved) GROUP BY day, kind, province_code, city_code, agent_id, team_id HAVING sum(approved) <> 0 OR sum(rejected) <> 0 OR sum(first_decided) <> 0 OR sum(first_approved) <> 0 ORDER BY day, kind, province_code, city_code, agent_id, team_id
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
CREATE OR REPLACE FUNCTION stat_audit_monthly_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_audit_monthly (day, kind, province_code, city_code, team_id, approved, rejected, first_decided, first_approved) SELECT day, kind, province_code, city_code, team_id, sum(approved) AS approved, sum(rejected) AS rejected, sum(first_decided) AS first_decided, sum(first_approved) AS first_approved FROM ((SELECT date_trunc('month', r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.kind, r.province_code, r.city_code, r.submitted_by,
                r.k * (r.result = 'approved')::int, r.k * (r.result = 'rejected')::int, r.k * (r.attempt = 1)::int, r.k * (r.attempt = 1 AND r.result = 'approved')::int
         FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.result IN ('approved', 'rejected') AND r.reviewed_at IS NOT NULL)) AS x(day, kind, province_code, city_code, team_id, approved, rejected, first_decided, first_approved) GROUP BY day, kind, province_code, city_code, team_id HAVING sum(approved) <> 0 OR sum(rejected) <> 0 OR sum(first_decided) <> 0 OR sum(first_approved) <> 0 ORDER BY day, kind, province_code, city_code, team_id
    ON CONFLICT ON CONSTRAINT stat_audit_monthly_key DO UPDATE SET approved = stat_audit_monthly.approved + excluded.approved, rejected = stat_audit_monthly.rejected + excluded.rejected, first_decided = stat_audit_monthly.first_decided + excluded.first_decided, first_approved = stat_audit_monthly.first_approved + excluded.first_approved;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_audit_monthly_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_audit_monthly (day, kind, province_code, city_code, team_id, approved, rejected, first_decided, first_approved) SELECT day, kind, province_code, city_code, team_id, sum(approved) AS approved, sum(rejected) AS rejected, sum(first_decided) AS first_decided, sum(first_approved) AS first_approved FROM ((SELECT date_trunc('month', r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.kind, r.province_code, r.city_code, r.submitted_by,
                r.k * (r.result = 'approved')::int, r.k * (r.result = 'rejected')::int, r.k * (r.attempt = 1)::int, r.k * (r.attempt = 1 AND r.result = 'approved')::int
         FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.result IN ('approved', 'rejected') AND r.reviewed_at IS NOT NULL)) AS x(day, kind, province_code, city_code, team_id, approved, rejected, first_decided, first_approved) GROUP BY day, kind, province_code, city_code, team_id HAVING sum(approved) <> 0 OR sum(rejected) <> 0 OR sum(first_decided) <> 0 OR sum(first_approved) <> 0 ORDER BY day, kind, province_code, city_code, team_id
    ON CONFLICT ON CONSTRAINT stat_audit_monthly_key DO UPDATE SET approved = stat_audit_monthly.approved + excluded.approved, rejected = stat_audit_monthly.rejected + excluded.rejected, first_decided = stat_audit_monthly.first_decided + excluded.first_decided, first_approved = stat_audit_monthly.first_approved + excluded.first_approved;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_audit_monthly_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_audit_monthly (day, kind, province_code, city_code, team_id, approved, rejected, first_decided, first_approved) SELECT day, kind, province_code, city_code, team_id, sum(approved) AS approved, sum(rejected) AS rejected, sum(first_decided) AS first_decided, sum(first_approved) AS first_approved FROM ((SELECT date_trunc('month', r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.kind, r.province_code, r.city_code, r.submitted_by,
                r.k * (r.result = 'approved')::int, r.k * (r.result = 'rejected')::int, r.k * (r.attempt = 1)::int, r.k * (r.attempt = 1 AND r.result = 'approved')::int
         FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.result IN ('approved', 'rejected') AND r.reviewed_at IS NOT NULL)) AS x(day, kind, province_code, city_code, team_id, approved, rejected, first_decided, first_approved) GROUP BY day, kind, province_code, city_code, team_id HAVING sum(approved) <> 0 OR sum(rejected) <> 0 OR sum(first_decided) <> 0 OR sum(first_approved) <> 0 ORDER BY day, kind, province_code, city_code, team_id
    ON CONFLICT ON CONSTRAINT stat_audit_monthly_key DO UPDATE SET approved = stat_audit_monthly.approved + excluded.approved, rejected = stat_audit_monthly.rejected + excluded.rejected, first_decided = stat_audit_monthly.first_decided + excluded.first_decided, first_approved = stat_audit_monthly.first_approved + excluded.first_approved;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_audit_monthly_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_audit_monthly;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_audit_province_monthly_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_audit_province_monthly (day, province_code, team_id, approved, rejected, first_decided, first_approved) SELECT day, province_code, team_id, sum(approved) AS approved, sum(rejected) AS rejected, sum(first_decided) AS first_decided, sum(first_approved) AS first_approved FROM ((SELECT date_trunc('month', r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.submitted_by,
                r.k * (r.result = 'approved')::int, r.k * (r.result = 'rejected')::int, r.k * (r.attempt = 1)::int, r.k * (r.attempt = 1 AND r.result = 'approved')::int
         FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.result IN ('approved', 'rejected') AND r.reviewed_at IS NOT NULL)) AS x(day, province_code, team_id, approved, rejected, first_decided, first_approved) GROUP BY day, province_code, team_id HAVING sum(approved) <> 0 OR sum(rejected) <> 0 OR sum(first_decided) <> 0 OR sum(first_approved) <> 0 ORDER BY day, province_code, team_id
    ON CONFLICT ON CONSTRAINT stat_audit_province_monthly_key DO UPDATE SET approved = stat_audit_province_monthly.approved + excluded.approved, rejected = stat_audit_province_monthly.rejected + excluded.rejected, first_decided = stat_audit_province_monthly.first_decided + excluded.first_decided, first_approved = stat_audit_province_monthly.first_approved + excluded.first_approved;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_audit_province_monthly_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_audit_province_monthly (day, province_code, team_id, approved, rejected, first_decided, first_approved) SELECT day, province_code, team_id, sum(approved) AS approved, sum(rejected) AS rejected, sum(first_decided) AS first_decided, sum(first_approved) AS first_approved FROM ((SELECT date_trunc('month', r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.submitted_by,
                r.k * (r.result = 'approved')::int, r.k * (r.result = 'rejected')::int, r.k * (r.attempt = 1)::int, r.k * (r.attempt = 1 AND r.result = 'approved')::int
         FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.result IN ('approved', 'rejected') AND r.reviewed_at IS NOT NULL)) AS x(day, province_code, team_id, approved, rejected, first_decided, first_approved) GROUP BY day, province_code, team_id HAVING sum(approved) <> 0 OR sum(rejected) <> 0 OR sum(first_decided) <> 0 OR sum(first_approved) <> 0 ORDER BY day, province_code, team_id
    ON CONFLICT ON CONSTRAINT stat_audit_province_monthly_key DO UPDATE SET approved = stat_audit_province_monthly.approved + excluded.approved, rejected = stat_audit_province_monthly.rejected + excluded.rejected, first_decided = stat_audit_province_monthly.first_decided + excluded.first_decided, first_approved = stat_audit_province_monthly.first_approved + excluded.first_approved;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_audit_province_monthly_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_audit_province_monthly (day, province_code, team_id, approved, rejected, first_decided, first_approved) SELECT day, province_code, team_id, sum(approved) AS approved, sum(rejected) AS rejected, sum(first_decided) AS first_decided, sum(first_approved) AS first_approved FROM ((SELECT date_trunc('month', r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.submitted_by,
                r.k * (r.result = 'approved')::int, r.k * (r.result = 'rejected')::int, r.k * (r.attempt = 1)::int, r.k * (r.attempt = 1 AND r.result = 'approved')::int
         FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.result IN ('approved', 'rejected') AND r.reviewed_at IS NOT NULL)) AS x(day, province_code, team_id, approved, rejected, first_decided, first_approved) GROUP BY day, province_code, team_id HAVING sum(approved) <> 0 OR sum(rejected) <> 0 OR sum(first_decided) <> 0 OR sum(first_approved) <> 0 ORDER BY day, province_code, team_id
    ON CONFLICT ON CONSTRAINT stat_audit_province_monthly_key DO UPDATE SET approved = stat_audit_province_monthly.approved + excluded.approved, rejected = stat_audit_province_monthly.rejected + excluded.rejected, first_decided = stat_audit_province_monthly.first_decided + excluded.first_decided, first_approved = stat_audit_province_monthly.first_approved + excluded.first_approved;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_audit_province_monthly_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_audit_province_monthly;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_audit_total_daily_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_audit_total_daily (day, team_id, approved, rejected, first_decided, first_approved) SELECT day, team_id, sum(approved) AS approved, sum(rejected) AS rejected, sum(first_decided) AS first_decided, sum(first_approved) AS first_approved FROM ((SELECT (r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.submitted_by,
                r.k * (r.result = 'approved')::int, r.k * (r.result = 'rejected')::int, r.k * (r.attempt = 1)::int, r.k * (r.attempt = 1 AND r.result = 'approved')::int
         FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.result IN ('approved', 'rejected') AND r.reviewed_at IS NOT NULL)) AS x(day, team_id, approved, rejected, first_decided, first_approved) GROUP BY day, team_id HAVING sum(approved) <> 0 OR sum(rejected) <> 0 OR sum(first_decided) <> 0 OR sum(first_approved) <> 0 ORDER BY day, team_id
    ON CONFLICT ON CONSTRAINT stat_audit_total_daily_key DO UPDATE SET approved = stat_audit_total_daily.approved + excluded.approved, rejected = stat_audit_total_daily.rejected + excluded.rejected, first_decided = stat_audit_total_daily.first_decided + excluded.first_decided, first_approved = stat_audit_total_daily.first_approved + excluded.first_approved;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_audit_total_daily_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_audit_total_daily (day, team_id, approved, rejected, first_decided, first_approved) SELECT day, team_id, sum(approved) AS approved, sum(rejected) AS rejected, sum(first_decided) AS first_decided, sum(first_approved) AS first_approved FROM ((SELECT (r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.submitted_by,
                r.k * (r.result = 'approved')::int, r.k * (r.result = 'rejected')::int, r.k * (r.attempt = 1)::int, r.k * (r.attempt = 1 AND r.result = 'approved')::int
         FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.result IN ('approved', 'rejected') AND r.reviewed_at IS NOT NULL)) AS x(day, team_id, approved, rejected, first_decided, first_approved) GROUP BY day, team_id HAVING sum(approved) <> 0 OR sum(rejected) <> 0 OR sum(first_decided) <> 0 OR sum(first_approved) <> 0 ORDER BY day, team_id
    ON CONFLICT ON CONSTRAINT stat_audit_total_daily_key DO UPDATE SET approved = stat_audit_total_daily.approved + excluded.approved, rejected = stat_audit_total_daily.rejected + excluded.rejected, first_decided = stat_audit_total_daily.first_decided + excluded.first_decided, first_approved = stat_audit_total_daily.first_approved + excluded.first_approved;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_audit_total_daily_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_audit_total_daily (day, team_id, approved, rejected, first_decided, first_approved) SELECT day, team_id, sum(approved) AS approved, sum(rejected) AS rejected, sum(first_decided) AS first_decided, sum(first_approved) AS first_approved FROM ((SELECT (r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.submitted_by,
                r.k * (r.result = 'approved')::int, r.k * (r.result = 'rejected')::int, r.k * (r.attempt = 1)::int, r.k * (r.attempt = 1 AND r.result = 'approved')::int
         FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.result IN ('approved', 'rejected') AND r.reviewed_at IS NOT NULL)) AS x(day, team_id, approved, rejected, first_decided, first_approved) GROUP BY day, team_id HAVING sum(approved) <> 0 OR sum(rejected) <> 0 OR sum(first_decided) <> 0 OR sum(first_approved) <> 0 ORDER BY day, team_id
    ON CONFLICT ON CONSTRAINT stat_audit_total_daily_key DO UPDATE SET approved = stat_audit_total_daily.approved + excluded.approved, rejected = stat_audit_total_daily.rejected + excluded.rejected, first_decided = stat_audit_total_daily.first_decided + excluded.first_decided, first_approved = stat_audit_total_daily.first_approved + excluded.first_approved;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_audit_total_daily_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_audit_total_daily;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_audit_total_monthly_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_audit_total_monthly (day, team_id, approved, rejected, first_decided, first_approved) SELECT day, team_id, sum(approved) AS approved, sum(rejected) AS rejected, sum(first_decided) AS first_decided, sum(first_approved) AS first_approved FROM ((SELECT date_trunc('month', r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.submitted_by,
                r.k * (r.result = 'approved')::int, r.k * (r.result = 'rejected')::int, r.k * (r.attempt = 1)::int, r.k * (r.attempt = 1 AND r.result = 'approved')::int
         FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.result IN ('approved', 'rejected') AND r.reviewed_at IS NOT NULL)) AS x(day, team_id, approved, rejected, first_decided, first_approved) GROUP BY day, team_id HAVING sum(approved) <> 0 OR sum(rejected) <> 0 OR sum(first_decided) <> 0 OR sum(first_approved) <> 0 ORDER BY day, team_id
    ON CONFLICT ON CONSTRAINT stat_audit_total_monthly_key DO UPDATE SET approved = stat_audit_total_monthly.approved + excluded.approved, rejected = stat_audit_total_monthly.rejected + excluded.rejected, first_decided = stat_audit_total_monthly.first_decided + excluded.first_decided, first_approved = stat_audit_total_monthly.first_approved + excluded.first_approved;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_audit_total_monthly_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_audit_total_monthly (day, team_id, approved, rejected, first_decided, first_approved) SELECT day, team_id, sum(approved) AS approved, sum(rejected) AS rejected, sum(first_decided) AS first_decided, sum(first_approved) AS first_approved FROM ((SELECT date_trunc('month', r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.submitted_by,
                r.k * (r.result = 'approved')::int, r.k * (r.result = 'rejected')::int, r.k * (r.attempt = 1)::int, r.k * (r.attempt = 1 AND r.result = 'approved')::int
         FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.result IN ('approved', 'rejected') AND r.reviewed_at IS NOT NULL)) AS x(day, team_id, approved, rejected, first_decided, first_approved) GROUP BY day, team_id HAVING sum(approved) <> 0 OR sum(rejected) <> 0 OR sum(first_decided) <> 0 OR sum(first_approved) <> 0 ORDER BY day, team_id
    ON CONFLICT ON CONSTRAINT stat_audit_total_monthly_key DO UPDATE SET approved = stat_audit_total_monthly.approved + excluded.approved, rejected = stat_audit_total_monthly.rejected + excluded.rejected, first_decided = stat_audit_total_monthly.first_decided + excluded.first_decided, first_approved = stat_audit_total_monthly.first_approved + excluded.first_approved;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_audit_total_monthly_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_audit_total_monthly (day, team_id, approved, rejected, first_decided, first_approved) SELECT day, team_id, sum(approved) AS approved, sum(rejected) AS rejected, sum(first_decided) AS first_decided, sum(first_approved) AS first_approved FROM ((SELECT date_trunc('month', r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.submitted_by,
                r.k * (r.result = 'approved')::int, r.k * (r.result = 'rejected')::int, r.k * (r.attempt = 1)::int, r.k * (r.attempt = 1 AND r.result = 'approved')::int
         FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.result IN ('approved', 'rejected') AND r.reviewed_at IS NOT NULL)) AS x(day, team_id, approved, rejected, first_decided, first_approved) GROUP BY day, team_id HAVING sum(approved) <> 0 OR sum(rejected) <> 0 OR sum(first_decided) <> 0 OR sum(first_approved) <> 0 ORDER BY day, team_id
    ON CONFLICT ON CONSTRAINT stat_audit_total_monthly_key DO UPDATE SET approved = stat_audit_total_monthly.approved + excluded.approved, rejected = stat_audit_total_monthly.rejected + excluded.rejected, first_decided = stat_audit_total_monthly.first_decided + excluded.first_decided, first_approved = stat_audit_total_monthly.first_approved + excluded.first_approved;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_audit_total_monthly_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_audit_total_monthly;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_cohort_daily_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$INSERT INTO stat_cohort_daily (day, province_code, city_code, agent_id, customers, signed, sign_days, built, build_days, grid, grid_days) SELECT day, province_code, city_code, agent_id, sum(customers) AS customers, sum(signed) AS signed, sum(sign_days) AS sign_days, sum(built) AS built, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_days) AS grid_days FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, r.k, r.k * (r.signed_at IS NOT NULL)::int, r.k * coalesce((extract(epoch from (r.signed_at - r.created_at)) / 86400)::numeric, 0), r.k * (p.built_at IS NOT NULL)::int, r.k * coalesce((extract(epoch from (p.built_at - r.signed_at)) / 86400)::numeric, 0), r.k * (p.grid_at IS NOT NULL)::int, r.k * coalesce((extract(epoch from (p.grid_at - p.built_at)) / 86400)::numeric, 0)
       FROM (SELECT 1 AS k, * FROM new_rows) r LEFT JOIN (SELECT s.customer_id, min(coalesce(s.built_at, s.grid_at)) AS built_at, min(s.grid_at) AS grid_at FROM (SELECT s.customer_id, s.status, s.built_at, s.grid_at FROM stations s WHERE s.customer_id IN (SELECT x.id FROM (SELECT 1 AS k, * FROM new_rows) x GROUP BY x.id, x.created_at, x.province_code, x.city_code, x.agent_id, x.signed_at HAVING sum(x.k) <> 0)) s WHERE s.status <> 'terminated' GROUP BY s.customer_id) p ON p.customer_id = r.id AND r.signed_at IS NOT NULL)) AS x(day, province_code, city_code, agent_id, customers, signed, sign_days, built, build_days, grid, grid_days) GROUP BY day, province_code, city_code, agent_id HAVING sum(customers) <> 0 OR sum(signed) <> 0 OR sum(sign_days) <> 0 OR sum(built) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code, agent_id
    ON CONFLICT ON CONSTRAINT stat_cohort_daily_key DO UPDATE SET customers = stat_cohort_daily.customers + excluded.customers, signed = stat_cohort_daily.signed + excluded.signed, sign_days = stat_cohort_daily.sign_days + excluded.sign_days, built = stat_cohort_daily.built + excluded.built, build_days = stat_cohort_daily.build_days + excluded.build_days, grid = stat_cohort_daily.grid + excluded.grid, grid_days = stat_cohort_daily.grid_days + excluded.grid_days$q$;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_cohort_daily_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_cohort_daily (day, province_code, city_code, agent_id, customers, signed, sign_days, built, build_days, grid, grid_days) SELECT day, province_code, city_code, agent_id, sum(customers) AS customers, sum(signed) AS signed, sum(sign_days) AS sign_days, sum(built) AS built, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_days) AS grid_days FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, r.k, r.k * (r.signed_at IS NOT NULL)::int, r.k * coalesce((extract(epoch from (r.signed_at - r.created_at)) / 86400)::numeric, 0), r.k * (p.built_at IS NOT NULL)::int, r.k * coalesce((extract(epoch from (p.built_at - r.signed_at)) / 86400)::numeric, 0), r.k * (p.grid_at IS NOT NULL)::int, r.k * coalesce((extract(epoch from (p.grid_at - p.built_at)) / 86400)::numeric, 0)
       FROM (SELECT -1 AS k, * FROM customers WHERE id = OLD.id) r LEFT JOIN (SELECT s.customer_id, min(coalesce(s.built_at, s.grid_at)) AS built_at, min(s.grid_at) AS grid_at FROM (SELECT s.customer_id, s.status, s.built_at, s.grid_at FROM stations s WHERE s.customer_id IN (SELECT x.id FROM (SELECT -1 AS k, * FROM customers WHERE id = OLD.id) x GROUP BY x.id, x.created_at, x.province_code, x.city_code, x.agent_id, x.signed_at HAVING sum(x.k) <> 0)) s WHERE s.status <> 'terminated' GROUP BY s.customer_id) p ON p.customer_id = r.id AND r.signed_at IS NOT NULL)) AS x(day, province_code, city_code, agent_id, customers, signed, sign_days, built, build_days, grid, grid_days) GROUP BY day, province_code, city_code, agent_id HAVING sum(customers) <> 0 OR sum(signed) <> 0 OR sum(sign_days) <> 0 OR sum(built) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code, agent_id
    ON CONFLICT ON CONSTRAINT stat_cohort_daily_key DO UPDATE SET customers = stat_cohort_daily.customers + excluded.customers, signed = stat_cohort_daily.signed + excluded.signed, sign_days = stat_cohort_daily.sign_days + excluded.sign_days, built = stat_cohort_daily.built + excluded.built, build_days = stat_cohort_daily.build_days + excluded.build_days, grid = stat_cohort_daily.grid + excluded.grid, grid_days = stat_cohort_daily.grid_days + excluded.grid_days;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_cohort_daily_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$INSERT INTO stat_cohort_daily (day, province_code, city_code, agent_id, customers, signed, sign_days, built, build_days, grid, grid_days) SELECT day, province_code, city_code, agent_id, sum(customers) AS customers, sum(signed) AS signed, sum(sign_days) AS sign_days, sum(built) AS built, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_days) AS grid_days FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, r.k, r.k * (r.signed_at IS NOT NULL)::int, r.k * coalesce((extract(epoch from (r.signed_at - r.created_at)) / 86400)::numeric, 0), r.k * (p.built_at IS NOT NULL)::int, r.k * coalesce((extract(epoch from (p.built_at - r.signed_at)) / 86400)::numeric, 0), r.k * (p.grid_at IS NOT NULL)::int, r.k * coalesce((extract(epoch from (p.grid_at - p.built_at)) / 86400)::numeric, 0)
       FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r LEFT JOIN (SELECT s.customer_id, min(coalesce(s.built_at, s.grid_at)) AS built_at, min(s.grid_at) AS grid_at FROM (SELECT s.customer_id, s.status, s.built_at, s.grid_at FROM stations s WHERE s.customer_id IN (SELECT x.id FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) x GROUP BY x.id, x.created_at, x.province_code, x.city_code, x.agent_id, x.signed_at HAVING sum(x.k) <> 0)) s WHERE s.status <> 'terminated' GROUP BY s.customer_id) p ON p.customer_id = r.id AND r.signed_at IS NOT NULL)) AS x(day, province_code, city_code, agent_id, customers, signed, sign_days, built, build_days, grid, grid_days) GROUP BY day, province_code, city_code, agent_id HAVING sum(customers) <> 0 OR sum(signed) <> 0 OR sum(sign_days) <> 0 OR sum(built) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code, agent_id
    ON CONFLICT ON CONSTRAINT stat_cohort_daily_key DO UPDATE SET customers = stat_cohort_daily.customers + excluded.customers, signed = stat_cohort_daily.signed + excluded.signed, sign_days = stat_cohort_daily.sign_days + excluded.sign_days, built = stat_cohort_daily.built + excluded.built, build_days = stat_cohort_daily.build_days + excluded.build_days, grid = stat_cohort_daily.grid + excluded.grid, grid_days = stat_cohort_daily.grid_days + excluded.grid_days$q$;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_cohort_daily_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_cohort_daily;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_cohort_daily_stations_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$SELECT 1 FROM customers c WHERE c.id IN (SELECT r.customer_id FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.customer_id IS NOT NULL GROUP BY r.id, r.customer_id, r.status = 'terminated', r.built_at, r.grid_at HAVING sum(r.k) <> 0) ORDER BY c.id FOR NO KEY UPDATE OF c$q$;
  EXECUTE $q$INSERT INTO stat_cohort_daily (day, province_code, city_code, agent_id, customers, signed, sign_days, built, build_days, grid, grid_days) SELECT day, province_code, city_code, agent_id, sum(customers) AS customers, sum(signed) AS signed, sum(sign_days) AS sign_days, sum(built) AS built, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_days) AS grid_days FROM ((SELECT (c.created_at AT TIME ZONE 'Asia/Shanghai')::date, c.province_code, c.city_code, c.agent_id, 0, 0, 0, 1 * (p.built_at IS NOT NULL)::int, 1 * coalesce((extract(epoch from (p.built_at - c.signed_at)) / 86400)::numeric, 0), 1 * (p.grid_at IS NOT NULL)::int, 1 * coalesce((extract(epoch from (p.grid_at - p.built_at)) / 86400)::numeric, 0) FROM customers c JOIN (SELECT s.customer_id, min(coalesce(s.built_at, s.grid_at)) AS built_at, min(s.grid_at) AS grid_at FROM (SELECT s.customer_id, s.status, s.built_at, s.grid_at FROM stations s WHERE s.customer_id IN (SELECT r.customer_id FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.customer_id IS NOT NULL GROUP BY r.id, r.customer_id, r.status = 'terminated', r.built_at, r.grid_at HAVING sum(r.k) <> 0)) s WHERE s.status <> 'terminated' GROUP BY s.customer_id) p ON p.customer_id = c.id WHERE c.signed_at IS NOT NULL) UNION ALL (SELECT (c.created_at AT TIME ZONE 'Asia/Shanghai')::date, c.province_code, c.city_code, c.agent_id, 0, 0, 0, -1 * (p.built_at IS NOT NULL)::int, -1 * coalesce((extract(epoch from (p.built_at - c.signed_at)) / 86400)::numeric, 0), -1 * (p.grid_at IS NOT NULL)::int, -1 * coalesce((extract(epoch from (p.grid_at - p.built_at)) / 86400)::numeric, 0) FROM customers c JOIN (SELECT s.customer_id, min(coalesce(s.built_at, s.grid_at)) AS built_at, min(s.grid_at) AS grid_at FROM (SELECT s.customer_id, s.status, s.built_at, s.grid_at FROM stations s WHERE s.customer_id IN (SELECT r.customer_id FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.customer_id IS NOT NULL GROUP BY r.id, r.customer_id, r.status = 'terminated', r.built_at, r.grid_at HAVING sum(r.k) <> 0) AND NOT EXISTS (SELECT 1 FROM (SELECT 1 AS k, * FROM new_rows) n WHERE n.k = 1 AND n.id = s.id) UNION ALL SELECT o.customer_id, o.status, o.built_at, o.grid_at FROM (SELECT 1 AS k, * FROM new_rows) o WHERE o.k = -1 AND o.customer_id IN (SELECT r.customer_id FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.customer_id IS NOT NULL GROUP BY r.id, r.customer_id, r.status = 'terminated', r.built_at, r.grid_at HAVING sum(r.k) <> 0)) s WHERE s.status <> 'terminated' GROUP BY s.customer_id) p ON p.customer_id = c.id WHERE c.signed_at IS NOT NULL)) AS x(day, province_code, city_code, agent_id, customers, signed, sign_days, built, build_days, grid, grid_days) GROUP BY day, province_code, city_code, agent_id HAVING sum(customers) <> 0 OR sum(signed) <> 0 OR sum(sign_days) <> 0 OR sum(built) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code, agent_id
    ON CONFLICT ON CONSTRAINT stat_cohort_daily_key DO UPDATE SET customers = stat_cohort_daily.customers + excluded.customers, signed = stat_cohort_daily.signed + excluded.signed, sign_days = stat_cohort_daily.sign_days + excluded.sign_days, built = stat_cohort_daily.built + excluded.built, build_days = stat_cohort_daily.build_days + excluded.build_days, grid = stat_cohort_daily.grid + excluded.grid, grid_days = stat_cohort_daily.grid_days + excluded.grid_days$q$;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_cohort_daily_stations_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$SELECT 1 FROM customers c WHERE c.id IN (SELECT r.customer_id FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.customer_id IS NOT NULL GROUP BY r.id, r.customer_id, r.status = 'terminated', r.built_at, r.grid_at HAVING sum(r.k) <> 0) ORDER BY c.id FOR NO KEY UPDATE OF c$q$;
  EXECUTE $q$INSERT INTO stat_cohort_daily (day, province_code, city_code, agent_id, customers, signed, sign_days, built, build_days, grid, grid_days) SELECT day, province_code, city_code, agent_id, sum(customers) AS customers, sum(signed) AS signed, sum(sign_days) AS sign_days, sum(built) AS built, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_days) AS grid_days FROM ((SELECT (c.created_at AT TIME ZONE 'Asia/Shanghai')::date, c.province_code, c.city_code, c.agent_id, 0, 0, 0, 1 * (p.built_at IS NOT NULL)::int, 1 * coalesce((extract(epoch from (p.built_at - c.signed_at)) / 86400)::numeric, 0), 1 * (p.grid_at IS NOT NULL)::int, 1 * coalesce((extract(epoch from (p.grid_at - p.built_at)) / 86400)::numeric, 0) FROM customers c JOIN (SELECT s.customer_id, min(coalesce(s.built_at, s.grid_at)) AS built_at, min(s.grid_at) AS grid_at FROM (SELECT s.customer_id, s.status, s.built_at, s.grid_at FROM stations s WHERE s.customer_id IN (SELECT r.customer_id FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.customer_id IS NOT NULL GROUP BY r.id, r.customer_id, r.status = 'terminated', r.built_at, r.grid_at HAVING sum(r.k) <> 0)) s WHERE s.status <> 'terminated' GROUP BY s.customer_id) p ON p.customer_id = c.id WHERE c.signed_at IS NOT NULL) UNION ALL (SELECT (c.created_at AT TIME ZONE 'Asia/Shanghai')::date, c.province_code, c.city_code, c.agent_id, 0, 0, 0, -1 * (p.built_at IS NOT NULL)::int, -1 * coalesce((extract(epoch from (p.built_at - c.signed_at)) / 86400)::numeric, 0), -1 * (p.grid_at IS NOT NULL)::int, -1 * coalesce((extract(epoch from (p.grid_at - p.built_at)) / 86400)::numeric, 0) FROM customers c JOIN (SELECT s.customer_id, min(coalesce(s.built_at, s.grid_at)) AS built_at, min(s.grid_at) AS grid_at FROM (SELECT s.customer_id, s.status, s.built_at, s.grid_at FROM stations s WHERE s.customer_id IN (SELECT r.customer_id FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.customer_id IS NOT NULL GROUP BY r.id, r.customer_id, r.status = 'terminated', r.built_at, r.grid_at HAVING sum(r.k) <> 0) AND NOT EXISTS (SELECT 1 FROM (SELECT -1 AS k, * FROM old_rows) n WHERE n.k = 1 AND n.id = s.id) UNION ALL SELECT o.customer_id, o.status, o.built_at, o.grid_at FROM (SELECT -1 AS k, * FROM old_rows) o WHERE o.k = -1 AND o.customer_id IN (SELECT r.customer_id FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.customer_id IS NOT NULL GROUP BY r.id, r.customer_id, r.status = 'terminated', r.built_at, r.grid_at HAVING sum(r.k) <> 0)) s WHERE s.status <> 'terminated' GROUP BY s.customer_id) p ON p.customer_id = c.id WHERE c.signed_at IS NOT NULL)) AS x(day, province_code, city_code, agent_id, customers, signed, sign_days, built, build_days, grid, grid_days) GROUP BY day, province_code, city_code, agent_id HAVING sum(customers) <> 0 OR sum(signed) <> 0 OR sum(sign_days) <> 0 OR sum(built) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code, agent_id
    ON CONFLICT ON CONSTRAINT stat_cohort_daily_key DO UPDATE SET customers = stat_cohort_daily.customers + excluded.customers, signed = stat_cohort_daily.signed + excluded.signed, sign_days = stat_cohort_daily.sign_days + excluded.sign_days, built = stat_cohort_daily.built + excluded.built, build_days = stat_cohort_daily.build_days + excluded.build_days, grid = stat_cohort_daily.grid + excluded.grid, grid_days = stat_cohort_daily.grid_days + excluded.grid_days$q$;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_cohort_daily_stations_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$SELECT 1 FROM customers c WHERE c.id IN (SELECT r.customer_id FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.customer_id IS NOT NULL GROUP BY r.id, r.customer_id, r.status = 'terminated', r.built_at, r.grid_at HAVING sum(r.k) <> 0) ORDER BY c.id FOR NO KEY UPDATE OF c$q$;
  EXECUTE $q$INSERT INTO stat_cohort_daily (day, province_code, city_code, agent_id, customers, signed, sign_days, built, build_days, grid, grid_days) SELECT day, province_code, city_code, agent_id, sum(customers) AS customers, sum(signed) AS signed, sum(sign_days) AS sign_days, sum(built) AS built, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_days) AS grid_days FROM ((SELECT (c.created_at AT TIME ZONE 'Asia/Shanghai')::date, c.province_code, c.city_code, c.agent_id, 0, 0, 0, 1 * (p.built_at IS NOT NULL)::int, 1 * coalesce((extract(epoch from (p.built_at - c.signed_at)) / 86400)::numeric, 0), 1 * (p.grid_at IS NOT NULL)::int, 1 * coalesce((extract(epoch from (p.grid_at - p.built_at)) / 86400)::numeric, 0) FROM customers c JOIN (SELECT s.customer_id, min(coalesce(s.built_at, s.grid_at)) AS built_at, min(s.grid_at) AS grid_at FROM (SELECT s.customer_id, s.status, s.built_at, s.grid_at FROM stations s WHERE s.customer_id IN (SELECT r.customer_id FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.customer_id IS NOT NULL GROUP BY r.id, r.customer_id, r.status = 'terminated', r.built_at, r.grid_at HAVING sum(r.k) <> 0)) s WHERE s.status <> 'terminated' GROUP BY s.customer_id) p ON p.customer_id = c.id WHERE c.signed_at IS NOT NULL) UNION ALL (SELECT (c.created_at AT TIME ZONE 'Asia/Shanghai')::date, c.province_code, c.city_code, c.agent_id, 0, 0, 0, -1 * (p.built_at IS NOT NULL)::int, -1 * coalesce((extract(epoch from (p.built_at - c.signed_at)) / 86400)::numeric, 0), -1 * (p.grid_at IS NOT NULL)::int, -1 * coalesce((extract(epoch from (p.grid_at - p.built_at)) / 86400)::numeric, 0) FROM customers c JOIN (SELECT s.customer_id, min(coalesce(s.built_at, s.grid_at)) AS built_at, min(s.grid_at) AS grid_at FROM (SELECT s.customer_id, s.status, s.built_at, s.grid_at FROM stations s WHERE s.customer_id IN (SELECT r.customer_id FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.customer_id IS NOT NULL GROUP BY r.id, r.customer_id, r.status = 'terminated', r.built_at, r.grid_at HAVING sum(r.k) <> 0) AND NOT EXISTS (SELECT 1 FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) n WHERE n.k = 1 AND n.id = s.id) UNION ALL SELECT o.customer_id, o.status, o.built_at, o.grid_at FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) o WHERE o.k = -1 AND o.customer_id IN (SELECT r.customer_id FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.customer_id IS NOT NULL GROUP BY r.id, r.customer_id, r.status = 'terminated', r.built_at, r.grid_at HAVING sum(r.k) <> 0)) s WHERE s.status <> 'terminated' GROUP BY s.customer_id) p ON p.customer_id = c.id WHERE c.signed_at IS NOT NULL)) AS x(day, province_code, city_code, agent_id, customers, signed, sign_days, built, build_days, grid, grid_days) GROUP BY day, province_code, city_code, agent_id HAVING sum(customers) <> 0 OR sum(signed) <> 0 OR sum(sign_days) <> 0 OR sum(built) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code, agent_id
    ON CONFLICT ON CONSTRAINT stat_cohort_daily_key DO UPDATE SET customers = stat_cohort_daily.customers + excluded.customers, signed = stat_cohort_daily.signed + excluded.signed, sign_days = stat_cohort_daily.sign_days + excluded.sign_days, built = stat_cohort_daily.built + excluded.built, build_days = stat_cohort_daily.build_days + excluded.build_days, grid = stat_cohort_daily.grid + excluded.grid, grid_days = stat_cohort_daily.grid_days + excluded.grid_days$q$;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_cohort_daily_stations_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_cohort_daily;
  INSERT INTO stat_cohort_daily (day, province_code, city_code, agent_id, customers, signed, sign_days, built, build_days, grid, grid_days) SELECT day, province_code, city_code, agent_id, sum(customers) AS customers, sum(signed) AS signed, sum(sign_days) AS sign_days, sum(built) AS built, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_days) AS grid_days FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, r.k, r.k * (r.signed_at IS NOT NULL)::int, r.k * coalesce((extract(epoch from (r.signed_at - r.created_at)) / 86400)::numeric, 0), r.k * (p.built_at IS NOT NULL)::int, r.k * coalesce((extract(epoch from (p.built_at - r.signed_at)) / 86400)::numeric, 0), r.k * (p.grid_at IS NOT NULL)::int, r.k * coalesce((extract(epoch from (p.grid_at - p.built_at)) / 86400)::numeric, 0)
       FROM (SELECT 1 AS k, * FROM customers) r LEFT JOIN (SELECT s.customer_id, min(coalesce(s.built_at, s.grid_at)) AS built_at, min(s.grid_at) AS grid_at FROM (SELECT s.customer_id, s.status, s.built_at, s.grid_at FROM stations s WHERE s.customer_id IN (SELECT x.id FROM (SELECT 1 AS k, * FROM customers) x GROUP BY x.id, x.created_at, x.province_code, x.city_code, x.agent_id, x.signed_at HAVING sum(x.k) <> 0)) s WHERE s.status <> 'terminated' GROUP BY s.customer_id) p ON p.customer_id = r.id AND r.signed_at IS NOT NULL)) AS x(day, province_code, city_code, agent_id, customers, signed, sign_days, built, build_days, grid, grid_days) GROUP BY day, province_code, city_code, agent_id HAVING sum(customers) <> 0 OR sum(signed) <> 0 OR sum(sign_days) <> 0 OR sum(built) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code, agent_id
    ON CONFLICT ON CONSTRAINT stat_cohort_daily_key DO UPDATE SET customers = excluded.customers, signed = excluded.signed, sign_days = excluded.sign_days, built = excluded.built, build_days = excluded.build_days, grid = excluded.grid, grid_days = excluded.grid_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_cohort_region_daily_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$INSERT INTO stat_cohort_region_daily (day, province_code, city_code, customers, signed, sign_days, built, build_days, grid, grid_days) SELECT day, province_code, city_code, sum(customers) AS customers, sum(signed) AS signed, sum(sign_days) AS sign_days, sum(built) AS built, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_days) AS grid_days FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.k, r.k * (r.signed_at IS NOT NULL)::int, r.k * coalesce((extract(epoch from (r.signed_at - r.created_at)) / 86400)::numeric, 0), r.k * (p.built_at IS NOT NULL)::int, r.k * coalesce((extract(epoch from (p.built_at - r.signed_at)) / 86400)::numeric, 0), r.k * (p.grid_at IS NOT NULL)::int, r.k * coalesce((extract(epoch from (p.grid_at - p.built_at)) / 86400)::numeric, 0)
       FROM (SELECT 1 AS k, * FROM new_rows) r LEFT JOIN (SELECT s.customer_id, min(coalesce(s.built_at, s.grid_at)) AS built_at, min(s.grid_at) AS grid_at FROM (SELECT s.customer_id, s.status, s.built_at, s.grid_at FROM stations s WHERE s.customer_id IN (SELECT x.id FROM (SELECT 1 AS k, * FROM new_rows) x GROUP BY x.id, x.created_at, x.province_code, x.city_code, x.agent_id, x.signed_at HAVING sum(x.k) <> 0)) s WHERE s.status <> 'terminated' GROUP BY s.customer_id) p ON p.customer_id = r.id AND r.signed_at IS NOT NULL)) AS x(day, province_code, city_code, customers, signed, sign_days, built, build_days, grid, grid_days) GROUP BY day, province_code, city_code HAVING sum(customers) <> 0 OR sum(signed) <> 0 OR sum(sign_days) <> 0 OR sum(built) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_cohort_region_daily_key DO UPDATE SET customers = stat_cohort_region_daily.customers + excluded.customers, signed = stat_cohort_region_daily.signed + excluded.signed, sign_days = stat_cohort_region_daily.sign_days + excluded.sign_days, built = stat_cohort_region_daily.built + excluded.built, build_days = stat_cohort_region_daily.build_days + excluded.build_days, grid = stat_cohort_region_daily.grid + excluded.grid, grid_days = stat_cohort_region_daily.grid_days + excluded.grid_days$q$;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_cohort_region_daily_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_cohort_region_daily (day, province_code, city_code, customers, signed, sign_days, built, build_days, grid, grid_days) SELECT day, province_code, city_code, sum(customers) AS customers, sum(signed) AS signed, sum(sign_days) AS sign_days, sum(built) AS built, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_days) AS grid_days FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.k, r.k * (r.signed_at IS NOT NULL)::int, r.k * coalesce((extract(epoch from (r.signed_at - r.created_at)) / 86400)::numeric, 0), r.k * (p.built_at IS NOT NULL)::int, r.k * coalesce((extract(epoch from (p.built_at - r.signed_at)) / 86400)::numeric, 0), r.k * (p.grid_at IS NOT NULL)::int, r.k * coalesce((extract(epoch from (p.grid_at - p.built_at)) / 86400)::numeric, 0)
       FROM (SELECT -1 AS k, * FROM customers WHERE id = OLD.id) r LEFT JOIN (SELECT s.customer_id, min(coalesce(s.built_at, s.grid_at)) AS built_at, min(s.grid_at) AS grid_at FROM (SELECT s.customer_id, s.status, s.built_at, s.grid_at FROM stations s WHERE s.customer_id IN (SELECT x.id FROM (SELECT -1 AS k, * FROM customers WHERE id = OLD.id) x GROUP BY x.id, x.created_at, x.province_code, x.city_code, x.agent_id, x.signed_at HAVING sum(x.k) <> 0)) s WHERE s.status <> 'terminated' GROUP BY s.customer_id) p ON p.customer_id = r.id AND r.signed_at IS NOT NULL)) AS x(day, province_code, city_code, customers, signed, sign_days, built, build_days, grid, grid_days) GROUP BY day, province_code, city_code HAVING sum(customers) <> 0 OR sum(signed) <> 0 OR sum(sign_days) <> 0 OR sum(built) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_cohort_region_daily_key DO UPDATE SET customers = stat_cohort_region_daily.customers + excluded.customers, signed = stat_cohort_region_daily.signed + excluded.signed, sign_days = stat_cohort_region_daily.sign_days + excluded.sign_days, built = stat_cohort_region_daily.built + excluded.built, build_days = stat_cohort_region_daily.build_days + excluded.build_days, grid = stat_cohort_region_daily.grid + excluded.grid, grid_days = stat_cohort_region_daily.grid_days + excluded.grid_days;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_cohort_region_daily_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$INSERT INTO stat_cohort_region_daily (day, province_code, city_code, customers, signed, sign_days, built, build_days, grid, grid_days) SELECT day, province_code, city_code, sum(customers) AS customers, sum(signed) AS signed, sum(sign_days) AS sign_days, sum(built) AS built, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_days) AS grid_days FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.k, r.k * (r.signed_at IS NOT NULL)::int, r.k * coalesce((extract(epoch from (r.signed_at - r.created_at)) / 86400)::numeric, 0), r.k * (p.built_at IS NOT NULL)::int, r.k * coalesce((extract(epoch from (p.built_at - r.signed_at)) / 86400)::numeric, 0), r.k * (p.grid_at IS NOT NULL)::int, r.k * coalesce((extract(epoch from (p.grid_at - p.built_at)) / 86400)::numeric, 0)
       FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r LEFT JOIN (SELECT s.customer_id, min(coalesce(s.built_at, s.grid_at)) AS built_at, min(s.grid_at) AS grid_at FROM (SELECT s.customer_id, s.status, s.built_at, s.grid_at FROM stations s WHERE s.customer_id IN (SELECT x.id FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) x GROUP BY x.id, x.created_at, x.province_code, x.city_code, x.agent_id, x.signed_at HAVING sum(x.k) <> 0)) s WHERE s.status <> 'terminated' GROUP BY s.customer_id) p ON p.customer_id = r.id AND r.signed_at IS NOT NULL)) AS x(day, province_code, city_code, customers, signed, sign_days, built, build_days, grid, grid_days) GROUP BY day, province_code, city_code HAVING sum(customers) <> 0 OR sum(signed) <> 0 OR sum(sign_days) <> 0 OR sum(built) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_cohort_region_daily_key DO UPDATE SET customers = stat_cohort_region_daily.customers + excluded.customers, signed = stat_cohort_region_daily.signed + excluded.signed, sign_days = stat_cohort_region_daily.sign_days + excluded.sign_days, built = stat_cohort_region_daily.built + excluded.built, build_days = stat_cohort_region_daily.build_days + excluded.build_days, grid = stat_cohort_region_daily.grid + excluded.grid, grid_days = stat_cohort_region_daily.grid_days + excluded.grid_days$q$;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_cohort_region_daily_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_cohort_region_daily;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_cohort_region_daily_stations_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$SELECT 1 FROM customers c WHERE c.id IN (SELECT r.customer_id FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.customer_id IS NOT NULL GROUP BY r.id, r.customer_id, r.status = 'terminated', r.built_at, r.grid_at HAVING sum(r.k) <> 0) ORDER BY c.id FOR NO KEY UPDATE OF c$q$;
  EXECUTE $q$INSERT INTO stat_cohort_region_daily (day, province_code, city_code, customers, signed, sign_days, built, build_days, grid, grid_days) SELECT day, province_code, city_code, sum(customers) AS customers, sum(signed) AS signed, sum(sign_days) AS sign_days, sum(built) AS built, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_days) AS grid_days FROM ((SELECT (c.created_at AT TIME ZONE 'Asia/Shanghai')::date, c.province_code, c.city_code, 0, 0, 0, 1 * (p.built_at IS NOT NULL)::int, 1 * coalesce((extract(epoch from (p.built_at - c.signed_at)) / 86400)::numeric, 0), 1 * (p.grid_at IS NOT NULL)::int, 1 * coalesce((extract(epoch from (p.grid_at - p.built_at)) / 86400)::numeric, 0) FROM customers c JOIN (SELECT s.customer_id, min(coalesce(s.built_at, s.grid_at)) AS built_at, min(s.grid_at) AS grid_at FROM (SELECT s.customer_id, s.status, s.built_at, s.grid_at FROM stations s WHERE s.customer_id IN (SELECT r.customer_id FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.customer_id IS NOT NULL GROUP BY r.id, r.customer_id, r.status = 'terminated', r.built_at, r.grid_at HAVING sum(r.k) <> 0)) s WHERE s.status <> 'terminated' GROUP BY s.customer_id) p ON p.customer_id = c.id WHERE c.signed_at IS NOT NULL) UNION ALL (SELECT (c.created_at AT TIME ZONE 'Asia/Shanghai')::date, c.province_code, c.city_code, 0, 0, 0, -1 * (p.built_at IS NOT NULL)::int, -1 * coalesce((extract(epoch from (p.built_at - c.signed_at)) / 86400)::numeric, 0), -1 * (p.grid_at IS NOT NULL)::int, -1 * coalesce((extract(epoch from (p.grid_at - p.built_at)) / 86400)::numeric, 0) FROM customers c JOIN (SELECT s.customer_id, min(coalesce(s.built_at, s.grid_at)) AS built_at, min(s.grid_at) AS grid_at FROM (SELECT s.customer_id, s.status, s.built_at, s.grid_at FROM stations s WHERE s.customer_id IN (SELECT r.customer_id FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.customer_id IS NOT NULL GROUP BY r.id, r.customer_id, r.status = 'terminated', r.built_at, r.grid_at HAVING sum(r.k) <> 0) AND NOT EXISTS (SELECT 1 FROM (SELECT 1 AS k, * FROM new_rows) n WHERE n.k = 1 AND n.id = s.id) UNION ALL SELECT o.customer_id, o.status, o.built_at, o.grid_at FROM (SELECT 1 AS k, * FROM new_rows) o WHERE o.k = -1 AND o.customer_id IN (SELECT r.customer_id FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.customer_id IS NOT NULL GROUP BY r.id, r.customer_id, r.status = 'terminated', r.built_at, r.grid_at HAVING sum(r.k) <> 0)) s WHERE s.status <> 'terminated' GROUP BY s.customer_id) p ON p.customer_id = c.id WHERE c.signed_at IS NOT NULL)) AS x(day, province_code, city_code, customers, signed, sign_days, built, build_days, grid, grid_days) GROUP BY day, province_code, city_code HAVING sum(customers) <> 0 OR sum(signed) <> 0 OR sum(sign_days) <> 0 OR sum(built) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_cohort_region_daily_key DO UPDATE SET customers = stat_cohort_region_daily.customers + excluded.customers, signed = stat_cohort_region_daily.signed + excluded.signed, sign_days = stat_cohort_region_daily.sign_days + excluded.sign_days, built = stat_cohort_region_daily.built + excluded.built, build_days = stat_cohort_region_daily.build_days + excluded.build_days, grid = stat_cohort_region_daily.grid + excluded.grid, grid_days = stat_cohort_region_daily.grid_days + excluded.grid_days$q$;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_cohort_region_daily_stations_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$SELECT 1 FROM customers c WHERE c.id IN (SELECT r.customer_id FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.customer_id IS NOT NULL GROUP BY r.id, r.customer_id, r.status = 'terminated', r.built_at, r.grid_at HAVING sum(r.k) <> 0) ORDER BY c.id FOR NO KEY UPDATE OF c$q$;
  EXECUTE $q$INSERT INTO stat_cohort_region_daily (day, province_code, city_code, customers, signed, sign_days, built, build_days, grid, grid_days) SELECT day, province_code, city_code, sum(customers) AS customers, sum(signed) AS signed, sum(sign_days) AS sign_days, sum(built) AS built, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_days) AS grid_days FROM ((SELECT (c.created_at AT TIME ZONE 'Asia/Shanghai')::date, c.province_code, c.city_code, 0, 0, 0, 1 * (p.built_at IS NOT NULL)::int, 1 * coalesce((extract(epoch from (p.built_at - c.signed_at)) / 86400)::numeric, 0), 1 * (p.grid_at IS NOT NULL)::int, 1 * coalesce((extract(epoch from (p.grid_at - p.built_at)) / 86400)::numeric, 0) FROM customers c JOIN (SELECT s.customer_id, min(coalesce(s.built_at, s.grid_at)) AS built_at, min(s.grid_at) AS grid_at FROM (SELECT s.customer_id, s.status, s.built_at, s.grid_at FROM stations s WHERE s.customer_id IN (SELECT r.customer_id FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.customer_id IS NOT NULL GROUP BY r.id, r.customer_id, r.status = 'terminated', r.built_at, r.grid_at HAVING sum(r.k) <> 0)) s WHERE s.status <> 'terminated' GROUP BY s.customer_id) p ON p.customer_id = c.id WHERE c.signed_at IS NOT NULL) UNION ALL (SELECT (c.created_at AT TIME ZONE 'Asia/Shanghai')::date, c.province_code, c.city_code, 0, 0, 0, -1 * (p.built_at IS NOT NULL)::int, -1 * coalesce((extract(epoch from (p.built_at - c.signed_at)) / 86400)::numeric, 0), -1 * (p.grid_at IS NOT NULL)::int, -1 * coalesce((extract(epoch from (p.grid_at - p.built_at)) / 86400)::numeric, 0) FROM customers c JOIN (SELECT s.customer_id, min(coalesce(s.built_at, s.grid_at)) AS built_at, min(s.grid_at) AS grid_at FROM (SELECT s.customer_id, s.status, s.built_at, s.grid_at FROM stations s WHERE s.customer_id IN (SELECT r.customer_id FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.customer_id IS NOT NULL GROUP BY r.id, r.customer_id, r.status = 'terminated', r.built_at, r.grid_at HAVING sum(r.k) <> 0) AND NOT EXISTS (SELECT 1 FROM (SELECT -1 AS k, * FROM old_rows) n WHERE n.k = 1 AND n.id = s.id) UNION ALL SELECT o.customer_id, o.status, o.built_at, o.grid_at FROM (SELECT -1 AS k, * FROM old_rows) o WHERE o.k = -1 AND o.customer_id IN (SELECT r.customer_id FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.customer_id IS NOT NULL GROUP BY r.id, r.customer_id, r.status = 'terminated', r.built_at, r.grid_at HAVING sum(r.k) <> 0)) s WHERE s.status <> 'terminated' GROUP BY s.customer_id) p ON p.customer_id = c.id WHERE c.signed_at IS NOT NULL)) AS x(day, province_code, city_code, customers, signed, sign_days, built, build_days, grid, grid_days) GROUP BY day, province_code, city_code HAVING sum(customers) <> 0 OR sum(signed) <> 0 OR sum(sign_days) <> 0 OR sum(built) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_cohort_region_daily_key DO UPDATE SET customers = stat_cohort_region_daily.customers + excluded.customers, signed = stat_cohort_region_daily.signed + excluded.signed, sign_days = stat_cohort_region_daily.sign_days + excluded.sign_days, built = stat_cohort_region_daily.built + excluded.built, build_days = stat_cohort_region_daily.build_days + excluded.build_days, grid = stat_cohort_region_daily.grid + excluded.grid, grid_days = stat_cohort_region_daily.grid_days + excluded.grid_days$q$;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_cohort_region_daily_stations_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$SELECT 1 FROM customers c WHERE c.id IN (SELECT r.customer_id FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.customer_id IS NOT NULL GROUP BY r.id, r.customer_id, r.status = 'terminated', r.built_at, r.grid_at HAVING sum(r.k) <> 0) ORDER BY c.id FOR NO KEY UPDATE OF c$q$;
  EXECUTE $q$INSERT INTO stat_cohort_region_daily (day, province_code, city_code, customers, signed, sign_days, built, build_days, grid, grid_days) SELECT day, province_code, city_code, sum(customers) AS customers, sum(signed) AS signed, sum(sign_days) AS sign_days, sum(built) AS built, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_days) AS grid_days FROM ((SELECT (c.created_at AT TIME ZONE 'Asia/Shanghai')::date, c.province_code, c.city_code, 0, 0, 0, 1 * (p.built_at IS NOT NULL)::int, 1 * coalesce((extract(epoch from (p.built_at - c.signed_at)) / 86400)::numeric, 0), 1 * (p.grid_at IS NOT NULL)::int, 1 * coalesce((extract(epoch from (p.grid_at - p.built_at)) / 86400)::numeric, 0) FROM customers c JOIN (SELECT s.customer_id, min(coalesce(s.built_at, s.grid_at)) AS built_at, min(s.grid_at) AS grid_at FROM (SELECT s.customer_id, s.status, s.built_at, s.grid_at FROM stations s WHERE s.customer_id IN (SELECT r.customer_id FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.customer_id IS NOT NULL GROUP BY r.id, r.customer_id, r.status = 'terminated', r.built_at, r.grid_at HAVING sum(r.k) <> 0)) s WHERE s.status <> 'terminated' GROUP BY s.customer_id) p ON p.customer_id = c.id WHERE c.signed_at IS NOT NULL) UNION ALL (SELECT (c.created_at AT TIME ZONE 'Asia/Shanghai')::date, c.province_code, c.city_code, 0, 0, 0, -1 * (p.built_at IS NOT NULL)::int, -1 * coalesce((extract(epoch from (p.built_at - c.signed_at)) / 86400)::numeric, 0), -1 * (p.grid_at IS NOT NULL)::int, -1 * coalesce((extract(epoch from (p.grid_at - p.built_at)) / 86400)::numeric, 0) FROM customers c JOIN (SELECT s.customer_id, min(coalesce(s.built_at, s.grid_at)) AS built_at, min(s.grid_at) AS grid_at FROM (SELECT s.customer_id, s.status, s.built_at, s.grid_at FROM stations s WHERE s.customer_id IN (SELECT r.customer_id FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.customer_id IS NOT NULL GROUP BY r.id, r.customer_id, r.status = 'terminated', r.built_at, r.grid_at HAVING sum(r.k) <> 0) AND NOT EXISTS (SELECT 1 FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) n WHERE n.k = 1 AND n.id = s.id) UNION ALL SELECT o.customer_id, o.status, o.built_at, o.grid_at FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) o WHERE o.k = -1 AND o.customer_id IN (SELECT r.customer_id FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.customer_id IS NOT NULL GROUP BY r.id, r.customer_id, r.status = 'terminated', r.built_at, r.grid_at HAVING sum(r.k) <> 0)) s WHERE s.status <> 'terminated' GROUP BY s.customer_id) p ON p.customer_id = c.id WHERE c.signed_at IS NOT NULL)) AS x(day, province_code, city_code, customers, signed, sign_days, built, build_days, grid, grid_days) GROUP BY day, province_code, city_code HAVING sum(customers) <> 0 OR sum(signed) <> 0 OR sum(sign_days) <> 0 OR sum(built) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_cohort_region_daily_key DO UPDATE SET customers = stat_cohort_region_daily.customers + excluded.customers, signed = stat_cohort_region_daily.signed + excluded.signed, sign_days = stat_cohort_region_daily.sign_days + excluded.sign_days, built = stat_cohort_region_daily.built + excluded.built, build_days = stat_cohort_region_daily.build_days + excluded.build_days, grid = stat_cohort_region_daily.grid + excluded.grid, grid_days = stat_cohort_region_daily.grid_days + excluded.grid_days$q$;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_cohort_region_daily_stations_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_cohort_region_daily;
  INSERT INTO stat_cohort_region_daily (day, province_code, city_code, customers, signed, sign_days, built, build_days, grid, grid_days) SELECT day, province_code, city_code, sum(customers) AS customers, sum(signed) AS signed, sum(sign_days) AS sign_days, sum(built) AS built, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_days) AS grid_days FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.k, r.k * (r.signed_at IS NOT NULL)::int, r.k * coalesce((extract(epoch from (r.signed_at - r.created_at)) / 86400)::numeric, 0), r.k * (p.built_at IS NOT NULL)::int, r.k * coalesce((extract(epoch from (p.built_at - r.signed_at)) / 86400)::numeric, 0), r.k * (p.grid_at IS NOT NULL)::int, r.k * coalesce((extract(epoch from (p.grid_at - p.built_at)) / 86400)::numeric, 0)
       FROM (SELECT 1 AS k, * FROM customers) r LEFT JOIN (SELECT s.customer_id, min(coalesce(s.built_at, s.grid_at)) AS built_at, min(s.grid_at) AS grid_at FROM (SELECT s.customer_id, s.status, s.built_at, s.grid_at FROM stations s WHERE s.customer_id IN (SELECT x.id FROM (SELECT 1 AS k, * FROM customers) x GROUP BY x.id, x.created_at, x.province_code, x.city_code, x.agent_id, x.signed_at HAVING sum(x.k) <> 0)) s WHERE s.status <> 'terminated' GROUP BY s.customer_id) p ON p.customer_id = r.id AND r.signed_at IS NOT NULL)) AS x(day, province_code, city_code, customers, signed, sign_days, built, build_days, grid, grid_days) GROUP BY day, province_code, city_code HAVING sum(customers) <> 0 OR sum(signed) <> 0 OR sum(sign_days) <> 0 OR sum(built) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_cohort_region_daily_key DO UPDATE SET customers = excluded.customers, signed = excluded.signed, sign_days = excluded.sign_days, built = excluded.built, build_days = excluded.build_days, grid = excluded.grid, grid_days = excluded.grid_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_cohort_region_monthly_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$INSERT INTO stat_cohort_region_monthly (day, province_code, city_code, customers, signed, sign_days, built, build_days, grid, grid_days) SELECT day, province_code, city_code, sum(customers) AS customers, sum(signed) AS signed, sum(sign_days) AS sign_days, sum(built) AS built, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_days) AS grid_days FROM ((SELECT date_trunc('month', r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.k, r.k * (r.signed_at IS NOT NULL)::int, r.k * coalesce((extract(epoch from (r.signed_at - r.created_at)) / 86400)::numeric, 0), r.k * (p.built_at IS NOT NULL)::int, r.k * coalesce((extract(epoch from (p.built_at - r.signed_at)) / 86400)::numeric, 0), r.k * (p.grid_at IS NOT NULL)::int, r.k * coalesce((extract(epoch from (p.grid_at - p.built_at)) / 86400)::numeric, 0)
       FROM (SELECT 1 AS k, * FROM new_rows) r LEFT JOIN (SELECT s.customer_id, min(coalesce(s.built_at, s.grid_at)) AS built_at, min(s.grid_at) AS grid_at FROM (SELECT s.customer_id, s.status, s.built_at, s.grid_at FROM stations s WHERE s.customer_id IN (SELECT x.id FROM (SELECT 1 AS k, * FROM new_rows) x GROUP BY x.id, x.created_at, x.province_code, x.city_code, x.agent_id, x.signed_at HAVING sum(x.k) <> 0)) s WHERE s.status <> 'terminated' GROUP BY s.customer_id) p ON p.customer_id = r.id AND r.signed_at IS NOT NULL)) AS x(day, province_code, city_code, customers, signed, sign_days, built, build_days, grid, grid_days) GROUP BY day, province_code, city_code HAVING sum(customers) <> 0 OR sum(signed) <> 0 OR sum(sign_days) <> 0 OR sum(built) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_cohort_region_monthly_key DO UPDATE SET customers = stat_cohort_region_monthly.customers + excluded.customers, signed = stat_cohort_region_monthly.signed + excluded.signed, sign_days = stat_cohort_region_monthly.sign_days + excluded.sign_days, built = stat_cohort_region_monthly.built + excluded.built, build_days = stat_cohort_region_monthly.build_days + excluded.build_days, grid = stat_cohort_region_monthly.grid + excluded.grid, grid_days = stat_cohort_region_monthly.grid_days + excluded.grid_days$q$;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_cohort_region_monthly_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_cohort_region_monthly (day, province_code, city_code, customers, signed, sign_days, built, build_days, grid, grid_days) SELECT day, province_code, city_code, sum(customers) AS customers, sum(signed) AS signed, sum(sign_days) AS sign_days, sum(built) AS built, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_days) AS grid_days FROM ((SELECT date_trunc('month', r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.k, r.k * (r.signed_at IS NOT NULL)::int, r.k * coalesce((extract(epoch from (r.signed_at - r.created_at)) / 86400)::numeric, 0), r.k * (p.built_at IS NOT NULL)::int, r.k * coalesce((extract(epoch from (p.built_at - r.signed_at)) / 86400)::numeric, 0), r.k * (p.grid_at IS NOT NULL)::int, r.k * coalesce((extract(epoch from (p.grid_at - p.built_at)) / 86400)::numeric, 0)
       FROM (SELECT -1 AS k, * FROM customers WHERE id = OLD.id) r LEFT JOIN (SELECT s.customer_id, min(coalesce(s.built_at, s.grid_at)) AS built_at, min(s.grid_at) AS grid_at FROM (SELECT s.customer_id, s.status, s.built_at, s.grid_at FROM stations s WHERE s.customer_id IN (SELECT x.id FROM (SELECT -1 AS k, * FROM customers WHERE id = OLD.id) x GROUP BY x.id, x.created_at, x.province_code, x.city_code, x.agent_id, x.signed_at HAVING sum(x.k) <> 0)) s WHERE s.status <> 'terminated' GROUP BY s.customer_id) p ON p.customer_id = r.id AND r.signed_at IS NOT NULL)) AS x(day, province_code, city_code, customers, signed, sign_days, built, build_days, grid, grid_days) GROUP BY day, province_code, city_code HAVING sum(customers) <> 0 OR sum(signed) <> 0 OR sum(sign_days) <> 0 OR sum(built) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_cohort_region_monthly_key DO UPDATE SET customers = stat_cohort_region_monthly.customers + excluded.customers, signed = stat_cohort_region_monthly.signed + excluded.signed, sign_days = stat_cohort_region_monthly.sign_days + excluded.sign_days, built = stat_cohort_region_monthly.built + excluded.built, build_days = stat_cohort_region_monthly.build_days + excluded.build_days, grid = stat_cohort_region_monthly.grid + excluded.grid, grid_days = stat_cohort_region_monthly.grid_days + excluded.grid_days;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_cohort_region_monthly_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$INSERT INTO stat_cohort_region_monthly (day, province_code, city_code, customers, signed, sign_days, built, build_days, grid, grid_days) SELECT day, province_code, city_code, sum(customers) AS customers, sum(signed) AS signed, sum(sign_days) AS sign_days, sum(built) AS built, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_days) AS grid_days FROM ((SELECT date_trunc('month', r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.k, r.k * (r.signed_at IS NOT NULL)::int, r.k * coalesce((extract(epoch from (r.signed_at - r.created_at)) / 86400)::numeric, 0), r.k * (p.built_at IS NOT NULL)::int, r.k * coalesce((extract(epoch from (p.built_at - r.signed_at)) / 86400)::numeric, 0), r.k * (p.grid_at IS NOT NULL)::int, r.k * coalesce((extract(epoch from (p.grid_at - p.built_at)) / 86400)::numeric, 0)
       FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r LEFT JOIN (SELECT s.customer_id, min(coalesce(s.built_at, s.grid_at)) AS built_at, min(s.grid_at) AS grid_at FROM (SELECT s.customer_id, s.status, s.built_at, s.grid_at FROM stations s WHERE s.customer_id IN (SELECT x.id FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) x GROUP BY x.id, x.created_at, x.province_code, x.city_code, x.agent_id, x.signed_at HAVING sum(x.k) <> 0)) s WHERE s.status <> 'terminated' GROUP BY s.customer_id) p ON p.customer_id = r.id AND r.signed_at IS NOT NULL)) AS x(day, province_code, city_code, customers, signed, sign_days, built, build_days, grid, grid_days) GROUP BY day, province_code, city_code HAVING sum(customers) <> 0 OR sum(signed) <> 0 OR sum(sign_days) <> 0 OR sum(built) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_cohort_region_monthly_key DO UPDATE SET customers = stat_cohort_region_monthly.customers + excluded.customers, signed = stat_cohort_region_monthly.signed + excluded.signed, sign_days = stat_cohort_region_monthly.sign_days + excluded.sign_days, built = stat_cohort_region_monthly.built + excluded.built, build_days = stat_cohort_region_monthly.build_days + excluded.build_days, grid = stat_cohort_region_monthly.grid + excluded.grid, grid_days = stat_cohort_region_monthly.grid_days + excluded.grid_days$q$;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_cohort_region_monthly_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_cohort_region_monthly;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_cohort_region_monthly_stations_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$SELECT 1 FROM customers c WHERE c.id IN (SELECT r.customer_id FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.customer_id IS NOT NULL GROUP BY r.id, r.customer_id, r.status = 'terminated', r.built_at, r.grid_at HAVING sum(r.k) <> 0) ORDER BY c.id FOR NO KEY UPDATE OF c$q$;
  EXECUTE $q$INSERT INTO stat_cohort_region_monthly (day, province_code, city_code, customers, signed, sign_days, built, build_days, grid, grid_days) SELECT day, province_code, city_code, sum(customers) AS customers, sum(signed) AS signed, sum(sign_days) AS sign_days, sum(built) AS built, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_days) AS grid_days FROM ((SELECT date_trunc('month', c.created_at AT TIME ZONE 'Asia/Shanghai')::date, c.province_code, c.city_code, 0, 0, 0, 1 * (p.built_at IS NOT NULL)::int, 1 * coalesce((extract(epoch from (p.built_at - c.signed_at)) / 86400)::numeric, 0), 1 * (p.grid_at IS NOT NULL)::int, 1 * coalesce((extract(epoch from (p.grid_at - p.built_at)) / 86400)::numeric, 0) FROM customers c JOIN (SELECT s.customer_id, min(coalesce(s.built_at, s.grid_at)) AS built_at, min(s.grid_at) AS grid_at FROM (SELECT s.customer_id, s.status, s.built_at, s.grid_at FROM stations s WHERE s.customer_id IN (SELECT r.customer_id FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.customer_id IS NOT NULL GROUP BY r.id, r.customer_id, r.status = 'terminated', r.built_at, r.grid_at HAVING sum(r.k) <> 0)) s WHERE s.status <> 'terminated' GROUP BY s.customer_id) p ON p.customer_id = c.id WHERE c.signed_at IS NOT NULL) UNION ALL (SELECT date_trunc('month', c.created_at AT TIME ZONE 'Asia/Shanghai')::date, c.province_code, c.city_code, 0, 0, 0, -1 * (p.built_at IS NOT NULL)::int, -1 * coalesce((extract(epoch from (p.built_at - c.signed_at)) / 86400)::numeric, 0), -1 * (p.grid_at IS NOT NULL)::int, -1 * coalesce((extract(epoch from (p.grid_at - p.built_at)) / 86400)::numeric, 0) FROM customers c JOIN (SELECT s.customer_id, min(coalesce(s.built_at, s.grid_at)) AS built_at, min(s.grid_at) AS grid_at FROM (SELECT s.customer_id, s.status, s.built_at, s.grid_at FROM stations s WHERE s.customer_id IN (SELECT r.customer_id FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.customer_id IS NOT NULL GROUP BY r.id, r.customer_id, r.status = 'terminated', r.built_at, r.grid_at HAVING sum(r.k) <> 0) AND NOT EXISTS (SELECT 1 FROM (SELECT 1 AS k, * FROM new_rows) n WHERE n.k = 1 AND n.id = s.id) UNION ALL SELECT o.customer_id, o.status, o.built_at, o.grid_at FROM (SELECT 1 AS k, * FROM new_rows) o WHERE o.k = -1 AND o.customer_id IN (SELECT r.customer_id FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.customer_id IS NOT NULL GROUP BY r.id, r.customer_id, r.status = 'terminated', r.built_at, r.grid_at HAVING sum(r.k) <> 0)) s WHERE s.status <> 'terminated' GROUP BY s.customer_id) p ON p.customer_id = c.id WHERE c.signed_at IS NOT NULL)) AS x(day, province_code, city_code, customers, signed, sign_days, built, build_days, grid, grid_days) GROUP BY day, province_code, city_code HAVING sum(customers) <> 0 OR sum(signed) <> 0 OR sum(sign_days) <> 0 OR sum(built) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_cohort_region_monthly_key DO UPDATE SET customers = stat_cohort_region_monthly.customers + excluded.customers, signed = stat_cohort_region_monthly.signed + excluded.signed, sign_days = stat_cohort_region_monthly.sign_days + excluded.sign_days, built = stat_cohort_region_monthly.built + excluded.built, build_days = stat_cohort_region_monthly.build_days + excluded.build_days, grid = stat_cohort_region_monthly.grid + excluded.grid, grid_days = stat_cohort_region_monthly.grid_days + excluded.grid_days$q$;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_cohort_region_monthly_stations_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$SELECT 1 FROM customers c WHERE c.id IN (SELECT r.customer_id FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.customer_id IS NOT NULL GROUP BY r.id, r.customer_id, r.status = 'terminated', r.built_at, r.grid_at HAVING sum(r.k) <> 0) ORDER BY c.id FOR NO KEY UPDATE OF c$q$;
  EXECUTE $q$INSERT INTO stat_cohort_region_monthly (day, province_code, city_code, customers, signed, sign_days, built, build_days, grid, grid_days) SELECT day, province_code, city_code, sum(customers) AS customers, sum(signed) AS signed, sum(sign_days) AS sign_days, sum(built) AS built, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_days) AS grid_days FROM ((SELECT date_trunc('month', c.created_at AT TIME ZONE 'Asia/Shanghai')::date, c.province_code, c.city_code, 0, 0, 0, 1 * (p.built_at IS NOT NULL)::int, 1 * coalesce((extract(epoch from (p.built_at - c.signed_at)) / 86400)::numeric, 0), 1 * (p.grid_at IS NOT NULL)::int, 1 * coalesce((extract(epoch from (p.grid_at - p.built_at)) / 86400)::numeric, 0) FROM customers c JOIN (SELECT s.customer_id, min(coalesce(s.built_at, s.grid_at)) AS built_at, min(s.grid_at) AS grid_at FROM (SELECT s.customer_id, s.status, s.built_at, s.grid_at FROM stations s WHERE s.customer_id IN (SELECT r.customer_id FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.customer_id IS NOT NULL GROUP BY r.id, r.customer_id, r.status = 'terminated', r.built_at, r.grid_at HAVING sum(r.k) <> 0)) s WHERE s.status <> 'terminated' GROUP BY s.customer_id) p ON p.customer_id = c.id WHERE c.signed_at IS NOT NULL) UNION ALL (SELECT date_trunc('month', c.created_at AT TIME ZONE 'Asia/Shanghai')::date, c.province_code, c.city_code, 0, 0, 0, -1 * (p.built_at IS NOT NULL)::int, -1 * coalesce((extract(epoch from (p.built_at - c.signed_at)) / 86400)::numeric, 0), -1 * (p.grid_at IS NOT NULL)::int, -1 * coalesce((extract(epoch from (p.grid_at - p.built_at)) / 86400)::numeric, 0) FROM customers c JOIN (SELECT s.customer_id, min(coalesce(s.built_at, s.grid_at)) AS built_at, min(s.grid_at) AS grid_at FROM (SELECT s.customer_id, s.status, s.built_at, s.grid_at FROM stations s WHERE s.customer_id IN (SELECT r.customer_id FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.customer_id IS NOT NULL GROUP BY r.id, r.customer_id, r.status = 'terminated', r.built_at, r.grid_at HAVING sum(r.k) <> 0) AND NOT EXISTS (SELECT 1 FROM (SELECT -1 AS k, * FROM old_rows) n WHERE n.k = 1 AND n.id = s.id) UNION ALL SELECT o.customer_id, o.status, o.built_at, o.grid_at FROM (SELECT -1 AS k, * FROM old_rows) o WHERE o.k = -1 AND o.customer_id IN (SELECT r.customer_id FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.customer_id IS NOT NULL GROUP BY r.id, r.customer_id, r.status = 'terminated', r.built_at, r.grid_at HAVING sum(r.k) <> 0)) s WHERE s.status <> 'terminated' GROUP BY s.customer_id) p ON p.customer_id = c.id WHERE c.signed_at IS NOT NULL)) AS x(day, province_code, city_code, customers, signed, sign_days, built, build_days, grid, grid_days) GROUP BY day, province_code, city_code HAVING sum(customers) <> 0 OR sum(signed) <> 0 OR sum(sign_days) <> 0 OR sum(built) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_cohort_region_monthly_key DO UPDATE SET customers = stat_cohort_region_monthly.customers + excluded.customers, signed = stat_cohort_region_monthly.signed + excluded.signed, sign_days = stat_cohort_region_monthly.sign_days + excluded.sign_days, built = stat_cohort_region_monthly.built + excluded.built, build_days = stat_cohort_region_monthly.build_days + excluded.build_days, grid = stat_cohort_region_monthly.grid + excluded.grid, grid_days = stat_cohort_region_monthly.grid_days + excluded.grid_days$q$;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_cohort_region_monthly_stations_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$SELECT 1 FROM customers c WHERE c.id IN (SELECT r.customer_id FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.customer_id IS NOT NULL GROUP BY r.id, r.customer_id, r.status = 'terminated', r.built_at, r.grid_at HAVING sum(r.k) <> 0) ORDER BY c.id FOR NO KEY UPDATE OF c$q$;
  EXECUTE $q$INSERT INTO stat_cohort_region_monthly (day, province_code, city_code, customers, signed, sign_days, built, build_days, grid, grid_days) SELECT day, province_code, city_code, sum(customers) AS customers, sum(signed) AS signed, sum(sign_days) AS sign_days, sum(built) AS built, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_days) AS grid_days FROM ((SELECT date_trunc('month', c.created_at AT TIME ZONE 'Asia/Shanghai')::date, c.province_code, c.city_code, 0, 0, 0, 1 * (p.built_at IS NOT NULL)::int, 1 * coalesce((extract(epoch from (p.built_at - c.signed_at)) / 86400)::numeric, 0), 1 * (p.grid_at IS NOT NULL)::int, 1 * coalesce((extract(epoch from (p.grid_at - p.built_at)) / 86400)::numeric, 0) FROM customers c JOIN (SELECT s.customer_id, min(coalesce(s.built_at, s.grid_at)) AS built_at, min(s.grid_at) AS grid_at FROM (SELECT s.customer_id, s.status, s.built_at, s.grid_at FROM stations s WHERE s.customer_id IN (SELECT r.customer_id FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.customer_id IS NOT NULL GROUP BY r.id, r.customer_id, r.status = 'terminated', r.built_at, r.grid_at HAVING sum(r.k) <> 0)) s WHERE s.status <> 'terminated' GROUP BY s.customer_id) p ON p.customer_id = c.id WHERE c.signed_at IS NOT NULL) UNION ALL (SELECT date_trunc('month', c.created_at AT TIME ZONE 'Asia/Shanghai')::date, c.province_code, c.city_code, 0, 0, 0, -1 * (p.built_at IS NOT NULL)::int, -1 * coalesce((extract(epoch from (p.built_at - c.signed_at)) / 86400)::numeric, 0), -1 * (p.grid_at IS NOT NULL)::int, -1 * coalesce((extract(epoch from (p.grid_at - p.built_at)) / 86400)::numeric, 0) FROM customers c JOIN (SELECT s.customer_id, min(coalesce(s.built_at, s.grid_at)) AS built_at, min(s.grid_at) AS grid_at FROM (SELECT s.customer_id, s.status, s.built_at, s.grid_at FROM stations s WHERE s.customer_id IN (SELECT r.customer_id FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.customer_id IS NOT NULL GROUP BY r.id, r.customer_id, r.status = 'terminated', r.built_at, r.grid_at HAVING sum(r.k) <> 0) AND NOT EXISTS (SELECT 1 FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) n WHERE n.k = 1 AND n.id = s.id) UNION ALL SELECT o.customer_id, o.status, o.built_at, o.grid_at FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) o WHERE o.k = -1 AND o.customer_id IN (SELECT r.customer_id FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.customer_id IS NOT NULL GROUP BY r.id, r.customer_id, r.status = 'terminated', r.built_at, r.grid_at HAVING sum(r.k) <> 0)) s WHERE s.status <> 'terminated' GROUP BY s.customer_id) p ON p.customer_id = c.id WHERE c.signed_at IS NOT NULL)) AS x(day, province_code, city_code, customers, signed, sign_days, built, build_days, grid, grid_days) GROUP BY day, province_code, city_code HAVING sum(customers) <> 0 OR sum(signed) <> 0 OR sum(sign_days) <> 0 OR sum(built) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_cohort_region_monthly_key DO UPDATE SET customers = stat_cohort_region_monthly.customers + excluded.customers, signed = stat_cohort_region_monthly.signed + excluded.signed, sign_days = stat_cohort_region_monthly.sign_days + excluded.sign_days, built = stat_cohort_region_monthly.built + excluded.built, build_days = stat_cohort_region_monthly.build_days + excluded.build_days, grid = stat_cohort_region_monthly.grid + excluded.grid, grid_days = stat_cohort_region_monthly.grid_days + excluded.grid_days$q$;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_cohort_region_monthly_stations_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_cohort_region_monthly;
  INSERT INTO stat_cohort_region_monthly (day, province_code, city_code, customers, signed, sign_days, built, build_days, grid, grid_days) SELECT day, province_code, city_code, sum(customers) AS customers, sum(signed) AS signed, sum(sign_days) AS sign_days, sum(built) AS built, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_days) AS grid_days FROM ((SELECT date_trunc('month', r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.k, r.k * (r.signed_at IS NOT NULL)::int, r.k * coalesce((extract(epoch from (r.signed_at - r.created_at)) / 86400)::numeric, 0), r.k * (p.built_at IS NOT NULL)::int, r.k * coalesce((extract(epoch from (p.built_at - r.signed_at)) / 86400)::numeric, 0), r.k * (p.grid_at IS NOT NULL)::int, r.k * coalesce((extract(epoch from (p.grid_at - p.built_at)) / 86400)::numeric, 0)
       FROM (SELECT 1 AS k, * FROM customers) r LEFT JOIN (SELECT s.customer_id, min(coalesce(s.built_at, s.grid_at)) AS built_at, min(s.grid_at) AS grid_at FROM (SELECT s.customer_id, s.status, s.built_at, s.grid_at FROM stations s WHERE s.customer_id IN (SELECT x.id FROM (SELECT 1 AS k, * FROM customers) x GROUP BY x.id, x.created_at, x.province_code, x.city_code, x.agent_id, x.signed_at HAVING sum(x.k) <> 0)) s WHERE s.status <> 'terminated' GROUP BY s.customer_id) p ON p.customer_id = r.id AND r.signed_at IS NOT NULL)) AS x(day, province_code, city_code, customers, signed, sign_days, built, build_days, grid, grid_days) GROUP BY day, province_code, city_code HAVING sum(customers) <> 0 OR sum(signed) <> 0 OR sum(sign_days) <> 0 OR sum(built) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_cohort_region_monthly_key DO UPDATE SET customers = excluded.customers, signed = excluded.signed, sign_days = excluded.sign_days, built = excluded.built, build_days = excluded.build_days, grid = excluded.grid, grid_days = excluded.grid_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_customer_now_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_customer_now (stage, status, province_code, city_code, agent_id, n) SELECT stage, status, province_code, city_code, agent_id, sum(n) AS n FROM ((SELECT r.stage, r.status, r.province_code, r.city_code, r.agent_id, r.k FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(stage, status, province_code, city_code, agent_id, n) GROUP BY stage, status, province_code, city_code, agent_id HAVING sum(n) <> 0 ORDER BY stage, status, province_code, city_code, agent_id
    ON CONFLICT ON CONSTRAINT stat_customer_now_key DO UPDATE SET n = stat_customer_now.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_customer_now_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_customer_now (stage, status, province_code, city_code, agent_id, n) SELECT stage, status, province_code, city_code, agent_id, sum(n) AS n FROM ((SELECT r.stage, r.status, r.province_code, r.city_code, r.agent_id, r.k FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(stage, status, province_code, city_code, agent_id, n) GROUP BY stage, status, province_code, city_code, agent_id HAVING sum(n) <> 0 ORDER BY stage, status, province_code, city_code, agent_id
    ON CONFLICT ON CONSTRAINT stat_customer_now_key DO UPDATE SET n = stat_customer_now.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_customer_now_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_customer_now (stage, status, province_code, city_code, agent_id, n) SELECT stage, status, province_code, city_code, agent_id, sum(n) AS n FROM ((SELECT r.stage, r.status, r.province_code, r.city_code, r.agent_id, r.k FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(stage, status, province_code, city_code, agent_id, n) GROUP BY stage, status, province_code, city_code, agent_id HAVING sum(n) <> 0 ORDER BY stage, status, province_code, city_code, agent_id
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
CREATE OR REPLACE FUNCTION stat_customer_now_region_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_customer_now_region (stage, status, province_code, city_code, n) SELECT stage, status, province_code, city_code, sum(n) AS n FROM ((SELECT r.stage, r.status, r.province_code, r.city_code, r.k FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(stage, status, province_code, city_code, n) GROUP BY stage, status, province_code, city_code HAVING sum(n) <> 0 ORDER BY stage, status, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_customer_now_region_key DO UPDATE SET n = stat_customer_now_region.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_customer_now_region_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_customer_now_region (stage, status, province_code, city_code, n) SELECT stage, status, province_code, city_code, sum(n) AS n FROM ((SELECT r.stage, r.status, r.province_code, r.city_code, r.k FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(stage, status, province_code, city_code, n) GROUP BY stage, status, province_code, city_code HAVING sum(n) <> 0 ORDER BY stage, status, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_customer_now_region_key DO UPDATE SET n = stat_customer_now_region.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_customer_now_region_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_customer_now_region (stage, status, province_code, city_code, n) SELECT stage, status, province_code, city_code, sum(n) AS n FROM ((SELECT r.stage, r.status, r.province_code, r.city_code, r.k FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(stage, status, province_code, city_code, n) GROUP BY stage, status, province_code, city_code HAVING sum(n) <> 0 ORDER BY stage, status, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_customer_now_region_key DO UPDATE SET n = stat_customer_now_region.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_customer_now_region_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_customer_now_region;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_daily_customers_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_daily_customers (day, province_code, city_code, agent_id, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) SELECT day, province_code, city_code, agent_id, sum(customers) AS customers, sum(customers_signed) AS customers_signed, sum(sign_days) AS sign_days, sum(stations) AS stations, sum(stations_kwp) AS stations_kwp, sum(built) AS built, sum(built_kwp) AS built_kwp, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_kwp) AS grid_kwp, sum(grid_days) AS grid_days FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, r.k, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows) r) UNION ALL (SELECT (r.signed_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, 0, r.k, r.k * (extract(epoch from (r.signed_at - r.created_at)) / 86400)::numeric, 0, 0, 0, 0, 0, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.signed_at IS NOT NULL)) AS x(day, province_code, city_code, agent_id, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) GROUP BY day, province_code, city_code, agent_id HAVING sum(customers) <> 0 OR sum(customers_signed) <> 0 OR sum(sign_days) <> 0 OR sum(stations) <> 0 OR sum(stations_kwp) <> 0 OR sum(built) <> 0 OR sum(built_kwp) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_kwp) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code, agent_id
    ON CONFLICT ON CONSTRAINT stat_daily_customers_key DO UPDATE SET customers = stat_daily_customers.customers + excluded.customers, customers_signed = stat_daily_customers.customers_signed + excluded.customers_signed, sign_days = stat_daily_customers.sign_days + excluded.sign_days, stations = stat_daily_customers.stations + excluded.stations, stations_kwp = stat_daily_customers.stations_kwp + excluded.stations_kwp, built = stat_daily_customers.built + excluded.built, built_kwp = stat_daily_customers.built_kwp + excluded.built_kwp, build_days = stat_daily_customers.build_days + excluded.build_days, grid = stat_daily_customers.grid + excluded.grid, grid_kwp = stat_daily_customers.grid_kwp + excluded.grid_kwp, grid_days = stat_daily_customers.grid_days + excluded.grid_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_daily_customers_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_daily_customers (day, province_code, city_code, agent_id, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) SELECT day, province_code, city_code, agent_id, sum(customers) AS customers, sum(customers_signed) AS customers_signed, sum(sign_days) AS sign_days, sum(stations) AS stations, sum(stations_kwp) AS stations_kwp, sum(built) AS built, sum(built_kwp) AS built_kwp, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_kwp) AS grid_kwp, sum(grid_days) AS grid_days FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, r.k, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 FROM (SELECT -1 AS k, * FROM old_rows) r) UNION ALL (SELECT (r.signed_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, 0, r.k, r.k * (extract(epoch from (r.signed_at - r.created_at)) / 86400)::numeric, 0, 0, 0, 0, 0, 0, 0, 0 FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.signed_at IS NOT NULL)) AS x(day, province_code, city_code, agent_id, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) GROUP BY day, province_code, city_code, agent_id HAVING sum(customers) <> 0 OR sum(customers_signed) <> 0 OR sum(sign_days) <> 0 OR sum(stations) <> 0 OR sum(stations_kwp) <> 0 OR sum(built) <> 0 OR sum(built_kwp) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_kwp) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code, agent_id
    ON CONFLICT ON CONSTRAINT stat_daily_customers_key DO UPDATE SET customers = stat_daily_customers.customers + excluded.customers, customers_signed = stat_daily_customers.customers_signed + excluded.customers_signed, sign_days = stat_daily_customers.sign_days + excluded.sign_days, stations = stat_daily_customers.stations + excluded.stations, stations_kwp = stat_daily_customers.stations_kwp + excluded.stations_kwp, built = stat_daily_customers.built + excluded.built, built_kwp = stat_daily_customers.built_kwp + excluded.built_kwp, build_days = stat_daily_customers.build_days + excluded.build_days, grid = stat_daily_customers.grid + excluded.grid, grid_kwp = stat_daily_customers.grid_kwp + excluded.grid_kwp, grid_days = stat_daily_customers.grid_days + excluded.grid_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_daily_customers_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_daily_customers (day, province_code, city_code, agent_id, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) SELECT day, province_code, city_code, agent_id, sum(customers) AS customers, sum(customers_signed) AS customers_signed, sum(sign_days) AS sign_days, sum(stations) AS stations, sum(stations_kwp) AS stations_kwp, sum(built) AS built, sum(built_kwp) AS built_kwp, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_kwp) AS grid_kwp, sum(grid_days) AS grid_days FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, r.k, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r) UNION ALL (SELECT (r.signed_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, 0, r.k, r.k * (extract(epoch from (r.signed_at - r.created_at)) / 86400)::numeric, 0, 0, 0, 0, 0, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.signed_at IS NOT NULL)) AS x(day, province_code, city_code, agent_id, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) GROUP BY day, province_code, city_code, agent_id HAVING sum(customers) <> 0 OR sum(customers_signed) <> 0 OR sum(sign_days) <> 0 OR sum(stations) <> 0 OR sum(stations_kwp) <> 0 OR sum(built) <> 0 OR sum(built_kwp) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_kwp) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code, agent_id
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
CREATE OR REPLACE FUNCTION stat_daily_region_customers_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_daily_region_customers (day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) SELECT day, province_code, city_code, sum(customers) AS customers, sum(customers_signed) AS customers_signed, sum(sign_days) AS sign_days, sum(stations) AS stations, sum(stations_kwp) AS stations_kwp, sum(built) AS built, sum(built_kwp) AS built_kwp, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_kwp) AS grid_kwp, sum(grid_days) AS grid_days FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.k, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows) r) UNION ALL (SELECT (r.signed_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, r.k, r.k * (extract(epoch from (r.signed_at - r.created_at)) / 86400)::numeric, 0, 0, 0, 0, 0, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.signed_at IS NOT NULL)) AS x(day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) GROUP BY day, province_code, city_code HAVING sum(customers) <> 0 OR sum(customers_signed) <> 0 OR sum(sign_days) <> 0 OR sum(stations) <> 0 OR sum(stations_kwp) <> 0 OR sum(built) <> 0 OR sum(built_kwp) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_kwp) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_daily_region_customers_key DO UPDATE SET customers = stat_daily_region_customers.customers + excluded.customers, customers_signed = stat_daily_region_customers.customers_signed + excluded.customers_signed, sign_days = stat_daily_region_customers.sign_days + excluded.sign_days, stations = stat_daily_region_customers.stations + excluded.stations, stations_kwp = stat_daily_region_customers.stations_kwp + excluded.stations_kwp, built = stat_daily_region_customers.built + excluded.built, built_kwp = stat_daily_region_customers.built_kwp + excluded.built_kwp, build_days = stat_daily_region_customers.build_days + excluded.build_days, grid = stat_daily_region_customers.grid + excluded.grid, grid_kwp = stat_daily_region_customers.grid_kwp + excluded.grid_kwp, grid_days = stat_daily_region_customers.grid_days + excluded.grid_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_daily_region_customers_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_daily_region_customers (day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) SELECT day, province_code, city_code, sum(customers) AS customers, sum(customers_signed) AS customers_signed, sum(sign_days) AS sign_days, sum(stations) AS stations, sum(stations_kwp) AS stations_kwp, sum(built) AS built, sum(built_kwp) AS built_kwp, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_kwp) AS grid_kwp, sum(grid_days) AS grid_days FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.k, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 FROM (SELECT -1 AS k, * FROM old_rows) r) UNION ALL (SELECT (r.signed_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, r.k, r.k * (extract(epoch from (r.signed_at - r.created_at)) / 86400)::numeric, 0, 0, 0, 0, 0, 0, 0, 0 FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.signed_at IS NOT NULL)) AS x(day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) GROUP BY day, province_code, city_code HAVING sum(customers) <> 0 OR sum(customers_signed) <> 0 OR sum(sign_days) <> 0 OR sum(stations) <> 0 OR sum(stations_kwp) <> 0 OR sum(built) <> 0 OR sum(built_kwp) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_kwp) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_daily_region_customers_key DO UPDATE SET customers = stat_daily_region_customers.customers + excluded.customers, customers_signed = stat_daily_region_customers.customers_signed + excluded.customers_signed, sign_days = stat_daily_region_customers.sign_days + excluded.sign_days, stations = stat_daily_region_customers.stations + excluded.stations, stations_kwp = stat_daily_region_customers.stations_kwp + excluded.stations_kwp, built = stat_daily_region_customers.built + excluded.built, built_kwp = stat_daily_region_customers.built_kwp + excluded.built_kwp, build_days = stat_daily_region_customers.build_days + excluded.build_days, grid = stat_daily_region_customers.grid + excluded.grid, grid_kwp = stat_daily_region_customers.grid_kwp + excluded.grid_kwp, grid_days = stat_daily_region_customers.grid_days + excluded.grid_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_daily_region_customers_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_daily_region_customers (day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) SELECT day, province_code, city_code, sum(customers) AS customers, sum(customers_signed) AS customers_signed, sum(sign_days) AS sign_days, sum(stations) AS stations, sum(stations_kwp) AS stations_kwp, sum(built) AS built, sum(built_kwp) AS built_kwp, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_kwp) AS grid_kwp, sum(grid_days) AS grid_days FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.k, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r) UNION ALL (SELECT (r.signed_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, r.k, r.k * (extract(epoch from (r.signed_at - r.created_at)) / 86400)::numeric, 0, 0, 0, 0, 0, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.signed_at IS NOT NULL)) AS x(day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) GROUP BY day, province_code, city_code HAVING sum(customers) <> 0 OR sum(customers_signed) <> 0 OR sum(sign_days) <> 0 OR sum(stations) <> 0 OR sum(stations_kwp) <> 0 OR sum(built) <> 0 OR sum(built_kwp) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_kwp) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code
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
CREATE OR REPLACE FUNCTION stat_daily_region_stations_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_daily_region_stations (day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) SELECT day, province_code, city_code, sum(customers) AS customers, sum(customers_signed) AS customers_signed, sum(sign_days) AS sign_days, sum(stations) AS stations, sum(stations_kwp) AS stations_kwp, sum(built) AS built, sum(built_kwp) AS built_kwp, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_kwp) AS grid_kwp, sum(grid_days) AS grid_days FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, 0, 0, r.k, r.k * r.capacity_kwp, 0, 0, 0, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.status <> 'terminated') UNION ALL (SELECT (r.built_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, 0, 0, 0, 0, r.k, r.k * r.capacity_kwp, r.k * (extract(epoch from (r.built_at - r.created_at)) / 86400)::numeric, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.status <> 'terminated' AND r.built_at IS NOT NULL) UNION ALL (SELECT (r.grid_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, 0, 0, 0, 0, 0, 0, 0, r.k, r.k * r.capacity_kwp, r.k * (extract(epoch from (r.grid_at - coalesce(r.built_at, r.created_at))) / 86400)::numeric FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.status <> 'terminated' AND r.grid_at IS NOT NULL)) AS x(day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) GROUP BY day, province_code, city_code HAVING sum(customers) <> 0 OR sum(customers_signed) <> 0 OR sum(sign_days) <> 0 OR sum(stations) <> 0 OR sum(stations_kwp) <> 0 OR sum(built) <> 0 OR sum(built_kwp) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_kwp) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_daily_region_stations_key DO UPDATE SET customers = stat_daily_region_stations.customers + excluded.customers, customers_signed = stat_daily_region_stations.customers_signed + excluded.customers_signed, sign_days = stat_daily_region_stations.sign_days + excluded.sign_days, stations = stat_daily_region_stations.stations + excluded.stations, stations_kwp = stat_daily_region_stations.stations_kwp + excluded.stations_kwp, built = stat_daily_region_stations.built + excluded.built, built_kwp = stat_daily_region_stations.built_kwp + excluded.built_kwp, build_days = stat_daily_region_stations.build_days + excluded.build_days, grid = stat_daily_region_stations.grid + excluded.grid, grid_kwp = stat_daily_region_stations.grid_kwp + excluded.grid_kwp, grid_days = stat_daily_region_stations.grid_days + excluded.grid_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_daily_region_stations_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_daily_region_stations (day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) SELECT day, province_code, city_code, sum(customers) AS customers, sum(customers_signed) AS customers_signed, sum(sign_days) AS sign_days, sum(stations) AS stations, sum(stations_kwp) AS stations_kwp, sum(built) AS built, sum(built_kwp) AS built_kwp, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_kwp) AS grid_kwp, sum(grid_days) AS grid_days FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, 0, 0, r.k, r.k * r.capacity_kwp, 0, 0, 0, 0, 0, 0 FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.status <> 'terminated') UNION ALL (SELECT (r.built_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, 0, 0, 0, 0, r.k, r.k * r.capacity_kwp, r.k * (extract(epoch from (r.built_at - r.created_at)) / 86400)::numeric, 0, 0, 0 FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.status <> 'terminated' AND r.built_at IS NOT NULL) UNION ALL (SELECT (r.grid_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, 0, 0, 0, 0, 0, 0, 0, r.k, r.k * r.capacity_kwp, r.k * (extract(epoch from (r.grid_at - coalesce(r.built_at, r.created_at))) / 86400)::numeric FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.status <> 'terminated' AND r.grid_at IS NOT NULL)) AS x(day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) GROUP BY day, province_code, city_code HAVING sum(customers) <> 0 OR sum(customers_signed) <> 0 OR sum(sign_days) <> 0 OR sum(stations) <> 0 OR sum(stations_kwp) <> 0 OR sum(built) <> 0 OR sum(built_kwp) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_kwp) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_daily_region_stations_key DO UPDATE SET customers = stat_daily_region_stations.customers + excluded.customers, customers_signed = stat_daily_region_stations.customers_signed + excluded.customers_signed, sign_days = stat_daily_region_stations.sign_days + excluded.sign_days, stations = stat_daily_region_stations.stations + excluded.stations, stations_kwp = stat_daily_region_stations.stations_kwp + excluded.stations_kwp, built = stat_daily_region_stations.built + excluded.built, built_kwp = stat_daily_region_stations.built_kwp + excluded.built_kwp, build_days = stat_daily_region_stations.build_days + excluded.build_days, grid = stat_daily_region_stations.grid + excluded.grid, grid_kwp = stat_daily_region_stations.grid_kwp + excluded.grid_kwp, grid_days = stat_daily_region_stations.grid_days + excluded.grid_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_daily_region_stations_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_daily_region_stations (day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) SELECT day, province_code, city_code, sum(customers) AS customers, sum(customers_signed) AS customers_signed, sum(sign_days) AS sign_days, sum(stations) AS stations, sum(stations_kwp) AS stations_kwp, sum(built) AS built, sum(built_kwp) AS built_kwp, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_kwp) AS grid_kwp, sum(grid_days) AS grid_days FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, 0, 0, r.k, r.k * r.capacity_kwp, 0, 0, 0, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.status <> 'terminated') UNION ALL (SELECT (r.built_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, 0, 0, 0, 0, r.k, r.k * r.capacity_kwp, r.k * (extract(epoch from (r.built_at - r.created_at)) / 86400)::numeric, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.status <> 'terminated' AND r.built_at IS NOT NULL) UNION ALL (SELECT (r.grid_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, 0, 0, 0, 0, 0, 0, 0, r.k, r.k * r.capacity_kwp, r.k * (extract(epoch from (r.grid_at - coalesce(r.built_at, r.created_at))) / 86400)::numeric FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.status <> 'terminated' AND r.grid_at IS NOT NULL)) AS x(day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) GROUP BY day, province_code, city_code HAVING sum(customers) <> 0 OR sum(customers_signed) <> 0 OR sum(sign_days) <> 0 OR sum(stations) <> 0 OR sum(stations_kwp) <> 0 OR sum(built) <> 0 OR sum(built_kwp) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_kwp) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code
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
CREATE OR REPLACE FUNCTION stat_daily_stations_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_daily_stations (day, province_code, city_code, agent_id, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) SELECT day, province_code, city_code, agent_id, sum(customers) AS customers, sum(customers_signed) AS customers_signed, sum(sign_days) AS sign_days, sum(stations) AS stations, sum(stations_kwp) AS stations_kwp, sum(built) AS built, sum(built_kwp) AS built_kwp, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_kwp) AS grid_kwp, sum(grid_days) AS grid_days FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, 0, 0, 0, r.k, r.k * r.capacity_kwp, 0, 0, 0, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.status <> 'terminated') UNION ALL (SELECT (r.built_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, 0, 0, 0, 0, 0, r.k, r.k * r.capacity_kwp, r.k * (extract(epoch from (r.built_at - r.created_at)) / 86400)::numeric, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.status <> 'terminated' AND r.built_at IS NOT NULL) UNION ALL (SELECT (r.grid_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, 0, 0, 0, 0, 0, 0, 0, 0, r.k, r.k * r.capacity_kwp, r.k * (extract(epoch from (r.grid_at - coalesce(r.built_at, r.created_at))) / 86400)::numeric FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.status <> 'terminated' AND r.grid_at IS NOT NULL)) AS x(day, province_code, city_code, agent_id, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) GROUP BY day, province_code, city_code, agent_id HAVING sum(customers) <> 0 OR sum(customers_signed) <> 0 OR sum(sign_days) <> 0 OR sum(stations) <> 0 OR sum(stations_kwp) <> 0 OR sum(built) <> 0 OR sum(built_kwp) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_kwp) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code, agent_id
    ON CONFLICT ON CONSTRAINT stat_daily_stations_key DO UPDATE SET customers = stat_daily_stations.customers + excluded.customers, customers_signed = stat_daily_stations.customers_signed + excluded.customers_signed, sign_days = stat_daily_stations.sign_days + excluded.sign_days, stations = stat_daily_stations.stations + excluded.stations, stations_kwp = stat_daily_stations.stations_kwp + excluded.stations_kwp, built = stat_daily_stations.built + excluded.built, built_kwp = stat_daily_stations.built_kwp + excluded.built_kwp, build_days = stat_daily_stations.build_days + excluded.build_days, grid = stat_daily_stations.grid + excluded.grid, grid_kwp = stat_daily_stations.grid_kwp + excluded.grid_kwp, grid_days = stat_daily_stations.grid_days + excluded.grid_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_daily_stations_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_daily_stations (day, province_code, city_code, agent_id, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) SELECT day, province_code, city_code, agent_id, sum(customers) AS customers, sum(customers_signed) AS customers_signed, sum(sign_days) AS sign_days, sum(stations) AS stations, sum(stations_kwp) AS stations_kwp, sum(built) AS built, sum(built_kwp) AS built_kwp, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_kwp) AS grid_kwp, sum(grid_days) AS grid_days FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, 0, 0, 0, r.k, r.k * r.capacity_kwp, 0, 0, 0, 0, 0, 0 FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.status <> 'terminated') UNION ALL (SELECT (r.built_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, 0, 0, 0, 0, 0, r.k, r.k * r.capacity_kwp, r.k * (extract(epoch from (r.built_at - r.created_at)) / 86400)::numeric, 0, 0, 0 FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.status <> 'terminated' AND r.built_at IS NOT NULL) UNION ALL (SELECT (r.grid_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, 0, 0, 0, 0, 0, 0, 0, 0, r.k, r.k * r.capacity_kwp, r.k * (extract(epoch from (r.grid_at - coalesce(r.built_at, r.created_at))) / 86400)::numeric FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.status <> 'terminated' AND r.grid_at IS NOT NULL)) AS x(day, province_code, city_code, agent_id, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) GROUP BY day, province_code, city_code, agent_id HAVING sum(customers) <> 0 OR sum(customers_signed) <> 0 OR sum(sign_days) <> 0 OR sum(stations) <> 0 OR sum(stations_kwp) <> 0 OR sum(built) <> 0 OR sum(built_kwp) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_kwp) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code, agent_id
    ON CONFLICT ON CONSTRAINT stat_daily_stations_key DO UPDATE SET customers = stat_daily_stations.customers + excluded.customers, customers_signed = stat_daily_stations.customers_signed + excluded.customers_signed, sign_days = stat_daily_stations.sign_days + excluded.sign_days, stations = stat_daily_stations.stations + excluded.stations, stations_kwp = stat_daily_stations.stations_kwp + excluded.stations_kwp, built = stat_daily_stations.built + excluded.built, built_kwp = stat_daily_stations.built_kwp + excluded.built_kwp, build_days = stat_daily_stations.build_days + excluded.build_days, grid = stat_daily_stations.grid + excluded.grid, grid_kwp = stat_daily_stations.grid_kwp + excluded.grid_kwp, grid_days = stat_daily_stations.grid_days + excluded.grid_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_daily_stations_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_daily_stations (day, province_code, city_code, agent_id, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) SELECT day, province_code, city_code, agent_id, sum(customers) AS customers, sum(customers_signed) AS customers_signed, sum(sign_days) AS sign_days, sum(stations) AS stations, sum(stations_kwp) AS stations_kwp, sum(built) AS built, sum(built_kwp) AS built_kwp, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_kwp) AS grid_kwp, sum(grid_days) AS grid_days FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, 0, 0, 0, r.k, r.k * r.capacity_kwp, 0, 0, 0, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.status <> 'terminated') UNION ALL (SELECT (r.built_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, 0, 0, 0, 0, 0, r.k, r.k * r.capacity_kwp, r.k * (extract(epoch from (r.built_at - r.created_at)) / 86400)::numeric, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.status <> 'terminated' AND r.built_at IS NOT NULL) UNION ALL (SELECT (r.grid_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.agent_id, 0, 0, 0, 0, 0, 0, 0, 0, r.k, r.k * r.capacity_kwp, r.k * (extract(epoch from (r.grid_at - coalesce(r.built_at, r.created_at))) / 86400)::numeric FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.status <> 'terminated' AND r.grid_at IS NOT NULL)) AS x(day, province_code, city_code, agent_id, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) GROUP BY day, province_code, city_code, agent_id HAVING sum(customers) <> 0 OR sum(customers_signed) <> 0 OR sum(sign_days) <> 0 OR sum(stations) <> 0 OR sum(stations_kwp) <> 0 OR sum(built) <> 0 OR sum(built_kwp) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_kwp) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code, agent_id
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
CREATE OR REPLACE FUNCTION stat_maintenance_daily_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_maintenance_daily (day, province_code, city_code, fault_category, agent_id, opened, completed, in_sla, responded, respond_seconds, repair_seconds) SELECT day, province_code, city_code, fault_category, agent_id, sum(opened) AS opened, sum(completed) AS completed, sum(in_sla) AS in_sla, sum(responded) AS responded, sum(respond_seconds) AS respond_seconds, sum(repair_seconds) AS repair_seconds FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.fault_category, r.agent_id,
          r.k * (r.status <> 'cancelled')::int, r.k * (r.status = 'completed')::int,
          r.k * (r.status = 'completed' AND NOT r.response_breached AND NOT r.repair_breached)::int,
          r.k * (r.status <> 'cancelled' AND r.responded_at IS NOT NULL)::int,
          r.k * CASE WHEN r.status <> 'cancelled' AND r.responded_at IS NOT NULL THEN extract(epoch from r.responded_at - r.created_at)::bigint ELSE 0 END,
          r.k * CASE WHEN r.status = 'completed' THEN extract(epoch from r.finished_at - r.created_at)::bigint ELSE 0 END FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(day, province_code, city_code, fault_category, agent_id, opened, completed, in_sla, responded, respond_seconds, repair_seconds) GROUP BY day, province_code, city_code, fault_category, agent_id HAVING sum(opened) <> 0 OR sum(completed) <> 0 OR sum(in_sla) <> 0 OR sum(responded) <> 0 OR sum(respond_seconds) <> 0 OR sum(repair_seconds) <> 0 ORDER BY day, province_code, city_code, fault_category, agent_id
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
          r.k * CASE WHEN r.status = 'completed' THEN extract(epoch from r.finished_at - r.created_at)::bigint ELSE 0 END FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(day, province_code, city_code, fault_category, agent_id, opened, completed, in_sla, responded, respond_seconds, repair_seconds) GROUP BY day, province_code, city_code, fault_category, agent_id HAVING sum(opened) <> 0 OR sum(completed) <> 0 OR sum(in_sla) <> 0 OR sum(responded) <> 0 OR sum(respond_seconds) <> 0 OR sum(repair_seconds) <> 0 ORDER BY day, province_code, city_code, fault_category, agent_id
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
          r.k * CASE WHEN r.status = 'completed' THEN extract(epoch from r.finished_at - r.created_at)::bigint ELSE 0 END FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(day, province_code, city_code, fault_category, agent_id, opened, completed, in_sla, responded, respond_seconds, repair_seconds) GROUP BY day, province_code, city_code, fault_category, agent_id HAVING sum(opened) <> 0 OR sum(completed) <> 0 OR sum(in_sla) <> 0 OR sum(responded) <> 0 OR sum(respond_seconds) <> 0 OR sum(repair_seconds) <> 0 ORDER BY day, province_code, city_code, fault_category, agent_id
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
CREATE OR REPLACE FUNCTION stat_maintenance_region_daily_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_maintenance_region_daily (day, province_code, city_code, fault_category, opened, completed, in_sla, responded, respond_seconds, repair_seconds) SELECT day, province_code, city_code, fault_category, sum(opened) AS opened, sum(completed) AS completed, sum(in_sla) AS in_sla, sum(responded) AS responded, sum(respond_seconds) AS respond_seconds, sum(repair_seconds) AS repair_seconds FROM ((SELECT (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.fault_category,
          r.k * (r.status <> 'cancelled')::int, r.k * (r.status = 'completed')::int,
          r.k * (r.status = 'completed' AND NOT r.response_breached AND NOT r.repair_breached)::int,
          r.k * (r.status <> 'cancelled' AND r.responded_at IS NOT NULL)::int,
          r.k * CASE WHEN r.status <> 'cancelled' AND r.responded_at IS NOT NULL THEN extract(epoch from r.responded_at - r.created_at)::bigint ELSE 0 END,
          r.k * CASE WHEN r.status = 'completed' THEN extract(epoch from r.finished_at - r.created_at)::bigint ELSE 0 END FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(day, province_code, city_code, fault_category, opened, completed, in_sla, responded, respond_seconds, repair_seconds) GROUP BY day, province_code, city_code, fault_category HAVING sum(opened) <> 0 OR sum(completed) <> 0 OR sum(in_sla) <> 0 OR sum(responded) <> 0 OR sum(respond_seconds) <> 0 OR sum(repair_seconds) <> 0 ORDER BY day, province_code, city_code, fault_category
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
          r.k * CASE WHEN r.status = 'completed' THEN extract(epoch from r.finished_at - r.created_at)::bigint ELSE 0 END FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(day, province_code, city_code, fault_category, opened, completed, in_sla, responded, respond_seconds, repair_seconds) GROUP BY day, province_code, city_code, fault_category HAVING sum(opened) <> 0 OR sum(completed) <> 0 OR sum(in_sla) <> 0 OR sum(responded) <> 0 OR sum(respond_seconds) <> 0 OR sum(repair_seconds) <> 0 ORDER BY day, province_code, city_code, fault_category
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
          r.k * CASE WHEN r.status = 'completed' THEN extract(epoch from r.finished_at - r.created_at)::bigint ELSE 0 END FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(day, province_code, city_code, fault_category, opened, completed, in_sla, responded, respond_seconds, repair_seconds) GROUP BY day, province_code, city_code, fault_category HAVING sum(opened) <> 0 OR sum(completed) <> 0 OR sum(in_sla) <> 0 OR sum(responded) <> 0 OR sum(respond_seconds) <> 0 OR sum(repair_seconds) <> 0 ORDER BY day, province_code, city_code, fault_category
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
CREATE OR REPLACE FUNCTION stat_monthly_region_customers_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_monthly_region_customers (day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) SELECT day, province_code, city_code, sum(customers) AS customers, sum(customers_signed) AS customers_signed, sum(sign_days) AS sign_days, sum(stations) AS stations, sum(stations_kwp) AS stations_kwp, sum(built) AS built, sum(built_kwp) AS built_kwp, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_kwp) AS grid_kwp, sum(grid_days) AS grid_days FROM ((SELECT date_trunc('month', r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.k, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows) r) UNION ALL (SELECT date_trunc('month', r.signed_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, r.k, r.k * (extract(epoch from (r.signed_at - r.created_at)) / 86400)::numeric, 0, 0, 0, 0, 0, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.signed_at IS NOT NULL)) AS x(day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) GROUP BY day, province_code, city_code HAVING sum(customers) <> 0 OR sum(customers_signed) <> 0 OR sum(sign_days) <> 0 OR sum(stations) <> 0 OR sum(stations_kwp) <> 0 OR sum(built) <> 0 OR sum(built_kwp) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_kwp) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_monthly_region_customers_key DO UPDATE SET customers = stat_monthly_region_customers.customers + excluded.customers, customers_signed = stat_monthly_region_customers.customers_signed + excluded.customers_signed, sign_days = stat_monthly_region_customers.sign_days + excluded.sign_days, stations = stat_monthly_region_customers.stations + excluded.stations, stations_kwp = stat_monthly_region_customers.stations_kwp + excluded.stations_kwp, built = stat_monthly_region_customers.built + excluded.built, built_kwp = stat_monthly_region_customers.built_kwp + excluded.built_kwp, build_days = stat_monthly_region_customers.build_days + excluded.build_days, grid = stat_monthly_region_customers.grid + excluded.grid, grid_kwp = stat_monthly_region_customers.grid_kwp + excluded.grid_kwp, grid_days = stat_monthly_region_customers.grid_days + excluded.grid_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_monthly_region_customers_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_monthly_region_customers (day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) SELECT day, province_code, city_code, sum(customers) AS customers, sum(customers_signed) AS customers_signed, sum(sign_days) AS sign_days, sum(stations) AS stations, sum(stations_kwp) AS stations_kwp, sum(built) AS built, sum(built_kwp) AS built_kwp, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_kwp) AS grid_kwp, sum(grid_days) AS grid_days FROM ((SELECT date_trunc('month', r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.k, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 FROM (SELECT -1 AS k, * FROM old_rows) r) UNION ALL (SELECT date_trunc('month', r.signed_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, r.k, r.k * (extract(epoch from (r.signed_at - r.created_at)) / 86400)::numeric, 0, 0, 0, 0, 0, 0, 0, 0 FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.signed_at IS NOT NULL)) AS x(day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) GROUP BY day, province_code, city_code HAVING sum(customers) <> 0 OR sum(customers_signed) <> 0 OR sum(sign_days) <> 0 OR sum(stations) <> 0 OR sum(stations_kwp) <> 0 OR sum(built) <> 0 OR sum(built_kwp) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_kwp) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_monthly_region_customers_key DO UPDATE SET customers = stat_monthly_region_customers.customers + excluded.customers, customers_signed = stat_monthly_region_customers.customers_signed + excluded.customers_signed, sign_days = stat_monthly_region_customers.sign_days + excluded.sign_days, stations = stat_monthly_region_customers.stations + excluded.stations, stations_kwp = stat_monthly_region_customers.stations_kwp + excluded.stations_kwp, built = stat_monthly_region_customers.built + excluded.built, built_kwp = stat_monthly_region_customers.built_kwp + excluded.built_kwp, build_days = stat_monthly_region_customers.build_days + excluded.build_days, grid = stat_monthly_region_customers.grid + excluded.grid, grid_kwp = stat_monthly_region_customers.grid_kwp + excluded.grid_kwp, grid_days = stat_monthly_region_customers.grid_days + excluded.grid_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_monthly_region_customers_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_monthly_region_customers (day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) SELECT day, province_code, city_code, sum(customers) AS customers, sum(customers_signed) AS customers_signed, sum(sign_days) AS sign_days, sum(stations) AS stations, sum(stations_kwp) AS stations_kwp, sum(built) AS built, sum(built_kwp) AS built_kwp, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_kwp) AS grid_kwp, sum(grid_days) AS grid_days FROM ((SELECT date_trunc('month', r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, r.k, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r) UNION ALL (SELECT date_trunc('month', r.signed_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, r.k, r.k * (extract(epoch from (r.signed_at - r.created_at)) / 86400)::numeric, 0, 0, 0, 0, 0, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.signed_at IS NOT NULL)) AS x(day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) GROUP BY day, province_code, city_code HAVING sum(customers) <> 0 OR sum(customers_signed) <> 0 OR sum(sign_days) <> 0 OR sum(stations) <> 0 OR sum(stations_kwp) <> 0 OR sum(built) <> 0 OR sum(built_kwp) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_kwp) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_monthly_region_customers_key DO UPDATE SET customers = stat_monthly_region_customers.customers + excluded.customers, customers_signed = stat_monthly_region_customers.customers_signed + excluded.customers_signed, sign_days = stat_monthly_region_customers.sign_days + excluded.sign_days, stations = stat_monthly_region_customers.stations + excluded.stations, stations_kwp = stat_monthly_region_customers.stations_kwp + excluded.stations_kwp, built = stat_monthly_region_customers.built + excluded.built, built_kwp = stat_monthly_region_customers.built_kwp + excluded.built_kwp, build_days = stat_monthly_region_customers.build_days + excluded.build_days, grid = stat_monthly_region_customers.grid + excluded.grid, grid_kwp = stat_monthly_region_customers.grid_kwp + excluded.grid_kwp, grid_days = stat_monthly_region_customers.grid_days + excluded.grid_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_monthly_region_customers_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_monthly_region_customers;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_monthly_region_stations_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_monthly_region_stations (day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) SELECT day, province_code, city_code, sum(customers) AS customers, sum(customers_signed) AS customers_signed, sum(sign_days) AS sign_days, sum(stations) AS stations, sum(stations_kwp) AS stations_kwp, sum(built) AS built, sum(built_kwp) AS built_kwp, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_kwp) AS grid_kwp, sum(grid_days) AS grid_days FROM ((SELECT date_trunc('month', r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, 0, 0, r.k, r.k * r.capacity_kwp, 0, 0, 0, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.status <> 'terminated') UNION ALL (SELECT date_trunc('month', r.built_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, 0, 0, 0, 0, r.k, r.k * r.capacity_kwp, r.k * (extract(epoch from (r.built_at - r.created_at)) / 86400)::numeric, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.status <> 'terminated' AND r.built_at IS NOT NULL) UNION ALL (SELECT date_trunc('month', r.grid_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, 0, 0, 0, 0, 0, 0, 0, r.k, r.k * r.capacity_kwp, r.k * (extract(epoch from (r.grid_at - coalesce(r.built_at, r.created_at))) / 86400)::numeric FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.status <> 'terminated' AND r.grid_at IS NOT NULL)) AS x(day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) GROUP BY day, province_code, city_code HAVING sum(customers) <> 0 OR sum(customers_signed) <> 0 OR sum(sign_days) <> 0 OR sum(stations) <> 0 OR sum(stations_kwp) <> 0 OR sum(built) <> 0 OR sum(built_kwp) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_kwp) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_monthly_region_stations_key DO UPDATE SET customers = stat_monthly_region_stations.customers + excluded.customers, customers_signed = stat_monthly_region_stations.customers_signed + excluded.customers_signed, sign_days = stat_monthly_region_stations.sign_days + excluded.sign_days, stations = stat_monthly_region_stations.stations + excluded.stations, stations_kwp = stat_monthly_region_stations.stations_kwp + excluded.stations_kwp, built = stat_monthly_region_stations.built + excluded.built, built_kwp = stat_monthly_region_stations.built_kwp + excluded.built_kwp, build_days = stat_monthly_region_stations.build_days + excluded.build_days, grid = stat_monthly_region_stations.grid + excluded.grid, grid_kwp = stat_monthly_region_stations.grid_kwp + excluded.grid_kwp, grid_days = stat_monthly_region_stations.grid_days + excluded.grid_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_monthly_region_stations_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_monthly_region_stations (day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) SELECT day, province_code, city_code, sum(customers) AS customers, sum(customers_signed) AS customers_signed, sum(sign_days) AS sign_days, sum(stations) AS stations, sum(stations_kwp) AS stations_kwp, sum(built) AS built, sum(built_kwp) AS built_kwp, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_kwp) AS grid_kwp, sum(grid_days) AS grid_days FROM ((SELECT date_trunc('month', r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, 0, 0, r.k, r.k * r.capacity_kwp, 0, 0, 0, 0, 0, 0 FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.status <> 'terminated') UNION ALL (SELECT date_trunc('month', r.built_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, 0, 0, 0, 0, r.k, r.k * r.capacity_kwp, r.k * (extract(epoch from (r.built_at - r.created_at)) / 86400)::numeric, 0, 0, 0 FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.status <> 'terminated' AND r.built_at IS NOT NULL) UNION ALL (SELECT date_trunc('month', r.grid_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, 0, 0, 0, 0, 0, 0, 0, r.k, r.k * r.capacity_kwp, r.k * (extract(epoch from (r.grid_at - coalesce(r.built_at, r.created_at))) / 86400)::numeric FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.status <> 'terminated' AND r.grid_at IS NOT NULL)) AS x(day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) GROUP BY day, province_code, city_code HAVING sum(customers) <> 0 OR sum(customers_signed) <> 0 OR sum(sign_days) <> 0 OR sum(stations) <> 0 OR sum(stations_kwp) <> 0 OR sum(built) <> 0 OR sum(built_kwp) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_kwp) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_monthly_region_stations_key DO UPDATE SET customers = stat_monthly_region_stations.customers + excluded.customers, customers_signed = stat_monthly_region_stations.customers_signed + excluded.customers_signed, sign_days = stat_monthly_region_stations.sign_days + excluded.sign_days, stations = stat_monthly_region_stations.stations + excluded.stations, stations_kwp = stat_monthly_region_stations.stations_kwp + excluded.stations_kwp, built = stat_monthly_region_stations.built + excluded.built, built_kwp = stat_monthly_region_stations.built_kwp + excluded.built_kwp, build_days = stat_monthly_region_stations.build_days + excluded.build_days, grid = stat_monthly_region_stations.grid + excluded.grid, grid_kwp = stat_monthly_region_stations.grid_kwp + excluded.grid_kwp, grid_days = stat_monthly_region_stations.grid_days + excluded.grid_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_monthly_region_stations_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_monthly_region_stations (day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) SELECT day, province_code, city_code, sum(customers) AS customers, sum(customers_signed) AS customers_signed, sum(sign_days) AS sign_days, sum(stations) AS stations, sum(stations_kwp) AS stations_kwp, sum(built) AS built, sum(built_kwp) AS built_kwp, sum(build_days) AS build_days, sum(grid) AS grid, sum(grid_kwp) AS grid_kwp, sum(grid_days) AS grid_days FROM ((SELECT date_trunc('month', r.created_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, 0, 0, r.k, r.k * r.capacity_kwp, 0, 0, 0, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.status <> 'terminated') UNION ALL (SELECT date_trunc('month', r.built_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, 0, 0, 0, 0, r.k, r.k * r.capacity_kwp, r.k * (extract(epoch from (r.built_at - r.created_at)) / 86400)::numeric, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.status <> 'terminated' AND r.built_at IS NOT NULL) UNION ALL (SELECT date_trunc('month', r.grid_at AT TIME ZONE 'Asia/Shanghai')::date, r.province_code, r.city_code, 0, 0, 0, 0, 0, 0, 0, 0, r.k, r.k * r.capacity_kwp, r.k * (extract(epoch from (r.grid_at - coalesce(r.built_at, r.created_at))) / 86400)::numeric FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.status <> 'terminated' AND r.grid_at IS NOT NULL)) AS x(day, province_code, city_code, customers, customers_signed, sign_days, stations, stations_kwp, built, built_kwp, build_days, grid, grid_kwp, grid_days) GROUP BY day, province_code, city_code HAVING sum(customers) <> 0 OR sum(customers_signed) <> 0 OR sum(sign_days) <> 0 OR sum(stations) <> 0 OR sum(stations_kwp) <> 0 OR sum(built) <> 0 OR sum(built_kwp) <> 0 OR sum(build_days) <> 0 OR sum(grid) <> 0 OR sum(grid_kwp) <> 0 OR sum(grid_days) <> 0 ORDER BY day, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_monthly_region_stations_key DO UPDATE SET customers = stat_monthly_region_stations.customers + excluded.customers, customers_signed = stat_monthly_region_stations.customers_signed + excluded.customers_signed, sign_days = stat_monthly_region_stations.sign_days + excluded.sign_days, stations = stat_monthly_region_stations.stations + excluded.stations, stations_kwp = stat_monthly_region_stations.stations_kwp + excluded.stations_kwp, built = stat_monthly_region_stations.built + excluded.built, built_kwp = stat_monthly_region_stations.built_kwp + excluded.built_kwp, build_days = stat_monthly_region_stations.build_days + excluded.build_days, grid = stat_monthly_region_stations.grid + excluded.grid, grid_kwp = stat_monthly_region_stations.grid_kwp + excluded.grid_kwp, grid_days = stat_monthly_region_stations.grid_days + excluded.grid_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_monthly_region_stations_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_monthly_region_stations;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_order_now_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_order_now (kind, status, overdue, province_code, city_code, agent_id, n) SELECT kind, status, overdue, province_code, city_code, agent_id, sum(n) AS n FROM ((SELECT r.kind, r.status, r.overdue, r.province_code, r.city_code, r.agent_id, r.k FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(kind, status, overdue, province_code, city_code, agent_id, n) GROUP BY kind, status, overdue, province_code, city_code, agent_id HAVING sum(n) <> 0 ORDER BY kind, status, overdue, province_code, city_code, agent_id
    ON CONFLICT ON CONSTRAINT stat_order_now_key DO UPDATE SET n = stat_order_now.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_order_now_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_order_now (kind, status, overdue, province_code, city_code, agent_id, n) SELECT kind, status, overdue, province_code, city_code, agent_id, sum(n) AS n FROM ((SELECT r.kind, r.status, r.overdue, r.province_code, r.city_code, r.agent_id, r.k FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(kind, status, overdue, province_code, city_code, agent_id, n) GROUP BY kind, status, overdue, province_code, city_code, agent_id HAVING sum(n) <> 0 ORDER BY kind, status, overdue, province_code, city_code, agent_id
    ON CONFLICT ON CONSTRAINT stat_order_now_key DO UPDATE SET n = stat_order_now.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_order_now_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_order_now (kind, status, overdue, province_code, city_code, agent_id, n) SELECT kind, status, overdue, province_code, city_code, agent_id, sum(n) AS n FROM ((SELECT r.kind, r.status, r.overdue, r.province_code, r.city_code, r.agent_id, r.k FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(kind, status, overdue, province_code, city_code, agent_id, n) GROUP BY kind, status, overdue, province_code, city_code, agent_id HAVING sum(n) <> 0 ORDER BY kind, status, overdue, province_code, city_code, agent_id
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
CREATE OR REPLACE FUNCTION stat_order_now_region_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_order_now_region (kind, status, overdue, province_code, city_code, n) SELECT kind, status, overdue, province_code, city_code, sum(n) AS n FROM ((SELECT r.kind, r.status, r.overdue, r.province_code, r.city_code, r.k FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(kind, status, overdue, province_code, city_code, n) GROUP BY kind, status, overdue, province_code, city_code HAVING sum(n) <> 0 ORDER BY kind, status, overdue, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_order_now_region_key DO UPDATE SET n = stat_order_now_region.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_order_now_region_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_order_now_region (kind, status, overdue, province_code, city_code, n) SELECT kind, status, overdue, province_code, city_code, sum(n) AS n FROM ((SELECT r.kind, r.status, r.overdue, r.province_code, r.city_code, r.k FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(kind, status, overdue, province_code, city_code, n) GROUP BY kind, status, overdue, province_code, city_code HAVING sum(n) <> 0 ORDER BY kind, status, overdue, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_order_now_region_key DO UPDATE SET n = stat_order_now_region.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_order_now_region_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_order_now_region (kind, status, overdue, province_code, city_code, n) SELECT kind, status, overdue, province_code, city_code, sum(n) AS n FROM ((SELECT r.kind, r.status, r.overdue, r.province_code, r.city_code, r.k FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(kind, status, overdue, province_code, city_code, n) GROUP BY kind, status, overdue, province_code, city_code HAVING sum(n) <> 0 ORDER BY kind, status, overdue, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_order_now_region_key DO UPDATE SET n = stat_order_now_region.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_order_now_region_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_order_now_region;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_reject_daily_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_reject_daily (day, kind, item, province_code, city_code, agent_id, n) SELECT day, kind, item, province_code, city_code, agent_id, sum(n) AS n FROM ((SELECT (r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.kind, (e.value ->> 'key')::varchar(64), r.province_code, r.city_code, r.agent_id, r.k
         FROM (SELECT 1 AS k, * FROM new_rows) r CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r.items) = 'array' THEN r.items ELSE '[]'::jsonb END) e
         WHERE r.result = 'rejected' AND r.reviewed_at IS NOT NULL AND e.value ->> 'result' = 'fail' AND e.value ->> 'key' IS NOT NULL)) AS x(day, kind, item, province_code, city_code, agent_id, n) GROUP BY day, kind, item, province_code, city_code, agent_id HAVING sum(n) <> 0 ORDER BY day, kind, item, province_code, city_code, agent_id
    ON CONFLICT ON CONSTRAINT stat_reject_daily_key DO UPDATE SET n = stat_reject_daily.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_reject_daily_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_reject_daily (day, kind, item, province_code, city_code, agent_id, n) SELECT day, kind, item, province_code, city_code, agent_id, sum(n) AS n FROM ((SELECT (r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.kind, (e.value ->> 'key')::varchar(64), r.province_code, r.city_code, r.agent_id, r.k
         FROM (SELECT -1 AS k, * FROM old_rows) r CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r.items) = 'array' THEN r.items ELSE '[]'::jsonb END) e
         WHERE r.result = 'rejected' AND r.reviewed_at IS NOT NULL AND e.value ->> 'result' = 'fail' AND e.value ->> 'key' IS NOT NULL)) AS x(day, kind, item, province_code, city_code, agent_id, n) GROUP BY day, kind, item, province_code, city_code, agent_id HAVING sum(n) <> 0 ORDER BY day, kind, item, province_code, city_code, agent_id
    ON CONFLICT ON CONSTRAINT stat_reject_daily_key DO UPDATE SET n = stat_reject_daily.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_reject_daily_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_reject_daily (day, kind, item, province_code, city_code, agent_id, n) SELECT day, kind, item, province_code, city_code, agent_id, sum(n) AS n FROM ((SELECT (r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.kind, (e.value ->> 'key')::varchar(64), r.province_code, r.city_code, r.agent_id, r.k
         FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r.items) = 'array' THEN r.items ELSE '[]'::jsonb END) e
         WHERE r.result = 'rejected' AND r.reviewed_at IS NOT NULL AND e.value ->> 'result' = 'fail' AND e.value ->> 'key' IS NOT NULL)) AS x(day, kind, item, province_code, city_code, agent_id, n) GROUP BY day, kind, item, province_code, city_code, agent_id HAVING sum(n) <> 0 ORDER BY day, kind, item, province_code, city_code, agent_id
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
CREATE OR REPLACE FUNCTION stat_reject_monthly_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_reject_monthly (day, kind, item, province_code, city_code, n) SELECT day, kind, item, province_code, city_code, sum(n) AS n FROM ((SELECT date_trunc('month', r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.kind, (e.value ->> 'key')::varchar(64), r.province_code, r.city_code, r.k
         FROM (SELECT 1 AS k, * FROM new_rows) r CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r.items) = 'array' THEN r.items ELSE '[]'::jsonb END) e
         WHERE r.result = 'rejected' AND r.reviewed_at IS NOT NULL AND e.value ->> 'result' = 'fail' AND e.value ->> 'key' IS NOT NULL)) AS x(day, kind, item, province_code, city_code, n) GROUP BY day, kind, item, province_code, city_code HAVING sum(n) <> 0 ORDER BY day, kind, item, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_reject_monthly_key DO UPDATE SET n = stat_reject_monthly.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_reject_monthly_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_reject_monthly (day, kind, item, province_code, city_code, n) SELECT day, kind, item, province_code, city_code, sum(n) AS n FROM ((SELECT date_trunc('month', r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.kind, (e.value ->> 'key')::varchar(64), r.province_code, r.city_code, r.k
         FROM (SELECT -1 AS k, * FROM old_rows) r CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r.items) = 'array' THEN r.items ELSE '[]'::jsonb END) e
         WHERE r.result = 'rejected' AND r.reviewed_at IS NOT NULL AND e.value ->> 'result' = 'fail' AND e.value ->> 'key' IS NOT NULL)) AS x(day, kind, item, province_code, city_code, n) GROUP BY day, kind, item, province_code, city_code HAVING sum(n) <> 0 ORDER BY day, kind, item, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_reject_monthly_key DO UPDATE SET n = stat_reject_monthly.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_reject_monthly_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_reject_monthly (day, kind, item, province_code, city_code, n) SELECT day, kind, item, province_code, city_code, sum(n) AS n FROM ((SELECT date_trunc('month', r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.kind, (e.value ->> 'key')::varchar(64), r.province_code, r.city_code, r.k
         FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r.items) = 'array' THEN r.items ELSE '[]'::jsonb END) e
         WHERE r.result = 'rejected' AND r.reviewed_at IS NOT NULL AND e.value ->> 'result' = 'fail' AND e.value ->> 'key' IS NOT NULL)) AS x(day, kind, item, province_code, city_code, n) GROUP BY day, kind, item, province_code, city_code HAVING sum(n) <> 0 ORDER BY day, kind, item, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_reject_monthly_key DO UPDATE SET n = stat_reject_monthly.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_reject_monthly_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_reject_monthly;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_reject_province_monthly_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_reject_province_monthly (day, kind, item, province_code, n) SELECT day, kind, item, province_code, sum(n) AS n FROM ((SELECT date_trunc('month', r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.kind, (e.value ->> 'key')::varchar(64), r.province_code, r.k
         FROM (SELECT 1 AS k, * FROM new_rows) r CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r.items) = 'array' THEN r.items ELSE '[]'::jsonb END) e
         WHERE r.result = 'rejected' AND r.reviewed_at IS NOT NULL AND e.value ->> 'result' = 'fail' AND e.value ->> 'key' IS NOT NULL)) AS x(day, kind, item, province_code, n) GROUP BY day, kind, item, province_code HAVING sum(n) <> 0 ORDER BY day, kind, item, province_code
    ON CONFLICT ON CONSTRAINT stat_reject_province_monthly_key DO UPDATE SET n = stat_reject_province_monthly.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_reject_province_monthly_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_reject_province_monthly (day, kind, item, province_code, n) SELECT day, kind, item, province_code, sum(n) AS n FROM ((SELECT date_trunc('month', r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.kind, (e.value ->> 'key')::varchar(64), r.province_code, r.k
         FROM (SELECT -1 AS k, * FROM old_rows) r CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r.items) = 'array' THEN r.items ELSE '[]'::jsonb END) e
         WHERE r.result = 'rejected' AND r.reviewed_at IS NOT NULL AND e.value ->> 'result' = 'fail' AND e.value ->> 'key' IS NOT NULL)) AS x(day, kind, item, province_code, n) GROUP BY day, kind, item, province_code HAVING sum(n) <> 0 ORDER BY day, kind, item, province_code
    ON CONFLICT ON CONSTRAINT stat_reject_province_monthly_key DO UPDATE SET n = stat_reject_province_monthly.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_reject_province_monthly_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_reject_province_monthly (day, kind, item, province_code, n) SELECT day, kind, item, province_code, sum(n) AS n FROM ((SELECT date_trunc('month', r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.kind, (e.value ->> 'key')::varchar(64), r.province_code, r.k
         FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r.items) = 'array' THEN r.items ELSE '[]'::jsonb END) e
         WHERE r.result = 'rejected' AND r.reviewed_at IS NOT NULL AND e.value ->> 'result' = 'fail' AND e.value ->> 'key' IS NOT NULL)) AS x(day, kind, item, province_code, n) GROUP BY day, kind, item, province_code HAVING sum(n) <> 0 ORDER BY day, kind, item, province_code
    ON CONFLICT ON CONSTRAINT stat_reject_province_monthly_key DO UPDATE SET n = stat_reject_province_monthly.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_reject_province_monthly_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_reject_province_monthly;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_reject_total_daily_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_reject_total_daily (day, kind, item, n) SELECT day, kind, item, sum(n) AS n FROM ((SELECT (r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.kind, (e.value ->> 'key')::varchar(64), r.k
         FROM (SELECT 1 AS k, * FROM new_rows) r CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r.items) = 'array' THEN r.items ELSE '[]'::jsonb END) e
         WHERE r.result = 'rejected' AND r.reviewed_at IS NOT NULL AND e.value ->> 'result' = 'fail' AND e.value ->> 'key' IS NOT NULL)) AS x(day, kind, item, n) GROUP BY day, kind, item HAVING sum(n) <> 0 ORDER BY day, kind, item
    ON CONFLICT ON CONSTRAINT stat_reject_total_daily_key DO UPDATE SET n = stat_reject_total_daily.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_reject_total_daily_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_reject_total_daily (day, kind, item, n) SELECT day, kind, item, sum(n) AS n FROM ((SELECT (r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.kind, (e.value ->> 'key')::varchar(64), r.k
         FROM (SELECT -1 AS k, * FROM old_rows) r CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r.items) = 'array' THEN r.items ELSE '[]'::jsonb END) e
         WHERE r.result = 'rejected' AND r.reviewed_at IS NOT NULL AND e.value ->> 'result' = 'fail' AND e.value ->> 'key' IS NOT NULL)) AS x(day, kind, item, n) GROUP BY day, kind, item HAVING sum(n) <> 0 ORDER BY day, kind, item
    ON CONFLICT ON CONSTRAINT stat_reject_total_daily_key DO UPDATE SET n = stat_reject_total_daily.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_reject_total_daily_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_reject_total_daily (day, kind, item, n) SELECT day, kind, item, sum(n) AS n FROM ((SELECT (r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.kind, (e.value ->> 'key')::varchar(64), r.k
         FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r.items) = 'array' THEN r.items ELSE '[]'::jsonb END) e
         WHERE r.result = 'rejected' AND r.reviewed_at IS NOT NULL AND e.value ->> 'result' = 'fail' AND e.value ->> 'key' IS NOT NULL)) AS x(day, kind, item, n) GROUP BY day, kind, item HAVING sum(n) <> 0 ORDER BY day, kind, item
    ON CONFLICT ON CONSTRAINT stat_reject_total_daily_key DO UPDATE SET n = stat_reject_total_daily.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_reject_total_daily_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_reject_total_daily;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_reject_total_monthly_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_reject_total_monthly (day, kind, item, n) SELECT day, kind, item, sum(n) AS n FROM ((SELECT date_trunc('month', r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.kind, (e.value ->> 'key')::varchar(64), r.k
         FROM (SELECT 1 AS k, * FROM new_rows) r CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r.items) = 'array' THEN r.items ELSE '[]'::jsonb END) e
         WHERE r.result = 'rejected' AND r.reviewed_at IS NOT NULL AND e.value ->> 'result' = 'fail' AND e.value ->> 'key' IS NOT NULL)) AS x(day, kind, item, n) GROUP BY day, kind, item HAVING sum(n) <> 0 ORDER BY day, kind, item
    ON CONFLICT ON CONSTRAINT stat_reject_total_monthly_key DO UPDATE SET n = stat_reject_total_monthly.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_reject_total_monthly_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_reject_total_monthly (day, kind, item, n) SELECT day, kind, item, sum(n) AS n FROM ((SELECT date_trunc('month', r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.kind, (e.value ->> 'key')::varchar(64), r.k
         FROM (SELECT -1 AS k, * FROM old_rows) r CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r.items) = 'array' THEN r.items ELSE '[]'::jsonb END) e
         WHERE r.result = 'rejected' AND r.reviewed_at IS NOT NULL AND e.value ->> 'result' = 'fail' AND e.value ->> 'key' IS NOT NULL)) AS x(day, kind, item, n) GROUP BY day, kind, item HAVING sum(n) <> 0 ORDER BY day, kind, item
    ON CONFLICT ON CONSTRAINT stat_reject_total_monthly_key DO UPDATE SET n = stat_reject_total_monthly.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_reject_total_monthly_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_reject_total_monthly (day, kind, item, n) SELECT day, kind, item, sum(n) AS n FROM ((SELECT date_trunc('month', r.reviewed_at AT TIME ZONE 'Asia/Shanghai')::date, r.kind, (e.value ->> 'key')::varchar(64), r.k
         FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r.items) = 'array' THEN r.items ELSE '[]'::jsonb END) e
         WHERE r.result = 'rejected' AND r.reviewed_at IS NOT NULL AND e.value ->> 'result' = 'fail' AND e.value ->> 'key' IS NOT NULL)) AS x(day, kind, item, n) GROUP BY day, kind, item HAVING sum(n) <> 0 ORDER BY day, kind, item
    ON CONFLICT ON CONSTRAINT stat_reject_total_monthly_key DO UPDATE SET n = stat_reject_total_monthly.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_reject_total_monthly_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_reject_total_monthly;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_rent_monthly_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_rent_monthly (month, status, province_code, city_code, agent_id, n, amount_due, deduction, amount_payable) SELECT month, status, province_code, city_code, agent_id, sum(n) AS n, sum(amount_due) AS amount_due, sum(deduction) AS deduction, sum(amount_payable) AS amount_payable FROM ((SELECT to_char(r.due_date, 'YYYY-MM'), r.status, r.province_code, r.city_code, r.agent_id, r.k, r.k * r.amount_due, r.k * r.deduction, r.k * r.amount_payable FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(month, status, province_code, city_code, agent_id, n, amount_due, deduction, amount_payable) GROUP BY month, status, province_code, city_code, agent_id HAVING sum(n) <> 0 OR sum(amount_due) <> 0 OR sum(deduction) <> 0 OR sum(amount_payable) <> 0 ORDER BY month, status, province_code, city_code, agent_id
    ON CONFLICT ON CONSTRAINT stat_rent_monthly_key DO UPDATE SET n = stat_rent_monthly.n + excluded.n, amount_due = stat_rent_monthly.amount_due + excluded.amount_due, deduction = stat_rent_monthly.deduction + excluded.deduction, amount_payable = stat_rent_monthly.amount_payable + excluded.amount_payable;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_rent_monthly_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_rent_monthly (month, status, province_code, city_code, agent_id, n, amount_due, deduction, amount_payable) SELECT month, status, province_code, city_code, agent_id, sum(n) AS n, sum(amount_due) AS amount_due, sum(deduction) AS deduction, sum(amount_payable) AS amount_payable FROM ((SELECT to_char(r.due_date, 'YYYY-MM'), r.status, r.province_code, r.city_code, r.agent_id, r.k, r.k * r.amount_due, r.k * r.deduction, r.k * r.amount_payable FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(month, status, province_code, city_code, agent_id, n, amount_due, deduction, amount_payable) GROUP BY month, status, province_code, city_code, agent_id HAVING sum(n) <> 0 OR sum(amount_due) <> 0 OR sum(deduction) <> 0 OR sum(amount_payable) <> 0 ORDER BY month, status, province_code, city_code, agent_id
    ON CONFLICT ON CONSTRAINT stat_rent_monthly_key DO UPDATE SET n = stat_rent_monthly.n + excluded.n, amount_due = stat_rent_monthly.amount_due + excluded.amount_due, deduction = stat_rent_monthly.deduction + excluded.deduction, amount_payable = stat_rent_monthly.amount_payable + excluded.amount_payable;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_rent_monthly_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_rent_monthly (month, status, province_code, city_code, agent_id, n, amount_due, deduction, amount_payable) SELECT month, status, province_code, city_code, agent_id, sum(n) AS n, sum(amount_due) AS amount_due, sum(deduction) AS deduction, sum(amount_payable) AS amount_payable FROM ((SELECT to_char(r.due_date, 'YYYY-MM'), r.status, r.province_code, r.city_code, r.agent_id, r.k, r.k * r.amount_due, r.k * r.deduction, r.k * r.amount_payable FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(month, status, province_code, city_code, agent_id, n, amount_due, deduction, amount_payable) GROUP BY month, status, province_code, city_code, agent_id HAVING sum(n) <> 0 OR sum(amount_due) <> 0 OR sum(deduction) <> 0 OR sum(amount_payable) <> 0 ORDER BY month, status, province_code, city_code, agent_id
    ON CONFLICT ON CONSTRAINT stat_rent_monthly_key DO UPDATE SET n = stat_rent_monthly.n + excluded.n, amount_due = stat_rent_monthly.amount_due + excluded.amount_due, deduction = stat_rent_monthly.deduction + excluded.deduction, amount_payable = stat_rent_monthly.amount_payable + excluded.amount_payable;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_rent_monthly_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_rent_monthly;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_rent_region_monthly_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_rent_region_monthly (month, status, province_code, city_code, n, amount_due, deduction, amount_payable) SELECT month, status, province_code, city_code, sum(n) AS n, sum(amount_due) AS amount_due, sum(deduction) AS deduction, sum(amount_payable) AS amount_payable FROM ((SELECT to_char(r.due_date, 'YYYY-MM'), r.status, r.province_code, r.city_code, r.k, r.k * r.amount_due, r.k * r.deduction, r.k * r.amount_payable FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(month, status, province_code, city_code, n, amount_due, deduction, amount_payable) GROUP BY month, status, province_code, city_code HAVING sum(n) <> 0 OR sum(amount_due) <> 0 OR sum(deduction) <> 0 OR sum(amount_payable) <> 0 ORDER BY month, status, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_rent_region_monthly_key DO UPDATE SET n = stat_rent_region_monthly.n + excluded.n, amount_due = stat_rent_region_monthly.amount_due + excluded.amount_due, deduction = stat_rent_region_monthly.deduction + excluded.deduction, amount_payable = stat_rent_region_monthly.amount_payable + excluded.amount_payable;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_rent_region_monthly_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_rent_region_monthly (month, status, province_code, city_code, n, amount_due, deduction, amount_payable) SELECT month, status, province_code, city_code, sum(n) AS n, sum(amount_due) AS amount_due, sum(deduction) AS deduction, sum(amount_payable) AS amount_payable FROM ((SELECT to_char(r.due_date, 'YYYY-MM'), r.status, r.province_code, r.city_code, r.k, r.k * r.amount_due, r.k * r.deduction, r.k * r.amount_payable FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(month, status, province_code, city_code, n, amount_due, deduction, amount_payable) GROUP BY month, status, province_code, city_code HAVING sum(n) <> 0 OR sum(amount_due) <> 0 OR sum(deduction) <> 0 OR sum(amount_payable) <> 0 ORDER BY month, status, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_rent_region_monthly_key DO UPDATE SET n = stat_rent_region_monthly.n + excluded.n, amount_due = stat_rent_region_monthly.amount_due + excluded.amount_due, deduction = stat_rent_region_monthly.deduction + excluded.deduction, amount_payable = stat_rent_region_monthly.amount_payable + excluded.amount_payable;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_rent_region_monthly_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_rent_region_monthly (month, status, province_code, city_code, n, amount_due, deduction, amount_payable) SELECT month, status, province_code, city_code, sum(n) AS n, sum(amount_due) AS amount_due, sum(deduction) AS deduction, sum(amount_payable) AS amount_payable FROM ((SELECT to_char(r.due_date, 'YYYY-MM'), r.status, r.province_code, r.city_code, r.k, r.k * r.amount_due, r.k * r.deduction, r.k * r.amount_payable FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(month, status, province_code, city_code, n, amount_due, deduction, amount_payable) GROUP BY month, status, province_code, city_code HAVING sum(n) <> 0 OR sum(amount_due) <> 0 OR sum(deduction) <> 0 OR sum(amount_payable) <> 0 ORDER BY month, status, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_rent_region_monthly_key DO UPDATE SET n = stat_rent_region_monthly.n + excluded.n, amount_due = stat_rent_region_monthly.amount_due + excluded.amount_due, deduction = stat_rent_region_monthly.deduction + excluded.deduction, amount_payable = stat_rent_region_monthly.amount_payable + excluded.amount_payable;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_rent_region_monthly_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_rent_region_monthly;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_rent_unpaid_daily_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_rent_unpaid_daily (due_date, province_code, city_code, agent_id, n, amount_payable) SELECT due_date, province_code, city_code, agent_id, sum(n) AS n, sum(amount_payable) AS amount_payable FROM ((SELECT r.due_date, r.province_code, r.city_code, r.agent_id, r.k, r.k * r.amount_payable FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.status IN ('pending', 'failed'))) AS x(due_date, province_code, city_code, agent_id, n, amount_payable) GROUP BY due_date, province_code, city_code, agent_id HAVING sum(n) <> 0 OR sum(amount_payable) <> 0 ORDER BY due_date, province_code, city_code, agent_id
    ON CONFLICT ON CONSTRAINT stat_rent_unpaid_daily_key DO UPDATE SET n = stat_rent_unpaid_daily.n + excluded.n, amount_payable = stat_rent_unpaid_daily.amount_payable + excluded.amount_payable;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_rent_unpaid_daily_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_rent_unpaid_daily (due_date, province_code, city_code, agent_id, n, amount_payable) SELECT due_date, province_code, city_code, agent_id, sum(n) AS n, sum(amount_payable) AS amount_payable FROM ((SELECT r.due_date, r.province_code, r.city_code, r.agent_id, r.k, r.k * r.amount_payable FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.status IN ('pending', 'failed'))) AS x(due_date, province_code, city_code, agent_id, n, amount_payable) GROUP BY due_date, province_code, city_code, agent_id HAVING sum(n) <> 0 OR sum(amount_payable) <> 0 ORDER BY due_date, province_code, city_code, agent_id
    ON CONFLICT ON CONSTRAINT stat_rent_unpaid_daily_key DO UPDATE SET n = stat_rent_unpaid_daily.n + excluded.n, amount_payable = stat_rent_unpaid_daily.amount_payable + excluded.amount_payable;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_rent_unpaid_daily_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_rent_unpaid_daily (due_date, province_code, city_code, agent_id, n, amount_payable) SELECT due_date, province_code, city_code, agent_id, sum(n) AS n, sum(amount_payable) AS amount_payable FROM ((SELECT r.due_date, r.province_code, r.city_code, r.agent_id, r.k, r.k * r.amount_payable FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.status IN ('pending', 'failed'))) AS x(due_date, province_code, city_code, agent_id, n, amount_payable) GROUP BY due_date, province_code, city_code, agent_id HAVING sum(n) <> 0 OR sum(amount_payable) <> 0 ORDER BY due_date, province_code, city_code, agent_id
    ON CONFLICT ON CONSTRAINT stat_rent_unpaid_daily_key DO UPDATE SET n = stat_rent_unpaid_daily.n + excluded.n, amount_payable = stat_rent_unpaid_daily.amount_payable + excluded.amount_payable;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_rent_unpaid_daily_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_rent_unpaid_daily;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_rent_unpaid_region_daily_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_rent_unpaid_region_daily (due_date, province_code, city_code, n, amount_payable) SELECT due_date, province_code, city_code, sum(n) AS n, sum(amount_payable) AS amount_payable FROM ((SELECT r.due_date, r.province_code, r.city_code, r.k, r.k * r.amount_payable FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.status IN ('pending', 'failed'))) AS x(due_date, province_code, city_code, n, amount_payable) GROUP BY due_date, province_code, city_code HAVING sum(n) <> 0 OR sum(amount_payable) <> 0 ORDER BY due_date, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_rent_unpaid_region_daily_key DO UPDATE SET n = stat_rent_unpaid_region_daily.n + excluded.n, amount_payable = stat_rent_unpaid_region_daily.amount_payable + excluded.amount_payable;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_rent_unpaid_region_daily_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_rent_unpaid_region_daily (due_date, province_code, city_code, n, amount_payable) SELECT due_date, province_code, city_code, sum(n) AS n, sum(amount_payable) AS amount_payable FROM ((SELECT r.due_date, r.province_code, r.city_code, r.k, r.k * r.amount_payable FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.status IN ('pending', 'failed'))) AS x(due_date, province_code, city_code, n, amount_payable) GROUP BY due_date, province_code, city_code HAVING sum(n) <> 0 OR sum(amount_payable) <> 0 ORDER BY due_date, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_rent_unpaid_region_daily_key DO UPDATE SET n = stat_rent_unpaid_region_daily.n + excluded.n, amount_payable = stat_rent_unpaid_region_daily.amount_payable + excluded.amount_payable;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_rent_unpaid_region_daily_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_rent_unpaid_region_daily (due_date, province_code, city_code, n, amount_payable) SELECT due_date, province_code, city_code, sum(n) AS n, sum(amount_payable) AS amount_payable FROM ((SELECT r.due_date, r.province_code, r.city_code, r.k, r.k * r.amount_payable FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.status IN ('pending', 'failed'))) AS x(due_date, province_code, city_code, n, amount_payable) GROUP BY due_date, province_code, city_code HAVING sum(n) <> 0 OR sum(amount_payable) <> 0 ORDER BY due_date, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_rent_unpaid_region_daily_key DO UPDATE SET n = stat_rent_unpaid_region_daily.n + excluded.n, amount_payable = stat_rent_unpaid_region_daily.amount_payable + excluded.amount_payable;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_rent_unpaid_region_daily_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_rent_unpaid_region_daily;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_revenue_monthly_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_revenue_monthly (period, province_code, city_code, settled, under_performing, agent_id, n, estimated_kwh, estimated_amount, actual_kwh, actual_amount) SELECT period, province_code, city_code, settled, under_performing, agent_id, sum(n) AS n, sum(estimated_kwh) AS estimated_kwh, sum(estimated_amount) AS estimated_amount, sum(actual_kwh) AS actual_kwh, sum(actual_amount) AS actual_amount FROM ((SELECT r.period, r.province_code, r.city_code, r.settled, r.under_performing, r.agent_id, r.k,
          r.k * r.estimated_kwh, r.k * coalesce(r.estimated_amount, 0), r.k * coalesce(r.actual_kwh, 0), r.k * coalesce(r.actual_amount, 0) FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(period, province_code, city_code, settled, under_performing, agent_id, n, estimated_kwh, estimated_amount, actual_kwh, actual_amount) GROUP BY period, province_code, city_code, settled, under_performing, agent_id HAVING sum(n) <> 0 OR sum(estimated_kwh) <> 0 OR sum(estimated_amount) <> 0 OR sum(actual_kwh) <> 0 OR sum(actual_amount) <> 0 ORDER BY period, province_code, city_code, settled, under_performing, agent_id
    ON CONFLICT ON CONSTRAINT stat_revenue_monthly_key DO UPDATE SET n = stat_revenue_monthly.n + excluded.n, estimated_kwh = stat_revenue_monthly.estimated_kwh + excluded.estimated_kwh, estimated_amount = stat_revenue_monthly.estimated_amount + excluded.estimated_amount, actual_kwh = stat_revenue_monthly.actual_kwh + excluded.actual_kwh, actual_amount = stat_revenue_monthly.actual_amount + excluded.actual_amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_revenue_monthly_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_revenue_monthly (period, province_code, city_code, settled, under_performing, agent_id, n, estimated_kwh, estimated_amount, actual_kwh, actual_amount) SELECT period, province_code, city_code, settled, under_performing, agent_id, sum(n) AS n, sum(estimated_kwh) AS estimated_kwh, sum(estimated_amount) AS estimated_amount, sum(actual_kwh) AS actual_kwh, sum(actual_amount) AS actual_amount FROM ((SELECT r.period, r.province_code, r.city_code, r.settled, r.under_performing, r.agent_id, r.k,
          r.k * r.estimated_kwh, r.k * coalesce(r.estimated_amount, 0), r.k * coalesce(r.actual_kwh, 0), r.k * coalesce(r.actual_amount, 0) FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(period, province_code, city_code, settled, under_performing, agent_id, n, estimated_kwh, estimated_amount, actual_kwh, actual_amount) GROUP BY period, province_code, city_code, settled, under_performing, agent_id HAVING sum(n) <> 0 OR sum(estimated_kwh) <> 0 OR sum(estimated_amount) <> 0 OR sum(actual_kwh) <> 0 OR sum(actual_amount) <> 0 ORDER BY period, province_code, city_code, settled, under_performing, agent_id
    ON CONFLICT ON CONSTRAINT stat_revenue_monthly_key DO UPDATE SET n = stat_revenue_monthly.n + excluded.n, estimated_kwh = stat_revenue_monthly.estimated_kwh + excluded.estimated_kwh, estimated_amount = stat_revenue_monthly.estimated_amount + excluded.estimated_amount, actual_kwh = stat_revenue_monthly.actual_kwh + excluded.actual_kwh, actual_amount = stat_revenue_monthly.actual_amount + excluded.actual_amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_revenue_monthly_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_revenue_monthly (period, province_code, city_code, settled, under_performing, agent_id, n, estimated_kwh, estimated_amount, actual_kwh, actual_amount) SELECT period, province_code, city_code, settled, under_performing, agent_id, sum(n) AS n, sum(estimated_kwh) AS estimated_kwh, sum(estimated_amount) AS estimated_amount, sum(actual_kwh) AS actual_kwh, sum(actual_amount) AS actual_amount FROM ((SELECT r.period, r.province_code, r.city_code, r.settled, r.under_performing, r.agent_id, r.k,
          r.k * r.estimated_kwh, r.k * coalesce(r.estimated_amount, 0), r.k * coalesce(r.actual_kwh, 0), r.k * coalesce(r.actual_amount, 0) FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(period, province_code, city_code, settled, under_performing, agent_id, n, estimated_kwh, estimated_amount, actual_kwh, actual_amount) GROUP BY period, province_code, city_code, settled, under_performing, agent_id HAVING sum(n) <> 0 OR sum(estimated_kwh) <> 0 OR sum(estimated_amount) <> 0 OR sum(actual_kwh) <> 0 OR sum(actual_amount) <> 0 ORDER BY period, province_code, city_code, settled, under_performing, agent_id
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
CREATE OR REPLACE FUNCTION stat_revenue_region_monthly_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_revenue_region_monthly (period, province_code, city_code, settled, under_performing, n, estimated_kwh, estimated_amount, actual_kwh, actual_amount) SELECT period, province_code, city_code, settled, under_performing, sum(n) AS n, sum(estimated_kwh) AS estimated_kwh, sum(estimated_amount) AS estimated_amount, sum(actual_kwh) AS actual_kwh, sum(actual_amount) AS actual_amount FROM ((SELECT r.period, r.province_code, r.city_code, r.settled, r.under_performing, r.k,
          r.k * r.estimated_kwh, r.k * coalesce(r.estimated_amount, 0), r.k * coalesce(r.actual_kwh, 0), r.k * coalesce(r.actual_amount, 0) FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(period, province_code, city_code, settled, under_performing, n, estimated_kwh, estimated_amount, actual_kwh, actual_amount) GROUP BY period, province_code, city_code, settled, under_performing HAVING sum(n) <> 0 OR sum(estimated_kwh) <> 0 OR sum(estimated_amount) <> 0 OR sum(actual_kwh) <> 0 OR sum(actual_amount) <> 0 ORDER BY period, province_code, city_code, settled, under_performing
    ON CONFLICT ON CONSTRAINT stat_revenue_region_monthly_key DO UPDATE SET n = stat_revenue_region_monthly.n + excluded.n, estimated_kwh = stat_revenue_region_monthly.estimated_kwh + excluded.estimated_kwh, estimated_amount = stat_revenue_region_monthly.estimated_amount + excluded.estimated_amount, actual_kwh = stat_revenue_region_monthly.actual_kwh + excluded.actual_kwh, actual_amount = stat_revenue_region_monthly.actual_amount + excluded.actual_amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_revenue_region_monthly_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_revenue_region_monthly (period, province_code, city_code, settled, under_performing, n, estimated_kwh, estimated_amount, actual_kwh, actual_amount) SELECT period, province_code, city_code, settled, under_performing, sum(n) AS n, sum(estimated_kwh) AS estimated_kwh, sum(estimated_amount) AS estimated_amount, sum(actual_kwh) AS actual_kwh, sum(actual_amount) AS actual_amount FROM ((SELECT r.period, r.province_code, r.city_code, r.settled, r.under_performing, r.k,
          r.k * r.estimated_kwh, r.k * coalesce(r.estimated_amount, 0), r.k * coalesce(r.actual_kwh, 0), r.k * coalesce(r.actual_amount, 0) FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(period, province_code, city_code, settled, under_performing, n, estimated_kwh, estimated_amount, actual_kwh, actual_amount) GROUP BY period, province_code, city_code, settled, under_performing HAVING sum(n) <> 0 OR sum(estimated_kwh) <> 0 OR sum(estimated_amount) <> 0 OR sum(actual_kwh) <> 0 OR sum(actual_amount) <> 0 ORDER BY period, province_code, city_code, settled, under_performing
    ON CONFLICT ON CONSTRAINT stat_revenue_region_monthly_key DO UPDATE SET n = stat_revenue_region_monthly.n + excluded.n, estimated_kwh = stat_revenue_region_monthly.estimated_kwh + excluded.estimated_kwh, estimated_amount = stat_revenue_region_monthly.estimated_amount + excluded.estimated_amount, actual_kwh = stat_revenue_region_monthly.actual_kwh + excluded.actual_kwh, actual_amount = stat_revenue_region_monthly.actual_amount + excluded.actual_amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_revenue_region_monthly_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_revenue_region_monthly (period, province_code, city_code, settled, under_performing, n, estimated_kwh, estimated_amount, actual_kwh, actual_amount) SELECT period, province_code, city_code, settled, under_performing, sum(n) AS n, sum(estimated_kwh) AS estimated_kwh, sum(estimated_amount) AS estimated_amount, sum(actual_kwh) AS actual_kwh, sum(actual_amount) AS actual_amount FROM ((SELECT r.period, r.province_code, r.city_code, r.settled, r.under_performing, r.k,
          r.k * r.estimated_kwh, r.k * coalesce(r.estimated_amount, 0), r.k * coalesce(r.actual_kwh, 0), r.k * coalesce(r.actual_amount, 0) FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(period, province_code, city_code, settled, under_performing, n, estimated_kwh, estimated_amount, actual_kwh, actual_amount) GROUP BY period, province_code, city_code, settled, under_performing HAVING sum(n) <> 0 OR sum(estimated_kwh) <> 0 OR sum(estimated_amount) <> 0 OR sum(actual_kwh) <> 0 OR sum(actual_amount) <> 0 ORDER BY period, province_code, city_code, settled, under_performing
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
CREATE OR REPLACE FUNCTION stat_station_now_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_station_now (status, province_code, city_code, agent_id, n, kwp) SELECT status, province_code, city_code, agent_id, sum(n) AS n, sum(kwp) AS kwp FROM ((SELECT r.status, r.province_code, r.city_code, r.agent_id, r.k, r.k * r.capacity_kwp FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(status, province_code, city_code, agent_id, n, kwp) GROUP BY status, province_code, city_code, agent_id HAVING sum(n) <> 0 OR sum(kwp) <> 0 ORDER BY status, province_code, city_code, agent_id
    ON CONFLICT ON CONSTRAINT stat_station_now_key DO UPDATE SET n = stat_station_now.n + excluded.n, kwp = stat_station_now.kwp + excluded.kwp;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_station_now_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_station_now (status, province_code, city_code, agent_id, n, kwp) SELECT status, province_code, city_code, agent_id, sum(n) AS n, sum(kwp) AS kwp FROM ((SELECT r.status, r.province_code, r.city_code, r.agent_id, r.k, r.k * r.capacity_kwp FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(status, province_code, city_code, agent_id, n, kwp) GROUP BY status, province_code, city_code, agent_id HAVING sum(n) <> 0 OR sum(kwp) <> 0 ORDER BY status, province_code, city_code, agent_id
    ON CONFLICT ON CONSTRAINT stat_station_now_key DO UPDATE SET n = stat_station_now.n + excluded.n, kwp = stat_station_now.kwp + excluded.kwp;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_station_now_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_station_now (status, province_code, city_code, agent_id, n, kwp) SELECT status, province_code, city_code, agent_id, sum(n) AS n, sum(kwp) AS kwp FROM ((SELECT r.status, r.province_code, r.city_code, r.agent_id, r.k, r.k * r.capacity_kwp FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(status, province_code, city_code, agent_id, n, kwp) GROUP BY status, province_code, city_code, agent_id HAVING sum(n) <> 0 OR sum(kwp) <> 0 ORDER BY status, province_code, city_code, agent_id
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
CREATE OR REPLACE FUNCTION stat_station_now_region_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_station_now_region (status, province_code, city_code, n, kwp) SELECT status, province_code, city_code, sum(n) AS n, sum(kwp) AS kwp FROM ((SELECT r.status, r.province_code, r.city_code, r.k, r.k * r.capacity_kwp FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(status, province_code, city_code, n, kwp) GROUP BY status, province_code, city_code HAVING sum(n) <> 0 OR sum(kwp) <> 0 ORDER BY status, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_station_now_region_key DO UPDATE SET n = stat_station_now_region.n + excluded.n, kwp = stat_station_now_region.kwp + excluded.kwp;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_station_now_region_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_station_now_region (status, province_code, city_code, n, kwp) SELECT status, province_code, city_code, sum(n) AS n, sum(kwp) AS kwp FROM ((SELECT r.status, r.province_code, r.city_code, r.k, r.k * r.capacity_kwp FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(status, province_code, city_code, n, kwp) GROUP BY status, province_code, city_code HAVING sum(n) <> 0 OR sum(kwp) <> 0 ORDER BY status, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_station_now_region_key DO UPDATE SET n = stat_station_now_region.n + excluded.n, kwp = stat_station_now_region.kwp + excluded.kwp;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_station_now_region_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_station_now_region (status, province_code, city_code, n, kwp) SELECT status, province_code, city_code, sum(n) AS n, sum(kwp) AS kwp FROM ((SELECT r.status, r.province_code, r.city_code, r.k, r.k * r.capacity_kwp FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(status, province_code, city_code, n, kwp) GROUP BY status, province_code, city_code HAVING sum(n) <> 0 OR sum(kwp) <> 0 ORDER BY status, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_station_now_region_key DO UPDATE SET n = stat_station_now_region.n + excluded.n, kwp = stat_station_now_region.kwp + excluded.kwp;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_station_now_region_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_station_now_region;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_team_daily_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_team_daily (day, team_id, kind, province_code, city_code, agent_id, dispatched, completed, kwp_built, lead_days) SELECT day, team_id, kind, province_code, city_code, agent_id, sum(dispatched) AS dispatched, sum(completed) AS completed, sum(kwp_built) AS kwp_built, sum(lead_days) AS lead_days FROM ((SELECT (r.dispatched_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, r.kind, r.province_code, r.city_code, r.agent_id, r.k, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.team_id IS NOT NULL AND r.dispatched_at IS NOT NULL) UNION ALL (SELECT (r.finished_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, r.kind, r.province_code, r.city_code, r.agent_id, 0, r.k,
                CASE WHEN r.kind = 'build' THEN r.k * coalesce((SELECT s.capacity_kwp FROM stations s WHERE s.id = r.station_id), 0) ELSE 0 END,
                r.k * (extract(epoch from (r.finished_at - coalesce(r.dispatched_at, r.created_at))) / 86400)::numeric
         FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.team_id IS NOT NULL AND r.status = 'completed' AND r.finished_at IS NOT NULL)) AS x(day, team_id, kind, province_code, city_code, agent_id, dispatched, completed, kwp_built, lead_days) GROUP BY day, team_id, kind, province_code, city_code, agent_id HAVING sum(dispatched) <> 0 OR sum(completed) <> 0 OR sum(kwp_built) <> 0 OR sum(lead_days) <> 0 ORDER BY day, team_id, kind, province_code, city_code, agent_id
    ON CONFLICT ON CONSTRAINT stat_team_daily_key DO UPDATE SET dispatched = stat_team_daily.dispatched + excluded.dispatched, completed = stat_team_daily.completed + excluded.completed, kwp_built = stat_team_daily.kwp_built + excluded.kwp_built, lead_days = stat_team_daily.lead_days + excluded.lead_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_team_daily_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_team_daily (day, team_id, kind, province_code, city_code, agent_id, dispatched, completed, kwp_built, lead_days) SELECT day, team_id, kind, province_code, city_code, agent_id, sum(dispatched) AS dispatched, sum(completed) AS completed, sum(kwp_built) AS kwp_built, sum(lead_days) AS lead_days FROM ((SELECT (r.dispatched_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, r.kind, r.province_code, r.city_code, r.agent_id, r.k, 0, 0, 0 FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.team_id IS NOT NULL AND r.dispatched_at IS NOT NULL) UNION ALL (SELECT (r.finished_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, r.kind, r.province_code, r.city_code, r.agent_id, 0, r.k,
                CASE WHEN r.kind = 'build' THEN r.k * coalesce((SELECT s.capacity_kwp FROM stations s WHERE s.id = r.station_id), 0) ELSE 0 END,
                r.k * (extract(epoch from (r.finished_at - coalesce(r.dispatched_at, r.created_at))) / 86400)::numeric
         FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.team_id IS NOT NULL AND r.status = 'completed' AND r.finished_at IS NOT NULL)) AS x(day, team_id, kind, province_code, city_code, agent_id, dispatched, completed, kwp_built, lead_days) GROUP BY day, team_id, kind, province_code, city_code, agent_id HAVING sum(dispatched) <> 0 OR sum(completed) <> 0 OR sum(kwp_built) <> 0 OR sum(lead_days) <> 0 ORDER BY day, team_id, kind, province_code, city_code, agent_id
    ON CONFLICT ON CONSTRAINT stat_team_daily_key DO UPDATE SET dispatched = stat_team_daily.dispatched + excluded.dispatched, completed = stat_team_daily.completed + excluded.completed, kwp_built = stat_team_daily.kwp_built + excluded.kwp_built, lead_days = stat_team_daily.lead_days + excluded.lead_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_team_daily_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_team_daily (day, team_id, kind, province_code, city_code, agent_id, dispatched, completed, kwp_built, lead_days) SELECT day, team_id, kind, province_code, city_code, agent_id, sum(dispatched) AS dispatched, sum(completed) AS completed, sum(kwp_built) AS kwp_built, sum(lead_days) AS lead_days FROM ((SELECT (r.dispatched_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, r.kind, r.province_code, r.city_code, r.agent_id, r.k, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.team_id IS NOT NULL AND r.dispatched_at IS NOT NULL) UNION ALL (SELECT (r.finished_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, r.kind, r.province_code, r.city_code, r.agent_id, 0, r.k,
                CASE WHEN r.kind = 'build' THEN r.k * coalesce((SELECT s.capacity_kwp FROM stations s WHERE s.id = r.station_id), 0) ELSE 0 END,
                r.k * (extract(epoch from (r.finished_at - coalesce(r.dispatched_at, r.created_at))) / 86400)::numeric
         FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.team_id IS NOT NULL AND r.status = 'completed' AND r.finished_at IS NOT NULL)) AS x(day, team_id, kind, province_code, city_code, agent_id, dispatched, completed, kwp_built, lead_days) GROUP BY day, team_id, kind, province_code, city_code, agent_id HAVING sum(dispatched) <> 0 OR sum(completed) <> 0 OR sum(kwp_built) <> 0 OR sum(lead_days) <> 0 ORDER BY day, team_id, kind, province_code, city_code, agent_id
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
CREATE OR REPLACE FUNCTION stat_team_monthly_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_team_monthly (day, team_id, kind, province_code, city_code, dispatched, completed, kwp_built, lead_days) SELECT day, team_id, kind, province_code, city_code, sum(dispatched) AS dispatched, sum(completed) AS completed, sum(kwp_built) AS kwp_built, sum(lead_days) AS lead_days FROM ((SELECT date_trunc('month', r.dispatched_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, r.kind, r.province_code, r.city_code, r.k, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.team_id IS NOT NULL AND r.dispatched_at IS NOT NULL) UNION ALL (SELECT date_trunc('month', r.finished_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, r.kind, r.province_code, r.city_code, 0, r.k,
                CASE WHEN r.kind = 'build' THEN r.k * coalesce((SELECT s.capacity_kwp FROM stations s WHERE s.id = r.station_id), 0) ELSE 0 END,
                r.k * (extract(epoch from (r.finished_at - coalesce(r.dispatched_at, r.created_at))) / 86400)::numeric
         FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.team_id IS NOT NULL AND r.status = 'completed' AND r.finished_at IS NOT NULL)) AS x(day, team_id, kind, province_code, city_code, dispatched, completed, kwp_built, lead_days) GROUP BY day, team_id, kind, province_code, city_code HAVING sum(dispatched) <> 0 OR sum(completed) <> 0 OR sum(kwp_built) <> 0 OR sum(lead_days) <> 0 ORDER BY day, team_id, kind, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_team_monthly_key DO UPDATE SET dispatched = stat_team_monthly.dispatched + excluded.dispatched, completed = stat_team_monthly.completed + excluded.completed, kwp_built = stat_team_monthly.kwp_built + excluded.kwp_built, lead_days = stat_team_monthly.lead_days + excluded.lead_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_team_monthly_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_team_monthly (day, team_id, kind, province_code, city_code, dispatched, completed, kwp_built, lead_days) SELECT day, team_id, kind, province_code, city_code, sum(dispatched) AS dispatched, sum(completed) AS completed, sum(kwp_built) AS kwp_built, sum(lead_days) AS lead_days FROM ((SELECT date_trunc('month', r.dispatched_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, r.kind, r.province_code, r.city_code, r.k, 0, 0, 0 FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.team_id IS NOT NULL AND r.dispatched_at IS NOT NULL) UNION ALL (SELECT date_trunc('month', r.finished_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, r.kind, r.province_code, r.city_code, 0, r.k,
                CASE WHEN r.kind = 'build' THEN r.k * coalesce((SELECT s.capacity_kwp FROM stations s WHERE s.id = r.station_id), 0) ELSE 0 END,
                r.k * (extract(epoch from (r.finished_at - coalesce(r.dispatched_at, r.created_at))) / 86400)::numeric
         FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.team_id IS NOT NULL AND r.status = 'completed' AND r.finished_at IS NOT NULL)) AS x(day, team_id, kind, province_code, city_code, dispatched, completed, kwp_built, lead_days) GROUP BY day, team_id, kind, province_code, city_code HAVING sum(dispatched) <> 0 OR sum(completed) <> 0 OR sum(kwp_built) <> 0 OR sum(lead_days) <> 0 ORDER BY day, team_id, kind, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_team_monthly_key DO UPDATE SET dispatched = stat_team_monthly.dispatched + excluded.dispatched, completed = stat_team_monthly.completed + excluded.completed, kwp_built = stat_team_monthly.kwp_built + excluded.kwp_built, lead_days = stat_team_monthly.lead_days + excluded.lead_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_team_monthly_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_team_monthly (day, team_id, kind, province_code, city_code, dispatched, completed, kwp_built, lead_days) SELECT day, team_id, kind, province_code, city_code, sum(dispatched) AS dispatched, sum(completed) AS completed, sum(kwp_built) AS kwp_built, sum(lead_days) AS lead_days FROM ((SELECT date_trunc('month', r.dispatched_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, r.kind, r.province_code, r.city_code, r.k, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.team_id IS NOT NULL AND r.dispatched_at IS NOT NULL) UNION ALL (SELECT date_trunc('month', r.finished_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, r.kind, r.province_code, r.city_code, 0, r.k,
                CASE WHEN r.kind = 'build' THEN r.k * coalesce((SELECT s.capacity_kwp FROM stations s WHERE s.id = r.station_id), 0) ELSE 0 END,
                r.k * (extract(epoch from (r.finished_at - coalesce(r.dispatched_at, r.created_at))) / 86400)::numeric
         FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.team_id IS NOT NULL AND r.status = 'completed' AND r.finished_at IS NOT NULL)) AS x(day, team_id, kind, province_code, city_code, dispatched, completed, kwp_built, lead_days) GROUP BY day, team_id, kind, province_code, city_code HAVING sum(dispatched) <> 0 OR sum(completed) <> 0 OR sum(kwp_built) <> 0 OR sum(lead_days) <> 0 ORDER BY day, team_id, kind, province_code, city_code
    ON CONFLICT ON CONSTRAINT stat_team_monthly_key DO UPDATE SET dispatched = stat_team_monthly.dispatched + excluded.dispatched, completed = stat_team_monthly.completed + excluded.completed, kwp_built = stat_team_monthly.kwp_built + excluded.kwp_built, lead_days = stat_team_monthly.lead_days + excluded.lead_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_team_monthly_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_team_monthly;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_team_province_monthly_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_team_province_monthly (day, team_id, province_code, dispatched, completed, kwp_built, lead_days) SELECT day, team_id, province_code, sum(dispatched) AS dispatched, sum(completed) AS completed, sum(kwp_built) AS kwp_built, sum(lead_days) AS lead_days FROM ((SELECT date_trunc('month', r.dispatched_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, r.province_code, r.k, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.team_id IS NOT NULL AND r.dispatched_at IS NOT NULL) UNION ALL (SELECT date_trunc('month', r.finished_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, r.province_code, 0, r.k,
                CASE WHEN r.kind = 'build' THEN r.k * coalesce((SELECT s.capacity_kwp FROM stations s WHERE s.id = r.station_id), 0) ELSE 0 END,
                r.k * (extract(epoch from (r.finished_at - coalesce(r.dispatched_at, r.created_at))) / 86400)::numeric
         FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.team_id IS NOT NULL AND r.status = 'completed' AND r.finished_at IS NOT NULL)) AS x(day, team_id, province_code, dispatched, completed, kwp_built, lead_days) GROUP BY day, team_id, province_code HAVING sum(dispatched) <> 0 OR sum(completed) <> 0 OR sum(kwp_built) <> 0 OR sum(lead_days) <> 0 ORDER BY day, team_id, province_code
    ON CONFLICT ON CONSTRAINT stat_team_province_monthly_key DO UPDATE SET dispatched = stat_team_province_monthly.dispatched + excluded.dispatched, completed = stat_team_province_monthly.completed + excluded.completed, kwp_built = stat_team_province_monthly.kwp_built + excluded.kwp_built, lead_days = stat_team_province_monthly.lead_days + excluded.lead_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_team_province_monthly_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_team_province_monthly (day, team_id, province_code, dispatched, completed, kwp_built, lead_days) SELECT day, team_id, province_code, sum(dispatched) AS dispatched, sum(completed) AS completed, sum(kwp_built) AS kwp_built, sum(lead_days) AS lead_days FROM ((SELECT date_trunc('month', r.dispatched_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, r.province_code, r.k, 0, 0, 0 FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.team_id IS NOT NULL AND r.dispatched_at IS NOT NULL) UNION ALL (SELECT date_trunc('month', r.finished_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, r.province_code, 0, r.k,
                CASE WHEN r.kind = 'build' THEN r.k * coalesce((SELECT s.capacity_kwp FROM stations s WHERE s.id = r.station_id), 0) ELSE 0 END,
                r.k * (extract(epoch from (r.finished_at - coalesce(r.dispatched_at, r.created_at))) / 86400)::numeric
         FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.team_id IS NOT NULL AND r.status = 'completed' AND r.finished_at IS NOT NULL)) AS x(day, team_id, province_code, dispatched, completed, kwp_built, lead_days) GROUP BY day, team_id, province_code HAVING sum(dispatched) <> 0 OR sum(completed) <> 0 OR sum(kwp_built) <> 0 OR sum(lead_days) <> 0 ORDER BY day, team_id, province_code
    ON CONFLICT ON CONSTRAINT stat_team_province_monthly_key DO UPDATE SET dispatched = stat_team_province_monthly.dispatched + excluded.dispatched, completed = stat_team_province_monthly.completed + excluded.completed, kwp_built = stat_team_province_monthly.kwp_built + excluded.kwp_built, lead_days = stat_team_province_monthly.lead_days + excluded.lead_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_team_province_monthly_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_team_province_monthly (day, team_id, province_code, dispatched, completed, kwp_built, lead_days) SELECT day, team_id, province_code, sum(dispatched) AS dispatched, sum(completed) AS completed, sum(kwp_built) AS kwp_built, sum(lead_days) AS lead_days FROM ((SELECT date_trunc('month', r.dispatched_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, r.province_code, r.k, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.team_id IS NOT NULL AND r.dispatched_at IS NOT NULL) UNION ALL (SELECT date_trunc('month', r.finished_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, r.province_code, 0, r.k,
                CASE WHEN r.kind = 'build' THEN r.k * coalesce((SELECT s.capacity_kwp FROM stations s WHERE s.id = r.station_id), 0) ELSE 0 END,
                r.k * (extract(epoch from (r.finished_at - coalesce(r.dispatched_at, r.created_at))) / 86400)::numeric
         FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.team_id IS NOT NULL AND r.status = 'completed' AND r.finished_at IS NOT NULL)) AS x(day, team_id, province_code, dispatched, completed, kwp_built, lead_days) GROUP BY day, team_id, province_code HAVING sum(dispatched) <> 0 OR sum(completed) <> 0 OR sum(kwp_built) <> 0 OR sum(lead_days) <> 0 ORDER BY day, team_id, province_code
    ON CONFLICT ON CONSTRAINT stat_team_province_monthly_key DO UPDATE SET dispatched = stat_team_province_monthly.dispatched + excluded.dispatched, completed = stat_team_province_monthly.completed + excluded.completed, kwp_built = stat_team_province_monthly.kwp_built + excluded.kwp_built, lead_days = stat_team_province_monthly.lead_days + excluded.lead_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_team_province_monthly_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_team_province_monthly;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_team_total_daily_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_team_total_daily (day, team_id, dispatched, completed, kwp_built, lead_days) SELECT day, team_id, sum(dispatched) AS dispatched, sum(completed) AS completed, sum(kwp_built) AS kwp_built, sum(lead_days) AS lead_days FROM ((SELECT (r.dispatched_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, r.k, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.team_id IS NOT NULL AND r.dispatched_at IS NOT NULL) UNION ALL (SELECT (r.finished_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, 0, r.k,
                CASE WHEN r.kind = 'build' THEN r.k * coalesce((SELECT s.capacity_kwp FROM stations s WHERE s.id = r.station_id), 0) ELSE 0 END,
                r.k * (extract(epoch from (r.finished_at - coalesce(r.dispatched_at, r.created_at))) / 86400)::numeric
         FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.team_id IS NOT NULL AND r.status = 'completed' AND r.finished_at IS NOT NULL)) AS x(day, team_id, dispatched, completed, kwp_built, lead_days) GROUP BY day, team_id HAVING sum(dispatched) <> 0 OR sum(completed) <> 0 OR sum(kwp_built) <> 0 OR sum(lead_days) <> 0 ORDER BY day, team_id
    ON CONFLICT ON CONSTRAINT stat_team_total_daily_key DO UPDATE SET dispatched = stat_team_total_daily.dispatched + excluded.dispatched, completed = stat_team_total_daily.completed + excluded.completed, kwp_built = stat_team_total_daily.kwp_built + excluded.kwp_built, lead_days = stat_team_total_daily.lead_days + excluded.lead_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_team_total_daily_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_team_total_daily (day, team_id, dispatched, completed, kwp_built, lead_days) SELECT day, team_id, sum(dispatched) AS dispatched, sum(completed) AS completed, sum(kwp_built) AS kwp_built, sum(lead_days) AS lead_days FROM ((SELECT (r.dispatched_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, r.k, 0, 0, 0 FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.team_id IS NOT NULL AND r.dispatched_at IS NOT NULL) UNION ALL (SELECT (r.finished_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, 0, r.k,
                CASE WHEN r.kind = 'build' THEN r.k * coalesce((SELECT s.capacity_kwp FROM stations s WHERE s.id = r.station_id), 0) ELSE 0 END,
                r.k * (extract(epoch from (r.finished_at - coalesce(r.dispatched_at, r.created_at))) / 86400)::numeric
         FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.team_id IS NOT NULL AND r.status = 'completed' AND r.finished_at IS NOT NULL)) AS x(day, team_id, dispatched, completed, kwp_built, lead_days) GROUP BY day, team_id HAVING sum(dispatched) <> 0 OR sum(completed) <> 0 OR sum(kwp_built) <> 0 OR sum(lead_days) <> 0 ORDER BY day, team_id
    ON CONFLICT ON CONSTRAINT stat_team_total_daily_key DO UPDATE SET dispatched = stat_team_total_daily.dispatched + excluded.dispatched, completed = stat_team_total_daily.completed + excluded.completed, kwp_built = stat_team_total_daily.kwp_built + excluded.kwp_built, lead_days = stat_team_total_daily.lead_days + excluded.lead_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_team_total_daily_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_team_total_daily (day, team_id, dispatched, completed, kwp_built, lead_days) SELECT day, team_id, sum(dispatched) AS dispatched, sum(completed) AS completed, sum(kwp_built) AS kwp_built, sum(lead_days) AS lead_days FROM ((SELECT (r.dispatched_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, r.k, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.team_id IS NOT NULL AND r.dispatched_at IS NOT NULL) UNION ALL (SELECT (r.finished_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, 0, r.k,
                CASE WHEN r.kind = 'build' THEN r.k * coalesce((SELECT s.capacity_kwp FROM stations s WHERE s.id = r.station_id), 0) ELSE 0 END,
                r.k * (extract(epoch from (r.finished_at - coalesce(r.dispatched_at, r.created_at))) / 86400)::numeric
         FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.team_id IS NOT NULL AND r.status = 'completed' AND r.finished_at IS NOT NULL)) AS x(day, team_id, dispatched, completed, kwp_built, lead_days) GROUP BY day, team_id HAVING sum(dispatched) <> 0 OR sum(completed) <> 0 OR sum(kwp_built) <> 0 OR sum(lead_days) <> 0 ORDER BY day, team_id
    ON CONFLICT ON CONSTRAINT stat_team_total_daily_key DO UPDATE SET dispatched = stat_team_total_daily.dispatched + excluded.dispatched, completed = stat_team_total_daily.completed + excluded.completed, kwp_built = stat_team_total_daily.kwp_built + excluded.kwp_built, lead_days = stat_team_total_daily.lead_days + excluded.lead_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_team_total_daily_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_team_total_daily;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_team_total_monthly_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_team_total_monthly (day, team_id, dispatched, completed, kwp_built, lead_days) SELECT day, team_id, sum(dispatched) AS dispatched, sum(completed) AS completed, sum(kwp_built) AS kwp_built, sum(lead_days) AS lead_days FROM ((SELECT date_trunc('month', r.dispatched_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, r.k, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.team_id IS NOT NULL AND r.dispatched_at IS NOT NULL) UNION ALL (SELECT date_trunc('month', r.finished_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, 0, r.k,
                CASE WHEN r.kind = 'build' THEN r.k * coalesce((SELECT s.capacity_kwp FROM stations s WHERE s.id = r.station_id), 0) ELSE 0 END,
                r.k * (extract(epoch from (r.finished_at - coalesce(r.dispatched_at, r.created_at))) / 86400)::numeric
         FROM (SELECT 1 AS k, * FROM new_rows) r WHERE r.team_id IS NOT NULL AND r.status = 'completed' AND r.finished_at IS NOT NULL)) AS x(day, team_id, dispatched, completed, kwp_built, lead_days) GROUP BY day, team_id HAVING sum(dispatched) <> 0 OR sum(completed) <> 0 OR sum(kwp_built) <> 0 OR sum(lead_days) <> 0 ORDER BY day, team_id
    ON CONFLICT ON CONSTRAINT stat_team_total_monthly_key DO UPDATE SET dispatched = stat_team_total_monthly.dispatched + excluded.dispatched, completed = stat_team_total_monthly.completed + excluded.completed, kwp_built = stat_team_total_monthly.kwp_built + excluded.kwp_built, lead_days = stat_team_total_monthly.lead_days + excluded.lead_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_team_total_monthly_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_team_total_monthly (day, team_id, dispatched, completed, kwp_built, lead_days) SELECT day, team_id, sum(dispatched) AS dispatched, sum(completed) AS completed, sum(kwp_built) AS kwp_built, sum(lead_days) AS lead_days FROM ((SELECT date_trunc('month', r.dispatched_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, r.k, 0, 0, 0 FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.team_id IS NOT NULL AND r.dispatched_at IS NOT NULL) UNION ALL (SELECT date_trunc('month', r.finished_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, 0, r.k,
                CASE WHEN r.kind = 'build' THEN r.k * coalesce((SELECT s.capacity_kwp FROM stations s WHERE s.id = r.station_id), 0) ELSE 0 END,
                r.k * (extract(epoch from (r.finished_at - coalesce(r.dispatched_at, r.created_at))) / 86400)::numeric
         FROM (SELECT -1 AS k, * FROM old_rows) r WHERE r.team_id IS NOT NULL AND r.status = 'completed' AND r.finished_at IS NOT NULL)) AS x(day, team_id, dispatched, completed, kwp_built, lead_days) GROUP BY day, team_id HAVING sum(dispatched) <> 0 OR sum(completed) <> 0 OR sum(kwp_built) <> 0 OR sum(lead_days) <> 0 ORDER BY day, team_id
    ON CONFLICT ON CONSTRAINT stat_team_total_monthly_key DO UPDATE SET dispatched = stat_team_total_monthly.dispatched + excluded.dispatched, completed = stat_team_total_monthly.completed + excluded.completed, kwp_built = stat_team_total_monthly.kwp_built + excluded.kwp_built, lead_days = stat_team_total_monthly.lead_days + excluded.lead_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_team_total_monthly_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_team_total_monthly (day, team_id, dispatched, completed, kwp_built, lead_days) SELECT day, team_id, sum(dispatched) AS dispatched, sum(completed) AS completed, sum(kwp_built) AS kwp_built, sum(lead_days) AS lead_days FROM ((SELECT date_trunc('month', r.dispatched_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, r.k, 0, 0, 0 FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.team_id IS NOT NULL AND r.dispatched_at IS NOT NULL) UNION ALL (SELECT date_trunc('month', r.finished_at AT TIME ZONE 'Asia/Shanghai')::date, r.team_id, 0, r.k,
                CASE WHEN r.kind = 'build' THEN r.k * coalesce((SELECT s.capacity_kwp FROM stations s WHERE s.id = r.station_id), 0) ELSE 0 END,
                r.k * (extract(epoch from (r.finished_at - coalesce(r.dispatched_at, r.created_at))) / 86400)::numeric
         FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r WHERE r.team_id IS NOT NULL AND r.status = 'completed' AND r.finished_at IS NOT NULL)) AS x(day, team_id, dispatched, completed, kwp_built, lead_days) GROUP BY day, team_id HAVING sum(dispatched) <> 0 OR sum(completed) <> 0 OR sum(kwp_built) <> 0 OR sum(lead_days) <> 0 ORDER BY day, team_id
    ON CONFLICT ON CONSTRAINT stat_team_total_monthly_key DO UPDATE SET dispatched = stat_team_total_monthly.dispatched + excluded.dispatched, completed = stat_team_total_monthly.completed + excluded.completed, kwp_built = stat_team_total_monthly.kwp_built + excluded.kwp_built, lead_days = stat_team_total_monthly.lead_days + excluded.lead_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_team_total_monthly_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_team_total_monthly;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_movement_counts_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_movement_counts (warehouse_id, kind, n) SELECT warehouse_id, kind, sum(n) AS n FROM ((SELECT r.warehouse_id, r.kind, r.k FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(warehouse_id, kind, n) GROUP BY warehouse_id, kind HAVING sum(n) <> 0 ORDER BY warehouse_id, kind
    ON CONFLICT ON CONSTRAINT stock_movement_counts_key DO UPDATE SET n = stock_movement_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_movement_counts_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_movement_counts (warehouse_id, kind, n) SELECT warehouse_id, kind, sum(n) AS n FROM ((SELECT r.warehouse_id, r.kind, r.k FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(warehouse_id, kind, n) GROUP BY warehouse_id, kind HAVING sum(n) <> 0 ORDER BY warehouse_id, kind
    ON CONFLICT ON CONSTRAINT stock_movement_counts_key DO UPDATE SET n = stock_movement_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_movement_counts_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_movement_counts (warehouse_id, kind, n) SELECT warehouse_id, kind, sum(n) AS n FROM ((SELECT r.warehouse_id, r.kind, r.k FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(warehouse_id, kind, n) GROUP BY warehouse_id, kind HAVING sum(n) <> 0 ORDER BY warehouse_id, kind
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
CREATE OR REPLACE FUNCTION customer_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH d AS (
      SELECT stage, status, province_code, agent_id, sum(k) AS n FROM (SELECT stage, status, province_code, agent_id, 1 AS k FROM new_rows) x GROUP BY 1, 2, 3, 4 HAVING sum(k) <> 0
    ), fine AS (
      INSERT INTO customer_counts (stage, status, province_code, agent_id, n) SELECT stage, status, province_code, agent_id, n FROM d ORDER BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT customer_counts_key DO UPDATE SET n = customer_counts.n + excluded.n
    )
    INSERT INTO customer_counts_region (stage, status, province_code, n)
    SELECT stage, status, province_code, sum(n) FROM d GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (stage, status, province_code) DO UPDATE SET n = customer_counts_region.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    WITH d AS (
      SELECT stage, status, province_code, agent_id, sum(k) AS n FROM (SELECT stage, status, province_code, agent_id, -1 AS k FROM old_rows) x GROUP BY 1, 2, 3, 4 HAVING sum(k) <> 0
    ), fine AS (
      INSERT INTO customer_counts (stage, status, province_code, agent_id, n) SELECT stage, status, province_code, agent_id, n FROM d ORDER BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT customer_counts_key DO UPDATE SET n = customer_counts.n + excluded.n
    )
    INSERT INTO customer_counts_region (stage, status, province_code, n)
    SELECT stage, status, province_code, sum(n) FROM d GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (stage, status, province_code) DO UPDATE SET n = customer_counts_region.n + excluded.n;
  ELSE
    WITH d AS (
      SELECT stage, status, province_code, agent_id, sum(k) AS n FROM (SELECT stage, status, province_code, agent_id, 1 AS k FROM new_rows UNION ALL SELECT stage, status, province_code, agent_id, -1 AS k FROM old_rows) x GROUP BY 1, 2, 3, 4 HAVING sum(k) <> 0
    ), fine AS (
      INSERT INTO customer_counts (stage, status, province_code, agent_id, n) SELECT stage, status, province_code, agent_id, n FROM d ORDER BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT customer_counts_key DO UPDATE SET n = customer_counts.n + excluded.n
    )
    INSERT INTO customer_counts_region (stage, status, province_code, n)
    SELECT stage, status, province_code, sum(n) FROM d GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (stage, status, province_code) DO UPDATE SET n = customer_counts_region.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION self_audit_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH d AS (
      SELECT kind, result, province_code, agent_id, sum(k) AS n FROM (SELECT kind, result, province_code, agent_id, 1 AS k FROM new_rows) x GROUP BY 1, 2, 3, 4 HAVING sum(k) <> 0
    ), fine AS (
      INSERT INTO self_audit_counts (kind, result, province_code, agent_id, n) SELECT kind, result, province_code, agent_id, n FROM d ORDER BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT self_audit_counts_key DO UPDATE SET n = self_audit_counts.n + excluded.n
    )
    INSERT INTO self_audit_counts_region (kind, result, province_code, n)
    SELECT kind, result, province_code, sum(n) FROM d GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (kind, result, province_code) DO UPDATE SET n = self_audit_counts_region.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    WITH d AS (
      SELECT kind, result, province_code, agent_id, sum(k) AS n FROM (SELECT kind, result, province_code, agent_id, -1 AS k FROM old_rows) x GROUP BY 1, 2, 3, 4 HAVING sum(k) <> 0
    ), fine AS (
      INSERT INTO self_audit_counts (kind, result, province_code, agent_id, n) SELECT kind, result, province_code, agent_id, n FROM d ORDER BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT self_audit_counts_key DO UPDATE SET n = self_audit_counts.n + excluded.n
    )
    INSERT INTO self_audit_counts_region (kind, result, province_code, n)
    SELECT kind, result, province_code, sum(n) FROM d GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (kind, result, province_code) DO UPDATE SET n = self_audit_counts_region.n + excluded.n;
  ELSE
    WITH d AS (
      SELECT kind, result, province_code, agent_id, sum(k) AS n FROM (SELECT kind, result, province_code, agent_id, 1 AS k FROM new_rows UNION ALL SELECT kind, result, province_code, agent_id, -1 AS k FROM old_rows) x GROUP BY 1, 2, 3, 4 HAVING sum(k) <> 0
    ), fine AS (
      INSERT INTO self_audit_counts (kind, result, province_code, agent_id, n) SELECT kind, result, province_code, agent_id, n FROM d ORDER BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT self_audit_counts_key DO UPDATE SET n = self_audit_counts.n + excluded.n
    )
    INSERT INTO self_audit_counts_region (kind, result, province_code, n)
    SELECT kind, result, province_code, sum(n) FROM d GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (kind, result, province_code) DO UPDATE SET n = self_audit_counts_region.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION station_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH d AS (
      SELECT status, province_code, frozen, agent_id, sum(k) AS n FROM (SELECT status, province_code, frozen, agent_id, 1 AS k FROM new_rows) x GROUP BY 1, 2, 3, 4 HAVING sum(k) <> 0
    ), fine AS (
      INSERT INTO station_counts (status, province_code, frozen, agent_id, n) SELECT status, province_code, frozen, agent_id, n FROM d ORDER BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT station_counts_key DO UPDATE SET n = station_counts.n + excluded.n
    )
    INSERT INTO station_counts_region (status, province_code, frozen, n)
    SELECT status, province_code, frozen, sum(n) FROM d GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (status, province_code, frozen) DO UPDATE SET n = station_counts_region.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    WITH d AS (
      SELECT status, province_code, frozen, agent_id, sum(k) AS n FROM (SELECT status, province_code, frozen, agent_id, -1 AS k FROM old_rows) x GROUP BY 1, 2, 3, 4 HAVING sum(k) <> 0
    ), fine AS (
      INSERT INTO station_counts (status, province_code, frozen, agent_id, n) SELECT status, province_code, frozen, agent_id, n FROM d ORDER BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT station_counts_key DO UPDATE SET n = station_counts.n + excluded.n
    )
    INSERT INTO station_counts_region (status, province_code, frozen, n)
    SELECT status, province_code, frozen, sum(n) FROM d GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (status, province_code, frozen) DO UPDATE SET n = station_counts_region.n + excluded.n;
  ELSE
    WITH d AS (
      SELECT status, province_code, frozen, agent_id, sum(k) AS n FROM (SELECT status, province_code, frozen, agent_id, 1 AS k FROM new_rows UNION ALL SELECT status, province_code, frozen, agent_id, -1 AS k FROM old_rows) x GROUP BY 1, 2, 3, 4 HAVING sum(k) <> 0
    ), fine AS (
      INSERT INTO station_counts (status, province_code, frozen, agent_id, n) SELECT status, province_code, frozen, agent_id, n FROM d ORDER BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT station_counts_key DO UPDATE SET n = station_counts.n + excluded.n
    )
    INSERT INTO station_counts_region (status, province_code, frozen, n)
    SELECT status, province_code, frozen, sum(n) FROM d GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (status, province_code, frozen) DO UPDATE SET n = station_counts_region.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION work_order_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH d AS (
      SELECT kind, status, province_code, overdue, agent_id, sum(k) AS n FROM (SELECT kind, status, province_code, overdue, agent_id, 1 AS k FROM new_rows) x GROUP BY 1, 2, 3, 4, 5 HAVING sum(k) <> 0
    ), fine AS (
      INSERT INTO work_order_counts (kind, status, province_code, overdue, agent_id, n) SELECT kind, status, province_code, overdue, agent_id, n FROM d ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT ON CONSTRAINT work_order_counts_key DO UPDATE SET n = work_order_counts.n + excluded.n
    )
    INSERT INTO work_order_counts_region (kind, status, province_code, overdue, n)
    SELECT kind, status, province_code, overdue, sum(n) FROM d GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (kind, status, province_code, overdue) DO UPDATE SET n = work_order_counts_region.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    WITH d AS (
      SELECT kind, status, province_code, overdue, agent_id, sum(k) AS n FROM (SELECT kind, status, province_code, overdue, agent_id, -1 AS k FROM old_rows) x GROUP BY 1, 2, 3, 4, 5 HAVING sum(k) <> 0
    ), fine AS (
      INSERT INTO work_order_counts (kind, status, province_code, overdue, agent_id, n) SELECT kind, status, province_code, overdue, agent_id, n FROM d ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT ON CONSTRAINT work_order_counts_key DO UPDATE SET n = work_order_counts.n + excluded.n
    )
    INSERT INTO work_order_counts_region (kind, status, province_code, overdue, n)
    SELECT kind, status, province_code, overdue, sum(n) FROM d GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (kind, status, province_code, overdue) DO UPDATE SET n = work_order_counts_region.n + excluded.n;
  ELSE
    WITH d AS (
      SELECT kind, status, province_code, overdue, agent_id, sum(k) AS n FROM (SELECT kind, status, province_code, overdue, agent_id, 1 AS k FROM new_rows UNION ALL SELECT kind, status, province_code, overdue, agent_id, -1 AS k FROM old_rows) x GROUP BY 1, 2, 3, 4, 5 HAVING sum(k) <> 0
    ), fine AS (
      INSERT INTO work_order_counts (kind, status, province_code, overdue, agent_id, n) SELECT kind, status, province_code, overdue, agent_id, n FROM d ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT ON CONSTRAINT work_order_counts_key DO UPDATE SET n = work_order_counts.n + excluded.n
    )
    INSERT INTO work_order_counts_region (kind, status, province_code, overdue, n)
    SELECT kind, status, province_code, overdue, sum(n) FROM d GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (kind, status, province_code, overdue) DO UPDATE SET n = work_order_counts_region.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
