import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { LocalesMenuButton, useLogin, useNotify, useTranslate } from 'react-admin';
import { Box, Button, CircularProgress, Divider, InputAdornment, Link, Paper, Tab, Tabs, TextField, Typography } from '@mui/material';
import PersonIcon from '@mui/icons-material/PersonOutline';
import LockIcon from '@mui/icons-material/LockOutlined';
import { PASSWORD_MIN_LENGTH, SOCIAL_URL_PATH, isBlank } from '@pv/contract';
import { client } from '../providers/client.ts';
import { useAuthConfig } from './authConfig.ts';
import { SmsCodeInput, codeError, phoneError } from './pages/SmsCodeInput.tsx';
import { useDocumentTitle } from './useDocumentTitle.ts';
import { LOCALES } from '../providers/i18nProvider.ts';
import { session } from '../providers/session.ts';
import { greetingKey } from './greeting.ts';
import { SunLogo } from './SunLogo.tsx';
import { SolarScene } from './SolarScene.tsx';

/**
 * Where to go after login: ?redirect=path, else where react-admin was sent from, else home. The
 * latter is written into the url as ?redirect= (SPEC.md §2) unless it is the home page.
 */
function useRedirectTarget(): { target: string; explicit: boolean } {
  const location = useLocation();
  const navigate = useNavigate();
  const fromQuery = new URLSearchParams(location.search).get('redirect');
  const state = location.state as { nextPathname?: string; nextSearch?: string } | null;
  const fromState = state?.nextPathname && state.nextPathname !== '/login' ? state.nextPathname + (state.nextSearch ?? '') : null;
  useEffect(() => {
    if (!fromQuery && fromState && fromState !== '/') {
      navigate({ pathname: '/login', search: `?redirect=${encodeURIComponent(fromState)}` }, { replace: true, state: location.state });
    }
  }, [fromQuery, fromState, navigate, location.state]);
  if (fromQuery && fromQuery.startsWith('/') && !fromQuery.startsWith('/login')) return { target: fromQuery, explicit: true };
  return { target: fromState ?? '/', explicit: !!fromState && fromState !== '/' };
}

/** After any login: the welcome by time of day (SPEC.md §4). */
export function useWelcome() {
  const translate = useTranslate();
  const notify = useNotify();
  return (fallbackName: string) => {
    const user = session.getUser();
    notify('pv.welcome', {
      type: 'success',
      messageArgs: { greeting: translate(greetingKey()), name: user?.full_name || user?.username || fallbackName },
    });
  };
}

const showError = (notify: ReturnType<typeof useNotify>, error: unknown) => {
  const message = (error as Error)?.message || 'ra.auth.sign_in_error';
  notify(message, { type: 'error', messageArgs: { _: message } });
};

/** Phone + SMS code (SPEC.md §5 prompts). */
const SmsLoginForm = ({ redirect }: { redirect: { target: string; explicit: boolean } }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const login = useLogin();
  const welcome = useWelcome();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; code?: string }>({});
  const [loading, setLoading] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = { phone: phoneError(phone), code: codeError(code) };
    setErrors({ phone: next.phone && translate(next.phone), code: next.code && translate(next.code) });
    if (next.phone || next.code) return;
    setLoading(true);
    try {
      await login({ phone: phone.trim(), code: code.trim(), useStartPage: !redirect.explicit }, redirect.target);
      welcome(phone.trim());
    } catch (error) {
      showError(notify, error);
      setLoading(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={translate('pv.auth.tab_sms')}>
      <SmsCodeInput purpose="login" phone={phone} code={code} onPhone={setPhone} onCode={setCode} errors={errors} onErrors={setErrors} />
      <SubmitButton loading={loading} />
    </form>
  );
};

export const SubmitButton = ({ loading, label = 'pv.login.submit' }: { loading: boolean; label?: string }) => {
  const translate = useTranslate();
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={loading}
      sx={{ mt: 2, py: 1.3, fontSize: 16, background: 'linear-gradient(90deg, #0b5fa5, #1f9bd1)' }}
      startIcon={loading ? <CircularProgress size={18} color="inherit" /> : undefined}
    >
      {translate(label)}
    </Button>
  );
};

export const OAUTH_STATE_KEY = 'pv-oauth-state';

/** External identity provider: the server signs a state, the tab keeps it, the provider comes back to /callback. */
const SocialButton = ({ name }: { name: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      const reply = await client.get<{ url: string; state: string }>(SOCIAL_URL_PATH, undefined, { silent: true });
      sessionStorage.setItem(OAUTH_STATE_KEY, reply.data.state);
      window.location.assign(reply.data.url);
    } catch (error) {
      showError(notify, error);
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" fullWidth onClick={start} disabled={busy} sx={{ mt: 1 }}>
      {translate('pv.auth.social', { name })}
    </Button>
  );
};

