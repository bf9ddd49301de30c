import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { Alert, Box, CircularProgress, Link, Typography } from '@mui/material';
import { paths, type LoginResult } from '@pv/contract';
import { client } from '../../providers/client.ts';
import { OAUTH_STATE_KEY } from '../LoginPage.tsx';
import { usePublicPageLogin } from './usePublicPageLogin.ts';
import { useDocumentTitle } from '../useDocumentTitle.ts';
import { AuthCard } from './AuthCard.tsx';

/**
 * code and state of the provider's redirect: in the hash query (#/callback?code=) or, as providers
 * usually append them, in the page query (/?code=&state=#/callback). Returns the clean address too.
 */
export function callbackParams(href: string): { code: string | null; state: string | null; cleanUrl: string } {
  const url = new URL(href);
  const [hashPath = '', hashQuery = ''] = url.hash.replace(/^#/, '').split(/\?(.*)/s);
  const fromHash = new URLSearchParams(hashQuery);
  const fromPage = url.searchParams;
  const pick = (k: string) => fromHash.get(k) ?? fromPage.get(k);
  return { code: pick('code'), state: pick('state'), cleanUrl: `${url.pathname}#${hashPath || '/callback'}` };
}

/** /callback: finishes the external sign-in (POST /socialLogin), then goes home (or the start page). */
export const CallbackPage = () => {
  const translate = useTranslate();
  const signIn = usePublicPageLogin();
  useDocumentTitle();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const { code, state, cleanUrl } = callbackParams(window.location.href);
    window.history.replaceState(window.history.state, '', cleanUrl);
    const expected = sessionStorage.getItem(OAUTH_STATE_KEY);
    sessionStorage.removeItem(OAUTH_STATE_KEY);
    if (!code || !state) return setError(translate('pv.auth.callback_missing'));
    if (expected && expected !== state) return setError(translate('pv.auth.callback_state'));
    void (async () => {
      try {
        const reply = await client.post<LoginResult>(paths.socialLogin, { code, state }, { silent: true });
        await signIn(reply.data, '');
      } catch (err) {
        setError((err as Error)?.message || translate('pv.auth.callback_failed'));
      }
    })();
  }, [signIn, translate]);

  return (
    <AuthCard title={translate(error ? 'pv.auth.callback_failed' : 'pv.auth.callback_signing_in')}>
      {error ? (
        <>
          <Alert severity="error">{error}</Alert>
          <Typography variant="body2" sx={{ mt: 2, textAlign: 'center' }}>
            <Link component={RouterLink} to="/login" underline="hover">
              {translate('pv.auth.back_to_login')}
            </Link>
          </Typography>
        </>
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress />
        </Box>
      )}
    </AuthCard>
  );
};
