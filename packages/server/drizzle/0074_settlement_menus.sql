-- 结算单 (issue 15) for databases whose menus were seeded before it (as 0057 did for 付款批次): its
-- list, hidden detail page and rules join the 财务 group that 0048 made, after the existing screens;
-- nothing happens on a fresh database (no menus yet: the first start seeds MENU_TREE, which has them).
-- An entry with the same name, or the same path under the group, is left alone.
INSERT INTO menus (parent_id, path, name, component, redirect, sort, meta, permission, status)
SELECT p.id, e.path, e.path, 'finance/' || e.path, NULL, e.sort, e.meta, e.permission, 'enabled'
FROM menus p
CROSS JOIN (VALUES
  ('settlement', 100, '{"title": "settlement", "icon": "settlement"}'::jsonb, 'settlement:index'),
  ('settlementDetail', 110, '{"title": "settlementDetail", "hidden": 1, "dynamicNewTab": 1, "activeMenu": "/finance/settlement"}'::jsonb, 'settlement:get_info'),
  ('settlementRule', 120, '{"title": "settlementRule", "icon": "settlementRule"}'::jsonb, 'settlement_rule:index')
) AS e(path, sort, meta, permission)
WHERE p.name = 'Finance' AND p.parent_id IS NULL
  AND NOT EXISTS (SELECT 1 FROM menus m WHERE m.name = e.path OR (m.parent_id = p.id AND m.path = e.path));
--> statement-breakpoint
-- The built-in roles of an existing database get the codes a fresh install gives them (BUILTIN_ROLES):
-- 运营客服 (finance) runs settlements and rules; an agent reads, confirms and disputes its own.
UPDATE roles r
SET permissions = r.permissions || (SELECT coalesce(jsonb_agg(c), '[]'::jsonb) FROM jsonb_array_elements_text(g.codes) c WHERE NOT r.permissions @> jsonb_build_array(c)),
    version = r.version + 1,
    updated_at = now()
FROM (VALUES
  ('operator', '["settlement:index", "settlement:get_info", "settlement:export", "settlement:generate", "settlement:submit", "settlement:confirm", "settlement:resolve", "settlement:pay", "settlement:adjust", "settlement_rule:index", "settlement_rule:get_info", "settlement_rule:add", "settlement_rule:edit", "settlement_rule:del", "settlement_rule:export"]'::jsonb),
  ('agent', '["settlement:index", "settlement:get_info", "settlement:confirm", "settlement:dispute"]'::jsonb)
) AS g(code, codes)
WHERE r.code = g.code
  AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(g.codes) c WHERE NOT r.permissions @> jsonb_build_array(c));
