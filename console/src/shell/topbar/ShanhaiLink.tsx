import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Button, CircularProgress } from '@mui/material';
import LaunchIcon from '@mui/icons-material/Launch';
import { paths, type AuthConfig } from '@pv/contract';
import { client } from '../../providers/client.ts';
import { session } from '../../providers/session.ts';
import { useAuthConfig } from '../authConfig.ts';

type External = NonNullable<AuthConfig['external']>;

/**
 * The 山海系统 flow (SPEC.md §7): ex_login (our id) → data.ex, a one-time ticket; su_login on the
 * external host with that id and our identity → data.ex.data.token; the external page opens with
 * ?token= in a new tab. Plain fetch for the foreign host, so our bearer token never goes there.
 */
export async function openShanhai(external: External, win: { location: { href: string }; close(): void } | null): Promise<string> {
  const ex = await client.post<{ ex: string }>(paths.exLogin, { id: Number(session.getId()) || undefined }, { silent: true });
  const res = await fetch(`${external.url}${external.suLoginPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ id: ex.data.ex, identity: session.getIdentity() }),
  });
  let json: { msg?: string; data?: { token?: string; ex?: { data?: { token?: string } } } } = {};
  try {
    json = (await res.json()) as typeof json;
  } catch {
    // not JSON: reported below
  }
  if (!res.ok) throw new Error(json.msg || `HTTP ${res.status}`);
  const token = json.data?.ex?.data?.token ?? json.data?.token;
  if (!token) throw new Error('no-token');
  const page = new URL(external.pagePath, `${external.url}/`);
  page.searchParams.set('token', token);
  if (win) win.location.href = page.toString();
  return page.toString();
}

/** Top-bar link, shown only when the server has an external system configured (EXTERNAL_SYSTEM_URL). */
export const ShanhaiLink = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const config = useAuthConfig();
  const [busy, setBusy] = useState(false);
  const external = config?.external;
  if (!external) return null;

  const open = async () => {
    // open the tab within the click (popup blockers), point it at the external page when ready
    const win = window.open('about:blank', '_blank');
    if (win) win.opener = null;
    setBusy(true);
    try {
      await openShanhai(external, win);
    } catch (error) {
      win?.close();
      const detail = (error as Error)?.message === 'no-token' ? translate('pv.auth.shanhai_no_token') : (error as Error)?.message || '';
      notify('pv.auth.shanhai_failed', { type: 'error', messageArgs: { detail } });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      color="inherit"
      size="small"
      onClick={open}
      disabled={busy}
      data-testid="shanhai-link"
      startIcon={busy ? <CircularProgress size={14} color="inherit" /> : <LaunchIcon fontSize="small" />}
      sx={{ whiteSpace: 'nowrap', mx: 0.5 }}
    >
      {translate('pv.auth.shanhai')}
    </Button>
  );
};
