CREATE TABLE "app_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" varchar(16) NOT NULL,
	"version_name" varchar(20) NOT NULL,
	"version_code" integer NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"notes_zh" text NOT NULL,
	"notes_en" text,
	"store_url" varchar(500),
	"min_supported_version" varchar(20),
	"rollout" integer DEFAULT 100 NOT NULL,
	"package_file_id" integer,
	"package_size" integer,
	"package_sha256" varchar(64),
	"published_at" timestamp with time zone,
	"published_by" integer,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by" integer,
	"withdraw_reason" varchar(500),
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_versions_rollout" CHECK ("app_versions"."rollout" between 0 and 100),
	CONSTRAINT "app_versions_status" CHECK ("app_versions"."status" in ('draft', 'published', 'withdrawn')),
	CONSTRAINT "app_versions_platform" CHECK ("app_versions"."platform" in ('android', 'ios', 'harmonyos'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "app_versions_platform_code_key" ON "app_versions" USING btree ("platform","version_code");--> statement-breakpoint
CREATE UNIQUE INDEX "app_versions_platform_name_key" ON "app_versions" USING btree ("platform","version_name");--> statement-breakpoint
CREATE INDEX "app_versions_created_idx" ON "app_versions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "app_versions_platform_status_code_idx" ON "app_versions" USING btree ("platform","status","version_code");