-- 财务 screens (issue 14) for databases whose menus were seeded before they existed (as 0030 did for
-- 运维): the group goes right after 运维 (whatever number that database gave it; before 其他), its
-- screens in a fresh install's order. Nothing happens on a fresh database (no menus yet: seedMenus
-- seeds the tree with them). An entry with the same name, or the same path under the parent, is left alone.
INSERT INTO menus (parent_id, path, name, component, redirect, sort, meta, permission, status)
SELECT NULL, '/finance', 'Finance', 'Layout', '/finance/leaseContract',
       coalesce((SELECT m.sort FROM menus m WHERE m.name = 'Operation' AND m.parent_id IS NULL), 35) + 3,
       '{"title": "finance", "icon": "finance"}'::jsonb, '', 'enabled'
WHERE EXISTS (SELECT 1 FROM menus)
  AND NOT EXISTS (SELECT 1 FROM menus m WHERE m.name = 'Finance' OR (m.parent_id IS NULL AND m.path = '/finance'));
--> statement-breakpoint
INSERT INTO menus (parent_id, path, name, component, redirect, sort, meta, permission, status)
SELECT p.id, e.path, e.path, 'finance/' || e.path, NULL, e.sort, e.meta, e.permission, 'enabled'
FROM menus p
CROSS JOIN (VALUES
  ('leaseContract', 10, '{"title": "leaseContract", "icon": "lease"}'::jsonb, 'lease_contract:index'),
  ('leaseContractDetail', 20, '{"title": "leaseContractDetail", "hidden": 1, "dynamicNewTab": 1, "activeMenu": "/finance/leaseContract"}'::jsonb, 'lease_contract:get_info'),
  ('rentBill', 30, '{"title": "rentBill", "icon": "bill"}'::jsonb, 'rent_bill:index')
) AS e(path, sort, meta, permission)
WHERE p.name = 'Finance' AND p.parent_id IS NULL
  AND NOT EXISTS (SELECT 1 FROM menus m WHERE m.name = e.path OR (m.parent_id = p.id AND m.path = e.path));
--> statement-breakpoint
-- The built-in roles of an existing database get the codes a fresh install gives them (BUILTIN_ROLES):
-- 运营客服 prepares, signs and reads contracts and reads bills; 代理商 reads its own.
UPDATE roles r
SET permissions = r.permissions || (SELECT coalesce(jsonb_agg(c), '[]'::jsonb) FROM jsonb_array_elements_text(g.codes) c WHERE NOT r.permissions @> jsonb_build_array(c)),
    version = r.version + 1,
    updated_at = now()
FROM (VALUES
  ('operator', '["lease_contract:index", "lease_contract:get_info", "rent_bill:index", "rent_bill:get_info", "lease_contract:add", "lease_contract:edit", "lease_contract:sign", "lease_contract:upload_pdf", "lease_contract:export", "rent_bill:export"]'::jsonb),
  ('agent', '["lease_contract:index", "lease_contract:get_info", "rent_bill:index", "rent_bill:get_info"]'::jsonb)
) AS g(code, codes)
WHERE r.code = g.code
  AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(g.codes) c WHERE NOT r.permissions @> jsonb_build_array(c));
