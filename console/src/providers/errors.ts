import { HttpError } from 'ra-core';
import { ApiError } from '@pv/client';

/**
 * Field errors a validation failure carries in `data`, whatever shape the server uses:
 * `{errors: {field: msg}}`, `{fields: {...}}`, or a list of `{path|field, message|msg}`.
 */
export function fieldErrorsOf(data: unknown): Record<string, string> | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  const candidate = d.errors ?? d.fields ?? d.issues ?? (Array.isArray(data) ? data : null);
  const out: Record<string, string> = {};
  if (Array.isArray(candidate)) {
    for (const item of candidate) {
      if (!item || typeof item !== 'object') continue;
      const i = item as Record<string, unknown>;
      const path = Array.isArray(i.path) ? i.path.join('.') : String(i.path ?? i.field ?? '');
      const message = String(i.message ?? i.msg ?? '');
      if (path && message && !(path in out)) out[path] = message;
    }
  } else if (candidate && typeof candidate === 'object') {
    for (const [field, message] of Object.entries(candidate as Record<string, unknown>)) {
      const text = Array.isArray(message) ? message[0] : message;
      if (typeof text === 'string' && text) out[field] = text;
    }
  }
  return Object.keys(out).length ? out : null;
}

/**
 * An ApiError from the client as react-admin's HttpError: the server's msg (already in the user's
 * language) as the message, the code as the status (react-admin's checkError looks at it), and field
 * errors in body.errors so the form shows them under the inputs.
 */
export function toHttpError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  if (error instanceof ApiError || (error instanceof Error && 'code' in error)) {
    const e = error as ApiError;
    const status = Number.isFinite(Number(e.code)) ? Number(e.code) : (e.status ?? 0);
    const errors = fieldErrorsOf(e.data);
    const body: Record<string, unknown> = { code: e.code, data: e.data };
    if (errors) body.errors = errors;
    return new HttpError(e.message, status, body);
  }
  return error;
}
