import { AppPlatform, AppVersionActionLabel, AppVersionStatus, appVersionEditSchema } from '@pv/contract';
import { sql } from 'drizzle-orm';
import { appVersions } from '../../db/schema/index.ts';
import { illegalTransition } from '../../lifecycle/engine.ts';
import { defineResource, filterValue, range } from '../../resources/define.ts';
import type { FileService } from '../file/service.ts';
import { plainRow } from '../present.ts';
import { assertUnique, checkMinVersion, checkStoreUrl } from './rules.ts';

type Row = Record<string, unknown>;

export const illegalAppVersionAction = (state: string, action: string) => illegalTransition(state, action, AppVersionStatus, AppVersionActionLabel);

const A = '"app_versions"';
const userName = (column: string) => sql<string | null>`(select coalesce(nullif(u.full_name, ''), u.username) from users u where u.id = ${sql.raw(A)}.${sql.raw(`"${column}"`)})`;
const extra = {
  package_name: sql<string | null>`(select f.name from files f where f.id = ${sql.raw(A)}."package_file_id")`,
  created_by_name: userName('created_by'),
  published_by_name: userName('published_by'),
  withdrawn_by_name: userName('withdrawn_by'),
};

/**
 * /api/system/app_version/index, get_info and edit (a draft's fields); add, del, the package upload
 * and the lifecycle (publish, rollout, withdraw) are named actions (actions.ts). Releases are few
 * (a handful a month per platform): the list counts rows and the keyword scans them.
 */
export function appVersionResource(files: FileService) {
  return defineResource({
    name: 'app_version',
    permission: 'app_version',
    table: appVersions,
    ops: ['index', 'get_info', 'edit'],
    editSchema: appVersionEditSchema,
    sorts: {
      id: appVersions.id,
      platform: appVersions.platform,
      status: appVersions.status,
      version_code: appVersions.version_code,
      rollout: appVersions.rollout,
      created_at: appVersions.created_at,
      updated_at: appVersions.updated_at,
      published_at: appVersions.published_at,
    },
    defaultSort: { field: 'created_at', order: 'DESC' },
    filters: {
      id: { column: appVersions.id, op: 'eq', schema: filterValue.id, multi: true },
      platform: { column: appVersions.platform, op: 'eq', schema: filterValue.enumOf(AppPlatform.values), multi: true },
      status: { column: appVersions.status, op: 'eq', schema: filterValue.enumOf(AppVersionStatus.values), multi: true },
      ...range('created_at', appVersions.created_at, filterValue.date),
      ...range('published_at', appVersions.published_at, filterValue.date),
    },
    search: [appVersions.version_name, appVersions.notes_zh, appVersions.notes_en],
    quickFields: {},
    // releases are the company's, not an agent's: every user holding the permission sees them all
    scope: () => undefined,
    extraColumns: extra,
    present: (row) => ({ ...plainRow(row), package_url: row.package_file_id ? files.downloadUrl(row.package_file_id as number) : null }),
    /** a draft only; the version name and code stay unique per platform (the message names the clash) */
    async prepareEdit(input: Row, before: Row, { tx }) {
      if (before.status !== 'draft') throw illegalAppVersionAction(before.status as string, 'edit');
      const next = { ...before, ...input } as Row;
      await assertUnique(tx, before.platform as string, { name: input.version_name as string | undefined, code: input.version_code as number | undefined }, before.id as number);
      checkStoreUrl(before.platform as string, next.store_url as string | null);
      checkMinVersion(next.version_name as string, next.min_supported_version as string | null);
      return input;
    },
  });
}
export type AppVersionResource = ReturnType<typeof appVersionResource>;
