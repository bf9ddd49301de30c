import { type ApiEnvelope, type Lang, ResponseCode } from '@pv/contract';
import { t } from './messages.ts';

/**
 * The one error type business code throws. `code` is both the HTTP status and the envelope code;
 * `key` and `params` become the msg in the caller's language. `detail` is an already translated msg
 * (validation messages assembled from several issues).
 */
export class ApiError extends Error {
  /** what the reply's data carries besides the msg (e.g. the columns an import misses); null by default */
  data: unknown = null;

  constructor(
    readonly code: number,
    readonly key: string,
    readonly params: Record<string, unknown> = {},
    readonly detail?: (lang: Lang) => string,
  ) {
    super(key);
    this.name = 'ApiError';
  }

  /** The same error with `data` in its reply. */
  withData(data: unknown): this {
    this.data = data;
    return this;
  }

  message_(lang: Lang): string {
    return this.detail ? this.detail(lang) : t(this.key, lang, this.params);
  }
}

export const badRequest = (key: string, params?: Record<string, unknown>) => new ApiError(ResponseCode.badRequest, key, params);
export const notFound = (id: unknown) => new ApiError(ResponseCode.notFound, 'error.not_found', { id });
export const forbidden = (permission: string) => new ApiError(ResponseCode.forbidden, 'error.forbidden', { permission });
/**
 * A record outside the caller's data scope answers exactly as one that does not exist: 404 with the
 * same message (no existence oracle, docs/DECISIONS.md "API conventions").
 */
export const outOfScope = (id: unknown) => notFound(id);
export const conflict = (current: number, yours: number) =>
  new ApiError(ResponseCode.conflict, 'error.version_conflict', { current, yours });

export function ok<T>(data: T): ApiEnvelope<T> {
  return { code: ResponseCode.ok, msg: 'success', data };
}
