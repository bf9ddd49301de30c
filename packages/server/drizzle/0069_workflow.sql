CREATE TABLE "workflow_definitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(64) NOT NULL,
	"name" varchar(64) NOT NULL,
	"description" varchar(500),
	"record_type" varchar(32) NOT NULL,
	"event" varchar(48),
	"event_match" jsonb,
	"graph" jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"published_version" integer DEFAULT 0 NOT NULL,
	"dirty" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_definitions_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "workflow_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"instance_id" integer NOT NULL,
	"node_id" varchar(64) NOT NULL,
	"name" varchar(120) NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"instance_id" integer NOT NULL,
	"task_id" integer,
	"node_id" varchar(64),
	"node_kind" varchar(16),
	"action" varchar(16) NOT NULL,
	"user_id" integer,
	"user_name" varchar(64),
	"comment" varchar(500),
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_instances" (
	"id" serial PRIMARY KEY NOT NULL,
	"definition_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"key" varchar(64) NOT NULL,
	"name" varchar(64) NOT NULL,
	"record_type" varchar(32) NOT NULL,
	"record_id" integer NOT NULL,
	"record_label" varchar(100),
	"state" varchar(16) DEFAULT 'running' NOT NULL,
	"result" varchar(16),
	"current_node" varchar(64),
	"last_outcome" varchar(16),
	"error" text,
	"error_key" varchar(64),
	"error_params" jsonb,
	"trigger" varchar(16) DEFAULT 'manual' NOT NULL,
	"event" varchar(48),
	"started_by" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"instance_id" integer NOT NULL,
	"node_id" varchar(64) NOT NULL,
	"node_kind" varchar(16) NOT NULL,
	"node_name" varchar(64),
	"state" varchar(16) DEFAULT 'open' NOT NULL,
	"assignees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"outcome" varchar(16),
	"comment" varchar(500),
	"completed_by" integer,
	"completed_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"escalated_at" timestamp with time zone,
	"wake_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"definition_id" integer NOT NULL,
	"version_no" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"record_type" varchar(32) NOT NULL,
	"event" varchar(48),
	"event_match" jsonb,
	"graph" jsonb NOT NULL,
	"note" varchar(200),
	"published_by" integer,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_versions_no" UNIQUE("definition_id","version_no")
);
--> statement-breakpoint
ALTER TABLE "workflow_documents" ADD CONSTRAINT "workflow_documents_instance_id_workflow_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."workflow_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_events" ADD CONSTRAINT "workflow_events_instance_id_workflow_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."workflow_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_instances" ADD CONSTRAINT "workflow_instances_definition_id_workflow_definitions_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."workflow_definitions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_instances" ADD CONSTRAINT "workflow_instances_version_id_workflow_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."workflow_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_instances" ADD CONSTRAINT "workflow_instances_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_tasks" ADD CONSTRAINT "workflow_tasks_instance_id_workflow_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."workflow_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_tasks" ADD CONSTRAINT "workflow_tasks_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_versions" ADD CONSTRAINT "workflow_versions_definition_id_workflow_definitions_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."workflow_definitions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workflow_definitions_event_idx" ON "workflow_definitions" USING btree ("event","status");--> statement-breakpoint
CREATE INDEX "workflow_definitions_updated_idx" ON "workflow_definitions" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "workflow_documents_instance_idx" ON "workflow_documents" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "workflow_events_instance_idx" ON "workflow_events" USING btree ("instance_id","id");--> statement-breakpoint
CREATE INDEX "workflow_instances_record_idx" ON "workflow_instances" USING btree ("record_type","record_id");--> statement-breakpoint
CREATE INDEX "workflow_instances_state_idx" ON "workflow_instances" USING btree ("state","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_instances_live_uq" ON "workflow_instances" USING btree ("definition_id","record_type","record_id") WHERE state in ('running', 'failed');--> statement-breakpoint
CREATE INDEX "workflow_tasks_instance_idx" ON "workflow_tasks" USING btree ("instance_id","id");--> statement-breakpoint
CREATE INDEX "workflow_tasks_open_idx" ON "workflow_tasks" USING btree ("state","node_kind","wake_at");--> statement-breakpoint
CREATE INDEX "workflow_tasks_assignees_idx" ON "workflow_tasks" USING gin ("assignees");