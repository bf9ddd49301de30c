import { createHash } from 'node:crypto';
import {
  APP_VERSION_MACHINE,
  AppPlatform,
  type AppUpdate,
  type AppVersionAction,
  AppVersionActionLabel,
  AppVersionStatus,
  type Lang,
  appVersionAddSchema,
  appVersionLatestQuery,
  appVersionMoveSchema,
  appVersionRolloutSchema,
  appVersionWithdrawSchema,
  compareVersions,
  inRollout,
  needsPackage,
} from '@pv/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { appVersions, files } from '../../db/schema/index.ts';
import { ApiError, conflict } from '../../http/errors.ts';
import { t } from '../../http/messages.ts';
import { parse } from '../../http/validate.ts';
import { assertTransition, recordTransition } from '../../lifecycle/engine.ts';
import { insertRecord, loadOne } from '../../resources/service.ts';
import type { AuthContext } from '../auth/context.ts';
import type { FileService } from '../file/service.ts';
import { sniffContentType } from '../file/sniff.ts';
import { type Actor, writeLog } from '../system/syslog.ts';
import { raiseWorkflowEvent, requestApproval } from '../workflow/public.ts';
import { type AppVersionResource, illegalAppVersionAction } from './resource.ts';
import { assertUnique, checkStoreUrl } from './rules.ts';

type Row = Record<string, unknown>;
type Release = typeof appVersions.$inferSelect;

/**
 * 版本管理 actions (docs/DECISIONS.md "App versions"). Each runs in one transaction: the release row
 * locked, the version read compared (409), the state checked (the message names it), then the
 * change, the system log (before/after) and a timeline row. Publishing also holds a per-platform
 * advisory lock, so two drafts of one platform published at once cannot both pass the "newer than
 * every published release" check.
 */
export class AppVersionActions {
  constructor(
    private readonly db: Db,
    private readonly def: AppVersionResource,
    private readonly files: FileService,
    private readonly packageMaxBytes: number,
  ) {}

  private async lock(tx: Queryable, id: number, auth: AuthContext, expectVersion?: number | null): Promise<Release> {
    const row = (await loadOne(tx, this.def, id, auth, { lock: true })) as Release;
    if (expectVersion != null && row.version !== expectVersion) throw conflict(row.version, expectVersion);
    return row;
  }

  private async move(tx: Queryable, before: Release, action: AppVersionAction, actor: Actor, set: Partial<Release>, opts: { reason?: string | null; data?: Record<string, unknown> } = {}): Promise<Release> {
    const to = assertTransition(APP_VERSION_MACHINE, before.status, action, AppVersionStatus, AppVersionActionLabel);
    const [after] = await tx
      .update(appVersions)
      .set({ ...set, status: to, version: sql`${appVersions.version} + 1`, updated_at: new Date() })
      .where(eq(appVersions.id, before.id))
      .returning();
    await writeLog(tx, actor, { action, resource: 'app_version', recordId: before.id, before, after });
    await recordTransition(tx, actor, { entity: 'app_version', entityId: before.id, action, from: before.status, to, reason: opts.reason ?? null, data: opts.data });
    return after!;
  }

  /** 新建版本: a draft (the package is uploaded afterwards; a store link may come now or later). */
  async add(body: unknown, auth: AuthContext, actor: Actor): Promise<Row> {
    const input = parse(appVersionAddSchema, body);
    return this.db.transaction(async (tx) => {
      await assertUnique(tx, input.platform, { name: input.version_name, code: input.version_code });
      checkStoreUrl(input.platform, input.store_url);
      const created = await insertRecord(tx, this.def, { ...input, status: 'draft', created_by: auth.userId }, auth, actor);
      await recordTransition(tx, actor, { entity: 'app_version', entityId: created.id as number, action: 'add', from: null, to: 'draft', data: { platform: input.platform, version_name: input.version_name, version_code: input.version_code } });
      return created;
    });
  }

  /** Deletes drafts (id or ids): a published or withdrawn release is history and stays. Their packages go too. */
  async del(ids: number[], auth: AuthContext, actor: Actor): Promise<number[]> {
    const cleanups: Array<() => Promise<void>> = [];
    await this.db.transaction(async (tx) => {
      for (const id of ids) {
        const row = await this.lock(tx, id, auth);
        if (row.status !== 'draft') throw illegalAppVersionAction(row.status, 'del');
        await tx.delete(appVersions).where(eq(appVersions.id, id));
        await writeLog(tx, actor, { action: 'del', resource: 'app_version', recordId: id, before: row });
        if (row.package_file_id) {
          const [file] = await tx.select().from(files).where(eq(files.id, row.package_file_id));
          if (file) cleanups.push(await this.files.remove(tx, file, actor));
        }
      }
    });
    for (const c of cleanups) await c();
    return ids;
  }

