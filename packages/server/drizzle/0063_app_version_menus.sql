-- 版本管理 (issue 16) for databases whose menus were seeded before it: the 其他 group, seeded disabled
-- while none of its screens existed, is switched on with 版本管理 and its hidden detail page; the
-- workflow designer's entry under it stays off until its screen exists. Nothing happens on a fresh
-- database (no menus yet: the first start seeds MENU_TREE, which has them). An entry with the same
-- name, or the same path under the group, is left alone; a group an administrator switched on or
-- changed is not touched (only the seeded, still-disabled state is moved).
-- 1. the workflow leaf of a group that is still off: off itself, so switching the group on does not show it
UPDATE menus w
SET status = 'disabled', version = w.version + 1, updated_at = now()
FROM menus p
WHERE p.name = 'Other' AND p.parent_id IS NULL AND p.status = 'disabled'
  AND w.parent_id = p.id AND w.name = 'workflow' AND w.status = 'enabled';
--> statement-breakpoint
-- 2. the group on, landing on 版本管理 instead of the unbuilt designer
UPDATE menus
SET status = 'enabled',
    redirect = CASE WHEN redirect = '/other/workflow' THEN '/other/appVersion' ELSE redirect END,
    version = version + 1,
    updated_at = now()
WHERE name = 'Other' AND parent_id IS NULL AND status = 'disabled'
  AND EXISTS (SELECT 1 FROM menus) AND NOT EXISTS (SELECT 1 FROM menus m WHERE m.name = 'appVersion');
--> statement-breakpoint
-- 3. 版本管理 and its detail after the group's existing entries (the workflow designer is sort 10)
INSERT INTO menus (parent_id, path, name, component, redirect, sort, meta, permission, status)
SELECT p.id, e.path, e.path, 'other/' || e.path, NULL, e.sort, e.meta, e.permission, 'enabled'
FROM menus p
CROSS JOIN (VALUES
  ('appVersion', 20, '{"title": "appVersion", "icon": "appVersion"}'::jsonb, 'app_version:index'),
  ('appVersionDetail', 30, '{"title": "appVersionDetail", "hidden": 1, "dynamicNewTab": 1, "activeMenu": "/other/appVersion"}'::jsonb, 'app_version:get_info')
) AS e(path, sort, meta, permission)
WHERE p.name = 'Other' AND p.parent_id IS NULL
  AND NOT EXISTS (SELECT 1 FROM menus m WHERE m.name = e.path OR (m.parent_id = p.id AND m.path = e.path));
