import { type ReactElement, useMemo, useState } from 'react';
import { Confirm, useDataProvider, useGetIdentity, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Link, Stack, TablePagination, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import SubmitIcon from '@mui/icons-material/SendOutlined';
import ApproveIcon from '@mui/icons-material/TaskAltOutlined';
import RejectIcon from '@mui/icons-material/UndoOutlined';
import ExportIcon from '@mui/icons-material/FileDownloadOutlined';
import ImportIcon from '@mui/icons-material/FileUploadOutlined';
import CancelIcon from '@mui/icons-material/BlockOutlined';
import { PaymentBatchStatus, PaymentLineStatus, formatMoney, type PaymentBatch, type PaymentLine, type PaymentReconciliation } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { ActionButton, useAction, useHasPermission } from '../common/actions.tsx';
import { DetailHeader, RecordDetailPage, Value } from '../common/DetailPage.tsx';
import { LifecycleSide } from '../common/History.tsx';
import { EmptyNote, FieldGrid, Panel, VisuallyHidden } from '../common/layout.tsx';
import { type Columns, DataTable } from '../common/DataTable.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';
import { formatDateTime, useLang } from '../common/format.tsx';
import { stationDetailPath } from '../station/logic.ts';
import { settlementDetailPath } from '../settlement/logic.ts';
import { Yuan } from '../finance/common.tsx';
import { BatchStatusChip, LineStatusChip, batchField, lineField } from './common.tsx';
import { ExportDialog, ImportResultDialog, ReasonDialog } from './dialogs.tsx';
import { RecordWorkflowPanel } from '../workflow/InstancePanel.tsx';
import { type BatchButton, PAYMENT_API, PAYMENT_RESOURCE, allowedBatchButtons, linesRemovable } from './logic.ts';

const ICONS: Record<BatchButton, ReactElement> = { submit: <SubmitIcon />, approve: <ApproveIcon />, reject: <RejectIcon />, export: <ExportIcon />, import_result: <ImportIcon />, cancel: <CancelIcon /> };

/** The buttons the batch's state allows, the user holds and four eyes leaves them (the server checks all three again). */
const BatchActions = () => {
  const record = useRecordContext<PaymentBatch>();
  const dataProvider = useDataProvider<PvDataProvider>();
  const { identity } = useGetIdentity();
  const { run, busy } = useAction();
  const [open, setOpen] = useState<BatchButton | null>(null);
  const may: Record<string, boolean> = {
    'payment_batch:submit': useHasPermission('payment_batch:submit'),
    'payment_batch:approve': useHasPermission('payment_batch:approve'),
    'payment_batch:reject': useHasPermission('payment_batch:reject'),
    'payment_batch:export': useHasPermission('payment_batch:export'),
    'payment_batch:import': useHasPermission('payment_batch:import'),
    'payment_batch:cancel': useHasPermission('payment_batch:cancel'),
  };
  if (!record) return null;
  const buttons = allowedBatchButtons(record, (c) => may[c] ?? false, identity?.id != null ? Number(identity.id) : null);
  const close = () => setOpen(null);
  const act = (op: 'submit' | 'approve') => void run(() => dataProvider.act(PAYMENT_API, op, { id: record.id, version: record.version }), `pv.payment.notify.${op}`).then(close);
  return (
    <>
      {buttons.map((b) => (
        <ActionButton key={b} label={`pv.payment.action.${b}`} icon={ICONS[b]} color={b === 'cancel' || b === 'reject' ? 'error' : b === 'approve' ? 'success' : undefined} onClick={() => setOpen(b)} />
      ))}
      {(open === 'submit' || open === 'approve') && (
        <Confirm
          isOpen
          loading={busy}
          title={`pv.payment.action.${open}`}
          content={`pv.payment.dialog.${open}_confirm`}
          translateOptions={{ n: record.line_count, amount: formatMoney(record.total) }}
          onClose={close}
          onConfirm={() => act(open)}
        />
      )}
      {(open === 'reject' || open === 'cancel') && <ReasonDialog record={record} action={open} onClose={close} />}
      {open === 'export' && <ExportDialog record={record} onClose={close} />}
      {open === 'import_result' && <ImportResultDialog record={record} onClose={close} />}
    </>
  );
};

/** 对账: count and amount per line state from SQL sums over the lines; total = paid + failed + pending, removed apart. */
const Reconciliation = () => {
  const record = useRecordContext<PaymentBatch>()!;
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const { data } = useQuery({
    queryKey: [PAYMENT_API, 'reconcile', record.id, record.version],
    queryFn: () => dataProvider.read<PaymentReconciliation>(PAYMENT_API, 'reconcile', { id: record.id }).then((r) => r.data),
  });
  const cell = (key: 'total' | 'paid' | 'failed' | 'pending' | 'removed', color?: string) => (
    <Box sx={{ minWidth: 0 }} data-testid={`reconcile-${key}`}>
      <Typography variant="caption" color="text.secondary">
        {translate(`pv.payment.reconcile.${key}`)}
      </Typography>
      <Typography variant="subtitle1" sx={{ fontWeight: 600, color, fontVariantNumeric: 'tabular-nums' }}>
        {data ? <Yuan value={data[key].amount} /> : '…'}
      </Typography>
      <Typography variant="caption">{data ? translate('pv.payment.reconcile.count', { smart_count: data[key].n }) : ''}</Typography>
    </Box>
  );
  return (
    <Panel title="pv.payment.reconcile.title" testId="batch-reconcile">
      {/* total = paid + failed + awaiting on one line (each figure a column), removed lines apart below */}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr) auto minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr) auto) minmax(0, 1fr)' }, columnGap: 2, rowGap: 1, alignItems: 'start' }}>
        {cell('total')}
        <Typography variant="h6" sx={{ pt: 2 }}>
          =
        </Typography>
        {cell('paid', 'success.main')}
        <Typography variant="h6" sx={{ pt: 2 }}>
          +
        </Typography>
        {cell('failed', 'error.main')}
        <Typography variant="h6" sx={{ pt: 2 }}>
          +
        </Typography>
        {cell('pending', 'warning.main')}
      </Box>
      <Box sx={{ mt: 1 }}>{cell('removed', 'text.secondary')}</Box>
      {data && (
        <Alert severity={data.balanced ? 'success' : 'error'} sx={{ mt: 1.5 }} data-testid="reconcile-balanced">
          {translate(data.balanced ? 'pv.payment.reconcile.balanced' : 'pv.payment.reconcile.unbalanced')}
        </Alert>
      )}
    </Panel>
  );
};

