import { useState, type MouseEvent } from 'react';
import { Confirm, useCanAccess, useNotify, useRecordContext, useRefresh, useResourceContext, useTranslate } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, IconButton, TextField, Tooltip } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import KeyIcon from '@mui/icons-material/Key';
import { isPassword } from '@pv/contract';
import { client } from '../../../providers/client.ts';

const stop = (event: MouseEvent) => event.stopPropagation();
const nameOf = (r: Record<string, unknown>) => String(r.full_name || r.username);

/** 停用 / 启用: disabling asks first (the user is signed out everywhere). */
export const StatusButton = () => {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const { canAccess } = useCanAccess({ resource, action: 'edit' });
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  if (!record || !canAccess) return null;
  const enabled = record.status === 'enabled';
  const apply = async () => {
    setOpen(false);
    try {
      await client.post('/api/system/user/set_status', { id: record.id, status: enabled ? 'disabled' : 'enabled', version: record.version }, { silent: true });
      notify(enabled ? 'pv.org.disabled_done' : 'pv.org.enabled_done', { type: 'success', messageArgs: { name: nameOf(record) } });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  const label = translate(enabled ? 'pv.org.disable' : 'pv.org.enable');
  return (
    <span onClick={stop}>
      <Tooltip title={label}>
        <IconButton size="small" aria-label={`${label} ${record.username}`} onClick={() => (enabled ? setOpen(true) : apply())} color={enabled ? 'warning' : 'success'}>
          {enabled ? <BlockIcon fontSize="small" /> : <CheckCircleOutlineIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
      <Confirm
        isOpen={open}
        title="pv.org.confirm_disable_title"
        content="pv.org.confirm_disable"
        translateOptions={{ name: nameOf(record) }}
        onConfirm={apply}
        onClose={() => setOpen(false)}
      />
    </span>
  );
};

/** 重置密码: a dialog with the new password twice (permission user:reset_password). */
export const ResetPasswordButton = () => {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const { canAccess } = useCanAccess({ resource, action: 'reset_password' });
  const translate = useTranslate();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record || !canAccess) return null;
  const close = () => {
    setOpen(false);
    setPassword('');
    setConfirm('');
    setTried(false);
  };
  const passwordError = tried && !isPassword(password) ? translate('pv.msg.validation.password_min') : '';
  const confirmError = tried && !passwordError && password !== confirm ? translate('pv.org.password_mismatch') : '';
  const submit = async () => {
    setTried(true);
    if (!isPassword(password) || password !== confirm) return;
    setBusy(true);
    try {
      await client.post('/api/system/user/reset_password', { id: record.id, password }, { silent: true });
      notify('pv.org.reset_done', { type: 'success', messageArgs: { name: nameOf(record) } });
      close();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const label = translate('pv.org.reset_password');
  return (
    <span onClick={stop}>
      <Tooltip title={label}>
        <IconButton size="small" aria-label={`${label} ${record.username}`} onClick={() => setOpen(true)}>
          <KeyIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Dialog open={open} onClose={close} maxWidth="xs" fullWidth>
        <DialogTitle>{translate('pv.org.reset_password_title', { name: nameOf(record) })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{translate('pv.org.reset_password_hint')}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            type="password"
            autoComplete="new-password"
            label={translate('pv.org.new_password')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={!!passwordError}
            helperText={passwordError || ' '}
          />
          <TextField
            fullWidth
            margin="dense"
            type="password"
            autoComplete="new-password"
            label={translate('pv.org.confirm_password')}
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            error={!!confirmError}
            helperText={confirmError || ' '}
            onKeyDown={(e) => e.key === 'Enter' && submit()}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('pv.org.cancel')}</Button>
          <Button variant="contained" onClick={submit} disabled={busy}>
            {translate('pv.org.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </span>
  );
};
