-- 版本管理 (issue 16) for databases whose menus were seeded before it: the 其他 group, seeded disabled
-- while none of its screens existed, is switched on, and 版本管理 with its hidden detail page join it
-- after the workflow screens (sorts 40 and 50, as a fresh install seeds them; 0071 switches the workflow
-- entry itself on and adds its designer and instances). Nothing happens on a fresh database (no menus
-- yet: the first start seeds MENU_TREE, which has them). An entry with the same name, or the same path
-- under the group, is left alone; a group an administrator switched on or changed is not touched (only
-- the seeded, still-disabled state is moved).
UPDATE menus
SET status = 'enabled', version = version + 1, updated_at = now()
WHERE name = 'Other' AND parent_id IS NULL AND status = 'disabled' AND version = 1
  AND EXISTS (SELECT 1 FROM menus) AND NOT EXISTS (SELECT 1 FROM menus m WHERE m.name = 'appVersion');
--> statement-breakpoint
INSERT INTO menus (parent_id, path, name, component, redirect, sort, meta, permission, status)
SELECT p.id, e.path, e.path, 'other/' || e.path, NULL, e.sort, e.meta, e.permission, 'enabled'
FROM menus p
CROSS JOIN (VALUES
  ('appVersion', 40, '{"title": "appVersion", "icon": "appVersion"}'::jsonb, 'app_version:index'),
  ('appVersionDetail', 50, '{"title": "appVersionDetail", "hidden": 1, "dynamicNewTab": 1, "activeMenu": "/other/appVersion"}'::jsonb, 'app_version:get_info')
) AS e(path, sort, meta, permission)
WHERE p.name = 'Other' AND p.parent_id IS NULL
  AND NOT EXISTS (SELECT 1 FROM menus m WHERE m.name = e.path OR (m.parent_id = p.id AND m.path = e.path));
