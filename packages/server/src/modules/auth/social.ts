import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';
import { ApiError } from '../../http/errors.ts';

/**
 * External identity provider (OAuth2 authorization code). The console asks for the authorize URL
 * (with a state the server signed, valid 10 minutes, also kept in the tab's sessionStorage), the
 * provider sends the browser to /#/callback?code&state, the console posts both to /socialLogin and the
 * server exchanges the code (token URL, then userinfo URL) for the provider's account id.
 */
const STATE_TTL = 600;

export const socialEnabled = (config: Config) => !!(config.oauth.authorizeUrl && config.oauth.tokenUrl && config.oauth.userinfoUrl && config.oauth.clientId);

const sign = (data: string, config: Config) => createHmac('sha256', config.tokenSecret).update(`oauth-state:${data}`).digest('base64url');

export function newState(config: Config, now = Date.now()): string {
  const body = `${randomBytes(16).toString('base64url')}.${Math.floor(now / 1000) + STATE_TTL}`;
  return `${body}.${sign(body, config)}`;
}

export function stateValid(config: Config, state: string, now = Date.now()): boolean {
  const i = state.lastIndexOf('.');
  if (i < 0) return false;
  const body = state.slice(0, i);
  const expected = Buffer.from(sign(body, config));
  const given = Buffer.from(state.slice(i + 1));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  const exp = Number(body.split('.')[1]);
  return Number.isFinite(exp) && exp * 1000 > now;
}

export function authorizeUrl(config: Config): { url: string; state: string } {
  const state = newState(config);
  const url = new URL(config.oauth.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', config.oauth.clientId);
  if (config.oauth.redirectUri) url.searchParams.set('redirect_uri', config.oauth.redirectUri);
  url.searchParams.set('scope', config.oauth.scope);
  url.searchParams.set('state', state);
  return { url: url.toString(), state };
}

async function fetchJson(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch (err) {
    throw new ApiError(502, 'error.social_provider', { detail: (err as Error).message });
  }
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON: reported below
  }
  if (!res.ok) {
    const detail = (json.error_description ?? json.error ?? json.msg ?? `HTTP ${res.status}`) as string;
    throw new ApiError(401, 'error.social_provider', { detail: String(detail).slice(0, 200) });
  }
  return json;
}

/** The provider's account id for an authorization code. */
export async function exchangeCode(config: Config, code: string): Promise<string> {
  const o = config.oauth;
  const form = new URLSearchParams({ grant_type: 'authorization_code', code, client_id: o.clientId, client_secret: o.clientSecret });
  if (o.redirectUri) form.set('redirect_uri', o.redirectUri);
  const token = await fetchJson(o.tokenUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body: form });
  const accessToken = token.access_token;
  if (typeof accessToken !== 'string' || !accessToken) throw new ApiError(401, 'error.social_provider', { detail: 'no access_token' });
  const info = await fetchJson(o.userinfoUrl, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } });
  const subject = info[o.subjectField] ?? (info.data as Record<string, unknown> | undefined)?.[o.subjectField];
  if ((typeof subject !== 'string' && typeof subject !== 'number') || String(subject) === '') {
    throw new ApiError(401, 'error.social_provider', { detail: `no ${o.subjectField}` });
  }
  return String(subject);
}
