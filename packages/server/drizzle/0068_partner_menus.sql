-- 合作伙伴 (issue 15) for databases whose menus were seeded before it (as 0048 did for 财务): the group
-- goes after 财务 and before 其他 (halfway between the numbers that database gave them), its list and the
-- hidden detail in a fresh install's order. Nothing happens on a fresh database (no menus yet: the first
-- start seeds MENU_TREE, which has them). An entry with the same name, or the same path under the parent,
-- is left alone.
INSERT INTO menus (parent_id, path, name, component, redirect, sort, meta, permission, status)
SELECT NULL, '/partner', 'Partner', 'Layout', '/partner/partnerList',
       (f.sort + coalesce((SELECT m.sort FROM menus m WHERE m.name = 'Other' AND m.parent_id IS NULL AND m.sort > f.sort), f.sort + 10)) / 2,
       '{"title": "partner", "icon": "partner"}'::jsonb, '', 'enabled'
FROM (SELECT coalesce((SELECT m.sort FROM menus m WHERE m.name = 'Finance' AND m.parent_id IS NULL), 50) AS sort) f
WHERE EXISTS (SELECT 1 FROM menus)
  AND NOT EXISTS (SELECT 1 FROM menus m WHERE m.name = 'Partner' OR (m.parent_id IS NULL AND m.path = '/partner'));
--> statement-breakpoint
INSERT INTO menus (parent_id, path, name, component, redirect, sort, meta, permission, status)
SELECT p.id, e.path, e.path, 'partner/' || e.path, NULL, e.sort, e.meta, e.permission, 'enabled'
FROM menus p
CROSS JOIN (VALUES
  ('partnerList', 10, '{"title": "partnerList", "icon": "partnerList"}'::jsonb, 'partner:index'),
  ('partnerDetail', 20, '{"title": "partnerDetail", "hidden": 1, "dynamicNewTab": 1, "activeMenu": "/partner/partnerList"}'::jsonb, 'partner:get_info')
) AS e(path, sort, meta, permission)
WHERE p.name = 'Partner' AND p.parent_id IS NULL
  AND NOT EXISTS (SELECT 1 FROM menus m WHERE m.name = e.path OR (m.parent_id = p.id AND m.path = e.path));
--> statement-breakpoint
-- The built-in roles of an existing database get the codes a fresh install gives them (BUILTIN_ROLES):
-- 运营客服 keeps partners and their links; 工程派单 and 代理商 read them (an agent its own partner record only).
UPDATE roles r
SET permissions = r.permissions || (SELECT coalesce(jsonb_agg(c), '[]'::jsonb) FROM jsonb_array_elements_text(g.codes) c WHERE NOT r.permissions @> jsonb_build_array(c)),
    version = r.version + 1,
    updated_at = now()
FROM (VALUES
  ('operator', '["partner:index", "partner:get_info", "partner:add", "partner:edit", "partner:export", "partner:link"]'::jsonb),
  ('dispatcher', '["partner:index", "partner:get_info"]'::jsonb),
  ('agent', '["partner:index", "partner:get_info"]'::jsonb)
) AS g(code, codes)
WHERE r.code = g.code
  AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(g.codes) c WHERE NOT r.permissions @> jsonb_build_array(c));
