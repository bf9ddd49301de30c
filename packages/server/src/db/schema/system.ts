import { sql } from 'drizzle-orm';
import { bigserial, bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { tstz, versioned } from './common.ts';
import { agents } from './agent.ts';
import { partners } from './partner.ts';

/** Staff accounts. identity 'system' marks the back-office administrator (SPEC.md §6: sees 大屏). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 64 }).notNull().unique(),
    password_hash: text('password_hash').notNull(),
    full_name: varchar('full_name', { length: 64 }).notNull().default(''),
    phone: varchar('phone', { length: 20 }),
    email: varchar('email', { length: 120 }),
    avatar: text('avatar'),
    identity: varchar('identity', { length: 32 }).notNull().default('staff'),
    agent_id: integer('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    department_id: integer('department_id'),
    is_admin: boolean('is_admin').notNull().default(false),
    status: varchar('status', { length: 16 }).notNull().default('enabled'),
    last_login_at: tstz('last_login_at'),
    /** the route the console opens after login (start_page) */
    start_page: varchar('start_page', { length: 200 }),
    /** a team's (施工队) 合作伙伴 record, when it is one (partner/link) */
    partner_id: integer('partner_id').references(() => partners.id, { onDelete: 'set null' }),
    ...versioned(),
  },
  (t) => [index('users_agent_idx').on(t.agent_id), index('users_partner_idx').on(t.partner_id)],
);

/** A role grants permission codes (`customer:index`, ...) and a data scope. */
export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: varchar('name', { length: 64 }).notNull(),
  permissions: jsonb('permissions').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  /** all | department | agent | self */
  data_scope: varchar('data_scope', { length: 16 }).notNull().default('self'),
  ...versioned(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role_id: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.role_id] }), index('user_roles_role_idx').on(t.role_id)],
);

/**
 * One row per login. The access token names the session, so logout (revoked_at) and refresh-token
 * reuse detection work across any number of API processes.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refresh_hash: text('refresh_hash').notNull(),
    /** the refresh token before the last rotation: presenting it again means it was stolen */
    prev_refresh_hash: text('prev_refresh_hash'),
    expires_at: tstz('expires_at').notNull(),
    revoked_at: tstz('revoked_at'),
    ip: varchar('ip', { length: 64 }),
    user_agent: text('user_agent'),
    created_at: tstz('created_at').notNull().defaultNow(),
    refreshed_at: tstz('refreshed_at'),
    /** access tokens of this session issued at or before this instant count as expired (GET /expireToken): the next call gets 405 */
    access_expired_at: tstz('access_expired_at'),
  },
  (t) => [index('sessions_user_idx').on(t.user_id)],
);

/**
 * The system log (系统日志): who did what to which record, with before/after, written in the write's
 * transaction. Partitioned by month of China time (migration sys_log_partitions, hand-written: drizzle
 * does not declare partitions), so the months past SYSLOG_RETENTION_MONTHS are detached and archived
 * as whole tables (modules/syslog/partitions.ts); the primary key therefore includes created_at.
 */
export const sysLog = pgTable(
  'sys_log',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    user_id: integer('user_id'),
    username: varchar('username', { length: 64 }),
    ip: varchar('ip', { length: 64 }),
    action: varchar('action', { length: 32 }).notNull(),
    resource: varchar('resource', { length: 32 }).notNull(),
    record_id: bigint('record_id', { mode: 'number' }),
    before: jsonb('before'),
    after: jsonb('after'),
    created_at: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.created_at] }),
    index('sys_log_record_idx').on(t.resource, t.record_id, t.id),
    index('sys_log_user_idx').on(t.user_id, t.created_at),
    index('sys_log_action_idx').on(t.action, t.username, t.created_at),
    index('sys_log_ip_idx').on(t.action, t.ip, t.created_at),
    index('sys_log_time_idx').on(t.created_at),
  ],
);
