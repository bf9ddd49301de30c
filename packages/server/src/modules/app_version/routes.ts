import {
  AppPlatform,
  AppVersionStatus,
  appVersionAddSchema,
  appVersionLatestQuery,
  appVersionMoveSchema,
  appVersionRolloutSchema,
  appVersionUploadQuery,
  appVersionWithdrawSchema,
  deleteSchema,
} from '@pv/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { col } from '../../excel/columns.ts';
import { excelRoutes } from '../../excel/routes.ts';
import { actorOf, authOf, type Deps, input } from '../../http/deps.ts';
import { ok } from '../../http/errors.ts';
import { deleteQueryDoc, doc } from '../../http/openapi.ts';
import { acceptRawBodies } from '../../http/raw-body.ts';
import { parse } from '../../http/validate.ts';
import { historyRoutes } from '../../resources/history.ts';
import { parseIds } from '../../resources/query.ts';
import { resourceRoutes } from '../../resources/routes.ts';
import { getRecord } from '../../resources/service.ts';
import { withPending } from '../workflow/public.ts';
import type { AuthContext } from '../auth/context.ts';
import { fileNameOf } from '../file/routes.ts';
import { fileServiceOf, uploadTooLarge } from '../file/service.ts';
import type { Actor } from '../system/syslog.ts';
import { AppVersionActions } from './actions.ts';
import { appVersionResource } from './resource.ts';

type Row = Record<string, unknown>;

/** The app's question; answers may be cached briefly by the app, a CDN or a proxy (the download link in them lives an hour). */
export const APP_LATEST_URL = '/api/public/app_version/latest';
const LATEST_MAX_AGE_S = 60;

/**
 * /api/system/app_version/*: the list and record, a draft's edit, the named actions (each its own
 * permission: add, del, upload_package, publish, rollout, withdraw), history, timeline and the
 * list's Excel export; and the app's public question GET /api/public/app_version/latest.
 */
