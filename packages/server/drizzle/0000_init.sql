CREATE TABLE "agents" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"parent_id" integer,
	"contact" varchar(32),
	"phone" varchar(20),
	"province_code" varchar(6),
	"city_code" varchar(6),
	"district_code" varchar(12),
	"status" varchar(16) DEFAULT 'enabled' NOT NULL,
	"deposit" numeric(14, 2),
	"bank_name" varchar(100),
	"bank_account" varchar(32),
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agents_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"data_scope" varchar(16) DEFAULT 'self' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"refresh_hash" text NOT NULL,
	"prev_refresh_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" varchar(64),
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refreshed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"username" varchar(64),
	"ip" varchar(64),
	"action" varchar(32) NOT NULL,
	"resource" varchar(32) NOT NULL,
	"record_id" bigint,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(64) NOT NULL,
	"password_hash" text NOT NULL,
	"full_name" varchar(64) DEFAULT '' NOT NULL,
	"phone" varchar(20),
	"email" varchar(120),
	"avatar" text,
	"identity" varchar(32) DEFAULT 'staff' NOT NULL,
	"agent_id" integer,
	"department_id" integer,
	"is_admin" boolean DEFAULT false NOT NULL,
	"status" varchar(16) DEFAULT 'enabled' NOT NULL,
	"last_login_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "customer_follow_ups" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"way" varchar(16) NOT NULL,
	"content" text NOT NULL,
	"next_date" date,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"phone" varchar(20) NOT NULL,
	"id_card" varchar(18),
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"district_code" varchar(12),
	"town_code" varchar(12),
	"address" varchar(200),
	"lng" double precision,
	"lat" double precision,
	"roof_type" varchar(16),
	"roof_area_m2" numeric(10, 2),
	"has_property_deed" boolean,
	"estimated_kwp" numeric(10, 2),
	"source" varchar(16) DEFAULT 'phone' NOT NULL,
	"agent_id" integer,
	"owner_id" integer,
	"stage" varchar(16) DEFAULT 'intentional' NOT NULL,
	"status" varchar(16) DEFAULT 'new' NOT NULL,
	"lost_reason" varchar(500),
	"app_enabled" boolean DEFAULT false NOT NULL,
	"business_mode" varchar(16),
	"financier" varchar(100),
	"bank_name" varchar(100),
	"bank_card" varchar(19),
	"signed_at" timestamp with time zone,
	"remark" text,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stations" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"customer_id" integer,
	"agent_id" integer,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"district_code" varchar(12),
	"address" varchar(200),
	"lng" double precision,
	"lat" double precision,
	"capacity_kwp" numeric(10, 2) DEFAULT 0 NOT NULL,
	"module_count" integer,
	"module_model" varchar(64),
	"module_power_w" integer,
	"inverter_model" varchar(64),
	"inverter_sn" varchar(64),
	"tilt_deg" numeric(5, 2),
	"azimuth" numeric(5, 2),
	"grid_mode" varchar(16),
	"grid_voltage" varchar(8),
	"grid_at" timestamp with time zone,
	"status" varchar(24) DEFAULT 'survey_pending' NOT NULL,
	"frozen" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stations_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_parent_id_agents_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_follow_ups" ADD CONSTRAINT "customer_follow_ups_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stations" ADD CONSTRAINT "stations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stations" ADD CONSTRAINT "stations_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agents_parent_idx" ON "agents" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "agents_province_idx" ON "agents" USING btree ("province_code");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sys_log_record_idx" ON "sys_log" USING btree ("resource","record_id","id");--> statement-breakpoint
CREATE INDEX "sys_log_user_idx" ON "sys_log" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "sys_log_action_idx" ON "sys_log" USING btree ("action","username","created_at");--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "users_agent_idx" ON "users" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "follow_ups_customer_idx" ON "customer_follow_ups" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "customers_stage_province_created_idx" ON "customers" USING btree ("stage","province_code","created_at","id");--> statement-breakpoint
CREATE INDEX "customers_stage_created_idx" ON "customers" USING btree ("stage","created_at","id");--> statement-breakpoint
CREATE INDEX "customers_stage_status_created_idx" ON "customers" USING btree ("stage","status","created_at","id");--> statement-breakpoint
CREATE INDEX "customers_agent_created_idx" ON "customers" USING btree ("agent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customers_city_idx" ON "customers" USING btree ("city_code");--> statement-breakpoint
CREATE INDEX "customers_created_idx" ON "customers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "customers_phone_idx" ON "customers" USING btree ("phone" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree ("name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_owner_idx" ON "customers" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "stations_province_status_idx" ON "stations" USING btree ("province_code","status");--> statement-breakpoint
CREATE INDEX "stations_customer_idx" ON "stations" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "stations_agent_idx" ON "stations" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "stations_status_created_idx" ON "stations" USING btree ("status","created_at");