-- The characters of a text, lower-cased (as ILIKE compares): the keys of the one-character keyword
-- search (resources/query.ts). A plain SQL function of immutable built-ins, so the planner inlines it
-- and expression indexes may use it; not STRICT, which would stop the inlining (string_to_array takes a
-- NULL delimiter: one element per character). GIN drops repeated keys itself.
CREATE OR REPLACE FUNCTION pv_chars(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT string_to_array(lower(t), NULL) $$;--> statement-breakpoint
CREATE INDEX "customers_chars_idx" ON "customers" USING gin (pv_chars(coalesce("name", '') || coalesce("phone", '') || coalesce("address", '')));--> statement-breakpoint
CREATE INDEX "stations_chars_idx" ON "stations" USING gin (pv_chars(coalesce("code", '') || coalesce("name", '') || coalesce("address", '')));--> statement-breakpoint
-- statistics of the new index expressions: without them the planner takes a character for 0.5 % of the
-- rows and may sort all its matches where walking the list's order finds a page sooner
ANALYZE "customers";--> statement-breakpoint
ANALYZE "stations";
