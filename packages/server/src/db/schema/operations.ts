import { sql } from 'drizzle-orm';
import { bigserial, boolean, date, index, integer, jsonb, numeric, pgTable, serial, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { searchIndexes, tstz, versioned } from './common.ts';
import { agents } from './agent.ts';
import { customers } from './customer.ts';
import { stations } from './station.ts';
import { users } from './system.ts';

/**
 * 施工派单 / 并网派单 (kind build | grid), WORK_ORDER_MACHINE of the contract. Region and agent are
 * copied from the station so the dispatch lists filter and page on this table alone (10 million
 * rows at scale) without joining stations.
 */
export const workOrders = pgTable(
  'work_orders',
  {
    id: serial('id').primaryKey(),
    order_no: varchar('order_no', { length: 32 }).notNull().unique(),
    kind: varchar('kind', { length: 8 }).notNull(),
    station_id: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    agent_id: integer('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    province_code: varchar('province_code', { length: 6 }).notNull(),
    city_code: varchar('city_code', { length: 6 }),
    district_code: varchar('district_code', { length: 12 }),
    /** 施工队 / 并网专员: a user account */
    team_id: integer('team_id').references(() => users.id, { onDelete: 'set null' }),
    /** manual | auto | grab */
    dispatch_type: varchar('dispatch_type', { length: 8 }),
    planned_date: date('planned_date', { mode: 'string' }),
    deadline: tstz('deadline'),
    dispatched_at: tstz('dispatched_at'),
    dispatched_by: integer('dispatched_by'),
    accepted_at: tstz('accepted_at'),
    started_at: tstz('started_at'),
    submitted_at: tstz('submitted_at'),
    finished_at: tstz('finished_at'),
    cancelled_at: tstz('cancelled_at'),
    /** past the deadline while still open (set by the scheduled overdue task) */
    overdue: boolean('overdue').notNull().default(false),
    /** the team's reason when it refused the order (拒单) */
    refuse_reason: varchar('refuse_reason', { length: 500 }),
    cancel_reason: varchar('cancel_reason', { length: 500 }),
    /** self-audit submissions so far (1 = first pass) */
    audit_count: smallint('audit_count').notNull().default(0),
    remark: text('remark'),
    /** WorkOrderStatus of the contract */
    status: varchar('status', { length: 16 }).notNull().default('pending_dispatch'),
    created_by: integer('created_by'),
    ...versioned(),
  },
  (t) => [
    index('work_orders_kind_status_created_idx').on(t.kind, t.status, t.created_at, t.id),
    index('work_orders_kind_created_idx').on(t.kind, t.created_at, t.id),
    index('work_orders_kind_province_created_idx').on(t.kind, t.province_code, t.created_at, t.id),
    index('work_orders_agent_created_idx').on(t.agent_id, t.kind, t.created_at, t.id),
    index('work_orders_team_status_idx').on(t.team_id, t.status),
    // a team's orders newest first; the 超期 filter; dispatchers sorting by deadline
    index('work_orders_team_kind_created_idx').on(t.team_id, t.kind, t.created_at, t.id),
    index('work_orders_overdue_created_idx').on(t.kind, t.created_at, t.id).where(sql`${t.overdue}`),
    index('work_orders_kind_status_deadline_idx').on(t.kind, t.status, t.deadline, t.id),
    index('work_orders_station_idx').on(t.station_id),
    ...searchIndexes('work_orders', t.order_no, { code: true }),
    // the overdue task: open orders with a deadline not yet marked
    index('work_orders_deadline_open_idx')
      .on(t.deadline)
      .where(sql`${t.overdue} = false and ${t.status} in ('dispatched','accepted','in_progress','rejected','rectifying')`),
  ],
);

/**
 * 自检单: one row per submission of a work order's self-audit, so rework keeps the history.
 * items: [{ key, value?, file_ids: number[], note?, result?: 'pass'|'fail', reject_reason? }] in the
 * order of BUILD_AUDIT_ITEMS / GRID_AUDIT_ITEMS.
 */
export const selfAudits = pgTable(
  'self_audits',
  {
    id: serial('id').primaryKey(),
    work_order_id: integer('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 8 }).notNull(),
    station_id: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    agent_id: integer('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    province_code: varchar('province_code', { length: 6 }).notNull(),
    city_code: varchar('city_code', { length: 6 }),
    district_code: varchar('district_code', { length: 12 }),
    /** 1 for the first submission, 2 for the first resubmission, ... */
    attempt: smallint('attempt').notNull().default(1),
    items: jsonb('items').notNull().default(sql`'[]'::jsonb`),
    note: text('note'),
    submitted_by: integer('submitted_by'),
    submitted_at: tstz('submitted_at').notNull().defaultNow(),
    reviewer_id: integer('reviewer_id'),
    reviewed_at: tstz('reviewed_at'),
    /** pending | approved | rejected */
    result: varchar('result', { length: 16 }).notNull().default('pending'),
    reject_reason: varchar('reject_reason', { length: 500 }),
    /** 审核意见: the reviewer's optional opinion when approving */
    review_opinion: varchar('review_opinion', { length: 500 }),
    created_by: integer('created_by'),
    ...versioned(),
  },
  (t) => [
    index('self_audits_kind_result_created_idx').on(t.kind, t.result, t.created_at, t.id),
    index('self_audits_kind_created_idx').on(t.kind, t.created_at, t.id),
    index('self_audits_agent_created_idx').on(t.agent_id, t.kind, t.created_at, t.id),
    index('self_audits_order_idx').on(t.work_order_id, t.attempt),
    index('self_audits_station_idx').on(t.station_id),
  ],
);

/**
 * Uploaded files (station PDFs, self-audit photos and documents, matter attachments, voice notes).
 * The bytes live in the Storage (storage/index.ts: DATA_DIR/uploads by default) under `storage_key`;
 * images also get a thumbnail under `thumb_key`. Uploaded first with owner_id null, attached on submit.
 */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    /** FileOwner of the contract */
    owner_type: varchar('owner_type', { length: 16 }).notNull(),
    owner_id: integer('owner_id'),
    /** station documents: StationDocType */
    doc_type: varchar('doc_type', { length: 24 }),
    name: varchar('name', { length: 200 }).notNull(),
    content_type: varchar('content_type', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    storage_key: varchar('storage_key', { length: 128 }).notNull().unique(),
    thumb_key: varchar('thumb_key', { length: 128 }),
    width: integer('width'),
    height: integer('height'),
    /** voice notes: length in seconds when known */
    duration_s: numeric('duration_s', { precision: 8, scale: 2, mode: 'number' }),
    created_by: integer('created_by'),
    ...versioned(),
  },
  (t) => [index('files_owner_idx').on(t.owner_type, t.owner_id), index('files_creator_idx').on(t.created_by, t.created_at)],
);

/** 光E宝事项: something a station owner raised in the owners' app; MATTER_MACHINE of the contract. */
export const matters = pgTable(
  'matters',
  {
    id: serial('id').primaryKey(),
    matter_no: varchar('matter_no', { length: 32 }).notNull().unique(),
    type: varchar('type', { length: 16 }).notNull(),
    station_id: integer('station_id').references(() => stations.id, { onDelete: 'set null' }),
    customer_id: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    agent_id: integer('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    province_code: varchar('province_code', { length: 6 }),
    title: varchar('title', { length: 100 }).notNull(),
    content: text('content').notNull(),
    /** MatterChannel */
    channel: varchar('channel', { length: 16 }).notNull().default('app'),
    contact_phone: varchar('contact_phone', { length: 20 }),
    /** pending | processing | closed | rejected */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    handler_id: integer('handler_id').references(() => users.id, { onDelete: 'set null' }),
    assigned_at: tstz('assigned_at'),
    handled_at: tstz('handled_at'),
    result: text('result'),
    /** 1–5 stars from the owner after closing */
    satisfaction: smallint('satisfaction'),
    created_by: integer('created_by'),
    ...versioned(),
  },
  (t) => [
    index('matters_status_created_idx').on(t.status, t.created_at, t.id),
    index('matters_type_created_idx').on(t.type, t.created_at, t.id),
    index('matters_agent_created_idx').on(t.agent_id, t.created_at, t.id),
    index('matters_handler_status_idx').on(t.handler_id, t.status),
    index('matters_station_idx').on(t.station_id),
    index('matters_customer_idx').on(t.customer_id),
    // newest matters first (statistic/events)
    index('matters_created_idx').on(t.created_at, t.id),
    ...searchIndexes('matters', t.matter_no, { code: true }),
    ...searchIndexes('matters', t.title, { pairs: true }),
    ...searchIndexes('matters', t.contact_phone, { code: true }),
  ],
);

/** The reply thread of a matter: staff replies and the owner's messages, optionally with a voice note. */
export const matterReplies = pgTable(
  'matter_replies',
  {
    id: serial('id').primaryKey(),
    matter_id: integer('matter_id')
      .notNull()
      .references(() => matters.id, { onDelete: 'cascade' }),
    /** staff | owner */
    author_type: varchar('author_type', { length: 8 }).notNull().default('staff'),
    author_id: integer('author_id'),
    content: text('content').notNull(),
    audio_file_id: integer('audio_file_id'),
    ...versioned(),
  },
  (t) => [index('matter_replies_matter_idx').on(t.matter_id, t.id)],
);

/** 产品: the PV packages sold (module × count + inverter = kWp), customer get_product_list. */
export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  module_model: varchar('module_model', { length: 64 }).notNull(),
  module_power_w: integer('module_power_w').notNull(),
  module_count: integer('module_count').notNull(),
  inverter_model: varchar('inverter_model', { length: 64 }).notNull(),
  capacity_kwp: numeric('capacity_kwp', { precision: 10, scale: 2, mode: 'number' }).notNull(),
  enabled: boolean('enabled').notNull().default(true),
  remark: text('remark'),
  ...versioned(),
});

/**
 * The timeline of every lifecycle transition (station, work_order, self_audit, matter, customer):
 * who moved what from which state to which, when, and why. Written in the same transaction as the
 * change itself (server lifecycle/engine.ts); the detail pages read it.
 */
export const transitions = pgTable(
  'transitions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entity: varchar('entity', { length: 16 }).notNull(),
    entity_id: integer('entity_id').notNull(),
    action: varchar('action', { length: 32 }).notNull(),
    from_status: varchar('from_status', { length: 24 }),
    to_status: varchar('to_status', { length: 24 }),
    reason: varchar('reason', { length: 500 }),
    /** action inputs worth showing (team, deadline, audit id ...) */
    data: jsonb('data'),
    user_id: integer('user_id'),
    user_name: varchar('user_name', { length: 64 }),
    created_at: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('transitions_entity_idx').on(t.entity, t.entity_id, t.id)],
);
