import { APP_VERSION_MACHINE, canTransition, needsPackage, type AppVersion, type AppVersionAction } from '@pv/contract';
import { APP_VERSION_RESOURCE } from '../names.ts';
export { APP_VERSION_RESOURCE };

/** 其他 › 版本管理: the react-admin resource (route path) and its API. */
export const APP_VERSION_API = 'app_version';
export const appVersionDetailPath = (id: number | string) => `/other/appVersionDetail?id=${id}`;
export const appVersionField = (name: string) => `resources.${APP_VERSION_RESOURCE}.fields.${name}`;

/** The lifecycle buttons a state allows, in the order the detail page shows them. */
export const APP_VERSION_ACTIONS: AppVersionAction[] = ['publish', 'rollout', 'withdraw'];
export const allowedAppVersionActions = (status: string) => APP_VERSION_ACTIONS.filter((a) => canTransition(APP_VERSION_MACHINE, status, a));

/** What a draft still lacks before it can be published (the server says the same). */
export const publishBlocker = (r: Pick<AppVersion, 'platform' | 'package_file_id' | 'store_url'>): 'no_package' | 'no_store_url' | null => {
  if (needsPackage(r.platform)) return r.package_file_id ? null : 'no_package';
  return r.store_url ? null : 'no_store_url';
};

/** 12.3 MiB, 980 KiB, 512 B */
export function formatBytes(n: number | null | undefined): string {
  if (n === null || n === undefined) return '-';
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MiB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KiB`;
  return `${n} B`;
}
