/** The API envelope every endpoint answers with (SPEC.md §3, §8). */
export interface ApiEnvelope<T = unknown> {
  code: number | string;
  msg: string;
  data: T;
}

/** Codes that mean success (SPEC.md §8). Both numbers and strings occur in the wild. */
export const SUCCESS_CODES: ReadonlyArray<number | string> = [200, 0, '200', '0'];

export function isSuccessCode(code: unknown): boolean {
  return SUCCESS_CODES.includes(code as number | string);
}

/** Response codes with a meaning for the client (SPEC.md §8). */
export const ResponseCode = {
  ok: 200,
  badRequest: 400,
  /** wrong credentials, no permission, token invalid: the client shows msg and does nothing else */
  unauthorized: 401,
  /** session gone or token expired: the client clears the session and goes to login */
  tokenExpired: 402,
  forbidden: 403,
  notFound: 404,
  /** access token about to expire: the client refreshes once and retries */
  tokenExpiring: 405,
  formatUnavailable: 406,
  /** stale version on an optimistic-locked edit */
  conflict: 409,
  gone: 410,
  payloadTooLarge: 413,
  tooManyRequests: 429,
  serverError: 500,
  unavailable: 503,
} as const;

/** The status-text table of SPEC.md §8, used when a reply carries no msg. */
export const STATUS_TEXT: Readonly<Record<number, string>> = {
  200: 'ok',
  201: 'created',
  202: 'queued',
  204: 'deleted',
  400: 'bad info',
  401: 'no permission / token invalid / wrong credentials / expired',
  402: 'token expired',
  403: 'forbidden',
  404: 'not found',
  405: 'token about to expire',
  406: 'format unavailable',
  410: 'permanently deleted',
  500: 'server error',
  502: 'gateway',
  503: 'unavailable',
  504: 'gateway timeout',
};

export function statusText(code: number | string): string {
  return STATUS_TEXT[Number(code)] ?? `error ${String(code)}`;
}

/** `{list,total}`: what every `index` endpoint returns in `data`. */
export interface ListResult<T> {
  list: T[];
  total: number;
}
