import { z } from 'zod';
import { labelled } from './enums.ts';
import { enumField, idField, numeric, optionalText } from './fields.ts';
import type { Machine } from './lifecycle.ts';
import { field, type FieldDisplay } from './field-kinds.ts';

/**
 * 版本管理 of the 光E宝 owner app (issue 16; docs/DECISIONS.md "App versions"): one release per
 * platform and version, 草稿 → 已发布 → 已撤回. Android releases carry the package (.apk, uploaded,
 * SHA-256 kept); iOS and HarmonyOS releases point at their store page. The app asks
 * `GET /api/public/app_version/latest` which release it should install.
 */

export const AppPlatform = labelled({
  android: { zh: 'Android', en: 'Android' },
  ios: { zh: 'iOS', en: 'iOS' },
  harmonyos: { zh: '鸿蒙', en: 'HarmonyOS' },
});
export type AppPlatformValue = (typeof AppPlatform.values)[number];
/** Platforms whose releases are a package uploaded here; the others link to their app store. */
export const PACKAGE_PLATFORMS: readonly AppPlatformValue[] = ['android'];
export const needsPackage = (platform: string) => (PACKAGE_PLATFORMS as readonly string[]).includes(platform);

export const AppVersionStatus = labelled({
  draft: { zh: '草稿', en: 'Draft' },
  published: { zh: '已发布', en: 'Published' },
  withdrawn: { zh: '已撤回', en: 'Withdrawn' },
});
export type AppVersionStatusValue = (typeof AppVersionStatus.values)[number];

/** A draft is edited freely (edit, upload_package, del); after that only these named actions move it. */
export const APP_VERSION_MACHINE = {
  publish: { from: ['draft'], to: 'published' },
  rollout: { from: ['published'], to: 'published' },
  withdraw: { from: ['published'], to: 'withdrawn' },
} as const satisfies Machine<AppVersionStatusValue, string>;
export type AppVersionAction = keyof typeof APP_VERSION_MACHINE;

export const AppVersionActionLabel = labelled({
  add: { zh: '新建版本', en: 'create a release' },
  edit: { zh: '编辑', en: 'edit' },
  del: { zh: '删除', en: 'delete' },
  upload_package: { zh: '上传安装包', en: 'upload the package' },
  publish: { zh: '发布', en: 'publish' },
  rollout: { zh: '调整灰度比例', en: 'change the rollout' },
  withdraw: { zh: '撤回', en: 'withdraw' },
});

/** The Android package's default size limit (the server's APP_PACKAGE_MAX_MB changes it). */
export const APP_PACKAGE_DEFAULT_MAX_MB = 200;
export const APP_PACKAGE_TYPE = 'application/vnd.android.package-archive';

// ---------------------------------------------------------------- versions

/** x.y.z, each part a number without leading zeros (at most 6 digits): 1.2.3, 10.0.0 — not 1.2, v1.2.3, 01.2.3, 1.2.3-beta. */
const SEMVER = /^(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})$/;

export function parseVersion(text: string): [number, number, number] | null {
  const m = SEMVER.exec(text);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}
export const isVersionName = (text: string) => SEMVER.test(text);

/** -1, 0 or 1 as `a` is older than, the same as, or newer than `b` (both valid x.y.z). */
export function compareVersions(a: string, b: string): -1 | 0 | 1 {
  const x = parseVersion(a);
  const y = parseVersion(b);
  if (!x || !y) throw new Error(`not a version: ${x ? b : a}`);
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
  return 0;
}

/**
 * The rollout bucket (0–99) of one device for one release: FNV-1a (32 bit) of
 * `platform:version_code:device_id`, mod 100. Stable (the same device always lands in the same
 * bucket for a release), independent between releases (a device left out of one release's 10 % is
 * not left out of every release), and computable on any side (the console can show it).
 */
export function rolloutBucket(platform: string, versionCode: number, deviceId: string): number {
  const text = `${platform}:${versionCode}:${deviceId}`;
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % 100;
}
/** Whether a release with `rollout` % is offered to the device (no device id: only releases at 100 %). */
export function inRollout(platform: string, versionCode: number, rollout: number, deviceId: string | null | undefined): boolean {
  if (rollout >= 100) return true;
  if (!deviceId || rollout <= 0) return false;
  return rolloutBucket(platform, versionCode, deviceId) < rollout;
}

// ---------------------------------------------------------------- schemas

const lockVersion = () => z.number({ error: 'validation.number' }).int().nonnegative();
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

export const versionNameField = () =>
  z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required', abort: true }).max(20, { error: 'validation.app_version_name' }).refine(isVersionName, { error: 'validation.app_version_name' });
export const versionCodeField = () =>
  z.number({ error: 'validation.number' }).int({ error: 'validation.app_version_code' }).min(1, { error: 'validation.app_version_code' }).max(2_000_000_000, { error: 'validation.app_version_code' });
