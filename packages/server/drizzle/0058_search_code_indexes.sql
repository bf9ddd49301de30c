DROP INDEX "agents_code_trgm_idx";--> statement-breakpoint
DROP INDEX "stations_code_trgm_idx";--> statement-breakpoint
DROP INDEX "matters_matter_no_trgm_idx";--> statement-breakpoint
DROP INDEX "work_orders_order_no_trgm_idx";--> statement-breakpoint
DROP INDEX "materials_code_trgm_idx";--> statement-breakpoint
DROP INDEX "stock_movements_doc_no_trgm_idx";--> statement-breakpoint
DROP INDEX "stock_movements_ref_no_trgm_idx";--> statement-breakpoint
DROP INDEX "stock_serials_serial_no_trgm_idx";--> statement-breakpoint
DROP INDEX "warehouses_code_trgm_idx";--> statement-breakpoint
DROP INDEX "inspections_inspection_no_trgm_idx";--> statement-breakpoint
DROP INDEX "maintenance_orders_order_no_trgm_idx";--> statement-breakpoint
DROP INDEX "lease_contracts_contract_no_trgm_idx";--> statement-breakpoint
DROP INDEX "rent_bills_bill_no_trgm_idx";--> statement-breakpoint
CREATE INDEX "agents_code_prefix_idx" ON "agents" USING btree (upper("code") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "agents_code_suffix_idx" ON "agents" USING btree (reverse(upper("code")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "stations_code_prefix_idx" ON "stations" USING btree (upper("code") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "stations_code_suffix_idx" ON "stations" USING btree (reverse(upper("code")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "matters_matter_no_prefix_idx" ON "matters" USING btree (upper("matter_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "matters_matter_no_suffix_idx" ON "matters" USING btree (reverse(upper("matter_no")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "work_orders_order_no_prefix_idx" ON "work_orders" USING btree (upper("order_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "work_orders_order_no_suffix_idx" ON "work_orders" USING btree (reverse(upper("order_no")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "materials_code_prefix_idx" ON "materials" USING btree (upper("code") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "materials_code_suffix_idx" ON "materials" USING btree (reverse(upper("code")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "stock_movements_doc_no_prefix_idx" ON "stock_movements" USING btree (upper("doc_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "stock_movements_doc_no_suffix_idx" ON "stock_movements" USING btree (reverse(upper("doc_no")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "stock_movements_ref_no_prefix_idx" ON "stock_movements" USING btree (upper("ref_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "stock_movements_ref_no_suffix_idx" ON "stock_movements" USING btree (reverse(upper("ref_no")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "stock_serials_serial_no_prefix_idx" ON "stock_serials" USING btree (upper("serial_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "stock_serials_serial_no_suffix_idx" ON "stock_serials" USING btree (reverse(upper("serial_no")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "warehouses_code_prefix_idx" ON "warehouses" USING btree (upper("code") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "warehouses_code_suffix_idx" ON "warehouses" USING btree (reverse(upper("code")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "inspections_inspection_no_prefix_idx" ON "inspections" USING btree (upper("inspection_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "inspections_inspection_no_suffix_idx" ON "inspections" USING btree (reverse(upper("inspection_no")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "maintenance_orders_order_no_prefix_idx" ON "maintenance_orders" USING btree (upper("order_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "maintenance_orders_order_no_suffix_idx" ON "maintenance_orders" USING btree (reverse(upper("order_no")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "lease_contracts_contract_no_prefix_idx" ON "lease_contracts" USING btree (upper("contract_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "lease_contracts_contract_no_suffix_idx" ON "lease_contracts" USING btree (reverse(upper("contract_no")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "rent_bills_bill_no_prefix_idx" ON "rent_bills" USING btree (upper("bill_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "rent_bills_bill_no_suffix_idx" ON "rent_bills" USING btree (reverse(upper("bill_no")) text_pattern_ops);