import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';

/**
 * The 山海系统 ticket (ex_login → data.ex): `<payload>.<signature>`, payload base64url JSON
 * {sub, username, identity, jti, exp}, HMAC-SHA256 with EXTERNAL_SYSTEM_SECRET (the token secret when
 * unset). It lives 60 s; the external system verifies the signature and expiry and takes each jti once.
 */
export const EX_TICKET_TTL = 60;

const secretOf = (config: Config) => config.externalSystemSecret || config.tokenSecret;
const sign = (data: string, secret: string) => createHmac('sha256', secret).update(data).digest('base64url');

export interface ExTicket {
  sub: number;
  username: string;
  identity: string;
  jti: string;
  exp: number;
}

export function issueExTicket(config: Config, user: { id: number; username: string; identity: string }, now = Date.now()): string {
  const payload: ExTicket = { sub: user.id, username: user.username, identity: user.identity, jti: randomUUID(), exp: Math.floor(now / 1000) + EX_TICKET_TTL };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(body, secretOf(config))}`;
}

/** What the external system does with a ticket (also used by the tests' stand-in). */
export function verifyExTicket(ticket: string, secret: string, now = Date.now()): ExTicket | null {
  const [body, signature, extra] = ticket.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(body, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ExTicket;
    return payload.exp * 1000 > now ? payload : null;
  } catch {
    return null;
  }
}
