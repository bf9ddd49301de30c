-- Settlements (issue 15): what drizzle-kit cannot express, and the default rules.
--
-- 1. No two rules of one kind and agent level overlap: an exclusion constraint over kind, level and the
--    inclusive date range (btree_gist, as tariffs_no_overlap). Concurrent writers cannot both win: the
--    second waits for the first and fails with 23P01 (app.ts maps it to error.period_overlap).
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE settlement_rules ADD CONSTRAINT settlement_rules_no_overlap
  EXCLUDE USING gist (kind WITH =, agent_level WITH =, daterange(effective_from, effective_until, '[]') WITH &&);
--> statement-breakpoint
-- 2. A confirmed or paid settlement's lines never change (corrections are adjustment lines in a later
--    month): the database refuses any insert, update or delete of such a line, whatever the writer.
CREATE OR REPLACE FUNCTION pv_settlement_lines_locked() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sid integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.settlement_id ELSE NEW.settlement_id END;
  st text;
BEGIN
  SELECT status INTO st FROM settlements WHERE id = sid;
  IF st IN ('confirmed', 'paid') THEN
    RAISE EXCEPTION 'settlement % is %: its lines never change', sid, st USING ERRCODE = 'P0001', HINT = 'settlement_locked';
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.settlement_id <> NEW.settlement_id THEN
    SELECT status INTO st FROM settlements WHERE id = OLD.settlement_id;
    IF st IN ('confirmed', 'paid') THEN
      RAISE EXCEPTION 'settlement % is %: its lines never change', OLD.settlement_id, st USING ERRCODE = 'P0001', HINT = 'settlement_locked';
    END IF;
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
--> statement-breakpoint
CREATE TRIGGER settlement_lines_locked BEFORE INSERT OR UPDATE OR DELETE ON settlement_lines
  FOR EACH ROW EXECUTE FUNCTION pv_settlement_lines_locked();
--> statement-breakpoint
-- 3. Default rules from 2020-01-01, until further notice (finance sets its own rates as new versions):
--    commission 30 yuan/kWp for a first-level agent, 20 for a second-level one; installation 150
--    yuan/kWp; 200 yuan per grid connection; 100 yuan per rejected self-audit; 200 per overdue order.
INSERT INTO settlement_rules (kind, agent_level, rate, effective_from, remark)
SELECT v.kind, v.level, v.rate, DATE '2020-01-01', '默认规则'
FROM (VALUES
  ('commission', 1, 30.0000), ('commission', 2, 20.0000), ('install_fee', 0, 150.0000),
  ('grid_bonus', 0, 200.0000), ('audit_deduction', 0, 100.0000), ('overdue_deduction', 0, 200.0000)
) AS v(kind, level, rate)
WHERE NOT EXISTS (SELECT 1 FROM settlement_rules r WHERE r.kind = v.kind AND r.agent_level = v.level);
