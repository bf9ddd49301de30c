-- Maintenance orders (issue 13), the parts drizzle-kit cannot express.
--
-- 1. SLA hours per priority (DEFAULT_MAINTENANCE_SLA of the contract); maintenance/sla changes them.
INSERT INTO maintenance_sla (priority, respond_hours, repair_hours) VALUES
  ('urgent', 2, 24), ('high', 4, 48), ('medium', 24, 72), ('low', 48, 168)
ON CONFLICT (priority) DO NOTHING;
--> statement-breakpoint
-- 2. The built-in roles of an existing database get the new codes a fresh install gives them
--    (BUILTIN_ROLES in modules/auth/permissions.ts; admin holds '*'), as 0030 did for stock and 0032 for inspections.
UPDATE roles r
SET permissions = r.permissions || (SELECT coalesce(jsonb_agg(c), '[]'::jsonb) FROM jsonb_array_elements_text(g.codes) c WHERE NOT r.permissions @> jsonb_build_array(c)),
    version = r.version + 1,
    updated_at = now()
FROM (VALUES
  ('dispatcher', '["maintenance:*"]'::jsonb),
  ('team', '["maintenance:index", "maintenance:get_info", "maintenance:accept", "maintenance:start", "maintenance:submit"]'::jsonb)
) AS g(code, codes)
WHERE r.code = g.code
  AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(g.codes) c WHERE NOT r.permissions @> jsonb_build_array(c));
