DROP INDEX "agents_phone_trgm_idx";--> statement-breakpoint
DROP INDEX "customers_phone_trgm_idx";--> statement-breakpoint
DROP INDEX "matters_contact_phone_trgm_idx";--> statement-breakpoint
CREATE INDEX "agents_phone_prefix_idx" ON "agents" USING btree (upper("phone") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "agents_phone_suffix_idx" ON "agents" USING btree (reverse(upper("phone")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_phone_prefix_idx" ON "customers" USING btree (upper("phone") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_phone_suffix_idx" ON "customers" USING btree (reverse(upper("phone")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "matters_contact_phone_prefix_idx" ON "matters" USING btree (upper("contact_phone") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "matters_contact_phone_suffix_idx" ON "matters" USING btree (reverse(upper("contact_phone")) text_pattern_ops);