CREATE TABLE "materials" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"spec" varchar(100),
	"unit" varchar(16) NOT NULL,
	"category" varchar(16) NOT NULL,
	"serial_tracked" boolean DEFAULT false NOT NULL,
	"unit_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"status" varchar(16) DEFAULT 'enabled' NOT NULL,
	"remark" varchar(500),
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "materials_code_unique" UNIQUE("code"),
	CONSTRAINT "materials_unit_price_nonnegative" CHECK ("materials"."unit_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_balances" (
	"id" serial PRIMARY KEY NOT NULL,
	"warehouse_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"qty" numeric(14, 3) DEFAULT '0' NOT NULL,
	"low_threshold" numeric(14, 3),
	"low_alerted" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_balances_qty_nonnegative" CHECK ("stock_balances"."qty" >= 0),
	CONSTRAINT "stock_balances_threshold_nonnegative" CHECK ("stock_balances"."low_threshold" is null or "stock_balances"."low_threshold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"doc_no" varchar(32) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"warehouse_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"qty" numeric(14, 3) NOT NULL,
	"balance_after" numeric(14, 3) NOT NULL,
	"unit_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"counterpart_warehouse_id" integer,
	"ref_type" varchar(16),
	"ref_no" varchar(64),
	"station_id" integer,
	"serials" jsonb,
	"reason" varchar(500),
	"remark" varchar(500),
	"created_by" integer,
	"created_by_name" varchar(64),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_qty_nonzero" CHECK ("stock_movements"."qty" <> 0),
	CONSTRAINT "stock_movements_balance_nonnegative" CHECK ("stock_movements"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_serials" (
	"id" serial PRIMARY KEY NOT NULL,
	"material_id" integer NOT NULL,
	"serial_no" varchar(64) NOT NULL,
	"status" varchar(16) NOT NULL,
	"warehouse_id" integer,
	"station_id" integer,
	"last_movement_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_serials_location" CHECK (("stock_serials"."status" = 'in_stock') = ("stock_serials"."warehouse_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"province_code" varchar(6),
	"city_code" varchar(6),
	"district_code" varchar(12),
	"address" varchar(200),
	"keeper_id" integer,
	"agent_id" integer,
	"status" varchar(16) DEFAULT 'enabled' NOT NULL,
	"remark" varchar(500),
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouses_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_counterpart_warehouse_id_warehouses_id_fk" FOREIGN KEY ("counterpart_warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_serials" ADD CONSTRAINT "stock_serials_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_serials" ADD CONSTRAINT "stock_serials_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_serials" ADD CONSTRAINT "stock_serials_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_keeper_id_users_id_fk" FOREIGN KEY ("keeper_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "materials_category_idx" ON "materials" USING btree ("category","id");--> statement-breakpoint
CREATE INDEX "materials_created_idx" ON "materials" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "materials_code_trgm_idx" ON "materials" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "materials_name_trgm_idx" ON "materials" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "materials_name_bigram_idx" ON "materials" USING gin (pv_bigrams("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "stock_balances_warehouse_material_uq" ON "stock_balances" USING btree ("warehouse_id","material_id");--> statement-breakpoint
CREATE INDEX "stock_balances_material_idx" ON "stock_balances" USING btree ("material_id","warehouse_id");--> statement-breakpoint
CREATE INDEX "stock_balances_updated_idx" ON "stock_balances" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "stock_movements_created_idx" ON "stock_movements" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "stock_movements_warehouse_created_idx" ON "stock_movements" USING btree ("warehouse_id","created_at","id");--> statement-breakpoint
CREATE INDEX "stock_movements_material_created_idx" ON "stock_movements" USING btree ("material_id","created_at","id");--> statement-breakpoint
CREATE INDEX "stock_movements_kind_created_idx" ON "stock_movements" USING btree ("kind","created_at","id");--> statement-breakpoint
CREATE INDEX "stock_movements_doc_idx" ON "stock_movements" USING btree ("doc_no");--> statement-breakpoint
CREATE INDEX "stock_movements_station_idx" ON "stock_movements" USING btree ("station_id") WHERE "stock_movements"."station_id" is not null;--> statement-breakpoint
CREATE INDEX "stock_movements_doc_no_trgm_idx" ON "stock_movements" USING gin ("doc_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stock_movements_ref_no_trgm_idx" ON "stock_movements" USING gin ("ref_no" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "stock_serials_material_serial_uq" ON "stock_serials" USING btree ("material_id","serial_no");--> statement-breakpoint
CREATE INDEX "stock_serials_warehouse_idx" ON "stock_serials" USING btree ("warehouse_id","material_id") WHERE "stock_serials"."warehouse_id" is not null;--> statement-breakpoint
CREATE INDEX "stock_serials_station_idx" ON "stock_serials" USING btree ("station_id") WHERE "stock_serials"."station_id" is not null;--> statement-breakpoint
CREATE INDEX "stock_serials_serial_no_trgm_idx" ON "stock_serials" USING gin ("serial_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "warehouses_kind_idx" ON "warehouses" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "warehouses_province_idx" ON "warehouses" USING btree ("province_code","id");--> statement-breakpoint
CREATE INDEX "warehouses_keeper_idx" ON "warehouses" USING btree ("keeper_id");--> statement-breakpoint
CREATE INDEX "warehouses_agent_idx" ON "warehouses" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "warehouses_code_trgm_idx" ON "warehouses" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "warehouses_name_trgm_idx" ON "warehouses" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "warehouses_name_bigram_idx" ON "warehouses" USING gin (pv_bigrams("name"));