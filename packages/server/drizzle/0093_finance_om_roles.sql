-- Issue 26: the built-in roles 财务制单 (finance, the maker of money records), 财务审批
-- (finance_approver, who approves them: never one they made or submitted) and 运维审核 (om_reviewer,
-- who reviews inspections and maintenance orders), for databases seeded before them — with the codes
-- a fresh install gives them (BUILTIN_ROLES at the time of this migration). A role already there
-- under the code (made by an administrator, or this migration run before) is left as it is; no user
-- gets a role: an administrator assigns them. Nothing happens on a fresh database (no roles yet: the first
-- start creates every built-in role, these with them). No menu changes: the console serves each screen to
-- whoever holds its permission.
INSERT INTO roles (code, name, permissions, data_scope)
SELECT r.code, r.name, r.permissions, r.data_scope
FROM (VALUES
  ('finance', '财务制单', '["lease_contract:index", "lease_contract:get_info", "rent_bill:index", "rent_bill:get_info", "revenue:index", "revenue:get_info", "tariff:index", "tariff:get_info", "partner:index", "partner:get_info", "workflow_instance:index", "workflow_instance:get_info", "rent_bill:export", "rent_bill:report", "rent_bill:deduct", "rent_bill:pause", "rent_bill:release", "revenue:export", "revenue:report", "payment_batch:index", "payment_batch:get_info", "payment_batch:add", "payment_batch:submit", "payment_batch:remove_line", "payment_batch:cancel", "payment_batch:export", "settlement:index", "settlement:get_info", "settlement_rule:index", "settlement_rule:get_info", "settlement:export", "settlement:generate", "settlement:submit", "settlement:resolve", "settlement:adjust", "settlement:pay", "invoice:*", "statement:index", "statement:get_info", "statement:add", "statement:del", "statement:export", "statement:refresh", "statement:send", "statement:import", "statement:explain", "statement:rate"]'::jsonb, 'all'),
  ('finance_approver', '财务审批', '["lease_contract:index", "lease_contract:get_info", "rent_bill:index", "rent_bill:get_info", "payment_batch:index", "payment_batch:get_info", "settlement:index", "settlement:get_info", "settlement_rule:index", "settlement_rule:get_info", "invoice:index", "invoice:get_info", "statement:index", "statement:get_info", "partner:index", "partner:get_info", "workflow_instance:index", "workflow_instance:get_info", "rent_bill:export", "rent_bill:report", "payment_batch:approve", "payment_batch:reject", "payment_batch:import", "settlement:export", "invoice:export", "statement:export", "statement:confirm"]'::jsonb, 'all'),
  ('om_reviewer', '运维审核', '["station:index", "station:get_info", "operation_plan:index", "operation_plan:get_info", "inspection:index", "inspection:get_info", "maintenance:index", "maintenance:get_info", "material:index", "material:get_info", "warehouse:index", "warehouse:get_info", "stock:index", "stock:get_info", "workflow_instance:index", "workflow_instance:get_info", "inspection:approve", "inspection:reject", "inspection:export", "maintenance:approve", "maintenance:reject", "maintenance:export", "statistic:view"]'::jsonb, 'all')
) AS r(code, name, permissions, data_scope)
WHERE EXISTS (SELECT 1 FROM roles x WHERE x.code = 'admin')
  AND NOT EXISTS (SELECT 1 FROM roles x WHERE x.code = r.code);
