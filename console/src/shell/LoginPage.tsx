import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { LocalesMenuButton, useLogin, useNotify, useTranslate } from 'react-admin';
import { Box, Button, CircularProgress, InputAdornment, Paper, TextField, Typography } from '@mui/material';
import PersonIcon from '@mui/icons-material/PersonOutline';
import LockIcon from '@mui/icons-material/LockOutlined';
import { PASSWORD_MIN_LENGTH, isBlank } from '@pv/contract';
import { LOCALES } from '../providers/i18nProvider.ts';
import { session } from '../providers/session.ts';
import { greetingKey } from './greeting.ts';
import { SunLogo } from './SunLogo.tsx';
import { SolarScene } from './SolarScene.tsx';

/**
 * Where to go after login: ?redirect=path, else where react-admin was sent from, else home. The
 * latter is written into the url as ?redirect= (SPEC.md §2) unless it is the home page.
 */
function useRedirectTarget(): string {
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
  if (fromQuery && fromQuery.startsWith('/') && !fromQuery.startsWith('/login')) return fromQuery;
  return fromState ?? '/';
}

export const LoginPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const login = useLogin();
  const redirect = useRedirectTarget();
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
      await login({ username: username.trim(), password }, redirect);
      const user = session.getUser();
      notify('pv.welcome', {
        type: 'success',
        messageArgs: { greeting: translate(greetingKey()), name: user?.full_name || user?.username || username.trim() },
      });
    } catch (error) {
      const message = (error as Error)?.message || 'ra.auth.sign_in_error';
      notify(message, { type: 'error', messageArgs: { _: message } });
      setLoading(false);
    }
  };

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
            <Button
              type="submit"
              variant="contained"
              size="large"
              fullWidth
              disabled={loading}
              sx={{ mt: 2, py: 1.3, fontSize: 16, background: 'linear-gradient(90deg, #0b5fa5, #1f9bd1)' }}
              startIcon={loading ? <CircularProgress size={18} color="inherit" /> : undefined}
            >
              {translate('pv.login.submit')}
            </Button>
          </form>
        </Paper>
        <Typography variant="caption" color="text.secondary" sx={{ mt: 3 }}>
          {translate('pv.copyright', { year: new Date().getFullYear() })}
        </Typography>
      </Box>
    </Box>
  );
};