export function appVersionRoutes(app: FastifyInstance, deps: Deps) {
  const { db, config } = deps;
  const files = fileServiceOf(deps);
  const def = appVersionResource(files);
  const actions = new AppVersionActions(db, def, files, config.appPackageMaxBytes);
  const P = '/api/system/app_version';

  resourceRoutes(app, deps, def);
  historyRoutes(app, deps, def, { entity: 'app_version' });

  const show = (id: number, req: FastifyRequest) => getRecord(db, def, id, authOf(req), req.lang);
  type Act = (body: unknown, auth: AuthContext, actor: Actor) => Promise<Row>;
  const action = (name: string, what: string, body: z.ZodType, run: Act) =>
    app.post(`${P}/${name}`, { config: { permission: `app_version:${name}` }, schema: doc('app_version', what, { body, returns: 'the release' }) }, async (req) => {
      const row = await run(req.body ?? {}, authOf(req), actorOf(req));
      return ok(withPending(row as Record<string, unknown>, await show(row.id as number, req)));
    });

  action('add', '新建版本 {platform, version_name x.y.z, version_code, notes_zh, notes_en?, store_url? (https; iOS / HarmonyOS), min_supported_version?, rollout 0–100 = 100}: a draft; name and code unique per platform', appVersionAddSchema, (b, a, c) => actions.add(b, a, c));
  action('publish', '发布: 草稿 → 已发布 {id, version}; needs the package (Android) or the store link, and a version name and code above every published release of the platform', appVersionMoveSchema, (b, a, c) => actions.publish(b, a, c));
  action('rollout', '调整灰度比例 of a published release {id, version, rollout 0–100}', appVersionRolloutSchema, (b, a, c) => actions.rollout(b, a, c));
  action('withdraw', '撤回: 已发布 → 已撤回 {id, version, reason}', appVersionWithdrawSchema, (b, a, c) => actions.withdraw(b, a, c));

  const del = async (req: FastifyRequest) => {
    const body = parse(deleteSchema, input(req));
    const ids = 'id' in body ? [body.id] : parseIds(body.ids);
    return ok({ ids: await actions.del(ids, authOf(req), actorOf(req)) });
  };
  app.get(`${P}/del`, { config: { permission: 'app_version:del' }, schema: doc('app_version', 'Delete drafts: ?id=1 or ?ids=1,2 → {ids} (their packages too); a published or withdrawn release stays', { querystring: deleteQueryDoc }) }, del);
  app.post(`${P}/del`, { config: { permission: 'app_version:del' }, schema: doc('app_version', 'Delete drafts: {id} or {ids} → {ids} (their packages too); a published or withdrawn release stays', { body: deleteSchema }) }, del);

  app.register(async (scoped) => {
    acceptRawBodies(scoped, config.appPackageMaxBytes, () => uploadTooLarge(config.appPackageMaxBytes));
    scoped.post(
      `${P}/upload_package`,
      {
        config: { permission: 'app_version:upload_package' },
        schema: doc('app_version', `The Android package of a draft: the .apk itself is the body (?id=&version=, name in ?name= or X-File-Name), ≤ APP_PACKAGE_MAX_MB (${Math.round(config.appPackageMaxBytes / 1024 / 1024)} MiB) → the release with package_size, package_sha256 (SHA-256, hex) and a signed package_url; replaces an earlier upload`, { querystring: appVersionUploadQuery }),
      },
      async (req) => {
        const q = parse(appVersionUploadQuery, req.query);
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const row = await actions.uploadPackage({ id: q.id, version: q.version, name: fileNameOf(req, '') || undefined }, body, String(req.headers['content-type'] ?? ''), authOf(req), actorOf(req));
        return ok(await show(row.id, req));
      },
    );
  });

  app.get(
    APP_LATEST_URL,
    {
      config: { public: true },
      schema: doc(
        'app_version',
        'For the 光E宝 app, no sign-in: ?platform=android|ios|harmonyos&current=x.y.z&device_id=… (&lang=zh|en, else Accept-Language) → {platform, version_name, version_code, notes, notes_zh, notes_en, url (signed package link valid an hour, or the store page), size, sha256, force, min_supported_version, published_at} of the newest published release above current offered to this device (staged rollout by a stable hash of device id and release; without device_id only 100 % releases), or null. force = current is below the highest minimum supported version. Cache-Control: public, max-age=60',
        { querystring: appVersionLatestQuery },
      ),
    },
    async (req, reply) => {
      const data = await actions.latest(req.query, req.lang);
      reply.header('cache-control', `public, max-age=${LATEST_MAX_AGE_S}`).header('vary', 'Accept-Language');
      return ok(data);
    },
  );

  excelRoutes(app, deps, {
    exportPermission: 'app_version:export',
    exportSpec: {
      def,
      title: ['App版本', 'app releases'],
      columns: [
        col.enumOf('platform', AppPlatform, 10, ['平台', 'Platform']),
        col.text('version_name', 12, ['版本名', 'Version']),
        col.number('version_code', 10, ['版本号', 'Code']),
        col.enumOf('status', AppVersionStatus, 8, ['状态', 'Status']),
        col.number('rollout', 8, ['灰度比例(%)', 'Rollout (%)']),
        col.text('min_supported_version', 12, ['最低支持版本', 'Minimum version']),
        col.text('notes_zh', 40, ['更新说明', 'Release notes (zh)']),
        col.text('notes_en', 40, ['更新说明（英文）', 'Release notes (en)']),
        col.text('package_name', 24, ['安装包', 'Package']),
        col.number('package_size', 12, ['大小(字节)', 'Size (bytes)']),
        col.text('package_sha256', 66, ['SHA-256', 'SHA-256']),
        col.text('store_url', 30, ['应用商店地址', 'Store link']),
        col.dateTime('published_at', 18, ['发布时间', 'Published at']),
        col.text('published_by_name', 10, ['发布人', 'Published by']),
        col.dateTime('withdrawn_at', 18, ['撤回时间', 'Withdrawn at']),
        col.text('withdraw_reason', 20, ['撤回原因', 'Withdrawal reason']),
        col.dateTime('created_at', 18, ['创建时间', 'Created at']),
      ],
    },
  });
}
