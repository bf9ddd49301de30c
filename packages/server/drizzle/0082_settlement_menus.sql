-- The built-in roles of an existing database get the codes a fresh install gives them (BUILTIN_ROLES):
-- 运营客服 (finance) runs settlements and rules; an agent reads, confirms and disputes its own.
UPDATE roles r
SET permissions = r.permissions || (SELECT coalesce(jsonb_agg(c), '[]'::jsonb) FROM jsonb_array_elements_text(g.codes) c WHERE NOT r.permissions @> jsonb_build_array(c)),
    version = r.version + 1,
    updated_at = now()
FROM (VALUES
  ('operator', '["settlement:index", "settlement:get_info", "settlement:export", "settlement:generate", "settlement:submit", "settlement:confirm", "settlement:resolve", "settlement:pay", "settlement:adjust", "settlement_rule:index", "settlement_rule:get_info", "settlement_rule:add", "settlement_rule:edit", "settlement_rule:del", "settlement_rule:export"]'::jsonb),
  ('agent', '["settlement:index", "settlement:get_info", "settlement:confirm", "settlement:dispute"]'::jsonb)
) AS g(code, codes)
WHERE r.code = g.code
  AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(g.codes) c WHERE NOT r.permissions @> jsonb_build_array(c));