export const LoginPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const login = useLogin();
  const redirect = useRedirectTarget();
  const welcome = useWelcome();
  const authConfig = useAuthConfig();
  const [tab, setTab] = useState<'password' | 'sms'>('password');
  // SPEC.md §2: with a token, /login goes to / (the session loads there; a failure comes back here)
  const [signedIn] = useState(() => !!session.getToken());
  useDocumentTitle();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const [loading, setLoading] = useState(false);

  const validate = () => {
    const next: typeof errors = {};
    if (isBlank(username)) next.username = translate('pv.msg.validation.username_required');
    if (password.length < PASSWORD_MIN_LENGTH) next.password = translate('pv.msg.validation.password_min');
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!validate()) return;
    setLoading(true);
    try {
      await login({ username: username.trim(), password, useStartPage: !redirect.explicit }, redirect.target);
      welcome(username.trim());
    } catch (error) {
      showError(notify, error);
      setLoading(false);
    }
  };

  if (signedIn) return <Navigate to="/" replace />;

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', bgcolor: '#f3f6fa' }}>
      <Box
        sx={{
          flex: '1 1 58%',
          display: { xs: 'none', md: 'flex' },
          flexDirection: 'column',
          justifyContent: 'space-between',
          position: 'relative',
          overflow: 'hidden',
          color: '#fff',
          p: 6,
          background: 'linear-gradient(160deg, #0b3b60 0%, #0b5fa5 45%, #1f9bd1 75%, #ffc46b 130%)',
        }}
      >
        <SolarScene />
        <Box sx={{ position: 'relative', display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <SunLogo size={40} />
          <Typography variant="h6" component="div" sx={{ fontWeight: 600, letterSpacing: 1 }}>
            {translate('pv.login.title')}
          </Typography>
        </Box>
        <Box sx={{ position: 'relative', maxWidth: 520 }}>
          <Typography variant="h3" component="p" sx={{ fontWeight: 700, mb: 2, textShadow: '0 2px 12px rgba(0,0,0,.25)' }}>
            {translate('pv.login.slogan')}
          </Typography>
          <Typography variant="h6" component="p" sx={{ opacity: 0.9, mb: 3, fontWeight: 400 }}>
            {translate('pv.login.subtitle')}
          </Typography>
          {(['feature_customers', 'feature_stations', 'feature_stats'] as const).map((key) => (
            <Typography key={key} component="p" sx={{ opacity: 0.9, mb: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
              <Box component="span" sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: '#f5a623', display: 'inline-block' }} />
              {translate(`pv.login.${key}`)}
            </Typography>
          ))}
        </Box>
        <Box />
      </Box>

      <Box sx={{ flex: '1 1 42%', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', p: 3, position: 'relative' }}>
        <Box sx={{ position: 'absolute', top: 12, right: 12 }}>
          <LocalesMenuButton languages={LOCALES} />
        </Box>
        <Paper elevation={0} sx={{ width: '100%', maxWidth: 400, p: 5, borderRadius: 3, boxShadow: '0 12px 40px rgba(11,59,96,.12)' }}>
          <Box sx={{ display: { xs: 'flex', md: 'none' }, justifyContent: 'center', mb: 2 }}>
            <SunLogo size={48} />
          </Box>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, color: '#0b3b60', mb: 0.5 }}>
            {translate('pv.login.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 4 }}>
            {translate('pv.login.heading')} · {translate('pv.login.hint')}
          </Typography>
          <Tabs value={tab} onChange={(_e, v: 'password' | 'sms') => setTab(v)} variant="fullWidth" sx={{ mb: 1 }}>
            <Tab value="password" label={translate('pv.auth.tab_password')} id="login-tab-password" />
            <Tab value="sms" label={translate('pv.auth.tab_sms')} id="login-tab-sms" />
          </Tabs>
          {tab === 'password' ? (
            <form onSubmit={submit} noValidate aria-label={translate('pv.login.title')}>
            <TextField
              id="login-username"
              name="username"
              label={translate('pv.login.username')}
              placeholder={translate('pv.login.username_placeholder')}
              value={username}
              autoComplete="username"
              autoFocus
              fullWidth
              margin="normal"
              onChange={(e) => setUsername(e.target.value)}
              error={!!errors.username}
              helperText={errors.username ?? ' '}
              slotProps={{ input: { startAdornment: <InputAdornment position="start"><PersonIcon fontSize="small" /></InputAdornment> } }}
            />
            <TextField
              id="login-password"
              name="password"
              type="password"
              label={translate('pv.login.password')}
              placeholder={translate('pv.login.password_placeholder')}
              value={password}
              autoComplete="current-password"
              fullWidth
              margin="normal"
              onChange={(e) => setPassword(e.target.value)}
              error={!!errors.password}
              helperText={errors.password ?? ' '}
              slotProps={{ input: { startAdornment: <InputAdornment position="start"><LockIcon fontSize="small" /></InputAdornment> } }}
            />
            <SubmitButton loading={loading} />
            </form>
          ) : (
            <SmsLoginForm redirect={redirect} />
          )}
          {authConfig?.social && (
            <>
              <Divider sx={{ my: 2, color: 'text.secondary', fontSize: 12 }}>{translate('pv.auth.social_or')}</Divider>
              <SocialButton name={authConfig.social.name} />
            </>
          )}
          {authConfig?.register && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2, textAlign: 'center' }}>
              {translate('pv.auth.no_account')}{' '}
              <Link component={RouterLink} to="/register" underline="hover">
                {translate('pv.auth.register')}
              </Link>
            </Typography>
          )}
        </Paper>
        <Typography variant="caption" color="text.secondary" sx={{ mt: 3 }}>
          {translate('pv.copyright', { year: new Date().getFullYear() })}
        </Typography>
      </Box>
    </Box>
  );
};
