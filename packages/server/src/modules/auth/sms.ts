import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsPurpose } from '@pv/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { smsCodes } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';

/** Delivers a verification code. Plug a real gateway in with `app.smsSender = { send }`. */
export interface SmsSender {
  send(phone: string, code: string, purpose: SmsPurpose): Promise<void>;
}

/**
 * The built-in sender (no SMS gateway): writes the code to the server log (warn, so it shows at the
 * default levels) and, with a DATA_DIR, appends `phone purpose code` to DATA_DIR/sms-outbox.log so a
 * developer or a browser test can sign in by SMS.
 */
export function logSmsSender(log: FastifyBaseLogger, dataDir: string | null): SmsSender {
  return {
    async send(phone, code, purpose) {
      log.warn({ phone, purpose }, `SMS verification code for ${phone}: ${code} (built-in sender: no SMS gateway configured)`);
      if (dataDir) {
        mkdirSync(dataDir, { recursive: true });
        appendFileSync(join(dataDir, 'sms-outbox.log'), `${new Date().toISOString()} ${phone} ${purpose} ${code}\n`, { mode: 0o600 });
      }
    },
  };
}

const hashCode = (config: Config, phone: string, purpose: string, code: string) =>
  createHmac('sha256', config.tokenSecret).update(`sms:${phone}:${purpose}:${code}`).digest('hex');

/**
 * Creates and sends a 6-digit code. Limits: one per SMS_RESEND_SECONDS and SMS_MAX_PER_HOUR per
 * phone, SMS_MAX_PER_IP_HOUR per address (429 with the seconds to wait). `deliver` false still
 * records the request (so limits and timing do not tell whether the number has an account).
 */
export async function issueSmsCode(
  db: Db,
  config: Config,
  sender: SmsSender,
  input: { phone: string; purpose: SmsPurpose; ip: string; deliver: boolean },
): Promise<{ expires_in: number; resend_in: number }> {
  const now = Date.now();
  const hourAgo = new Date(now - 3600_000);
  const [last] = await db
    .select({ created_at: smsCodes.created_at })
    .from(smsCodes)
    .where(eq(smsCodes.phone, input.phone))
    .orderBy(desc(smsCodes.created_at))
    .limit(1);
  if (last && now - last.created_at.getTime() < config.smsResendSeconds * 1000) {
    throw new ApiError(429, 'error.too_many_requests', { seconds: Math.ceil((last.created_at.getTime() + config.smsResendSeconds * 1000 - now) / 1000) });
  }
  const oldestIn = async (where: ReturnType<typeof and>) => {
    const [row] = await db.select({ n: count(), oldest: sql<string>`min(${smsCodes.created_at})` }).from(smsCodes).where(where);
    return row ?? { n: 0, oldest: null };
  };
  const wait = (oldest: string | null) => Math.max(1, Math.ceil((new Date(oldest ?? now).getTime() + 3600_000 - now) / 1000));
  const perPhone = await oldestIn(and(eq(smsCodes.phone, input.phone), gt(smsCodes.created_at, hourAgo)));
  if (perPhone.n >= config.smsMaxPerHour) throw new ApiError(429, 'error.too_many_requests', { seconds: wait(perPhone.oldest) });
  const perIp = await oldestIn(and(eq(smsCodes.ip, input.ip), gt(smsCodes.created_at, hourAgo)));
  if (perIp.n >= config.smsMaxPerIpHour) throw new ApiError(429, 'error.too_many_requests', { seconds: wait(perIp.oldest) });

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    // a new code voids the phone's earlier unused ones
    await tx
      .update(smsCodes)
      .set({ used_at: new Date() })
      .where(and(eq(smsCodes.phone, input.phone), eq(smsCodes.purpose, input.purpose), isNull(smsCodes.used_at)));
    await tx.insert(smsCodes).values({
      phone: input.phone,
      purpose: input.purpose,
      code_hash: input.deliver ? hashCode(config, input.phone, input.purpose, code) : 'undelivered',
      expires_at: new Date(now + config.smsCodeTtl * 1000),
      ip: input.ip,
    });
  });
  if (input.deliver) await sender.send(input.phone, code, input.purpose);
  return { expires_in: config.smsCodeTtl, resend_in: config.smsResendSeconds };
}

/**
 * Checks a code and uses it up. Wrong codes count against the code (SMS_MAX_ATTEMPTS, then it is
 * void); an expired, used or never-sent code is `error.sms_code_expired`. Runs in its own
 * transaction, committed before any error is thrown, so a wrong try is counted.
 */
export async function consumeSmsCode(db: Db, config: Config, phone: string, purpose: SmsPurpose, code: string): Promise<void> {
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose), isNull(smsCodes.used_at), gt(smsCodes.expires_at, new Date())))
      .orderBy(desc(smsCodes.created_at))
      .limit(1)
      .for('update');
    if (!row) return { error: new ApiError(401, 'error.sms_code_expired') };
    const expected = Buffer.from(row.code_hash);
    const given = Buffer.from(hashCode(config, phone, purpose, code));
    if (expected.length === given.length && timingSafeEqual(expected, given)) {
      await tx.update(smsCodes).set({ used_at: new Date() }).where(eq(smsCodes.id, row.id));
      return { error: null };
    }
    const attempts = row.attempts + 1;
    const spent = attempts >= config.smsMaxAttempts;
    await tx
      .update(smsCodes)
      .set({ attempts, ...(spent ? { used_at: new Date() } : {}) })
      .where(eq(smsCodes.id, row.id));
    return { error: spent ? new ApiError(401, 'error.sms_code_attempts') : new ApiError(401, 'error.sms_code_wrong', { left: config.smsMaxAttempts - attempts }) };
  });
  if (outcome.error) throw outcome.error;
}
