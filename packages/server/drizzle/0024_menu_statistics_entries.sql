-- Menu entries for databases whose menus were seeded (seedMenus fills an EMPTY menus table only)
-- before the entries existed or had their screens: MENU_TREE (packages/contract/src/menu-tree.ts)
-- against its first version. Added: 工作台/看板 were seeded disabled (no view yet), 大屏令牌
-- (setting/displayToken) did not exist; 客户详情 and the 电站管理 group were seeded disabled too.
-- Each missing entry is inserted once, as a fresh install seeds it (same parent, path, name,
-- component, sort, meta, permission), unless an entry with that name, or that path under the
-- parent, exists or the parent is gone. Entries the seed left disabled are enabled only when never
-- edited since (version 1): an admin's own choice stays. A fresh database has no menus yet when
-- this runs, so nothing happens and seedMenus fills the table. Menu visibility goes by permission
-- code (no role-menu links): statistic:view and display_token:index are granted as on a fresh
-- install by the built-in roles' codes ('*' for admin, statistic:view for operator).
INSERT INTO menus (parent_id, path, name, component, redirect, sort, meta, permission, status)
SELECT p.id, 'dashboard', 'dashboard', 'dashboard', NULL, 20, '{"title": "dashboard", "icon": "dashboard"}'::jsonb, 'statistic:view', 'enabled'
FROM menus p
WHERE p.name = 'Root' AND p.parent_id IS NULL
  AND NOT EXISTS (SELECT 1 FROM menus m WHERE m.name = 'dashboard' OR (m.parent_id = p.id AND m.path = 'dashboard'));
--> statement-breakpoint
INSERT INTO menus (parent_id, path, name, component, redirect, sort, meta, permission, status)
SELECT p.id, 'workbench', 'workbench', 'workbench', NULL, 30, '{"title": "workbench", "icon": "workbench"}'::jsonb, '', 'enabled'
FROM menus p
WHERE p.name = 'Root' AND p.parent_id IS NULL
  AND NOT EXISTS (SELECT 1 FROM menus m WHERE m.name = 'workbench' OR (m.parent_id = p.id AND m.path = 'workbench'));
--> statement-breakpoint
INSERT INTO menus (parent_id, path, name, component, redirect, sort, meta, permission, status)
SELECT p.id, 'displayToken', 'displayToken', 'setting/displayToken', NULL, 90, '{"title": "displayToken", "icon": "displayToken"}'::jsonb, 'display_token:index', 'enabled'
FROM menus p
WHERE p.name = 'Setting' AND p.parent_id IS NULL
  AND NOT EXISTS (SELECT 1 FROM menus m WHERE m.name = 'displayToken' OR (m.parent_id = p.id AND m.path = 'displayToken'));
--> statement-breakpoint
UPDATE menus SET status = 'enabled', version = version + 1, updated_at = now()
WHERE status = 'disabled' AND version = 1 AND name IN ('dashboard', 'workbench', 'customerDetail', 'StationManagement');
