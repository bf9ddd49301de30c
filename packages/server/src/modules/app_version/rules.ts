import { AppPlatform, compareVersions, needsPackage } from '@pv/contract';
import { and, eq, ne, or, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { appVersions } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { t } from '../../http/messages.ts';

const FIELD = { name: ['版本名', 'version name'], code: ['版本号', 'version code'] } as const;

/** 400 when another release of the platform has the version name or code (the unique indexes are the backstop). */
export async function assertUnique(tx: Queryable, platform: string, want: { name?: string; code?: number }, exceptId?: number): Promise<void> {
  const clauses: SQL[] = [];
  if (want.name !== undefined) clauses.push(eq(appVersions.version_name, want.name));
  if (want.code !== undefined) clauses.push(eq(appVersions.version_code, want.code));
  if (!clauses.length) return;
  const [clash] = await tx
    .select({ version_name: appVersions.version_name, version_code: appVersions.version_code })
    .from(appVersions)
    .where(and(eq(appVersions.platform, platform), or(...clauses), exceptId ? ne(appVersions.id, exceptId) : undefined))
    .limit(1);
  if (!clash) return;
  const which = want.name !== undefined && clash.version_name === want.name ? 'name' : 'code';
  const value = which === 'name' ? want.name : want.code;
  throw new ApiError(400, 'error.app_version_duplicate', { platform, field: which, value }, (lang) =>
    t('error.app_version_duplicate', lang, { platform: AppPlatform.label(platform, lang), field: FIELD[which][lang === 'zh' ? 0 : 1], value }),
  );
}

/** Android releases carry the uploaded package; a store link is for iOS and HarmonyOS. */
export function checkStoreUrl(platform: string, storeUrl: string | null | undefined): void {
  if (storeUrl && needsPackage(platform)) throw new ApiError(400, 'error.app_version_store_url_android');
}

/** The minimum supported version is not above the release (checked again on edits that change one of them). */
export function checkMinVersion(versionName: string, min: string | null | undefined): void {
  if (min && compareVersions(min, versionName) > 0) throw new ApiError(400, 'validation.app_min_version');
}
