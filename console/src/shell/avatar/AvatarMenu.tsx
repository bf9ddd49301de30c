import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useGetIdentity, useLogout, useNotify, useTranslate } from 'react-admin';
import { Avatar, Box, Button, ButtonBase, ListItemIcon, ListItemText, Menu, MenuItem, Popover, TextField, Typography } from '@mui/material';
import KeyIcon from '@mui/icons-material/KeyOutlined';
import PersonIcon from '@mui/icons-material/PersonOutline';
import LogoutIcon from '@mui/icons-material/Logout';
import ArrowIcon from '@mui/icons-material/ArrowDropDown';
import { ApiError } from '@pv/client';
import { isPassword, paths, translate as translateContract } from '@pv/contract';
import { appConfig } from '../../config.ts';
import { client } from '../../providers/client.ts';
import { currentLang } from '../../providers/i18nProvider.ts';
import { session } from '../../providers/session.ts';
import { tabsStore } from '../tabs/store.ts';

/** ms since the page loaded until the log-out item shows (SPEC.md §2: about 10 s after load). */
const logoutDelay = () => Math.max(0, appConfig.logoutDelayMs - (typeof performance === 'undefined' ? 0 : performance.now()));

/** Log-out shows only once the page has been loaded ~10 s. */
function useLogoutVisible(): boolean {
  const [visible, setVisible] = useState(() => logoutDelay() === 0);
  useEffect(() => {
    if (visible) return;
    const timer = setTimeout(() => setVisible(true), logoutDelay());
    return () => clearTimeout(timer);
  }, [visible]);
  return visible;
}

/** One password box of the popover: its placeholder is its accessible name; the error shows below it. */
const PasswordInput = (p: { value: string; onChange: (v: string) => void; label: string; autoComplete: string; error: string | null; autoFocus?: boolean }) => (
  <TextField
    type="password"
    value={p.value}
    onChange={(e) => p.onChange(e.target.value)}
    placeholder={p.label}
    slotProps={{ htmlInput: { 'aria-label': p.label } }}
    autoComplete={p.autoComplete}
    autoFocus={p.autoFocus}
    fullWidth
    size="small"
    error={!!p.error}
    helperText={p.error ?? ' '}
  />
);

/**
 * The top bar's avatar dropdown (SPEC.md §2, §4): avatar and name (游客 when logged out), change
 * password (a 400 px popover: the current password, then the new one — placeholder 请输入密码, at
 * least 6 characters; POST modify_passwords {id, password, old_password}: one's own change always
 * needs the current password; code 200 shows msg as success, anything else as an error; cancel
 * clears the fields), personal centre, and log out (which also forgets the tabs).
 */
export const AvatarMenu = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const logout = useLogout();
  const { identity } = useGetIdentity();
  const logoutVisible = useLogoutVisible();
  const anchor = useRef<HTMLButtonElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [popoverOpen, setPopoverOpen] = useState(false);
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [oldError, setOldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const name = session.getToken() ? (identity?.fullName ?? session.displayName()) : session.displayName();
  const avatar = typeof identity?.avatar === 'string' ? identity.avatar : (session.getUser()?.avatar ?? undefined);

  const closePopover = () => {
    setPopoverOpen(false);
    setOldPassword('');
    setPassword('');
    setOldError(null);
    setError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missingOld = oldPassword === '';
    const tooShort = !isPassword(password);
    setOldError(missingOld ? translateContract('validation.old_password_required', currentLang()) : null);
    setError(tooShort ? translateContract('validation.password_min', currentLang()) : null);
    if (missingOld || tooShort) return;
    setBusy(true);
    try {
      const reply = await client.post(paths.modifyPasswords, { id: session.getId(), password, old_password: oldPassword }, { silent: true });
      if (Number(reply.code) === 200) {
        notify(reply.msg || 'ra.notification.updated', { type: 'success' });
        closePopover();
      } else notify(reply.msg || 'ra.notification.http_error', { type: 'error' });
    } catch (err) {
      notify(err instanceof ApiError || err instanceof Error ? err.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ButtonBase
        ref={anchor}
        onClick={() => setMenuOpen(true)}
        // the name shown is part of the button's name (WCAG 2.5.3 label in name)
        aria-label={`${translate('pv.avatar.menu')}: ${name}`}
        aria-haspopup="menu"
        className="pv-avatar-menu"
        sx={{ borderRadius: 1, px: 1, py: 0.5, color: 'inherit', gap: 1 }}
      >
        {/* the initial is drawn by CSS, not text: the button's visible text stays the name, which its label contains */}
        <Avatar src={avatar} alt="" aria-hidden sx={{ width: 30, height: 30, fontSize: 14, bgcolor: 'secondary.main' }}>
          <Box component="span" data-initial={name.slice(0, 1)} sx={{ '&::before': { content: 'attr(data-initial)' } }} />
        </Avatar>
        <Typography variant="body2" component="span" sx={{ display: { xs: 'none', sm: 'inline' }, maxWidth: 120, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {name}
        </Typography>
        <ArrowIcon fontSize="small" />
      </ButtonBase>
      <Menu anchorEl={anchor.current} open={menuOpen} onClose={() => setMenuOpen(false)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <MenuItem
          onClick={() => {
            setMenuOpen(false);
            setPopoverOpen(true);
          }}
        >
          <ListItemIcon>
            <KeyIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('pv.avatar.change_password')}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            setMenuOpen(false);
            navigate('/setting/personalCenter');
          }}
        >
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('pv.avatar.personal_center')}</ListItemText>
        </MenuItem>
        {logoutVisible && (
          <MenuItem
            onClick={() => {
              setMenuOpen(false);
              tabsStore.clear();
              void logout();
            }}
          >
            <ListItemIcon>
              <LogoutIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{translate('pv.avatar.logout')}</ListItemText>
          </MenuItem>
        )}
      </Menu>
      <Popover
        open={popoverOpen}
        anchorEl={anchor.current}
        onClose={closePopover}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: appConfig.passwordPopoverWidth, maxWidth: '95vw', p: 2 } } }}
      >
        <Box component="form" onSubmit={submit} noValidate>
          <Typography variant="subtitle1" sx={{ mb: 1.5 }}>
            {translate('pv.avatar.change_password')}
          </Typography>
          <PasswordInput
            value={oldPassword}
            onChange={(v) => {
              setOldPassword(v);
              if (oldError) setOldError(null);
            }}
            label={translate('pv.avatar.old_password_placeholder')}
            autoComplete="current-password"
            error={oldError}
            autoFocus
          />
          <PasswordInput
            value={password}
            onChange={(v) => {
              setPassword(v);
              if (error) setError(null);
            }}
            label={translate('pv.avatar.password_placeholder')}
            autoComplete="new-password"
            error={error}
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
            <Button onClick={closePopover}>{translate('pv.avatar.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={busy}>
              {translate('pv.avatar.confirm')}
            </Button>
          </Box>
        </Box>
      </Popover>
    </>
  );
};
