-- 发票 (issue 15) for databases whose menus were seeded before it (as 0074 did for 结算单): its list and
-- hidden detail page join the 财务 group after the existing screens; nothing happens on a fresh
-- database (no menus yet: the first start seeds MENU_TREE, which has them). An entry with the same
-- name, or the same path under the group, is left alone.
INSERT INTO menus (parent_id, path, name, component, redirect, sort, meta, permission, status)
SELECT p.id, e.path, e.path, 'finance/' || e.path, NULL, e.sort, e.meta, e.permission, 'enabled'
FROM menus p
CROSS JOIN (VALUES
  ('invoice', 130, '{"title": "invoice", "icon": "invoice"}'::jsonb, 'invoice:index'),
  ('invoiceDetail', 140, '{"title": "invoiceDetail", "hidden": 1, "dynamicNewTab": 1, "activeMenu": "/finance/invoice"}'::jsonb, 'invoice:get_info')
) AS e(path, sort, meta, permission)
WHERE p.name = 'Finance' AND p.parent_id IS NULL
  AND NOT EXISTS (SELECT 1 FROM menus m WHERE m.name = e.path OR (m.parent_id = p.id AND m.path = e.path));
--> statement-breakpoint
-- The built-in roles of an existing database get the codes a fresh install gives them (BUILTIN_ROLES):
-- 运营客服 (finance) every invoice code; an agent reads the invoices of its own partner record.
UPDATE roles r
SET permissions = r.permissions || (SELECT coalesce(jsonb_agg(c), '[]'::jsonb) FROM jsonb_array_elements_text(g.codes) c WHERE NOT r.permissions @> jsonb_build_array(c)),
    version = r.version + 1,
    updated_at = now()
FROM (VALUES
  ('operator', '["invoice:*"]'::jsonb),
  ('agent', '["invoice:index", "invoice:get_info"]'::jsonb)
) AS g(code, codes)
WHERE r.code = g.code
  AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(g.codes) c WHERE NOT r.permissions @> jsonb_build_array(c));
