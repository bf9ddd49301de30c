import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { tstz, versioned } from './common.ts';

/**
 * Releases of the 光E宝 owner app (APP_VERSION_MACHINE of the contract; docs/DECISIONS.md "App
 * versions"). One row per platform and version: a version name and a version code are each unique
 * within a platform. Android releases point at their uploaded package (a `files` row, owner type
 * app_version) with its size and SHA-256 copied here; iOS and HarmonyOS releases at a store page.
 */
export const appVersions = pgTable(
  'app_versions',
  {
    id: serial('id').primaryKey(),
    /** AppPlatform: android | ios | harmonyos */
    platform: varchar('platform', { length: 16 }).notNull(),
    /** x.y.z */
    version_name: varchar('version_name', { length: 20 }).notNull(),
    version_code: integer('version_code').notNull(),
    /** AppVersionStatus: draft | published | withdrawn */
    status: varchar('status', { length: 16 }).notNull().default('draft'),
    notes_zh: text('notes_zh').notNull(),
    notes_en: text('notes_en'),
    store_url: varchar('store_url', { length: 500 }),
    /** apps older than this must update (x.y.z; null = no minimum) */
    min_supported_version: varchar('min_supported_version', { length: 20 }),
    /** staged rollout: the share of devices (0–100 %) offered the release */
    rollout: integer('rollout').notNull().default(100),
    package_file_id: integer('package_file_id'),
    package_size: integer('package_size'),
    package_sha256: varchar('package_sha256', { length: 64 }),
    published_at: tstz('published_at'),
    published_by: integer('published_by'),
    withdrawn_at: tstz('withdrawn_at'),
    withdrawn_by: integer('withdrawn_by'),
    withdraw_reason: varchar('withdraw_reason', { length: 500 }),
    created_by: integer('created_by'),
    ...versioned(),
  },
  (t) => [
    uniqueIndex('app_versions_platform_code_key').on(t.platform, t.version_code),
    uniqueIndex('app_versions_platform_name_key').on(t.platform, t.version_name),
    index('app_versions_created_idx').on(t.created_at, t.id),
    // the public endpoint: a platform's published releases, newest first
    index('app_versions_platform_status_code_idx').on(t.platform, t.status, t.version_code),
    check('app_versions_rollout', sql`${t.rollout} between 0 and 100`),
    check('app_versions_status', sql`${t.status} in ('draft', 'published', 'withdrawn')`),
    check('app_versions_platform', sql`${t.platform} in ('android', 'ios', 'harmonyos')`),
  ],
);