  /**
   * The Android package of a draft (the raw body): an .apk (a ZIP archive with AndroidManifest.xml),
   * at most APP_PACKAGE_MAX_MB; stored through the file machinery, its size and SHA-256 kept on the
   * release. A new upload replaces the previous package (its bytes deleted after the commit).
   */
  async uploadPackage(q: { id: number; version: number; name?: string }, body: Buffer, declaredType: string, auth: AuthContext, actor: Actor): Promise<Release> {
    if (body.length === 0) throw new ApiError(400, 'error.app_package_empty');
    if (sniffContentType(body) !== 'application/vnd.android.package-archive') throw new ApiError(400, 'error.app_package_not_apk');
    const sha256 = createHash('sha256').update(body).digest('hex');
    let cleanup: (() => Promise<void>) | null = null;
    const after = await this.db.transaction(async (tx) => {
      const before = await this.lock(tx, q.id, auth, q.version);
      if (before.status !== 'draft') throw illegalAppVersionAction(before.status, 'upload_package');
      if (!needsPackage(before.platform)) {
        throw new ApiError(400, 'error.app_version_package_platform', { platform: before.platform }, (lang) => t('error.app_version_package_platform', lang, { platform: AppPlatform.label(before.platform, lang) }));
      }
      const name = q.name || `guangebao-${before.version_name}.apk`;
      const stored = await this.files.store(tx, { ownerType: 'app_version', ownerId: before.id, name, declaredType, body, maxBytes: this.packageMaxBytes }, auth, actor);
      const [row] = await tx
        .update(appVersions)
        .set({ package_file_id: stored.id, package_size: stored.size, package_sha256: sha256, version: sql`${appVersions.version} + 1`, updated_at: new Date() })
        .where(eq(appVersions.id, before.id))
        .returning();
      const data = { name: stored.name, size: stored.size, sha256 };
      await writeLog(tx, actor, { action: 'upload_package', resource: 'app_version', recordId: before.id, before: { package_file_id: before.package_file_id, package_size: before.package_size, package_sha256: before.package_sha256 }, after: { package_file_id: stored.id, ...data } });
      await recordTransition(tx, actor, { entity: 'app_version', entityId: before.id, action: 'upload_package', from: before.status, to: before.status, data });
      if (before.package_file_id) {
        const [old] = await tx.select().from(files).where(eq(files.id, before.package_file_id));
        if (old) cleanup = await this.files.remove(tx, old, actor);
      }
      return row!;
    });
    if (cleanup) await (cleanup as () => Promise<void>)();
    return after;
  }