export const rolloutField = () =>
  z.number({ error: 'validation.number' }).int({ error: 'validation.app_rollout' }).min(0, { error: 'validation.app_rollout' }).max(100, { error: 'validation.app_rollout' });

/** An https link to the release's store page (App Store, AppGallery): no other scheme, no credentials. */
export function isStoreUrl(text: string): boolean {
  if (text.length > 500) return false;
  try {
    const u = new URL(text);
    return u.protocol === 'https:' && !!u.hostname && u.hostname.includes('.') && !u.username && !u.password && !/\s/.test(text);
  } catch {
    return false;
  }
}
export const storeUrlField = () => z.preprocess(blankToNull, z.string({ error: 'validation.app_store_url' }).trim().refine(isStoreUrl, { error: 'validation.app_store_url' }).nullish());
const notesZh = () => z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(2000, { error: 'validation.too_long|2000' });
const notesEn = () => z.preprocess(blankToNull, optionalText(2000));
const minVersion = () => z.preprocess(blankToNull, versionNameField().nullish());

/** The minimum supported version is not above the release itself. */
const minNotAbove = (v: { version_name?: string; min_supported_version?: string | null }, ctx: z.RefinementCtx) => {
  if (v.version_name && v.min_supported_version && isVersionName(v.version_name) && isVersionName(v.min_supported_version) && compareVersions(v.min_supported_version, v.version_name) > 0) {
    ctx.addIssue({ code: 'custom', message: 'validation.app_min_version', path: ['min_supported_version'] });
  }
};

/** app_version/add: a draft. */
export const appVersionAddSchema = z
  .strictObject({
    platform: enumField(AppPlatform.values),
    version_name: versionNameField(),
    version_code: versionCodeField(),
    notes_zh: notesZh(),
    notes_en: notesEn(),
    store_url: storeUrlField(),
    min_supported_version: minVersion(),
    rollout: rolloutField().default(100),
  })
  .superRefine(minNotAbove);
/** app_version/edit: a draft's fields (the platform is fixed once made). */
export const appVersionEditSchema = z
  .strictObject({
    id: idField(),
    version: lockVersion(),
    version_name: versionNameField().optional(),
    version_code: versionCodeField().optional(),
    notes_zh: notesZh().optional(),
    notes_en: notesEn(),
    store_url: storeUrlField(),
    min_supported_version: minVersion(),
    rollout: rolloutField().optional(),
  })
  .superRefine(minNotAbove);
export const APP_VERSION_EDITABLE = ['version_name', 'version_code', 'notes_zh', 'notes_en', 'store_url', 'min_supported_version', 'rollout'] as const;
export const appVersionMoveSchema = z.strictObject({ id: idField(), version: lockVersion() });
export const appVersionWithdrawSchema = z.strictObject({
  id: idField(),
  version: lockVersion(),
  reason: z.string({ error: 'validation.reason_required' }).trim().min(1, { error: 'validation.reason_required' }).max(500, { error: 'validation.too_long|500' }),
});
export const appVersionRolloutSchema = z.strictObject({ id: idField(), version: lockVersion(), rollout: rolloutField() });
/** upload_package's query: the release and the version read (the package is the body). */
export const appVersionUploadQuery = z.object({ id: idField(), version: numeric(lockVersion()), name: z.string().max(300).optional() });

/** GET /api/public/app_version/latest */
export const appVersionLatestQuery = z.object({
  platform: enumField(AppPlatform.values),
  current: versionNameField(),
  device_id: z.string({ error: 'validation.required' }).trim().max(128, { error: 'validation.too_long|128' }).optional(),
  lang: z.enum(['zh', 'en'], { error: 'validation.enum' }).optional(),
});

export interface AppVersion {
  id: number;
  platform: AppPlatformValue;
  version_name: string;
  version_code: number;
  status: AppVersionStatusValue;
  notes_zh: string;
  notes_en: string | null;
  store_url: string | null;
  min_supported_version: string | null;
  rollout: number;
  package_file_id: number | null;
  package_name: string | null;
  package_size: number | null;
  package_sha256: string | null;
  /** a signed link to the package (an hour) */
  package_url: string | null;
  published_at: string | null;
  published_by: number | null;
  published_by_name: string | null;
  withdrawn_at: string | null;
  withdraw_reason: string | null;
  created_by: number | null;
  created_by_name: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

/** What the app is told (data of /api/public/app_version/latest; null when nothing is newer). */
export interface AppUpdate {
  platform: AppPlatformValue;
  version_name: string;
  version_code: number;
  notes: string;
  notes_zh: string;
  notes_en: string | null;
  url: string;
  size: number | null;
  sha256: string | null;
  force: boolean;
  min_supported_version: string | null;
  published_at: string | null;
}

/** An app release's fields beyond their names (field-kinds.ts). */
export const APP_VERSION_DISPLAY: FieldDisplay = {
  status: field.enumOf(AppVersionStatus),
  platform: field.enumOf(AppPlatform),
};
