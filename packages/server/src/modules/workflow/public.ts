/**
 * What a business module may use of the workflow engine (issue 25, docs/DECISIONS.md "Workflow"):
 * raise one of its record type's events in the transaction of the change, and ask whether a named
 * action needs approval before it applies. Nothing else of the engine is a module's business; the
 * engine in turn knows modules only through the registry they fill (lifecycle/records.ts).
 */
export { type ApprovalRequest, type PendingApproval, raiseWorkflowEvent, requestApproval } from './engine.ts';

/**
 * A route's answer to an action that may need approval: the record as shown, plus the pending
 * approval (`workflow_request`: the process that started instead) when the action did not apply.
 */
export const withPending = (row: Record<string, unknown>, shown: Record<string, unknown>) => (row.workflow_request ? { ...shown, workflow_request: row.workflow_request } : shown);
