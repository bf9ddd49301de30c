-- 保单 and 理赔 (issue 15) for databases whose menus were seeded before them (as 0074 did for 结算单):
-- their lists and hidden detail pages join the 合作伙伴 group after its existing screens; nothing happens
-- on a fresh database (no menus yet: the first start seeds MENU_TREE, which has them). An entry with the
-- same name, or the same path under the group, is left alone.
INSERT INTO menus (parent_id, path, name, component, redirect, sort, meta, permission, status)
SELECT p.id, e.path, e.path, 'partner/' || e.path, NULL, e.sort, e.meta, e.permission, 'enabled'
FROM menus p
CROSS JOIN (VALUES
  ('insurancePolicy', 30, '{"title": "insurancePolicy", "icon": "insurancePolicy"}'::jsonb, 'insurance_policy:index'),
  ('insurancePolicyDetail', 40, '{"title": "insurancePolicyDetail", "hidden": 1, "dynamicNewTab": 1, "activeMenu": "/partner/insurancePolicy"}'::jsonb, 'insurance_policy:get_info'),
  ('insuranceClaim', 50, '{"title": "insuranceClaim", "icon": "insuranceClaim"}'::jsonb, 'insurance_claim:index'),
  ('insuranceClaimDetail', 60, '{"title": "insuranceClaimDetail", "hidden": 1, "dynamicNewTab": 1, "activeMenu": "/partner/insuranceClaim"}'::jsonb, 'insurance_claim:get_info')
) AS e(path, sort, meta, permission)
WHERE p.name = 'Partner' AND p.parent_id IS NULL
  AND NOT EXISTS (SELECT 1 FROM menus m WHERE m.name = e.path OR (m.parent_id = p.id AND m.path = e.path));
--> statement-breakpoint
-- The built-in roles of an existing database get the codes a fresh install gives them (BUILTIN_ROLES):
-- 运营客服 keeps policies and claims; 工程派单 reads them and files and submits claims.
UPDATE roles r
SET permissions = r.permissions || (SELECT coalesce(jsonb_agg(c), '[]'::jsonb) FROM jsonb_array_elements_text(g.codes) c WHERE NOT r.permissions @> jsonb_build_array(c)),
    version = r.version + 1,
    updated_at = now()
FROM (VALUES
  ('operator', '["insurance_policy:*", "insurance_claim:*"]'::jsonb),
  ('dispatcher', '["insurance_policy:index", "insurance_policy:get_info", "insurance_claim:index", "insurance_claim:get_info", "insurance_claim:add", "insurance_claim:submit"]'::jsonb)
) AS g(code, codes)
WHERE r.code = g.code
  AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(g.codes) c WHERE NOT r.permissions @> jsonb_build_array(c));
