import { type AnyPgColumn, bigserial, bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tstz, versioned } from './common.ts';
import { users } from './system.ts';

/** 部门 (shown as 客户管理 in the menu, SPEC.md §2): an organisation tree users belong to. */
export const departments = pgTable(
  'departments',
  {
    id: serial('id').primaryKey(),
    parent_id: integer('parent_id').references((): AnyPgColumn => departments.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 64 }).notNull(),
    code: varchar('code', { length: 32 }),
    leader: varchar('leader', { length: 64 }),
    phone: varchar('phone', { length: 20 }),
    sort: integer('sort').notNull().default(0),
    /** enabled | disabled */
    status: varchar('status', { length: 16 }).notNull().default('enabled'),
    ...versioned(),
  },
  (t) => [index('departments_parent_idx').on(t.parent_id)],
);

/**
 * The route/menu tree served by GET /api/system/menu/index. `meta` is stored as the server sends it
 * (SPEC.md §3 route meta; boolean flags as 1/0). `permission` is the code a user needs to see the entry
 * (empty: every signed-in user).
 */
export const menus = pgTable(
  'menus',
  {
    id: serial('id').primaryKey(),
    parent_id: integer('parent_id').references((): AnyPgColumn => menus.id, { onDelete: 'cascade' }),
    path: varchar('path', { length: 200 }).notNull(),
    name: varchar('name', { length: 64 }).notNull().unique(),
    component: varchar('component', { length: 200 }),
    redirect: varchar('redirect', { length: 200 }),
    sort: integer('sort').notNull().default(0),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    permission: varchar('permission', { length: 64 }).notNull().default(''),
    /** enabled | disabled (a disabled entry is served to nobody) */
    status: varchar('status', { length: 16 }).notNull().default('enabled'),
    ...versioned(),
  },
  (t) => [index('menus_parent_idx').on(t.parent_id, t.sort)],
);

/** Messages (消息): to one user (recipient_id) or to everyone (null). Read state is per user. */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    title: varchar('title', { length: 200 }).notNull(),
    content: text('content').notNull().default(''),
    /** system | notice | business */
    type: varchar('type', { length: 16 }).notNull().default('notice'),
    /** info | warning | urgent */
    level: varchar('level', { length: 16 }).notNull().default('info'),
    /** a console route the message points at, e.g. /customer/customerDetail?id=3 */
    link: varchar('link', { length: 300 }),
    sender_id: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    recipient_id: integer('recipient_id').references(() => users.id, { onDelete: 'cascade' }),
    /**
     * A system message's catalogue key (`<key>_title` / `<key>_body` in the contract's messages) and
     * its parameters: shown in the reader's language. title/content keep the Chinese text (search,
     * and the message's text where there is no key: typed by a person, or from before keys).
     */
    msg_key: varchar('msg_key', { length: 100 }),
    msg_params: jsonb('msg_params').$type<Record<string, unknown>>(),
    ...versioned(),
  },
  (t) => [index('messages_recipient_idx').on(t.recipient_id, t.id)],
);

export const messageReads = pgTable(
  'message_reads',
  {
    message_id: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    read_at: tstz('read_at').notNull().defaultNow(),
    /** set by clear_all_meg: hidden from this user's notification list */
    cleared_at: tstz('cleared_at'),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.message_id] })],
);

/**
 * Scheduled jobs (任务管理). `code` names a job the server knows; cron is a 5-field expression.
 * A run holds a lease: `locked_until` (renewed by a heartbeat while it runs) and `lease_owner` (the
 * claim's token), so exactly one API process runs a job, and the claim of a process that died
 * expires within TASK_LEASE_SECONDS (its run is then closed as interrupted).
 */
export const scheduledTasks = pgTable('scheduled_tasks', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 64 }).notNull().unique(),
  name: varchar('name', { length: 100 }).notNull(),
  description: text('description').notNull().default(''),
  cron: varchar('cron', { length: 100 }).notNull(),
  enabled: boolean('enabled').notNull().default(true),
  next_run_at: tstz('next_run_at'),
  locked_until: tstz('locked_until'),
  /** the claim holding the lease: renewals and the release touch the row only while it is theirs */
  lease_owner: varchar('lease_owner', { length: 64 }),
  last_run_at: tstz('last_run_at'),
  /** success | failed | running | interrupted */
  last_status: varchar('last_status', { length: 16 }),
  last_result: text('last_result'),
  last_duration_ms: integer('last_duration_ms'),
  ...versioned(),
});

export const taskRuns = pgTable(
  'task_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    task_id: integer('task_id')
      .notNull()
      .references(() => scheduledTasks.id, { onDelete: 'cascade' }),
    /** schedule | manual */
    trigger: varchar('trigger', { length: 16 }).notNull(),
    triggered_by: integer('triggered_by'),
    started_at: tstz('started_at').notNull().defaultNow(),
    finished_at: tstz('finished_at'),
    /** running | success | failed | interrupted (its server stopped mid-run: the lease expired) */
    status: varchar('status', { length: 16 }).notNull().default('running'),
    result: text('result'),
    duration_ms: integer('duration_ms'),
  },
  (t) => [index('task_runs_task_idx').on(t.task_id, t.id)],
);

/** SMS verification codes: stored hashed, expire, single use, attempts counted. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: varchar('phone', { length: 20 }).notNull(),
    /** login | register */
    purpose: varchar('purpose', { length: 16 }).notNull().default('login'),
    code_hash: text('code_hash').notNull(),
    expires_at: tstz('expires_at').notNull(),
    used_at: tstz('used_at'),
    attempts: integer('attempts').notNull().default(0),
    ip: varchar('ip', { length: 64 }),
    created_at: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.created_at)],
);

/** Accounts of an external identity provider linked to a user (/callback, /socialLogin). */
export const userIdentities = pgTable(
  'user_identities',
  {
    provider: varchar('provider', { length: 32 }).notNull(),
    subject: varchar('subject', { length: 128 }).notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), uniqueIndex('user_identities_user_provider').on(t.user_id, t.provider)],
);
