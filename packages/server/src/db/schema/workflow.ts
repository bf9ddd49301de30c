import type { Lang, WorkflowGateCondition, WorkflowGraph } from '@pv/contract';
import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, primaryKey, serial, text, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { tstz, versioned } from './common.ts';
import { users } from './system.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** What a gated action's request keeps until its process approves it. */
export interface WorkflowRequest {
  action: string;
  params: Record<string, unknown>;
  requested_by: number | null;
  requested_at: string;
}

/**
 * 流程定义 (issue 16, docs/DECISIONS.md "Workflow"): a process drawn on the designer. `graph` is
 * the draft, freely editable; publishing copies it into an immutable workflow_versions row.
 * status: draft (never published) | published | disabled.
 */
export const workflowDefinitions = pgTable(
  'workflow_definitions',
  {
    id: serial('id').primaryKey(),
    key: varchar('key', { length: 64 }).notNull().unique(),
    name: varchar('name', { length: 64 }).notNull(),
    description: varchar('description', { length: 500 }),
    /** a record type of the registry (lifecycle/records.ts, declared by its module) */
    record_type: varchar('record_type', { length: 32 }).notNull(),
    /** the registry's business event that starts it, or null (started by hand, or by a gated action) */
    event: varchar('event', { length: 48 }),
    /** equality on the record's fields narrowing the event, e.g. {"type": "bank_card"} */
    event_match: jsonb('event_match').$type<Record<string, string>>(),
    /** 需要审批: the record's named action that starts this process instead of applying (applied when it approves) */
    gate_action: varchar('gate_action', { length: 32 }),
    /** …when this holds on the record, the action's parameters and facts (null: always) */
    gate_condition: jsonb('gate_condition').$type<WorkflowGateCondition>(),
    graph: jsonb('graph').$type<WorkflowGraph>().notNull(),
    status: varchar('status', { length: 16 }).notNull().default('draft'),
    /** number of the latest published version (0: never published) */
    published_version: integer('published_version').notNull().default(0),
    /** the draft differs from the latest published version */
    dirty: boolean('dirty').notNull().default(true),
    created_by: integer('created_by'),
    updated_by: integer('updated_by'),
    ...versioned(),
  },
  (t) => [index('workflow_definitions_event_idx').on(t.event, t.status), index('workflow_definitions_updated_idx').on(t.updated_at, t.id)],
);

/** A published version: never changed or deleted (a trigger refuses it, migration workflow_immutable). */
export const workflowVersions = pgTable(
  'workflow_versions',
  {
    id: serial('id').primaryKey(),
    definition_id: integer('definition_id')
      .notNull()
      .references(() => workflowDefinitions.id, { onDelete: 'restrict' }),
    version_no: integer('version_no').notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    record_type: varchar('record_type', { length: 32 }).notNull(),
    event: varchar('event', { length: 48 }),
    event_match: jsonb('event_match').$type<Record<string, string>>(),
    gate_action: varchar('gate_action', { length: 32 }),
    gate_condition: jsonb('gate_condition').$type<WorkflowGateCondition>(),
    graph: jsonb('graph').$type<WorkflowGraph>().notNull(),
    note: varchar('note', { length: 200 }),
    published_by: integer('published_by'),
    published_at: tstz('published_at').notNull().defaultNow(),
  },
  (t) => [unique('workflow_versions_no').on(t.definition_id, t.version_no)],
);

/**
 * A process running on one business record. state: running | completed | cancelled | failed
 * (failed: a step could not run, e.g. no assignee found; retry runs it again). At most one running
 * or failed instance of a definition per record (partial unique index).
 */
