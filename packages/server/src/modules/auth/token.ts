import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Access tokens: JWT-shaped (header.payload.signature, HS256) signed with the configured secret.
 * They name the session, so a server can refuse a token whose session was revoked (logout) even
 * before it expires. Pure functions, no I/O.
 */
export interface TokenPayload {
  /** user id */
  sub: number;
  /** session id */
  sid: string;
  iat: number;
  exp: number;
  /** issued at in ms (GET /expireToken expires the tokens of a session issued up to an instant) */
  ims?: number;
}

const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');
const HEADER = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function sign(data: string, secret: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url');
}

export function signAccessToken(payload: Omit<TokenPayload, 'iat' | 'exp' | 'ims'>, secret: string, ttlSeconds: number, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const body = b64(JSON.stringify({ ...payload, iat, exp: iat + ttlSeconds, ims: now }));
  return `${HEADER}.${body}.${sign(`${HEADER}.${body}`, secret)}`;
}

export type VerifyResult = { ok: true; payload: TokenPayload; expired: boolean } | { ok: false };

/** Checks the signature; reports expiry separately so an expired-but-genuine token can be told apart. */
export function verifyAccessToken(token: string, secret: string, now = Date.now()): VerifyResult {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false };
  const [header, body, signature] = parts as [string, string, string];
  const expected = Buffer.from(sign(`${header}.${body}`, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false };
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TokenPayload;
    if (typeof payload.sub !== 'number' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return { ok: false };
    return { ok: true, payload, expired: payload.exp * 1000 <= now };
  } catch {
    return { ok: false };
  }
}

/** Refresh tokens are `<session id>.<random>`; only a hash of the random part is stored. */
export function newRefreshToken(sessionId: string): { token: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { token: `${sessionId}.${secret}`, hash: hashSecret(secret) };
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function splitRefreshToken(token: string): { sessionId: string; secret: string } | null {
  const m = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{20,})$/.exec(token);
  return m ? { sessionId: m[1]!, secret: m[2]! } : null;
}