const Info = () => {
  const record = useRecordContext<PaymentBatch>()!;
  const translate = useTranslate();
  const lang = useLang();
  const selection = record.selection as { bill_ids?: number; filter?: Record<string, string>; settlement_ids?: number; settlement_filter?: Record<string, string> } | null;
  return (
    <Panel title="pv.payment.basic" testId="batch-basic">
      <FieldGrid>
        <Value label={batchField('purpose')}>{record.purpose}</Value>
        <Value label={batchField('line_count')}>{record.line_count}</Value>
        <Value label={batchField('total')}>
          <Yuan value={record.total} strong />
        </Value>
        <Value label={batchField('selection')}>
          {selection?.bill_ids
            ? translate('pv.payment.selection_ticked', { n: selection.bill_ids })
            : selection?.settlement_ids
              ? translate('pv.payment.selection_settlement_ticked', { n: selection.settlement_ids })
              : selection?.settlement_filter
                ? translate('pv.payment.selection_settlement_filter')
                : translate('pv.payment.selection_filter')}
          {selection?.settlement_filter && Object.keys(selection.settlement_filter).length > 0 && (
            <Typography variant="caption" component="div" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
              {Object.entries(selection.settlement_filter)
                .map(([k, v]) => `${translate(`resources.finance/settlement.fields.${k}`, { _: k })}: ${v}`)
                .join('；')}
            </Typography>
          )}
          {selection?.filter && Object.keys(selection.filter).length > 0 && (
            <Typography variant="caption" component="div" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
              {Object.entries(selection.filter)
                .map(([k, v]) => `${translate(`resources.finance/rentBill.fields.${k}`, { _: k })}: ${v}`)
                .join('；')}
            </Typography>
          )}
        </Value>
        <Value label={batchField('created_by_name')}>{`${record.created_by_name ?? '-'} · ${formatDateTime(record.created_at, lang)}`}</Value>
        {record.submitted_at && <Value label={batchField('submitted_by_name')}>{`${record.submitted_by_name ?? '-'} · ${formatDateTime(record.submitted_at, lang)}`}</Value>}
        {record.approved_at && <Value label={batchField('approved_by_name')}>{`${record.approved_by_name ?? '-'} · ${formatDateTime(record.approved_at, lang)}`}</Value>}
        {record.exported_at && <Value label={batchField('exported_at')}>{`${formatDateTime(record.exported_at, lang)} (${record.export_count})`}</Value>}
        {record.completed_at && <Value label={batchField('completed_at')}>{formatDateTime(record.completed_at, lang)}</Value>}
        {record.cancelled_at && <Value label={batchField('cancelled_at')}>{formatDateTime(record.cancelled_at, lang)}</Value>}
        {record.reason && <Value label={batchField('reason')}>{record.reason}</Value>}
        {record.remark && <Value label={batchField('remark')}>{record.remark}</Value>}
      </FieldGrid>
      {record.status === 'pending_approval' && (
        <Typography variant="caption" color="text.secondary">
          {translate('pv.payment.four_eyes')}
        </Typography>
      )}
    </Panel>
  );
};

