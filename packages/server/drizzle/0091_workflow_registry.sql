ALTER TABLE "workflow_definitions" ADD COLUMN "gate_action" varchar(32);--> statement-breakpoint
ALTER TABLE "workflow_definitions" ADD COLUMN "gate_condition" jsonb;--> statement-breakpoint
ALTER TABLE "workflow_instances" ADD COLUMN "error_messages" jsonb;--> statement-breakpoint
ALTER TABLE "workflow_instances" ADD COLUMN "request" jsonb;--> statement-breakpoint
ALTER TABLE "workflow_versions" ADD COLUMN "gate_action" varchar(32);--> statement-breakpoint
ALTER TABLE "workflow_versions" ADD COLUMN "gate_condition" jsonb;--> statement-breakpoint
-- A failed step's reason per language (issue 25): the English one moves out of error_params, where
-- the engine had kept it under _message_en beside the Chinese `error`.
UPDATE "workflow_instances" SET "error_messages" = jsonb_build_object('zh', "error", 'en', coalesce("error_params"->>'_message_en', "error")), "error_params" = "error_params" - '_message_en' WHERE "error" IS NOT NULL;