export const workflowInstances = pgTable(
  'workflow_instances',
  {
    id: serial('id').primaryKey(),
    definition_id: integer('definition_id')
      .notNull()
      .references(() => workflowDefinitions.id, { onDelete: 'restrict' }),
    version_id: integer('version_id')
      .notNull()
      .references(() => workflowVersions.id, { onDelete: 'restrict' }),
    key: varchar('key', { length: 64 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    record_type: varchar('record_type', { length: 32 }).notNull(),
    record_id: integer('record_id').notNull(),
    /** what the record is called (its number), for lists */
    record_label: varchar('record_label', { length: 100 }),
    state: varchar('state', { length: 16 }).notNull().default('running'),
    /** WorkflowResult written by the end node */
    result: varchar('result', { length: 16 }),
    /** the node the token stands on (null when ended) */
    current_node: varchar('current_node', { length: 64 }),
    /** outcome of the last user task (edges may branch on it) */
    last_outcome: varchar('last_outcome', { length: 16 }),
    /** failed: why, in zh (lists, search) */
    error: text('error'),
    /** failed: why, in every language (a module's refusal is built per language; its key and params cannot rebuild it) */
    error_messages: jsonb('error_messages').$type<Record<Lang, string>>(),
    error_key: varchar('error_key', { length: 64 }),
    error_params: jsonb('error_params').$type<Record<string, unknown>>(),
    /** manual | event | request (a gated action asked for approval) */
    trigger: varchar('trigger', { length: 16 }).notNull().default('manual'),
    /** trigger request: the action asked for, its parameters, who asked — applied when the process approves */
    request: jsonb('request').$type<WorkflowRequest>(),
    event: varchar('event', { length: 48 }),
    started_by: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
    started_at: tstz('started_at').notNull().defaultNow(),
    ended_at: tstz('ended_at'),
    ...versioned(),
  },
  (t) => [
    index('workflow_instances_record_idx').on(t.record_type, t.record_id),
    index('workflow_instances_state_idx').on(t.state, t.created_at, t.id),
    uniqueIndex('workflow_instances_live_uq')
      .on(t.definition_id, t.record_type, t.record_id)
      .where(sql`state in ('running', 'failed')`),
  ],
);

/**
 * Where a token waits: a user task (approve/reject/return), a click (a named button), or a timer
 * (wake_at). state: open | done | cancelled. `assignees`: the users the rule resolved to when the
 * task was made (user and click). One open row per running instance (the processes are sequential).
 */
export const workflowTasks = pgTable(
  'workflow_tasks',
  {
    id: serial('id').primaryKey(),
    instance_id: integer('instance_id')
      .notNull()
      .references(() => workflowInstances.id, { onDelete: 'cascade' }),
    node_id: varchar('node_id', { length: 64 }).notNull(),
    node_kind: varchar('node_kind', { length: 16 }).notNull(),
    node_name: varchar('node_name', { length: 64 }),
    state: varchar('state', { length: 16 }).notNull().default('open'),
    assignees: jsonb('assignees').$type<number[]>().notNull().default([]),
    outcome: varchar('outcome', { length: 16 }),
    comment: varchar('comment', { length: 500 }),
    completed_by: integer('completed_by').references(() => users.id, { onDelete: 'set null' }),
    completed_at: tstz('completed_at'),
    due_at: tstz('due_at'),
    escalated_at: tstz('escalated_at'),
    wake_at: tstz('wake_at'),
    ...versioned(),
  },
  (t) => [
    index('workflow_tasks_instance_idx').on(t.instance_id, t.id),
    index('workflow_tasks_open_idx').on(t.state, t.node_kind, t.wake_at),
    index('workflow_tasks_assignees_idx').using('gin', t.assignees),
  ],
);

/** The history of an instance: who did what, when, with which comment (oldest first). */
export const workflowEvents = pgTable(
  'workflow_events',
  {
    id: serial('id').primaryKey(),
    instance_id: integer('instance_id')
      .notNull()
      .references(() => workflowInstances.id, { onDelete: 'cascade' }),
    task_id: integer('task_id'),
    node_id: varchar('node_id', { length: 64 }),
    node_kind: varchar('node_kind', { length: 16 }),
    /** start | enter | approve | reject | return | click | push | download | wake | escalate | end | cancel | reassign | fail | retry */
    action: varchar('action', { length: 16 }).notNull(),
    user_id: integer('user_id'),
    user_name: varchar('user_name', { length: 64 }),
    comment: varchar('comment', { length: 500 }),
    data: jsonb('data').$type<Record<string, unknown>>(),
    created_at: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('workflow_events_instance_idx').on(t.instance_id, t.id)],
);

/** Documents a download node produced, kept with the instance (written in the step's transaction). */
export const workflowDocuments = pgTable(
  'workflow_documents',
  {
    id: serial('id').primaryKey(),
    instance_id: integer('instance_id')
      .notNull()
      .references(() => workflowInstances.id, { onDelete: 'cascade' }),
    node_id: varchar('node_id', { length: 64 }).notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    content_type: varchar('content_type', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    created_at: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('workflow_documents_instance_idx').on(t.instance_id)],
);

/**
 * The xlsx templates a published version's download nodes fill, copied from the uploaded file
 * (files.owner_type workflow_tpl) when the version is published: a version runs with the bytes it
 * was published with, whatever happens to the upload later, and the engine reads them in its own
 * transaction (no storage access in a step).
 */
export const workflowVersionTemplates = pgTable(
  'workflow_version_templates',
  {
    version_id: integer('version_id')
      .notNull()
      .references(() => workflowVersions.id, { onDelete: 'cascade' }),
    file_id: integer('file_id').notNull(),
    name: varchar('name', { length: 160 }).notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    created_at: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.version_id, t.file_id] })],
);
