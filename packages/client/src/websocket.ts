import { paths, type ServerFrame } from '@pv/contract';

const BACKOFF_MIN_MS = 1000;
const BACKOFF_MAX_MS = 30_000;

/** ws(s)://host/api/system/ws, beside the API's base URL (same origin when it is relative). */
export function websocketUrl(base: string, location: { protocol: string; host: string }): string {
  if (/^https?:\/\//i.test(base)) return `${base.replace(/^http/i, 'ws').replace(/\/$/, '')}${paths.websocket}`;
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${base.replace(/\/$/, '')}${paths.websocket}`;
}

/** Delay before reconnect attempt `n` (0-based): 1 s, 2 s, 4 s … up to 30 s, with ±20 % jitter. */
export function backoffDelay(n: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** Math.min(n, 10));
  return Math.round(base * (0.8 + random() * 0.4));
}

/** A frame of the push channel, or null for anything that is not JSON (ignored by the listeners). */
export function parseServerFrame(data: unknown): ServerFrame | null {
  try {
    return JSON.parse(String(data)) as ServerFrame;
  } catch {
    return null;
  }
}
