-- Inspection list totals (issue 13): inspection_counts and inspection_counts_region kept by statement
-- triggers generated from their declaration in src/modules/statistic/rollup.ts (scripts/rollup-migration.ts).
CREATE OR REPLACE FUNCTION inspection_counts_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO inspection_counts (kind, status, province_code, overdue, agent_id, n) SELECT kind, status, province_code, overdue, agent_id, sum(n) AS n FROM ((SELECT r.kind, r.status, r.province_code, r.overdue, r.agent_id, r.k FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(kind, status, province_code, overdue, agent_id, n) GROUP BY kind, status, province_code, overdue, agent_id HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT inspection_counts_key DO UPDATE SET n = inspection_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inspection_counts_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO inspection_counts (kind, status, province_code, overdue, agent_id, n) SELECT kind, status, province_code, overdue, agent_id, sum(n) AS n FROM ((SELECT r.kind, r.status, r.province_code, r.overdue, r.agent_id, r.k FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(kind, status, province_code, overdue, agent_id, n) GROUP BY kind, status, province_code, overdue, agent_id HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT inspection_counts_key DO UPDATE SET n = inspection_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inspection_counts_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO inspection_counts (kind, status, province_code, overdue, agent_id, n) SELECT kind, status, province_code, overdue, agent_id, sum(n) AS n FROM ((SELECT r.kind, r.status, r.province_code, r.overdue, r.agent_id, r.k FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(kind, status, province_code, overdue, agent_id, n) GROUP BY kind, status, province_code, overdue, agent_id HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT inspection_counts_key DO UPDATE SET n = inspection_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inspection_counts_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM inspection_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER inspection_counts_ins AFTER INSERT ON inspections REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inspection_counts_ins();
--> statement-breakpoint
CREATE TRIGGER inspection_counts_del AFTER DELETE ON inspections REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION inspection_counts_del();
--> statement-breakpoint
CREATE TRIGGER inspection_counts_upd AFTER UPDATE ON inspections REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inspection_counts_upd();
--> statement-breakpoint
CREATE TRIGGER inspection_counts_trunc AFTER TRUNCATE ON inspections FOR EACH STATEMENT EXECUTE FUNCTION inspection_counts_trunc();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inspection_counts_region_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO inspection_counts_region (kind, status, province_code, overdue, n) SELECT kind, status, province_code, overdue, sum(n) AS n FROM ((SELECT r.kind, r.status, r.province_code, r.overdue, r.k FROM (SELECT 1 AS k, * FROM new_rows) r)) AS x(kind, status, province_code, overdue, n) GROUP BY kind, status, province_code, overdue HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT inspection_counts_region_key DO UPDATE SET n = inspection_counts_region.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inspection_counts_region_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO inspection_counts_region (kind, status, province_code, overdue, n) SELECT kind, status, province_code, overdue, sum(n) AS n FROM ((SELECT r.kind, r.status, r.province_code, r.overdue, r.k FROM (SELECT -1 AS k, * FROM old_rows) r)) AS x(kind, status, province_code, overdue, n) GROUP BY kind, status, province_code, overdue HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT inspection_counts_region_key DO UPDATE SET n = inspection_counts_region.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inspection_counts_region_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO inspection_counts_region (kind, status, province_code, overdue, n) SELECT kind, status, province_code, overdue, sum(n) AS n FROM ((SELECT r.kind, r.status, r.province_code, r.overdue, r.k FROM (SELECT 1 AS k, * FROM new_rows UNION ALL SELECT -1 AS k, * FROM old_rows) r)) AS x(kind, status, province_code, overdue, n) GROUP BY kind, status, province_code, overdue HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT inspection_counts_region_key DO UPDATE SET n = inspection_counts_region.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inspection_counts_region_trunc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM inspection_counts_region;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER inspection_counts_region_ins AFTER INSERT ON inspections REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inspection_counts_region_ins();
--> statement-breakpoint
CREATE TRIGGER inspection_counts_region_del AFTER DELETE ON inspections REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION inspection_counts_region_del();
--> statement-breakpoint
CREATE TRIGGER inspection_counts_region_upd AFTER UPDATE ON inspections REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inspection_counts_region_upd();
--> statement-breakpoint
CREATE TRIGGER inspection_counts_region_trunc AFTER TRUNCATE ON inspections FOR EACH STATEMENT EXECUTE FUNCTION inspection_counts_region_trunc();
--> statement-breakpoint
INSERT INTO inspection_counts (kind, status, province_code, overdue, agent_id, n) SELECT kind, status, province_code, overdue, agent_id, sum(n) AS n FROM ((SELECT r.kind, r.status, r.province_code, r.overdue, r.agent_id, r.k FROM (SELECT 1 AS k, * FROM inspections) r)) AS x(kind, status, province_code, overdue, agent_id, n) GROUP BY kind, status, province_code, overdue, agent_id HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT inspection_counts_key DO UPDATE SET n = excluded.n;
--> statement-breakpoint
INSERT INTO inspection_counts_region (kind, status, province_code, overdue, n) SELECT kind, status, province_code, overdue, sum(n) AS n FROM ((SELECT r.kind, r.status, r.province_code, r.overdue, r.k FROM (SELECT 1 AS k, * FROM inspections) r)) AS x(kind, status, province_code, overdue, n) GROUP BY kind, status, province_code, overdue HAVING sum(n) <> 0
    ON CONFLICT ON CONSTRAINT inspection_counts_region_key DO UPDATE SET n = excluded.n;
--> statement-breakpoint
-- Menu entries for databases seeded before these screens existed (as 0030 did for the stock ones):
-- 运维计划 and 巡检 go before 物料 under 运维; nothing happens on a fresh database (no menus yet).
INSERT INTO menus (parent_id, path, name, component, redirect, sort, meta, permission, status)
SELECT p.id, e.path, e.path, 'operation/' || e.path, NULL, e.sort, e.meta, e.permission, 'enabled'
FROM menus p
CROSS JOIN (VALUES
  ('operationPlan', 4, '{"title": "operationPlan", "icon": "plan"}'::jsonb, 'operation_plan:index'),
  ('inspectionList', 6, '{"title": "inspectionList", "icon": "inspection"}'::jsonb, 'inspection:index'),
  ('inspectionDetail', 8, '{"title": "inspectionDetail", "hidden": 1, "dynamicNewTab": 1, "activeMenu": "/operation/inspectionList"}'::jsonb, 'inspection:get_info')
) AS e(path, sort, meta, permission)
WHERE p.name = 'Operation' AND p.parent_id IS NULL
  AND NOT EXISTS (SELECT 1 FROM menus m WHERE m.name = e.path OR (m.parent_id = p.id AND m.path = e.path));
--> statement-breakpoint
-- The built-in roles of an existing database get the codes a fresh install gives them (BUILTIN_ROLES).
UPDATE roles r
SET permissions = r.permissions || (SELECT coalesce(jsonb_agg(c), '[]'::jsonb) FROM jsonb_array_elements_text(g.codes) c WHERE NOT r.permissions @> jsonb_build_array(c)),
    version = r.version + 1,
    updated_at = now()
FROM (VALUES
  ('operator', '["operation_plan:index", "operation_plan:get_info", "inspection:index", "inspection:get_info"]'::jsonb),
  ('dispatcher', '["operation_plan:*", "inspection:*"]'::jsonb),
  ('agent', '["operation_plan:index", "operation_plan:get_info", "inspection:index", "inspection:get_info", "inspection:start", "inspection:submit"]'::jsonb),
  ('team', '["inspection:index", "inspection:get_info", "inspection:start", "inspection:submit"]'::jsonb)
) AS g(code, codes)
WHERE r.code = g.code
  AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(g.codes) c WHERE NOT r.permissions @> jsonb_build_array(c));
