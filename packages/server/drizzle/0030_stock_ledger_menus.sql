-- Stock (issue 13), the parts drizzle-kit cannot express.
--
-- 1. The ledger is append-only: stock_movements rows are never changed or deleted (stock changes
--    only through the named actions, each writing new rows). The one update let through is the
--    foreign key's own ON DELETE SET NULL of station_id when a station is deleted.
CREATE OR REPLACE FUNCTION pv_stock_movements_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.station_id IS NULL AND (to_jsonb(NEW) - 'station_id') = (to_jsonb(OLD) - 'station_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'stock_movements is an append-only ledger: % refused (row %)', TG_OP, OLD.id;
END
$$;--> statement-breakpoint
CREATE TRIGGER stock_movements_append_only BEFORE UPDATE OR DELETE ON stock_movements
  FOR EACH ROW EXECUTE FUNCTION pv_stock_movements_append_only();--> statement-breakpoint
-- 2. Menu entries for databases whose menus were seeded before 运维 existed (seedMenus fills an
--    EMPTY menus table only; see 0024_menu_statistics_entries.sql). A fresh database has no menus
--    when this runs, so nothing happens and seedMenus seeds the tree with these entries. The group
--    goes between 电站管理 (30) and 其他 (40 on those databases: a fresh install numbers it 40 and
--    shifts the later groups, which an old database keeps as they are). Each entry is inserted once,
--    unless one with its name, or its path under the parent, exists (an admin's own entry stays).
INSERT INTO menus (parent_id, path, name, component, redirect, sort, meta, permission, status)
SELECT NULL, '/operation', 'Operation', 'Layout', '/operation/stockLedger', 35, '{"title": "operation", "icon": "operation"}'::jsonb, '', 'enabled'
WHERE EXISTS (SELECT 1 FROM menus)
  AND NOT EXISTS (SELECT 1 FROM menus m WHERE m.name = 'Operation' OR (m.parent_id IS NULL AND m.path = '/operation'));
--> statement-breakpoint
INSERT INTO menus (parent_id, path, name, component, redirect, sort, meta, permission, status)
SELECT p.id, e.path, e.path, 'operation/' || e.path, NULL, e.sort, jsonb_build_object('title', e.path, 'icon', e.icon), e.permission, 'enabled'
FROM menus p
CROSS JOIN (VALUES ('materialList', 10, 'material', 'material:index'), ('warehouseList', 20, 'warehouse', 'warehouse:index'), ('stockLedger', 30, 'stock', 'stock:index')) AS e(path, sort, icon, permission)
WHERE p.name = 'Operation' AND p.parent_id IS NULL
  AND NOT EXISTS (SELECT 1 FROM menus m WHERE m.name = e.path OR (m.parent_id = p.id AND m.path = e.path));
--> statement-breakpoint
-- 3. The built-in roles of an existing database get the new codes a fresh install gives them
--    (BUILTIN_ROLES in modules/auth/permissions.ts; admin holds '*'). Codes already held are not
--    repeated; a role holding all of them is left alone.
UPDATE roles r
SET permissions = r.permissions || (SELECT coalesce(jsonb_agg(c), '[]'::jsonb) FROM jsonb_array_elements_text(g.codes) c WHERE NOT r.permissions @> jsonb_build_array(c)),
    version = r.version + 1,
    updated_at = now()
FROM (VALUES
  ('operator', '["material:index", "material:get_info", "warehouse:index", "warehouse:get_info", "stock:index", "stock:get_info"]'::jsonb),
  ('dispatcher', '["material:*", "warehouse:*", "stock:*"]'::jsonb),
  ('agent', '["material:index", "material:get_info", "warehouse:index", "warehouse:get_info", "stock:index", "stock:get_info"]'::jsonb),
  ('team', '["material:index", "material:get_info", "warehouse:index", "warehouse:get_info", "stock:index", "stock:get_info"]'::jsonb)
) AS g(code, codes)
WHERE r.code = g.code
  AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(g.codes) c WHERE NOT r.permissions @> jsonb_build_array(c));
