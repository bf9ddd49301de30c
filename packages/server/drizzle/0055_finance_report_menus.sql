-- 租金报表 (issue 14, the finance reports) for databases whose menus were seeded before it: the screen joins the
-- 财务 group (made by 0048) after its other screens, as a fresh install seeds it (MENU_TREE); nothing happens on a
-- fresh database (no menus yet) or where an entry of that name, or that path under the group, exists already.
INSERT INTO menus (parent_id, path, name, component, redirect, sort, meta, permission, status)
SELECT p.id, 'rentReport', 'rentReport', 'finance/rentReport', NULL,
       coalesce((SELECT max(m.sort) FROM menus m WHERE m.parent_id = p.id), 60) + 10,
       '{"title": "rentReport", "icon": "rentReport"}'::jsonb, 'rent_bill:report', 'enabled'
FROM menus p
WHERE p.name = 'Finance' AND p.parent_id IS NULL
  AND NOT EXISTS (SELECT 1 FROM menus m WHERE m.name = 'rentReport' OR (m.parent_id = p.id AND m.path = 'rentReport'));
--> statement-breakpoint
-- The built-in roles of an existing database get the code a fresh install gives them (BUILTIN_ROLES):
-- 运营客服 and 代理商 (its own agent's bills) may read the rent report.
UPDATE roles r
SET permissions = r.permissions || '["rent_bill:report"]'::jsonb,
    version = r.version + 1,
    updated_at = now()
WHERE r.code IN ('operator', 'agent')
  AND NOT r.permissions @> '["rent_bill:report"]'::jsonb;
