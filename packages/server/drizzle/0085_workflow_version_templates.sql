CREATE TABLE "workflow_version_templates" (
	"version_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"name" varchar(160) NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_version_templates_version_id_file_id_pk" PRIMARY KEY("version_id","file_id")
);
--> statement-breakpoint
ALTER TABLE "workflow_version_templates" ADD CONSTRAINT "workflow_version_templates_version_id_workflow_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."workflow_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A version's template copies are part of the published version (issue 16, docs/DECISIONS.md
-- "Workflow documents"): never changed, never deleted (the version itself cannot be deleted).
CREATE OR REPLACE FUNCTION pv_workflow_version_template_immutable() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'workflow_version_templates (version %, file %) belongs to a published version and is immutable', OLD.version_id, OLD.file_id USING ERRCODE = 'P0001';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER workflow_version_templates_immutable BEFORE UPDATE OR DELETE ON workflow_version_templates
FOR EACH ROW EXECUTE FUNCTION pv_workflow_version_template_immutable();
