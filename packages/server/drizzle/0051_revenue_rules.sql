-- Tariffs and revenue (issue 14): what drizzle-kit cannot express, the seed, and the upgrade of older databases.
--
-- 1. No two tariff periods of one province overlap: an exclusion constraint over the province and the
--    inclusive date range (btree_gist gives varchar its = in a GiST index). Concurrent writers cannot both
--    win: the second waits for the first and then fails with 23P01 (the API names the overlapping period).
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE tariffs ADD CONSTRAINT tariffs_no_overlap
  EXCLUDE USING gist (province_code WITH =, daterange(effective_from, effective_to, '[]') WITH &&);
--> statement-breakpoint
-- 2. The desulfurised coal benchmark price 燃煤发电基准价 per province, yuan/kWh incl. VAT: the former
--    燃煤标杆上网电价, which NDRC 发改价格规〔2019〕1658号 kept as the 基准价 from 2020-01-01 (the
--    "基准价 + 上下浮动" mechanism). Where a province had two grid areas the main one is taken (河北南网,
--    蒙西). 西藏 has no coal benchmark and gets no row (its estimates have kWh but no amount until an
--    administrator enters a price). utilisation_hours null = the national figure of the target config
--    (1286 h, CEC 2023); docs/DECISIONS.md "Tariffs and revenue" says why no provincial figure is seeded.
INSERT INTO tariffs (province_code, price, effective_from, remark)
SELECT v.code, v.price, DATE '2020-01-01', '燃煤发电基准价（发改价格规〔2019〕1658号）'
FROM (VALUES
  ('110000', 0.3598), ('120000', 0.3655), ('130000', 0.3644), ('140000', 0.3320), ('150000', 0.2829),
  ('210000', 0.3749), ('220000', 0.3731), ('230000', 0.3740), ('310000', 0.4155), ('320000', 0.3910),
  ('330000', 0.4153), ('340000', 0.3844), ('350000', 0.3932), ('360000', 0.4143), ('370000', 0.3949),
  ('410000', 0.3779), ('420000', 0.4161), ('430000', 0.4500), ('440000', 0.4530), ('450000', 0.4207),
  ('460000', 0.4298), ('500000', 0.3964), ('510000', 0.4012), ('520000', 0.3515), ('530000', 0.3358),
  ('610000', 0.3545), ('620000', 0.3078), ('630000', 0.3247), ('640000', 0.2595), ('650000', 0.2500)
) AS v(code, price)
WHERE NOT EXISTS (SELECT 1 FROM tariffs t WHERE t.province_code = v.code);
--> statement-breakpoint
-- 3. The under-performance threshold: actual below 80 % of the estimate.
INSERT INTO revenue_settings (id, underperform_pct) VALUES (1, 80.0) ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
-- 4. 电表号 of stations connected before the column existed: the meter number of the station's latest
--    approved grid-connection self-audit. A number claimed by two stations is left empty on both
--    (stations_meter_no_key is unique; an administrator decides which station owns it).
WITH latest AS (
  SELECT DISTINCT ON (a.station_id) a.station_id, left(trim(i->>'value'), 32) AS meter_no
  FROM self_audits a CROSS JOIN LATERAL jsonb_array_elements(a.items) i
  WHERE a.kind = 'grid' AND a.result = 'approved' AND i->>'key' = 'meter_number' AND coalesce(trim(i->>'value'), '') <> ''
  ORDER BY a.station_id, a.reviewed_at DESC NULLS LAST, a.id DESC
), single AS (
  SELECT meter_no FROM latest GROUP BY meter_no HAVING count(*) = 1
)
UPDATE stations s SET meter_no = l.meter_no
FROM latest l JOIN single USING (meter_no)
WHERE s.id = l.station_id AND s.meter_no IS NULL
  AND NOT EXISTS (SELECT 1 FROM stations o WHERE o.meter_no = l.meter_no);
--> statement-breakpoint
-- 5. 财务 screens for databases seeded before they existed: 收益, 收益报表 and 电价 join the 财务 group
--    that 0048 made, after its lease screens (as 0039 did for 运维工单); nothing happens on a fresh database (no menus yet: the first
--    start seeds MENU_TREE, which has them).
INSERT INTO menus (parent_id, path, name, component, redirect, sort, meta, permission, status)
SELECT p.id, e.path, e.path, 'finance/' || e.path, NULL, e.sort, e.meta, e.permission, 'enabled'
FROM menus p
CROSS JOIN (VALUES
  ('revenueList', 40, '{"title": "revenueList", "icon": "revenue"}'::jsonb, 'revenue:index'),
  ('revenueReport', 50, '{"title": "revenueReport", "icon": "revenueReport"}'::jsonb, 'revenue:report'),
  ('tariffList', 60, '{"title": "tariffList", "icon": "tariff"}'::jsonb, 'tariff:index')
) AS e(path, sort, meta, permission)
WHERE p.name = 'Finance' AND p.parent_id IS NULL
  AND NOT EXISTS (SELECT 1 FROM menus m WHERE m.name = e.path OR (m.parent_id = p.id AND m.path = e.path));
--> statement-breakpoint
-- 6. The built-in roles of an existing database get the codes a fresh install gives them (BUILTIN_ROLES).
UPDATE roles r
SET permissions = r.permissions || (SELECT coalesce(jsonb_agg(c), '[]'::jsonb) FROM jsonb_array_elements_text(g.codes) c WHERE NOT r.permissions @> jsonb_build_array(c)),
    version = r.version + 1,
    updated_at = now()
FROM (VALUES
  ('operator', '["revenue:index", "revenue:get_info", "revenue:export", "revenue:report", "tariff:index", "tariff:get_info"]'::jsonb),
  ('dispatcher', '["revenue:index", "revenue:get_info", "revenue:report", "revenue:maintenance", "tariff:index", "tariff:get_info"]'::jsonb),
  ('agent', '["revenue:index", "revenue:get_info", "revenue:report"]'::jsonb)
) AS g(code, codes)
WHERE r.code = g.code
  AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(g.codes) c WHERE NOT r.permissions @> jsonb_build_array(c));
