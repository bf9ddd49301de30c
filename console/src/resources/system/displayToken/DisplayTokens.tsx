import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Title, useLocaleState, useNotify, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { formatDateTime, type DisplayTokenCreated, type DisplayTokenView } from '@pv/contract';
import { useCan } from '../menu/api.ts';
import { ActionIcon, LoadState } from '../menu/ui.tsx';
import { DISPLAY_TOKENS_KEY, displayTokenApi, tokenState, useDisplayTokens, wallLink } from './api.ts';
import { MUST_SHOW_CLASS } from '../../common/columns.ts';

const VALIDITY = [30, 90, 365, 0] as const;

/** China time, `YYYY-MM-DD HH:mm` */
function when(iso: string | null, _locale?: string): string {
  return formatDateTime(iso) ?? '—';
}

/**
 * 大屏令牌 (/setting/displayToken): an administrator issues tokens for wall displays — the whole
 * wall link is shown once, with a copy button — and revokes them (the wall then shows that its
 * token was revoked).
 */
export default function DisplayTokens() {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const queryClient = useQueryClient();
  const { data, isPending, error } = useDisplayTokens();
  const canAdd = useCan('display_token:add');
  const canRevoke = useCan('display_token:revoke');
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<DisplayTokenCreated | null>(null);
  const [revoking, setRevoking] = useState<DisplayTokenView | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: DISPLAY_TOKENS_KEY });

  const revoke = async (token: DisplayTokenView) => {
    setRevoking(null);
    try {
      await displayTokenApi.revoke(token.id);
      notify('pv.displayToken.revoked', { type: 'success', messageArgs: { name: token.name } });
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
    await reload();
  };

  return (
    <Box sx={{ p: 2 }}>
      <Title title={translate('pv.route.displayToken')} />
      <Card sx={{ p: 2 }}>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 2, gap: 2 }}>
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
            {translate('pv.displayToken.intro')}
          </Typography>
          {canAdd ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} data-testid="display-token-add">
              {translate('pv.displayToken.add')}
            </Button>
          ) : null}
        </Stack>
        <LoadState isPending={isPending} error={error}>
          <TableContainer>
            <Table size="small" data-testid="display-token-table">
              <TableHead>
                <TableRow>
                  <TableCell className={MUST_SHOW_CLASS}>{translate('pv.displayToken.name')}</TableCell>
                  <TableCell>{translate('pv.displayToken.prefix')}</TableCell>
                  <TableCell className={MUST_SHOW_CLASS}>{translate('pv.displayToken.state')}</TableCell>
                  <TableCell>{translate('pv.displayToken.created_at')}</TableCell>
                  <TableCell>{translate('pv.displayToken.expires_at')}</TableCell>
                  <TableCell>{translate('pv.displayToken.last_used_at')}</TableCell>
                  <TableCell align="right" className={MUST_SHOW_CLASS}>
                    {translate('pv.displayToken.actions')}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(data ?? []).length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={7} align="center">
                      {translate('pv.displayToken.empty')}
                    </TableCell>
                  </TableRow>
                ) : null}
                {(data ?? []).map((row) => {
                  const state = tokenState(row);
                  return (
                    <TableRow key={row.id} data-testid="display-token-row">
                      <TableCell>{row.name}</TableCell>
                      <TableCell sx={{ fontFamily: 'monospace' }}>{row.prefix}…</TableCell>
                      <TableCell>
                        <Chip size="small" color={state === 'active' ? 'success' : state === 'revoked' ? 'default' : 'warning'} label={translate(`pv.displayToken.states.${state}`)} />
                      </TableCell>
                      <TableCell>{when(row.created_at, locale)}</TableCell>
                      <TableCell>{row.expires_at ? when(row.expires_at, locale) : translate('pv.displayToken.never')}</TableCell>
                      <TableCell>{when(row.last_used_at, locale)}</TableCell>
                      <TableCell align="right">
                        <ActionIcon show={canRevoke && state === 'active'} label={translate('pv.displayToken.revoke')} subject={row.name} color="error" onClick={() => setRevoking(row)}>
                          <BlockIcon fontSize="small" />
                        </ActionIcon>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        </LoadState>
      </Card>
      {adding ? (
        <AddDialog
          onClose={() => setAdding(false)}
          onCreated={async (token) => {
            setAdding(false);
            setCreated(token);
            await reload();
          }}
        />
      ) : null}
      {created ? <CreatedDialog token={created} onClose={() => setCreated(null)} /> : null}
      {revoking ? (
        <Dialog open onClose={() => setRevoking(null)}>
          <DialogTitle>{translate('pv.displayToken.revoke')}</DialogTitle>
          <DialogContent>
            <DialogContentText>{translate('pv.displayToken.revoke_confirm', { name: revoking.name })}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setRevoking(null)}>{translate('ra.action.cancel')}</Button>
            <Button color="error" variant="contained" onClick={() => void revoke(revoking)} data-testid="display-token-revoke-confirm">
              {translate('pv.displayToken.revoke')}
            </Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </Box>
  );
}

function AddDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (token: DisplayTokenCreated) => Promise<void> }) {
  const translate = useTranslate();
  const [name, setName] = useState('');
  const [days, setDays] = useState<number>(365);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await displayTokenApi.add({ name: name.trim(), valid_days: days === 0 ? null : days });
      await onCreated(res.data);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate('pv.displayToken.add')}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2, pt: 1 }}>
          {error ? <Alert severity="error">{error}</Alert> : null}
          <TextField
            label={translate('pv.displayToken.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            helperText={translate('pv.displayToken.name_help')}
            slotProps={{ htmlInput: { maxLength: 64, 'data-testid': 'display-token-name' } }}
            required
            autoFocus
          />
          <TextField select label={translate('pv.displayToken.valid_days')} value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {VALIDITY.map((d) => (
              <MenuItem key={d} value={d}>
                {d === 0 ? translate('pv.displayToken.never') : translate('pv.displayToken.days', { n: d })}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={busy || name.trim() === ''} onClick={() => void submit()} data-testid="display-token-submit">
          {translate('pv.displayToken.issue')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function CreatedDialog({ token, onClose }: { token: DisplayTokenCreated; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const link = wallLink(token.token);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notify('pv.displayToken.copied', { type: 'success' });
    } catch {
      notify('pv.displayToken.copy_failed', { type: 'warning' });
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{translate('pv.displayToken.created_title', { name: token.name })}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('pv.displayToken.once')}
        </Alert>
        <TextField
          fullWidth
          label={translate('pv.displayToken.link')}
          value={link}
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'display-token-link', onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.target.select() } }}
        />
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()} data-testid="display-token-copy">
          {translate('pv.displayToken.copy')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {translate('pv.displayToken.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
