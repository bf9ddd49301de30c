-- A published workflow version is what running instances follow (issue 16): it never changes and is
-- never deleted, whatever path writes to the table (a bug, a hand-written statement). The draft lives
-- in workflow_definitions.graph and stays freely editable.
CREATE OR REPLACE FUNCTION pv_workflow_version_immutable() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'workflow_versions % is published and immutable', OLD.id USING ERRCODE = 'P0001';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER workflow_versions_immutable BEFORE UPDATE OR DELETE ON workflow_versions
FOR EACH ROW EXECUTE FUNCTION pv_workflow_version_immutable();