const STATES = ['', 'pending', 'paid', 'failed', 'removed'] as const;
const NO_LINES: PaymentLine[] = [];

/** 付款明细: filter by state, keyword, paging; a draft's line can be removed. */
const Lines = () => {
  const record = useRecordContext<PaymentBatch>()!;
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const lang = useLang();
  const { run, busy } = useAction();
  const canRemove = useHasPermission('payment_batch:remove_line') && linesRemovable(record.status);
  const [status, setStatus] = useState<(typeof STATES)[number]>('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(20);
  const [removing, setRemoving] = useState<PaymentLine | null>(null);
  const query = useMemo(() => ({ id: record.id, page: page + 1, limit, ...(status ? { status } : {}), ...(q.trim() ? { q: q.trim() } : {}) }), [record.id, page, limit, status, q]);
  const { data } = useQuery({
    queryKey: [PAYMENT_API, 'lines', query, record.version],
    queryFn: () => dataProvider.read<{ list: PaymentLine[]; total: number }>(PAYMENT_API, 'lines', query).then((r) => r.data),
  });
  const settlements = record.payable_type === 'settlement';
  const columns: Columns<PaymentLine> = [
    { key: 'seq', label: translate(lineField('seq')), render: (l) => l.seq, nowrap: true },
    { key: 'reference', label: translate(lineField('reference')), render: (l) => l.reference, nowrap: true, sx: { fontFamily: 'monospace' }, ...HIDE_FIRST },
    ...(settlements
      ? [
          {
            key: 'settlement_no',
            label: translate(lineField('settlement_no')),
            nowrap: true,
            render: (l: PaymentLine) =>
              l.settlement_id != null ? (
                <Link component={RouterLink} to={settlementDetailPath(l.settlement_id)} data-testid="line-settlement">
                  {l.settlement_no ?? `#${l.settlement_id}`}
                </Link>
              ) : (
                '-'
              ),
          },
          { key: 'settlement_month', label: translate(lineField('settlement_month')), nowrap: true, render: (l: PaymentLine) => l.settlement_month ?? '-' },
          { key: 'party_name', label: translate(lineField('party_name')), render: (l: PaymentLine) => l.party_name ?? '-' },
        ]
      : [
          { key: 'bill_no', label: translate(lineField('bill_no')), nowrap: true, render: (l: PaymentLine) => `${l.bill_no ?? '-'} (${l.period ?? ''})` },
          {
            key: 'station_code',
            label: translate(lineField('station_code')),
            nowrap: true,
            render: (l: PaymentLine) =>
              l.station_id ? (
                <Link component={RouterLink} to={stationDetailPath(l.station_id)}>
                  {l.station_code}
                </Link>
              ) : (
                '-'
              ),
          },
          { key: 'customer_name', label: translate(lineField('customer_name')), render: (l: PaymentLine) => l.customer_name ?? '-' },
        ]),
    { key: 'payee_name', label: translate(lineField('payee_name')), render: (l) => l.payee_name ?? '-', ...MUST_SHOW },
    { key: 'payee_bank', label: translate(lineField('payee_bank')), render: (l) => [l.payee_bank, l.payee_branch].filter(Boolean).join(' ') || '-' },
    { key: 'payee_card', label: translate(lineField('payee_card')), render: (l) => l.payee_card ?? '-', nowrap: true, sx: { fontFamily: 'monospace' }, ...MUST_SHOW },
    { key: 'amount', label: translate(lineField('amount')), align: 'right', nowrap: true, render: (l) => <Yuan value={l.amount} />, ...MUST_SHOW },
    { key: 'status', label: translate(lineField('status')), nowrap: true, render: (l) => <LineStatusChip status={l.status} />, ...MUST_SHOW },
    {
      key: 'result',
      label: `${translate(lineField('bank_serial'))} / ${translate(lineField('fail_reason'))}`,
      sx: { minWidth: 160 },
      ...MUST_SHOW,
      render: (l) => (
        <>
          {l.status === 'paid' && (
            <Typography variant="caption" component="div">
              {l.bank_serial} · {formatDateTime(l.paid_at, lang)}
            </Typography>
          )}
          {l.status === 'failed' && (
            <Typography variant="caption" color="error.main" component="div">
              {l.fail_reason}
            </Typography>
          )}
          {l.status === 'removed' && (
            <Typography variant="caption" color="text.secondary" component="div">
              {l.removed_reason}
            </Typography>
          )}
        </>
      ),
    },
    canRemove && {
      key: 'remove',
      label: <VisuallyHidden>{translate('pv.table.actions')}</VisuallyHidden>,
      ...MUST_SHOW,
      render: (l) =>
        l.status === 'pending' && (
          <Button size="small" color="error" onClick={() => setRemoving(l)} data-testid="line-remove">
            {translate('pv.payment.lines.remove')}
          </Button>
        ),
    },
  ];
  return (
    <Panel title="pv.payment.lines.title" testId="batch-lines">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} alignItems={{ md: 'center' }} sx={{ mb: 1 }}>
        <ToggleButtonGroup size="small" exclusive value={status} sx={{ flexShrink: 0, '& .MuiToggleButton-root': { whiteSpace: 'nowrap' } }} onChange={(_, v) => v !== null && (setStatus(v), setPage(0))} data-testid="lines-status">
          {STATES.map((s) => (
            <ToggleButton key={s} value={s}>
              {s ? PaymentLineStatus.label(s, lang) : translate('pv.payment.lines.all')}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField size="small" placeholder={translate(lineField('q'))} value={q} onChange={(e) => (setQ(e.target.value), setPage(0))} sx={{ minWidth: 260 }} />
      </Stack>
      {data && data.total === 0 ? <EmptyNote text="pv.payment.lines.empty" /> : <DataTable columns={columns} rows={data?.list ?? NO_LINES} rowKey={(l) => l.id} testId="lines-table" rowTestId="line-row" />}
      <TablePagination
        component="div"
        count={data?.total ?? 0}
        page={page}
        rowsPerPage={limit}
        rowsPerPageOptions={[10, 20, 50, 100]}
        onPageChange={(_, p) => setPage(p)}
        onRowsPerPageChange={(e) => (setLimit(Number(e.target.value)), setPage(0))}
        labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
        labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
      />
      {removing && (
        <Confirm
          isOpen
          loading={busy}
          title="pv.payment.lines.remove_title"
          content="pv.payment.lines.remove_confirm"
          translateOptions={{ bill_no: removing.bill_no ?? '', amount: removing.amount }}
          onClose={() => setRemoving(null)}
          onConfirm={() => void run(() => dataProvider.act(PAYMENT_API, 'remove_line', { id: record.id, version: record.version, line_id: removing.id }), 'pv.payment.notify.remove_line').then(() => setRemoving(null))}
        />
      )}
    </Panel>
  );
};

const Side = () => (
  <LifecycleSide api={PAYMENT_API} area="payment" states={PaymentBatchStatus} fieldLabel={batchField} hidden={['created_by', 'submitted_by', 'approved_by', 'exported_by', 'selection']} />
);

/** 付款批次详情: #/finance/paymentBatchDetail?id=N (one tab per batch): reconciliation, lines, actions, timeline, history. */
const PaymentBatchDetail = () => (
  <RecordDetailPage<PaymentBatch>
    resource={PAYMENT_RESOURCE}
    missing="pv.payment.missing_id"
    header={(record) => (
      <DetailHeader testId="batch-heading" title={record.batch_no} subtitle={record.name ?? undefined} chip={<BatchStatusChip status={record.status} />} actions={<BatchActions />} />
    )}
    main={
      <Stack>
        <Reconciliation />
        <RecordWorkflowPanel recordType="payment_batch" />
        <Info />
        <Lines />
      </Stack>
    }
    side={<Side />}
  />
);
export default PaymentBatchDetail;

