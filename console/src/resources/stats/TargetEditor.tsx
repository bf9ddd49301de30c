import { useEffect, useMemo, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { PROVINCES, TargetKind, type BenefitFactors, type TargetKindValue } from '@pv/contract';
import { useHasPermission } from '../common/actions.tsx';
import { Permission } from '../../shell/Permission.tsx';
import { formatDateTime, useLang } from '../common/format.tsx';
import { fetchTargetConfig, saveTargetConfig } from './api.ts';
import { configOf, errorText, formErrors, formOf, newRowKey, type FormErrors, type TargetForm, type TargetFormRow } from './targets.ts';

const FACTORS: readonly (keyof BenefitFactors)[] = ['utilisation_hours', 'co2_kg_per_kwh', 'coal_kg_per_kwh'];

/** The code of an API failure (409 = someone saved in between). */
const codeOf = (e: unknown) => Number((e as { code?: unknown })?.code ?? 0);

/**
 * 目标设置: the targets (period YYYY or YYYY-MM, nationwide or a province, kind, value) and the
 * benefit factors of the estimates, saved together with the version they were read at
 * (target/save_config; a stale version is refused with 409 and the editor says so). Read-only
 * without target:edit.
 */
export const TargetEditor = ({ onClose }: { onClose: () => void }) => {
  const translate = useTranslate();
  const lang = useLang();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const canEdit = useHasPermission('target:edit');
  const config = useQuery({ queryKey: ['target-config'], queryFn: fetchTargetConfig, retry: false, refetchOnWindowFocus: false, staleTime: 0 });
  const [form, setForm] = useState<TargetForm | null>(null);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<{ conflict: boolean; message: string } | null>(null);

  // the form starts from each newly fetched config: the first reply, and the one "reload" fetches after a conflict
  const [builtFrom, setBuiltFrom] = useState(0);
  useEffect(() => {
    if (config.data && config.dataUpdatedAt > builtFrom) {
      setForm(formOf(config.data));
      setBuiltFrom(config.dataUpdatedAt);
    }
  }, [config.data, config.dataUpdatedAt, builtFrom]);

  const errors: FormErrors = useMemo(() => (form && touched ? formErrors(form) : {}), [form, touched]);
  const err = (path: string) => {
    const m = errors[path];
    if (!m) return undefined;
    const { key, params } = errorText(m);
    return translate(key, { ...params, _: m });
  };

  const setRow = (i: number, patch: Partial<TargetFormRow>) => setForm((f) => f && { ...f, rows: f.rows.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  const addRow = () =>
    setForm((f) => f && { ...f, rows: [...f.rows, { key: newRowKey(), period_key: String(new Date().getFullYear()), province_code: '', kind: 'grid_kwp', value: '' }] });
  const removeRow = (i: number) => setForm((f) => f && { ...f, rows: f.rows.filter((_, j) => j !== i) });

  const reload = async () => {
    setFailure(null);
    setTouched(false);
    await config.refetch();
  };

  const save = async () => {
    if (!form) return;
    setTouched(true);
    if (Object.keys(formErrors(form)).length) return;
    setSaving(true);
    setFailure(null);
    try {
      await saveTargetConfig(configOf(form));
      notify('pv.dash.target.saved', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['target-config'] });
      await queryClient.invalidateQueries({ queryKey: ['stat'] });
      onClose();
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      setFailure({ conflict: codeOf(e) === 409, message });
    } finally {
      setSaving(false);
    }
  };

  const readOnly = !canEdit;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="target-editor-title" data-testid="target-editor">
      <DialogTitle id="target-editor-title">{translate('pv.dash.target.editor_title')}</DialogTitle>
      <DialogContent dividers>
        {config.error ? (
          <Alert severity="error">{(config.error as Error).message}</Alert>
        ) : !form ? (
          <Box sx={{ py: 6, textAlign: 'center' }}>
            <CircularProgress size={28} />
          </Box>
        ) : (
          <>
            {readOnly && (
              <Alert severity="info" sx={{ mb: 2 }} data-testid="target-readonly">
                {translate('pv.dash.target.read_only')}
              </Alert>
            )}
            {failure && (
              <Alert
                severity={failure.conflict ? 'warning' : 'error'}
                sx={{ mb: 2 }}
                data-testid={failure.conflict ? 'target-conflict' : 'target-error'}
                action={
                  failure.conflict ? (
                    <Button color="inherit" size="small" onClick={() => void reload()}>
                      {translate('pv.dash.target.reload')}
                    </Button>
                  ) : undefined
                }
              >
                {failure.conflict ? `${translate('pv.dash.target.conflict')} ${failure.message}` : failure.message}
              </Alert>
            )}
            <Stack direction="row" alignItems="baseline" spacing={1} sx={{ mb: 1 }}>
              <Typography variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
                {translate('pv.dash.target.rows')}
              </Typography>
              {config.data?.updated_at && (
                <Typography variant="caption" color="text.secondary">
                  {translate('pv.dash.target.updated_at', { time: formatDateTime(config.data.updated_at, lang), version: form.version })}
                </Typography>
              )}
            </Stack>
            <Table size="small" sx={{ '& td, & th': { px: 0.75 } }}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 140 }}>{translate('pv.dash.target.period_key')}</TableCell>
                  <TableCell sx={{ width: 190 }}>{translate('pv.dash.target.province')}</TableCell>
                  <TableCell sx={{ width: 200 }}>{translate('pv.dash.target.kind')}</TableCell>
                  <TableCell>{translate('pv.dash.target.value')}</TableCell>
                  <TableCell sx={{ width: 48 }} />
                </TableRow>
              </TableHead>
              <TableBody>
                {form.rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={5}>
                      <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
                        {translate('pv.dash.target.no_rows')}
                      </Typography>
                    </TableCell>
                  </TableRow>
                )}
                {form.rows.map((r, i) => (
                  <TableRow key={r.key} data-testid="target-row" sx={{ verticalAlign: 'top' }}>
                    <TableCell>
                      <TextField
                        variant="outlined"
                        size="small"
                        fullWidth
                        value={r.period_key}
                        placeholder="2026 / 2026-11"
                        onChange={(e) => setRow(i, { period_key: e.target.value })}
                        error={!!err(`targets.${i}.period_key`)}
                        helperText={err(`targets.${i}.period_key`)}
                        disabled={readOnly}
                        slotProps={{ htmlInput: { 'aria-label': translate('pv.dash.target.period_key'), 'data-testid': 'target-period' } }}
                      />
                    </TableCell>
                    <TableCell>
                      <TextField
                        select
                        variant="outlined"
                        size="small"
                        fullWidth
                        value={r.province_code}
                        onChange={(e) => setRow(i, { province_code: e.target.value })}
                        error={!!err(`targets.${i}.province_code`)}
                        helperText={err(`targets.${i}.province_code`)}
                        disabled={readOnly}
                        slotProps={{ select: { displayEmpty: true, MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
                      >
                        <MenuItem value="">{translate('pv.dash.target.nationwide')}</MenuItem>
                        {PROVINCES.map((p) => (
                          <MenuItem key={p.code} value={p.code}>
                            {p[lang]}
                          </MenuItem>
                        ))}
                      </TextField>
                    </TableCell>
                    <TableCell>
                      <TextField
                        select
                        variant="outlined"
                        size="small"
                        fullWidth
                        value={r.kind}
                        onChange={(e) => setRow(i, { kind: e.target.value as TargetKindValue })}
                        error={!!err(`targets.${i}.kind`)}
                        helperText={err(`targets.${i}.kind`)}
                        disabled={readOnly}
                      >
                        {TargetKind.values.map((k) => (
                          <MenuItem key={k} value={k}>
                            {TargetKind.label(k, lang)}
                          </MenuItem>
                        ))}
                      </TextField>
                    </TableCell>
                    <TableCell>
                      <TextField
                        variant="outlined"
                        size="small"
                        fullWidth
                        value={r.value}
                        onChange={(e) => setRow(i, { value: e.target.value })}
                        error={!!err(`targets.${i}.value`)}
                        helperText={err(`targets.${i}.value`)}
                        disabled={readOnly}
                        slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': translate('pv.dash.target.value'), 'data-testid': 'target-value' } }}
                      />
                    </TableCell>
                    <TableCell>
                      <Permission rule="target:edit">
                        <Tooltip title={translate('ra.action.delete')}>
                          <IconButton size="small" onClick={() => removeRow(i)} aria-label={translate('ra.action.delete')}>
                            <DeleteIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </Permission>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Permission rule="target:edit">
              <Button size="small" startIcon={<AddIcon />} onClick={addRow} sx={{ mt: 1 }} data-testid="target-add">
                {translate('pv.dash.target.add_row')}
              </Button>
            </Permission>
            <Typography variant="subtitle1" sx={{ fontWeight: 600, mt: 3, mb: 0.5 }}>
              {translate('pv.dash.target.factors')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {translate('pv.dash.target.factors_hint')}
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2 }}>
              {FACTORS.map((f) => (
                <TextField
                  key={f}
                  variant="outlined"
                  size="small"
                  label={translate(`pv.dash.target.factor.${f}`)}
                  value={form.factors[f]}
                  onChange={(e) => setForm({ ...form, factors: { ...form.factors, [f]: e.target.value } })}
                  error={!!err(`factors.${f}`)}
                  helperText={err(`factors.${f}`)}
                  disabled={readOnly}
                  slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': `factor-${f}` } }}
                />
              ))}
            </Box>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate(readOnly ? 'ra.action.close' : 'ra.action.cancel')}</Button>
        <Permission rule="target:edit">
          <Button variant="contained" onClick={() => void save()} disabled={!form || saving} startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined} data-testid="target-save">
            {translate('ra.action.save')}
          </Button>
        </Permission>
      </DialogActions>
    </Dialog>
  );
};
