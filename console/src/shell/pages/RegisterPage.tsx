import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useNotify, useTranslate } from 'react-admin';
import { Alert, CircularProgress, InputAdornment, Link, TextField, Typography } from '@mui/material';
import PersonIcon from '@mui/icons-material/PersonOutline';
import LockIcon from '@mui/icons-material/LockOutlined';
import { PASSWORD_MIN_LENGTH, isBlank, paths, type LoginResult } from '@pv/contract';
import { client } from '../../providers/client.ts';
import { useAuthConfig } from '../authConfig.ts';
import { SubmitButton } from '../LoginPage.tsx';
import { useDocumentTitle } from '../useDocumentTitle.ts';
import { AuthCard } from './AuthCard.tsx';
import { SmsCodeInput, codeError, phoneError } from './SmsCodeInput.tsx';
import { usePublicPageLogin } from './usePublicPageLogin.ts';

type Errors = { username?: string; password?: string; phone?: string; code?: string };

/** /register (SPEC.md §2 public route): user name, password (≥ 6), phone + SMS code; off unless the server enables it. */
export const RegisterPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const signIn = usePublicPageLogin();
  const config = useAuthConfig();
  useDocumentTitle();
  const [form, setForm] = useState({ username: '', password: '', full_name: '', phone: '', code: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [loading, setLoading] = useState(false);
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {
      username: isBlank(form.username) ? translate('pv.msg.validation.username_required') : undefined,
      password: form.password.length < PASSWORD_MIN_LENGTH ? translate('pv.msg.validation.password_min') : undefined,
      phone: phoneError(form.phone) && translate(phoneError(form.phone)!),
      code: codeError(form.code) && translate(codeError(form.code)!),
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    setLoading(true);
    try {
      const body = { username: form.username.trim(), password: form.password, phone: form.phone.trim(), code: form.code.trim(), ...(form.full_name.trim() ? { full_name: form.full_name.trim() } : {}) };
      const reply = await client.post<LoginResult>(paths.register, body, { silent: true });
      await signIn(reply.data, form.username.trim());
    } catch (error) {
      const message = (error as Error)?.message || 'ra.notification.http_error';
      notify(message, { type: 'error', messageArgs: { _: message } });
      setLoading(false);
    }
  };

  const backToLogin = (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 2, textAlign: 'center' }}>
      {translate('pv.auth.have_account')}{' '}
      <Link component={RouterLink} to="/login" underline="hover">
        {translate('pv.auth.back_to_login')}
      </Link>
    </Typography>
  );

  if (config === null) {
    return (
      <AuthCard title={translate('pv.auth.register_title')}>
        <CircularProgress size={24} />
      </AuthCard>
    );
  }
  if (!config.register) {
    return (
      <AuthCard title={translate('pv.auth.register_title')}>
        <Alert severity="info">{translate('pv.auth.register_disabled')}</Alert>
        {backToLogin}
      </AuthCard>
    );
  }
  return (
    <AuthCard title={translate('pv.auth.register_title')}>
      <form onSubmit={submit} noValidate aria-label={translate('pv.auth.register_title')}>
        <TextField
          id="register-username"
          name="username"
          label={translate('pv.login.username')}
          placeholder={translate('pv.login.username_placeholder')}
          value={form.username}
          autoComplete="username"
          fullWidth
          margin="dense"
          onChange={(e) => set('username')(e.target.value)}
          error={!!errors.username}
          helperText={errors.username ?? ' '}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><PersonIcon fontSize="small" /></InputAdornment> } }}
        />
        <TextField
          id="register-password"
          name="password"
          type="password"
          label={translate('pv.login.password')}
          placeholder={translate('pv.auth.password_new_placeholder')}
          value={form.password}
          autoComplete="new-password"
          fullWidth
          margin="dense"
          onChange={(e) => set('password')(e.target.value)}
          error={!!errors.password}
          helperText={errors.password ?? ' '}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><LockIcon fontSize="small" /></InputAdornment> } }}
        />
        <TextField
          id="register-full-name"
          name="full_name"
          label={translate('pv.auth.full_name')}
          value={form.full_name}
          autoComplete="name"
          fullWidth
          margin="dense"
          helperText=" "
          onChange={(e) => set('full_name')(e.target.value)}
        />
        <SmsCodeInput purpose="register" phone={form.phone} code={form.code} onPhone={set('phone')} onCode={set('code')} errors={errors} onErrors={(e) => setErrors((x) => ({ ...x, ...e }))} />
        <SubmitButton loading={loading} label="pv.auth.register_submit" />
      </form>
      {backToLogin}
    </AuthCard>
  );
};
