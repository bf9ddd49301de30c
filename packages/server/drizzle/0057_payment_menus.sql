-- 付款批次 (issue 14) for databases whose menus were seeded before it (as 0051 did for 收益 and 电价):
-- its two screens join the 财务 group that 0048 made, after the existing ones and 0055's 租金报表 (sorts 80 and 90); nothing
-- happens on a fresh database (no menus yet: the first start seeds MENU_TREE, which has them). An entry
-- with the same name, or the same path under the group, is left alone.
INSERT INTO menus (parent_id, path, name, component, redirect, sort, meta, permission, status)
SELECT p.id, e.path, e.path, 'finance/' || e.path, NULL, e.sort, e.meta, e.permission, 'enabled'
FROM menus p
CROSS JOIN (VALUES
  ('paymentBatch', 80, '{"title": "paymentBatch", "icon": "payment"}'::jsonb, 'payment_batch:index'),
  ('paymentBatchDetail', 90, '{"title": "paymentBatchDetail", "hidden": 1, "dynamicNewTab": 1, "activeMenu": "/finance/paymentBatch"}'::jsonb, 'payment_batch:get_info')
) AS e(path, sort, meta, permission)
WHERE p.name = 'Finance' AND p.parent_id IS NULL
  AND NOT EXISTS (SELECT 1 FROM menus m WHERE m.name = e.path OR (m.parent_id = p.id AND m.path = e.path));
--> statement-breakpoint
-- The built-in roles of an existing database get the codes a fresh install gives them (BUILTIN_ROLES):
-- 运营客服 makes and submits batches (the administrator approves them, exports the bank file and imports its result).
UPDATE roles r
SET permissions = r.permissions || (SELECT coalesce(jsonb_agg(c), '[]'::jsonb) FROM jsonb_array_elements_text(g.codes) c WHERE NOT r.permissions @> jsonb_build_array(c)),
    version = r.version + 1,
    updated_at = now()
FROM (VALUES
  ('operator', '["payment_batch:index", "payment_batch:get_info", "payment_batch:add", "payment_batch:submit", "payment_batch:remove_line", "payment_batch:cancel"]'::jsonb)
) AS g(code, codes)
WHERE r.code = g.code
  AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(g.codes) c WHERE NOT r.permissions @> jsonb_build_array(c));
