import { type ApiEnvelope, type AppVersion, paths } from '@pv/contract';
import { withQuery } from '@pv/client';
import { client } from '../../providers/client.ts';
import { currentLang } from '../../providers/i18nProvider.ts';
import { session } from '../../providers/session.ts';
import { APP_VERSION_API } from './logic.ts';

const baseURL = (import.meta.env.VITE_API_BASE as string | undefined) ?? '';

/** One XMLHttpRequest (fetch reports no upload progress): the package as the body, progress 0–1. */
function send(url: string, file: Blob, name: string, onProgress: (share: number) => void): Promise<{ status: number; envelope: ApiEnvelope<AppVersion> | null }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    const token = session.getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const identity = session.getIdentity();
    if (identity) xhr.setRequestHeader('identity', identity);
    xhr.setRequestHeader('Accept-Language', currentLang() === 'en' ? 'en' : 'zh-CN');
    xhr.setRequestHeader('Content-Type', file.type || 'application/vnd.android.package-archive');
    xhr.setRequestHeader('X-File-Name', encodeURIComponent(name));
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let envelope: ApiEnvelope<AppVersion> | null;
      try {
        envelope = JSON.parse(xhr.responseText) as ApiEnvelope<AppVersion>;
      } catch {
        envelope = null;
      }
      resolve({ status: xhr.status, envelope });
    };
    xhr.onerror = () => reject(new Error(currentLang() === 'en' ? 'Network error: the package was not uploaded' : '网络错误，安装包未上传'));
    xhr.send(file);
  });
}

/**
 * Uploads a draft's Android package with progress (POST app_version/upload_package?id&version, the
 * .apk as the body, no 30 s timeout: a 200 MiB file takes minutes on a slow line) → the release with
 * its size and SHA-256. An expired access token (405) is refreshed through the API client once.
 */
export async function uploadPackage(release: Pick<AppVersion, 'id' | 'version'>, file: File, onProgress: (share: number) => void): Promise<AppVersion> {
  const url = baseURL + withQuery(`${paths.resource(APP_VERSION_API)}/upload_package`, { id: release.id, version: release.version });
  let reply = await send(url, file, file.name, onProgress);
  if (reply.status === 405) {
    // any call through the client refreshes the token (SPEC.md §8), then the upload goes once more
    await client.get(paths.userInfo, undefined, { silent: true });
    reply = await send(url, file, file.name, onProgress);
  }
  if (reply.status !== 200 || !reply.envelope || Number(reply.envelope.code) !== 200) throw new Error(reply.envelope?.msg || `HTTP ${reply.status}`);
  return reply.envelope.data;
}
