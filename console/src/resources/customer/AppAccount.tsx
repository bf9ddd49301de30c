import { useMemo, useState } from 'react';
import { PasswordInput, useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import LinkIcon from '@mui/icons-material/Link';
import KeyIcon from '@mui/icons-material/Key';
import { customerModifyPasswordSchema, type Customer, type CustomerVerifyUrl } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { contractResolver } from '../../forms/zodResolver.ts';
import { FormDialog, useAction } from '../common/actions.tsx';
import { Permission } from '../../shell/Permission.tsx';
import { formatDateTime, useLang } from '../common/format.tsx';
import { Panel } from '../common/layout.tsx';

type CustomerWithApp = Customer & { app_password_set?: boolean };

const CopyField = ({ label, value, testId }: { label: string; value: string; testId: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  return (
    <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 2 }}>
      <TextField label={translate(label)} value={value} size="small" fullWidth slotProps={{ input: { readOnly: true } }} inputProps={{ 'data-testid': testId }} />
      <Button
        size="small"
        onClick={() => {
          void navigator.clipboard?.writeText(value);
          notify('pv.customerDetail.copied', { type: 'info' });
        }}
      >
        {translate('pv.customerDetail.copy')}
      </Button>
    </Stack>
  );
};

/** 生成验证链接: GET customer/get_verify_url → the link and code in a dialog, to send to the owner. */
const VerifyButton = () => {
  const record = useRecordContext<CustomerWithApp>()!;
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const lang = useLang();
  const [link, setLink] = useState<CustomerVerifyUrl | null>(null);
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      setLink((await dataProvider.read<CustomerVerifyUrl>('customer', 'get_verify_url', { id: record.id })).data);
    } catch (error) {
      notify((error as Error).message, { type: 'error', messageArgs: { _: (error as Error).message } });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" startIcon={<LinkIcon />} onClick={open} disabled={busy} data-testid="verify-url">
        {translate('pv.customerDetail.verify_url')}
      </Button>
      <Dialog open={!!link} onClose={() => setLink(null)} fullWidth maxWidth="sm" aria-labelledby="verify-title">
        <DialogTitle id="verify-title">{translate('pv.customerDetail.verify_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate('pv.customerDetail.verify_hint')}</DialogContentText>
          {link && (
            <>
              <Typography variant="h4" component="div" sx={{ letterSpacing: 8, fontFamily: 'monospace', textAlign: 'center', mb: 2 }} data-testid="verify-code">
                {link.code}
              </Typography>
              <CopyField label="pv.customerDetail.verify_link" value={link.url} testId="verify-link" />
              <Typography variant="caption" color="text.secondary">
                {translate('pv.customerDetail.verify_expires', { time: formatDateTime(link.expires_at, lang) })}
              </Typography>
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setLink(null)}>{translate('ra.action.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
};

/** 设置登录密码: POST customer/modify_password {id, password} (≥ 6, the contract's rule), which also opens the account. */
const PasswordButton = () => {
  const record = useRecordContext<CustomerWithApp>()!;
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const { run, busy } = useAction();
  const [open, setOpen] = useState(false);
  const resolver = useMemo(() => contractResolver(customerModifyPasswordSchema, translate, (v: Record<string, unknown>) => ({ id: record.id, password: v.password ?? '' })), [translate, record.id]);
  const submit = async (values: Record<string, unknown>) => {
    if (await run(() => dataProvider.act('customer', 'modify_password', { id: record.id, password: values.password }), 'pv.customerDetail.password_saved')) setOpen(false);
  };
  return (
    <>
      <Button size="small" startIcon={<KeyIcon />} onClick={() => setOpen(true)} data-testid="set-app-password">
        {translate('pv.customerDetail.set_password')}
      </Button>
      {open && (
        <FormDialog open title="pv.customerDetail.set_password" hint="pv.customerDetail.password_hint" onClose={() => setOpen(false)} onSubmit={submit} resolver={resolver} submitLabel="ra.action.save" busy={busy}>
          <PasswordInput source="password" label="pv.customerDetail.password" fullWidth autoComplete="new-password" />
        </FormDialog>
      )}
    </>
  );
};

/** 光E宝账号: whether the owner's app account is open and has a password; link + code; set the password. */
export const AppAccount = () => {
  const record = useRecordContext<CustomerWithApp>();
  const translate = useTranslate();
  if (!record) return null;
  const formal = record.stage === 'formal';
  return (
    <Panel
      title="pv.customerDetail.app"
      testId="customer-app-account"
      actions={
        <Box sx={{ display: 'flex', gap: 0.5 }}>
          {formal && (
            <Permission rule="customer:get_verify_url">
              <VerifyButton />
            </Permission>
          )}
          {formal && (
            <Permission rule="customer:modify_password">
              <PasswordButton />
            </Permission>
          )}
        </Box>
      }
    >
      <Stack direction="row" spacing={1}>
        <Chip size="small" color={record.app_enabled ? 'success' : 'default'} label={translate(record.app_enabled ? 'pv.customerDetail.app_enabled' : 'pv.customerDetail.app_disabled')} data-testid="app-enabled-chip" />
        <Chip size="small" variant="outlined" label={translate(record.app_password_set ? 'pv.customerDetail.app_password_set' : 'pv.customerDetail.app_password_unset')} data-testid="app-password-chip" />
      </Stack>
      {!formal && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {translate('pv.customerDetail.app_formal_only')}
        </Alert>
      )}
    </Panel>
  );
};
