-- 运维工单 screens (issue 13) for databases seeded before they existed (as 0032 did for 运维计划 / 巡检):
-- 运维工单 and its hidden detail go after 巡检 under 运维; nothing happens on a fresh database (no menus yet).
INSERT INTO menus (parent_id, path, name, component, redirect, sort, meta, permission, status)
SELECT p.id, e.path, e.path, 'operation/' || e.path, NULL, e.sort, e.meta, e.permission, 'enabled'
FROM menus p
CROSS JOIN (VALUES
  ('maintenanceList', 9, '{"title": "maintenanceList", "icon": "maintenance"}'::jsonb, 'maintenance:index'),
  ('maintenanceDetail', 9, '{"title": "maintenanceDetail", "hidden": 1, "dynamicNewTab": 1, "activeMenu": "/operation/maintenanceList"}'::jsonb, 'maintenance:get_info')
) AS e(path, sort, meta, permission)
WHERE p.name = 'Operation' AND p.parent_id IS NULL
  AND NOT EXISTS (SELECT 1 FROM menus m WHERE m.name = e.path OR (m.parent_id = p.id AND m.path = e.path));
--> statement-breakpoint
-- The built-in roles of an existing database get the codes a fresh install gives them (BUILTIN_ROLES):
-- 运营客服 reads orders and opens them from fault matters, 代理商 handles them in the field.
UPDATE roles r
SET permissions = r.permissions || (SELECT coalesce(jsonb_agg(c), '[]'::jsonb) FROM jsonb_array_elements_text(g.codes) c WHERE NOT r.permissions @> jsonb_build_array(c)),
    version = r.version + 1,
    updated_at = now()
FROM (VALUES
  ('operator', '["maintenance:index", "maintenance:get_info", "maintenance:add"]'::jsonb),
  ('agent', '["maintenance:index", "maintenance:get_info", "maintenance:accept", "maintenance:start", "maintenance:submit"]'::jsonb)
) AS g(code, codes)
WHERE r.code = g.code
  AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(g.codes) c WHERE NOT r.permissions @> jsonb_build_array(c));
