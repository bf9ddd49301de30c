import { useMemo, useState } from 'react';
import { TextInput, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { formatMoney, paymentBatchAddSchema, paymentBatchReasonSchema, type PaymentBatch, type PaymentBatchPreview } from '@pv/contract';
import { contractResolver } from '../../forms/zodResolver.ts';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { FormDialog, present, useAction } from '../common/actions.tsx';
import { useLang } from '../common/format.tsx';
import { downloadBankFile, downloadResultTemplate, uploadResult } from './api.ts';
import { PAYMENT_API, paymentDetailPath } from './logic.ts';
import { SheetImportDialog } from '../common/SheetImportDialog.tsx';

type Row = Record<string, unknown>;
type Selection = { filter: Record<string, string> } | { bill_ids: number[] } | { settlement_filter: Record<string, string> } | { settlement_ids: number[] };

/**
 * 新建付款批次 from the bill list: its current filters, or the ticked bills. Shows what the server
 * would take (count and exact total, and the matched bills it would leave out and why) before the
 * batch is made; then opens the new batch.
 */
export const NewBatchDialog = ({ selection, onClose }: { selection: Selection; onClose: () => void }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const navigate = useNavigate();
  const lang = useLang();
  const { run, busy } = useAction();
  const { data: preview, error } = useQuery({
    queryKey: [PAYMENT_API, 'preview', selection],
    queryFn: () => dataProvider.act<PaymentBatchPreview>(PAYMENT_API, 'preview', { selection }).then((r) => r.data),
    retry: false,
  });
  const resolver = useMemo(() => contractResolver(paymentBatchAddSchema, translate, (v: Row) => ({ ...present(v), selection })), [translate, selection]);
  const onSubmit = async (values: Row) => {
    let made: PaymentBatch | null = null;
    const ok = await run(async () => {
      made = (await dataProvider.act<PaymentBatch>(PAYMENT_API, 'add', { ...present(values), selection })).data;
    }, 'pv.payment.notify.add');
    if (ok && made) {
      onClose();
      navigate(paymentDetailPath((made as PaymentBatch).id));
    }
  };
  const excluded = preview ? (Object.entries(preview.excluded) as Array<[string, number]>).filter(([, n]) => n > 0) : [];
  const settlements = 'settlement_ids' in selection || 'settlement_filter' in selection;
  const ticked = 'bill_ids' in selection || 'settlement_ids' in selection;
  const hint = settlements ? (ticked ? 'pv.payment.dialog.add_hint_settlement_ticked' : 'pv.payment.dialog.add_hint_settlement_filter') : ticked ? 'pv.payment.dialog.add_hint_ticked' : 'pv.payment.dialog.add_hint_filter';
  return (
    <FormDialog open title="pv.payment.dialog.add_title" hint={hint} submitLabel="pv.payment.dialog.make" busy={busy || !preview || preview.count === 0} resolver={resolver} onClose={onClose} onSubmit={(v) => void onSubmit(v)}>
      <Box data-testid="batch-new">
        {error && <Alert severity="error">{(error as Error).message}</Alert>}
        {!preview && !error && <CircularProgress size={20} />}
        {preview && (
          <Alert severity={preview.count ? 'info' : 'warning'} sx={{ mb: 2 }} data-testid="batch-preview">
            <Typography variant="subtitle2">{preview.count ? translate('pv.payment.dialog.preview', { count: preview.count, total: formatMoney(preview.total) }) : translate(settlements ? 'pv.payment.dialog.preview_none_settlement' : 'pv.payment.dialog.preview_none')}</Typography>
            {excluded.length > 0 && (
              <Typography variant="body2" data-testid="batch-excluded">
                {translate('pv.payment.dialog.excluded')}
                {excluded.map(([k, n]) => translate(`pv.payment.dialog.excluded_${settlements ? 's_' : ''}${k}`, { n })).join(lang === 'zh' ? '；' : '; ')}
              </Typography>
            )}
          </Alert>
        )}
        <TextInput source="name" label="pv.payment.dialog.name" fullWidth />
        <TextInput source="purpose" label={settlements ? 'pv.payment.dialog.purpose_settlement' : 'pv.payment.dialog.purpose'} fullWidth />
        <TextInput source="remark" label="pv.payment.dialog.remark" fullWidth />
      </Box>
    </FormDialog>
  );
};

/** 退回 / 取消 with a reason. */
export const ReasonDialog = ({ record, action, onClose }: { record: PaymentBatch; action: 'reject' | 'cancel'; onClose: () => void }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const { run, busy } = useAction();
  const resolver = useMemo(() => contractResolver(paymentBatchReasonSchema, translate, (v: Row) => ({ ...present(v), id: record.id, version: record.version })), [translate, record]);
  const onSubmit = async (v: Row) => {
    if (await run(() => dataProvider.act(PAYMENT_API, action, { ...present(v), id: record.id, version: record.version }), `pv.payment.notify.${action}`)) onClose();
  };
  return (
    <FormDialog open title={`pv.payment.dialog.${action}_title`} hint={`pv.payment.dialog.${action}_hint`} submitLabel={`pv.payment.action.${action}`} busy={busy} resolver={resolver} onClose={onClose} onSubmit={(v) => void onSubmit(v)}>
      <TextInput source="reason" label="pv.payment.dialog.reason" multiline minRows={2} fullWidth isRequired data-testid="batch-reason" />
    </FormDialog>
  );
};

/** 导出银行文件: what goes out (the lines awaiting the bank), the warning about full card numbers, xlsx or csv. */
export const ExportDialog = ({ record, onClose }: { record: PaymentBatch; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (format: 'xlsx' | 'csv') => {
    setBusy(format);
    try {
      const name = await downloadBankFile({ id: record.id, version: record.version, format });
      notify('pv.payment.notify.exported', { type: 'success', messageArgs: { name } });
      onClose();
      refresh();
    } catch (e) {
      notify('pv.payment.notify.export_failed', { type: 'error', messageArgs: { msg: (e as Error).message } });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="batch-export-title">
      <DialogTitle id="batch-export-title">{translate('pv.payment.dialog.export_title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('pv.payment.dialog.export_hint')}
        </Alert>
        <DialogContentText>{translate('pv.payment.dialog.export_lines', { n: record.pending_count, amount: formatMoney(record.pending_amount) })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        {(['xlsx', 'csv'] as const).map((f) => (
          <Button key={f} variant="contained" disabled={busy !== null} startIcon={busy === f ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />} onClick={() => void download(f)} data-testid={`batch-export-${f}`}>
            {translate(`pv.payment.action.export_${f}`)}
          </Button>
        ))}
      </DialogActions>
    </Dialog>
  );
};

/** 导入银行结果: the bank's result file into the batch. */
export const ImportResultDialog = ({ record, onClose }: { record: PaymentBatch; onClose: () => void }) => {
  const translate = useTranslate();
  return (
    <SheetImportDialog
      title={translate('pv.payment.dialog.import_title')}
      hint={translate('pv.payment.dialog.import_hint')}
      upload={(file) => uploadResult(record, file)}
      template={() => downloadResultTemplate(record)}
      testId="batch-import"
      onClose={onClose}
    />
  );
};
