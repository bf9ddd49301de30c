import { paths } from '@pv/contract';
import { ApiError, type ApiClient } from '@pv/client';

/**
 * Asks the server whether `password` is the signed-in user's own (POST check_password). Resolves
 * true / false; a wrong password may come back as a refusal code or as data false / {valid:false}.
 * Other failures (network, server error) reject so their message can be shown.
 */
export async function checkPassword(api: ApiClient, password: string): Promise<boolean> {
  try {
    const reply = await api.post<unknown>(paths.checkPassword, { password }, { silent: true });
    const data = reply.data as { valid?: unknown; ok?: unknown; match?: unknown } | boolean | null | undefined;
    if (data === false) return false;
    if (data && typeof data === 'object') {
      for (const k of ['valid', 'ok', 'match'] as const) if (k in data && data[k] === false) return false;
    }
    return true;
  } catch (err) {
    if (err instanceof ApiError && [400, 401, 403, 422].includes(Number(err.code))) return false;
    throw err;
  }
}
