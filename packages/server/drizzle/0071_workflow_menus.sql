-- 工作流 (issue 16) for databases whose menus were seeded before its screens existed: the 其他 group
-- and its 工作流 entry were seeded disabled (no view yet); they are enabled unless an admin has edited
-- them since (version 1), and 流程设计 (the designer, a hidden tab of the list) and 流程实例 (the
-- instances) join the group after 工作流 as a fresh install seeds them. An entry with the same name, or the same path under the group, is
-- left alone. Nothing happens on a fresh database (no menus yet: the first start seeds MENU_TREE).
INSERT INTO menus (parent_id, path, name, component, redirect, sort, meta, permission, status)
SELECT p.id, 'workflowDesigner', 'workflowDesigner', 'other/workflowDesigner', NULL, 20,
       '{"title": "workflowDesigner", "hidden": 1, "dynamicNewTab": 1, "activeMenu": "/other/workflow"}'::jsonb, 'workflow:get_info', 'enabled'
FROM menus p
WHERE p.name = 'Other' AND p.parent_id IS NULL
  AND NOT EXISTS (SELECT 1 FROM menus m WHERE m.name = 'workflowDesigner' OR (m.parent_id = p.id AND m.path = 'workflowDesigner'));
--> statement-breakpoint
INSERT INTO menus (parent_id, path, name, component, redirect, sort, meta, permission, status)
SELECT p.id, 'workflowInstance', 'workflowInstance', 'other/workflowInstance', NULL, 30,
       '{"title": "workflowInstance", "icon": "task"}'::jsonb, 'workflow_instance:index', 'enabled'
FROM menus p
WHERE p.name = 'Other' AND p.parent_id IS NULL
  AND NOT EXISTS (SELECT 1 FROM menus m WHERE m.name = 'workflowInstance' OR (m.parent_id = p.id AND m.path = 'workflowInstance'));
--> statement-breakpoint
UPDATE menus SET status = 'enabled', version = version + 1, updated_at = now()
WHERE status = 'disabled' AND version = 1 AND name IN ('Other', 'workflow');
--> statement-breakpoint
-- The built-in roles of an existing database get the codes a fresh install gives them (BUILTIN_ROLES):
-- 运营客服 and 工程派单 see the processes of the records they work on and start one by hand.
UPDATE roles r
SET permissions = r.permissions || (SELECT coalesce(jsonb_agg(c), '[]'::jsonb) FROM jsonb_array_elements_text(g.codes) c WHERE NOT r.permissions @> jsonb_build_array(c)),
    version = r.version + 1,
    updated_at = now()
FROM (VALUES
  ('operator', '["workflow_instance:index", "workflow_instance:get_info", "workflow_instance:start"]'::jsonb),
  ('dispatcher', '["workflow_instance:index", "workflow_instance:get_info", "workflow_instance:start"]'::jsonb)
) AS g(code, codes)
WHERE r.code = g.code
  AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(g.codes) c WHERE NOT r.permissions @> jsonb_build_array(c));
