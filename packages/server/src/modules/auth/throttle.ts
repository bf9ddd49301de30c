import { and, count, eq, gt, inArray, max, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { sysLog } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';

/**
 * Brute-force brake for every way of proving who you are (password, SMS code, lock-screen password).
 * State is the system log (any number of processes share it): failures of an account since its last
 * success, and failures from an address, within LOGIN_WINDOW_SECONDS. Past LOGIN_DELAY_AFTER the
 * attempt is slowed (doubling delay, capped); past the maximum it is refused with 429 and the seconds
 * until the oldest counted failure leaves the window.
 */
export const SIGN_IN_FAILURES = ['login_failed', 'sms_login_failed'] as const;

export interface ThrottleKey {
  /** failure action counted per account (login_failed, check_password_failed) */
  actions: readonly string[];
  /** account key: user name (or phone for SMS attempts on an unknown number) */
  username: string;
  /** success action that resets the account counter */
  success: string;
  ip: string;
}

/** Progressive delay (ms) after `failures` failures. Pure, for tests. */
export function delayFor(failures: number, config: Pick<Config, 'loginDelayAfter' | 'loginDelayMs' | 'loginDelayMaxMs'>): number {
  if (config.loginDelayMs <= 0 || failures < config.loginDelayAfter) return 0;
  return Math.min(config.loginDelayMaxMs, config.loginDelayMs * 2 ** (failures - config.loginDelayAfter));
}

const secondsLeft = (oldest: string | Date | null, windowSeconds: number) =>
  Math.max(1, Math.ceil((new Date(oldest ?? Date.now()).getTime() + windowSeconds * 1000 - Date.now()) / 1000));

/** Throws 429 when the account or the address is over its limit; otherwise waits the progressive delay. */
export async function throttle(db: Db, config: Config, key: ThrottleKey): Promise<void> {
  const windowStart = new Date(Date.now() - config.loginWindowSeconds * 1000);
  const [lastOk] = await db
    .select({ at: max(sysLog.created_at) })
    .from(sysLog)
    .where(and(eq(sysLog.action, key.success), eq(sysLog.username, key.username), gt(sysLog.created_at, windowStart)));
  const since = lastOk?.at && new Date(lastOk.at) > windowStart ? new Date(lastOk.at) : windowStart;
  const [account] = await db
    .select({ n: count(), oldest: sql<string>`min(${sysLog.created_at})` })
    .from(sysLog)
    .where(and(inArray(sysLog.action, [...key.actions]), eq(sysLog.username, key.username), gt(sysLog.created_at, since)));
  const [address] = await db
    .select({ n: count(), oldest: sql<string>`min(${sysLog.created_at})` })
    .from(sysLog)
    .where(and(inArray(sysLog.action, [...key.actions, ...SIGN_IN_FAILURES]), eq(sysLog.ip, key.ip), gt(sysLog.created_at, windowStart)));
  const accountFailures = account?.n ?? 0;
  const addressFailures = address?.n ?? 0;
  if (accountFailures >= config.loginMaxFailures) {
    throw new ApiError(429, 'error.too_many_requests', { seconds: secondsLeft(account?.oldest ?? null, config.loginWindowSeconds) });
  }
  if (addressFailures >= config.loginIpMaxFailures) {
    throw new ApiError(429, 'error.too_many_requests', { seconds: secondsLeft(address?.oldest ?? null, config.loginWindowSeconds) });
  }
  // an address's failures count on the account's scale (50 from one office ≈ 10 on one account)
  const scaled = config.loginIpMaxFailures > 0 ? Math.floor((addressFailures * config.loginMaxFailures) / config.loginIpMaxFailures) : 0;
  const wait = delayFor(Math.max(accountFailures, scaled), config);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