  /**
   * 发布: 草稿 → 已发布 once the package (Android) or the store link (iOS, HarmonyOS) is there and its
   * version name and code are both above every published release of the platform.
   */
  async publish(body: unknown, auth: AuthContext, actor: Actor): Promise<Release> {
    const { id, version } = parse(appVersionMoveSchema, body);
    return this.db.transaction(async (tx) => {
      const before = await this.lock(tx, id, auth, version);
      assertTransition(APP_VERSION_MACHINE, before.status, 'publish', AppVersionStatus, AppVersionActionLabel);
      if (needsPackage(before.platform) && !before.package_file_id) throw new ApiError(400, 'error.app_version_no_package');
      if (!needsPackage(before.platform) && !before.store_url) {
        throw new ApiError(400, 'error.app_version_no_store_url', { platform: before.platform }, (lang) => t('error.app_version_no_store_url', lang, { platform: AppPlatform.label(before.platform, lang) }));
      }
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`app_version:${before.platform}`}))`);
      const published = await tx
        .select({ version_name: appVersions.version_name, version_code: appVersions.version_code })
        .from(appVersions)
        .where(and(eq(appVersions.platform, before.platform), eq(appVersions.status, 'published')));
      const blocker = published.find((p) => p.version_code >= before.version_code || compareVersions(p.version_name, before.version_name) >= 0);
      if (blocker) {
        const params = { other: blocker.version_name, other_code: blocker.version_code, name: before.version_name, code: before.version_code };
        throw new ApiError(400, 'error.app_version_not_newer', params, (lang) => t('error.app_version_not_newer', lang, { ...params, platform: AppPlatform.label(before.platform, lang) }));
      }
      // 版本发布审批: a published process may have to approve the release first
      const pending = await requestApproval(tx, { type: 'app_version', action: 'publish', record: before as unknown as Row, params: {}, actor });
      if (pending) return { ...before, workflow_request: pending } as Release;
      const after = await this.move(tx, before, 'publish', actor, { published_at: new Date(), published_by: auth.userId }, { data: { rollout: before.rollout, min_supported_version: before.min_supported_version } });
      await raiseWorkflowEvent(tx, 'app_version.published', before.id, actor);
      return after;
    });
  }

  /** 调整灰度比例 of a published release (0 pauses it, 100 offers it to everyone). */
  async rollout(body: unknown, auth: AuthContext, actor: Actor): Promise<Release> {
    const { id, version, rollout } = parse(appVersionRolloutSchema, body);
    return this.db.transaction(async (tx) => {
      const before = await this.lock(tx, id, auth, version);
      return this.move(tx, before, 'rollout', actor, { rollout }, { data: { from: before.rollout, to: rollout } });
    });
  }

  /** 撤回 with a reason: the release is no longer offered (nor counts for the minimum version). */
  async withdraw(body: unknown, auth: AuthContext, actor: Actor): Promise<Release> {
    const { id, version, reason } = parse(appVersionWithdrawSchema, body);
    return this.db.transaction(async (tx) => {
      const before = await this.lock(tx, id, auth, version);
      return this.move(tx, before, 'withdraw', actor, { withdrawn_at: new Date(), withdrawn_by: auth.userId, withdraw_reason: reason }, { reason });
    });
  }

  /**
   * What the app at `current` on `platform` should install (GET /api/public/app_version/latest): the
   * newest published release above `current` offered to this device (rollout by its stable bucket;
   * no device id = only 100 % releases), `force` when `current` is below the highest minimum
   * supported version of the published releases. A forced client is offered the newest release
   * even when its rollout leaves the device out — it cannot keep running the old one. null = nothing newer.
   */
  async latest(queryIn: unknown, lang: Lang): Promise<AppUpdate | null> {
    const q = parse(appVersionLatestQuery, queryIn);
    const rows = await this.db
      .select({
        platform: appVersions.platform,
        version_name: appVersions.version_name,
        version_code: appVersions.version_code,
        notes_zh: appVersions.notes_zh,
        notes_en: appVersions.notes_en,
        store_url: appVersions.store_url,
        min_supported_version: appVersions.min_supported_version,
        rollout: appVersions.rollout,
        package_file_id: appVersions.package_file_id,
        package_size: appVersions.package_size,
        package_sha256: appVersions.package_sha256,
        published_at: appVersions.published_at,
      })
      .from(appVersions)
      .where(and(eq(appVersions.platform, q.platform), inArray(appVersions.status, ['published'])))
      .orderBy(desc(appVersions.version_code));
    const minimum = rows.map((r) => r.min_supported_version).filter((v): v is string => !!v).sort(compareVersions).at(-1) ?? null;
    const force = minimum !== null && compareVersions(q.current, minimum) < 0;
    // a forced client gets a release at or above the minimum (else it would be forced again at once)
    const eligible = rows.filter((r) => compareVersions(r.version_name, q.current) > 0 && (!force || compareVersions(r.version_name, minimum!) >= 0));
    const chosen = eligible.find((r) => inRollout(r.platform, r.version_code, r.rollout, q.device_id)) ?? (force ? eligible[0] : undefined);
    if (!chosen) return null;
    const url = chosen.package_file_id ? this.files.downloadUrl(chosen.package_file_id) : chosen.store_url;
    if (!url) return null;
    const useLang = q.lang ?? lang;
    return {
      platform: chosen.platform as AppUpdate['platform'],
      version_name: chosen.version_name,
      version_code: chosen.version_code,
      notes: useLang === 'en' && chosen.notes_en ? chosen.notes_en : chosen.notes_zh,
      notes_zh: chosen.notes_zh,
      notes_en: chosen.notes_en,
      url,
      size: chosen.package_size,
      sha256: chosen.package_sha256,
      force,
      min_supported_version: minimum,
      published_at: chosen.published_at?.toISOString() ?? null,
    };
  }
}
