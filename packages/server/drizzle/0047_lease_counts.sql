-- Lease contract and rent bill list totals (issue 14): lease_contract_counts(_region) and rent_bill_counts(_region)
-- kept by statement triggers generated from their declaration in src/modules/statistic/rollup.ts (scripts/rollup-migration.ts).
CREATE OR REPLACE FUNCTION lease_contract_counts_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lease_contract_counts (status, pay_cycle, province_code, city_code, agent_id, n) SELECT status, pay_cycle, province_code, city_code, agent_id, sum(n) AS n FROM ((SELECT r.status, r.pay_cycle, r.province_code, r.city_code, r.agent_id, r.k FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(status, pay_cycle, province_code, city_code, agent_id, n) GROUP BY status, pay_cycle, province_code, city_code, agent_id HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT lease_contract_counts_key DO UPDATE SET n = lease_contract_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lease_contract_counts_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lease_contract_counts (status, pay_cycle, province_code, city_code, agent_id, n) SELECT status, pay_cycle, province_code, city_code, agent_id, sum(n) AS n FROM ((SELECT r.status, r.pay_cycle, r.province_code, r.city_code, r.agent_id, r.k FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(status, pay_cycle, province_code, city_code, agent_id, n) GROUP BY status, pay_cycle, province_code, city_code, agent_id HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT lease_contract_counts_key DO UPDATE SET n = lease_contract_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lease_contract_counts_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lease_contract_counts (status, pay_cycle, province_code, city_code, agent_id, n) SELECT status, pay_cycle, province_code, city_code, agent_id, sum(n) AS n FROM ((SELECT r.status, r.pay_cycle, r.province_code, r.city_code, r.agent_id, r.k FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(status, pay_cycle, province_code, city_code, agent_id, n) GROUP BY status, pay_cycle, province_code, city_code, agent_id HAVING sum(n) <> 0
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
CREATE TRIGGER lease_contract_counts_ins AFTER INSERT ON lease_contracts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lease_contract_counts_ins();
--> statement-breakpoint
CREATE TRIGGER lease_contract_counts_del AFTER DELETE ON lease_contracts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lease_contract_counts_del();
--> statement-breakpoint
CREATE TRIGGER lease_contract_counts_upd AFTER UPDATE ON lease_contracts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lease_contract_counts_upd();
--> statement-breakpoint
CREATE TRIGGER lease_contract_counts_trunc AFTER TRUNCATE ON lease_contracts FOR EACH STATEMENT EXECUTE FUNCTION lease_contract_counts_trunc();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lease_contract_counts_region_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lease_contract_counts_region (status, pay_cycle, province_code, city_code, n) SELECT status, pay_cycle, province_code, city_code, sum(n) AS n FROM ((SELECT r.status, r.pay_cycle, r.province_code, r.city_code, r.k FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(status, pay_cycle, province_code, city_code, n) GROUP BY status, pay_cycle, province_code, city_code HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT lease_contract_counts_region_key DO UPDATE SET n = lease_contract_counts_region.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lease_contract_counts_region_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lease_contract_counts_region (status, pay_cycle, province_code, city_code, n) SELECT status, pay_cycle, province_code, city_code, sum(n) AS n FROM ((SELECT r.status, r.pay_cycle, r.province_code, r.city_code, r.k FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(status, pay_cycle, province_code, city_code, n) GROUP BY status, pay_cycle, province_code, city_code HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT lease_contract_counts_region_key DO UPDATE SET n = lease_contract_counts_region.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lease_contract_counts_region_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lease_contract_counts_region (status, pay_cycle, province_code, city_code, n) SELECT status, pay_cycle, province_code, city_code, sum(n) AS n FROM ((SELECT r.status, r.pay_cycle, r.province_code, r.city_code, r.k FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(status, pay_cycle, province_code, city_code, n) GROUP BY status, pay_cycle, province_code, city_code HAVING sum(n) <> 0
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
CREATE TRIGGER lease_contract_counts_region_ins AFTER INSERT ON lease_contracts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lease_contract_counts_region_ins();
--> statement-breakpoint
CREATE TRIGGER lease_contract_counts_region_del AFTER DELETE ON lease_contracts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lease_contract_counts_region_del();
--> statement-breakpoint
CREATE TRIGGER lease_contract_counts_region_upd AFTER UPDATE ON lease_contracts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lease_contract_counts_region_upd();
--> statement-breakpoint
CREATE TRIGGER lease_contract_counts_region_trunc AFTER TRUNCATE ON lease_contracts FOR EACH STATEMENT EXECUTE FUNCTION lease_contract_counts_region_trunc();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rent_bill_counts_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rent_bill_counts (status, province_code, city_code, agent_id, n, amount_due, deduction, amount_payable) SELECT status, province_code, city_code, agent_id, sum(n) AS n, sum(amount_due) AS amount_due, sum(deduction) AS deduction, sum(amount_payable) AS amount_payable FROM ((SELECT r.status, r.province_code, r.city_code, r.agent_id, r.k, r.k * r.amount_due, r.k * r.deduction, r.k * r.amount_payable FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(status, province_code, city_code, agent_id, n, amount_due, deduction, amount_payable) GROUP BY status, province_code, city_code, agent_id HAVING sum(n) <> 0 OR sum(amount_due) <> 0 OR sum(deduction) <> 0 OR sum(amount_payable) <> 0
    ON CONFLICT ON CONSTRAINT rent_bill_counts_key DO UPDATE SET n = rent_bill_counts.n + excluded.n, amount_due = rent_bill_counts.amount_due + excluded.amount_due, deduction = rent_bill_counts.deduction + excluded.deduction, amount_payable = rent_bill_counts.amount_payable + excluded.amount_payable;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rent_bill_counts_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rent_bill_counts (status, province_code, city_code, agent_id, n, amount_due, deduction, amount_payable) SELECT status, province_code, city_code, agent_id, sum(n) AS n, sum(amount_due) AS amount_due, sum(deduction) AS deduction, sum(amount_payable) AS amount_payable FROM ((SELECT r.status, r.province_code, r.city_code, r.agent_id, r.k, r.k * r.amount_due, r.k * r.deduction, r.k * r.amount_payable FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(status, province_code, city_code, agent_id, n, amount_due, deduction, amount_payable) GROUP BY status, province_code, city_code, agent_id HAVING sum(n) <> 0 OR sum(amount_due) <> 0 OR sum(deduction) <> 0 OR sum(amount_payable) <> 0
    ON CONFLICT ON CONSTRAINT rent_bill_counts_key DO UPDATE SET n = rent_bill_counts.n + excluded.n, amount_due = rent_bill_counts.amount_due + excluded.amount_due, deduction = rent_bill_counts.deduction + excluded.deduction, amount_payable = rent_bill_counts.amount_payable + excluded.amount_payable;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rent_bill_counts_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rent_bill_counts (status, province_code, city_code, agent_id, n, amount_due, deduction, amount_payable) SELECT status, province_code, city_code, agent_id, sum(n) AS n, sum(amount_due) AS amount_due, sum(deduction) AS deduction, sum(amount_payable) AS amount_payable FROM ((SELECT r.status, r.province_code, r.city_code, r.agent_id, r.k, r.k * r.amount_due, r.k * r.deduction, r.k * r.amount_payable FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(status, province_code, city_code, agent_id, n, amount_due, deduction, amount_payable) GROUP BY status, province_code, city_code, agent_id HAVING sum(n) <> 0 OR sum(amount_due) <> 0 OR sum(deduction) <> 0 OR sum(amount_payable) <> 0
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
CREATE TRIGGER rent_bill_counts_ins AFTER INSERT ON rent_bills REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rent_bill_counts_ins();
--> statement-breakpoint
CREATE TRIGGER rent_bill_counts_del AFTER DELETE ON rent_bills REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rent_bill_counts_del();
--> statement-breakpoint
CREATE TRIGGER rent_bill_counts_upd AFTER UPDATE ON rent_bills REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rent_bill_counts_upd();
--> statement-breakpoint
CREATE TRIGGER rent_bill_counts_trunc AFTER TRUNCATE ON rent_bills FOR EACH STATEMENT EXECUTE FUNCTION rent_bill_counts_trunc();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rent_bill_counts_region_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rent_bill_counts_region (status, period, province_code, city_code, n, amount_due, deduction, amount_payable) SELECT status, period, province_code, city_code, sum(n) AS n, sum(amount_due) AS amount_due, sum(deduction) AS deduction, sum(amount_payable) AS amount_payable FROM ((SELECT r.status, r.period, r.province_code, r.city_code, r.k, r.k * r.amount_due, r.k * r.deduction, r.k * r.amount_payable FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(status, period, province_code, city_code, n, amount_due, deduction, amount_payable) GROUP BY status, period, province_code, city_code HAVING sum(n) <> 0 OR sum(amount_due) <> 0 OR sum(deduction) <> 0 OR sum(amount_payable) <> 0
    ON CONFLICT ON CONSTRAINT rent_bill_counts_region_key DO UPDATE SET n = rent_bill_counts_region.n + excluded.n, amount_due = rent_bill_counts_region.amount_due + excluded.amount_due, deduction = rent_bill_counts_region.deduction + excluded.deduction, amount_payable = rent_bill_counts_region.amount_payable + excluded.amount_payable;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rent_bill_counts_region_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rent_bill_counts_region (status, period, province_code, city_code, n, amount_due, deduction, amount_payable) SELECT status, period, province_code, city_code, sum(n) AS n, sum(amount_due) AS amount_due, sum(deduction) AS deduction, sum(amount_payable) AS amount_payable FROM ((SELECT r.status, r.period, r.province_code, r.city_code, r.k, r.k * r.amount_due, r.k * r.deduction, r.k * r.amount_payable FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(status, period, province_code, city_code, n, amount_due, deduction, amount_payable) GROUP BY status, period, province_code, city_code HAVING sum(n) <> 0 OR sum(amount_due) <> 0 OR sum(deduction) <> 0 OR sum(amount_payable) <> 0
    ON CONFLICT ON CONSTRAINT rent_bill_counts_region_key DO UPDATE SET n = rent_bill_counts_region.n + excluded.n, amount_due = rent_bill_counts_region.amount_due + excluded.amount_due, deduction = rent_bill_counts_region.deduction + excluded.deduction, amount_payable = rent_bill_counts_region.amount_payable + excluded.amount_payable;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rent_bill_counts_region_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rent_bill_counts_region (status, period, province_code, city_code, n, amount_due, deduction, amount_payable) SELECT status, period, province_code, city_code, sum(n) AS n, sum(amount_due) AS amount_due, sum(deduction) AS deduction, sum(amount_payable) AS amount_payable FROM ((SELECT r.status, r.period, r.province_code, r.city_code, r.k, r.k * r.amount_due, r.k * r.deduction, r.k * r.amount_payable FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(status, period, province_code, city_code, n, amount_due, deduction, amount_payable) GROUP BY status, period, province_code, city_code HAVING sum(n) <> 0 OR sum(amount_due) <> 0 OR sum(deduction) <> 0 OR sum(amount_payable) <> 0
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
CREATE TRIGGER rent_bill_counts_region_ins AFTER INSERT ON rent_bills REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rent_bill_counts_region_ins();
--> statement-breakpoint
CREATE TRIGGER rent_bill_counts_region_del AFTER DELETE ON rent_bills REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rent_bill_counts_region_del();
--> statement-breakpoint
CREATE TRIGGER rent_bill_counts_region_upd AFTER UPDATE ON rent_bills REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rent_bill_counts_region_upd();
--> statement-breakpoint
CREATE TRIGGER rent_bill_counts_region_trunc AFTER TRUNCATE ON rent_bills FOR EACH STATEMENT EXECUTE FUNCTION rent_bill_counts_region_trunc();
--> statement-breakpoint
INSERT INTO lease_contract_counts (status, pay_cycle, province_code, city_code, agent_id, n) SELECT status, pay_cycle, province_code, city_code, agent_id, sum(n) AS n FROM ((SELECT r.status, r.pay_cycle, r.province_code, r.city_code, r.agent_id, r.k FROM (SELECT 1 AS k, * FROM lease_contracts) r)) AS x(status, pay_cycle, province_code, city_code, agent_id, n) GROUP BY status, pay_cycle, province_code, city_code, agent_id HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT lease_contract_counts_key DO UPDATE SET n = excluded.n;
--> statement-breakpoint
INSERT INTO lease_contract_counts_region (status, pay_cycle, province_code, city_code, n) SELECT status, pay_cycle, province_code, city_code, sum(n) AS n FROM ((SELECT r.status, r.pay_cycle, r.province_code, r.city_code, r.k FROM (SELECT 1 AS k, * FROM lease_contracts) r)) AS x(status, pay_cycle, province_code, city_code, n) GROUP BY status, pay_cycle, province_code, city_code HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT lease_contract_counts_region_key DO UPDATE SET n = excluded.n;
--> statement-breakpoint
INSERT INTO rent_bill_counts (status, province_code, city_code, agent_id, n, amount_due, deduction, amount_payable) SELECT status, province_code, city_code, agent_id, sum(n) AS n, sum(amount_due) AS amount_due, sum(deduction) AS deduction, sum(amount_payable) AS amount_payable FROM ((SELECT r.status, r.province_code, r.city_code, r.agent_id, r.k, r.k * r.amount_due, r.k * r.deduction, r.k * r.amount_payable FROM (SELECT 1 AS k, * FROM rent_bills) r)) AS x(status, province_code, city_code, agent_id, n, amount_due, deduction, amount_payable) GROUP BY status, province_code, city_code, agent_id HAVING sum(n) <> 0 OR sum(amount_due) <> 0 OR sum(deduction) <> 0 OR sum(amount_payable) <> 0
    ON CONFLICT ON CONSTRAINT rent_bill_counts_key DO UPDATE SET n = excluded.n, amount_due = excluded.amount_due, deduction = excluded.deduction, amount_payable = excluded.amount_payable;
--> statement-breakpoint
INSERT INTO rent_bill_counts_region (status, period, province_code, city_code, n, amount_due, deduction, amount_payable) SELECT status, period, province_code, city_code, sum(n) AS n, sum(amount_due) AS amount_due, sum(deduction) AS deduction, sum(amount_payable) AS amount_payable FROM ((SELECT r.status, r.period, r.province_code, r.city_code, r.k, r.k * r.amount_due, r.k * r.deduction, r.k * r.amount_payable FROM (SELECT 1 AS k, * FROM rent_bills) r)) AS x(status, period, province_code, city_code, n, amount_due, deduction, amount_payable) GROUP BY status, period, province_code, city_code HAVING sum(n) <> 0 OR sum(amount_due) <> 0 OR sum(deduction) <> 0 OR sum(amount_payable) <> 0
    ON CONFLICT ON CONSTRAINT rent_bill_counts_region_key DO UPDATE SET n = excluded.n, amount_due = excluded.amount_due, deduction = excluded.deduction, amount_payable = excluded.amount_payable;
--> statement-breakpoint
-- The rent rate after `steps` escalations (docs/DECISIONS.md "Lease contracts and rent bills"): each step
-- multiplies by (1 + pct/100) and rounds half away from zero to 4 decimals, exactly as escalatedRate in
-- packages/contract/src/lease.ts does with decimal.js. round(numeric, 4) rounds half away from zero.
CREATE OR REPLACE FUNCTION pv_rent_rate(rate numeric, pct numeric, steps integer) RETURNS numeric
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  r numeric := rate;
BEGIN
  FOR i IN 1..steps LOOP
    -- times 0.01 rather than / 100: a product is exact, a quotient is rounded at its own scale first
    r := round(r * (100 + pct) * 0.01, 4);
  END LOOP;
  RETURN r;
END $$;
