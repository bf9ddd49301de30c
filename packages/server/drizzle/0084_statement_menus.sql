-- 对账单 (issue 15) for databases whose menus were seeded before it (as settlement_menus did for
-- 结算单): its list and hidden detail page join the 财务 group after the existing screens; nothing
-- happens on a fresh database (the first start seeds MENU_TREE, which has them). An entry with the
-- same name, or the same path under the group, is left alone.
INSERT INTO menus (parent_id, path, name, component, redirect, sort, meta, permission, status)
SELECT p.id, e.path, e.path, 'finance/' || e.path, NULL, e.sort, e.meta, e.permission, 'enabled'
FROM menus p
CROSS JOIN (VALUES
  ('statement', 150, '{"title": "statement", "icon": "statement"}'::jsonb, 'statement:index'),
  ('statementDetail', 160, '{"title": "statementDetail", "hidden": 1, "dynamicNewTab": 1, "activeMenu": "/finance/statement"}'::jsonb, 'statement:get_info')
) AS e(path, sort, meta, permission)
WHERE p.name = 'Finance' AND p.parent_id IS NULL
  AND NOT EXISTS (SELECT 1 FROM menus m WHERE m.name = e.path OR (m.parent_id = p.id AND m.path = e.path));
--> statement-breakpoint
-- The built-in 运营客服 (finance) gets the codes a fresh install gives it (BUILTIN_ROLES): everything
-- about statements but confirm, which stays with the administrator.
UPDATE roles r
SET permissions = r.permissions || (SELECT coalesce(jsonb_agg(c), '[]'::jsonb) FROM jsonb_array_elements_text(g.codes) c WHERE NOT r.permissions @> jsonb_build_array(c)),
    version = r.version + 1,
    updated_at = now()
FROM (VALUES
  ('operator', '["statement:index", "statement:get_info", "statement:add", "statement:del", "statement:export", "statement:refresh", "statement:send", "statement:import", "statement:explain", "statement:rate"]'::jsonb)
) AS g(code, codes)
WHERE r.code = g.code
  AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(g.codes) c WHERE NOT r.permissions @> jsonb_build_array(c));
