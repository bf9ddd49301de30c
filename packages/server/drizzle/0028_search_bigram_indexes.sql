-- The character pairs of a text, lower-cased, each once: the keys of the two-character keyword
-- search (resources/query.ts). IMMUTABLE so expression indexes may use it (lower() as pg_trgm does).
CREATE OR REPLACE FUNCTION pv_bigrams(t text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(lower(t), i, 2)), '{}'::text[]) FROM generate_series(1, char_length(t) - 1) AS i
$$;--> statement-breakpoint
CREATE INDEX "agents_name_bigram_idx" ON "agents" USING gin (pv_bigrams("name"));--> statement-breakpoint
CREATE INDEX "agents_code_bigram_idx" ON "agents" USING gin (pv_bigrams("code"));--> statement-breakpoint
CREATE INDEX "agents_contact_bigram_idx" ON "agents" USING gin (pv_bigrams("contact"));--> statement-breakpoint
CREATE INDEX "agents_phone_bigram_idx" ON "agents" USING gin (pv_bigrams("phone"));--> statement-breakpoint
CREATE INDEX "customers_name_bigram_idx" ON "customers" USING gin (pv_bigrams("name"));--> statement-breakpoint
CREATE INDEX "customers_phone_bigram_idx" ON "customers" USING gin (pv_bigrams("phone"));--> statement-breakpoint
CREATE INDEX "customers_address_bigram_idx" ON "customers" USING gin (pv_bigrams("address"));--> statement-breakpoint
CREATE INDEX "stations_code_bigram_idx" ON "stations" USING gin (pv_bigrams("code"));--> statement-breakpoint
CREATE INDEX "stations_name_bigram_idx" ON "stations" USING gin (pv_bigrams("name"));--> statement-breakpoint
CREATE INDEX "stations_address_bigram_idx" ON "stations" USING gin (pv_bigrams("address"));--> statement-breakpoint
CREATE INDEX "matters_matter_no_bigram_idx" ON "matters" USING gin (pv_bigrams("matter_no"));--> statement-breakpoint
CREATE INDEX "matters_title_bigram_idx" ON "matters" USING gin (pv_bigrams("title"));--> statement-breakpoint
CREATE INDEX "matters_contact_phone_bigram_idx" ON "matters" USING gin (pv_bigrams("contact_phone"));--> statement-breakpoint
CREATE INDEX "work_orders_order_no_bigram_idx" ON "work_orders" USING gin (pv_bigrams("order_no"));