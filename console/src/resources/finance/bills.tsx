import { useMemo, useState } from 'react';
import { Confirm, RecordContextProvider, useDataProvider, useGetList, useGetOne, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import CloseIcon from '@mui/icons-material/Close';
import DeductIcon from '@mui/icons-material/RemoveCircleOutline';
import PayIcon from '@mui/icons-material/PaidOutlined';
import FailIcon from '@mui/icons-material/ErrorOutline';
import PauseIcon from '@mui/icons-material/PauseCircleOutline';
import ReleaseIcon from '@mui/icons-material/PlayCircleOutline';
import { Box, Drawer, IconButton, Link, Stack, Typography } from '@mui/material';
import { RentBillActionLabel, RentBillStatus, maskMiddle, type PaymentLine, type RentBill, type RentDeduction } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { ActionButton, useAction, useHasPermission } from '../common/actions.tsx';
import { Value } from '../common/DetailPage.tsx';
import { TimelinePanel, useRecordSideList } from '../common/History.tsx';
import { EmptyNote, FieldGrid, Panel } from '../common/layout.tsx';
import { formatDateTime, useLang } from '../common/format.tsx';
import { BillStatusChip, Yuan, billField } from './common.tsx';
import { BillActionDialog } from './dialogs.tsx';
import { LineStatusChip, lineField } from '../payment/common.tsx';
import { PAYMENT_API, paymentDetailPath } from '../payment/logic.ts';
import { BILL_API, BILL_RESOURCE, type BillButton, allowedBillActions, leaseDetailPath } from './logic.ts';
import { RecordWorkflowPanel } from '../workflow/InstancePanel.tsx';
import { DataTable } from '../common/DataTable.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

const ICONS = { deduct: <DeductIcon />, pay: <PayIcon />, fail: <FailIcon />, pause: <PauseIcon />, release: <ReleaseIcon /> } as const;

/** The bill's buttons its state allows and the user holds. */
const BillActions = ({ record }: { record: RentBill }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const { run, busy } = useAction();
  const [open, setOpen] = useState<BillButton | null>(null);
  const may: Record<string, boolean> = {
    deduct: useHasPermission('rent_bill:deduct'),
    pay: useHasPermission('rent_bill:pay'),
    fail: useHasPermission('rent_bill:fail'),
    pause: useHasPermission('rent_bill:pause'),
    release: useHasPermission('rent_bill:release'),
  };
  const actions = allowedBillActions(record.status, record.paused_by, record.batch_id).filter((a) => may[a]);
  return (
    <Stack direction="row" spacing={0.5} flexWrap="wrap" data-testid="bill-actions">
      {actions.map((a) => (
        <ActionButton key={a} label={`pv.bill.action.${a}`} icon={ICONS[a as keyof typeof ICONS]} color={a === 'fail' ? 'error' : a === 'pay' ? 'success' : undefined} onClick={() => setOpen(a)} />
      ))}
      {(open === 'deduct' || open === 'pay' || open === 'fail' || open === 'pause') && <BillActionDialog record={record} action={open} onClose={() => setOpen(null)} />}
      {open === 'release' && (
        <Confirm
          isOpen
          loading={busy}
          title="pv.bill.action.release"
          content="pv.bill.notify.release"
          onClose={() => setOpen(null)}
          onConfirm={() => void run(() => dataProvider.act(BILL_API, 'release', { id: record.id, version: record.version }), 'pv.bill.notify.release').then(() => setOpen(null))}
        />
      )}
    </Stack>
  );
};

const Deductions = () => {
  const lang = useLang();
  const translate = useTranslate();
  const { data } = useRecordSideList<RentDeduction>(BILL_API, 'deductions', (dp, id) => dp.read<{ list: RentDeduction[] }>(BILL_API, 'deductions', { id }).then((r) => r.data.list));
  return (
    <Panel title="pv.bill.deductions" testId="bill-deductions">
      {!data.length ? (
        <EmptyNote text="pv.bill.no_deductions" />
      ) : (
        <DataTable
          rows={data}
          rowKey={(d) => d.id}
          columns={[
            { key: 'amount', label: translate('pv.bill.dialog.amount'), align: 'right', nowrap: true, render: (d) => <Yuan value={d.amount} />, ...MUST_SHOW },
            { key: 'reason', label: translate('pv.bill.dialog.reason'), render: (d) => d.reason, ...MUST_SHOW },
            { key: 'by', label: translate('pv.table.by'), render: (d) => d.created_by_name ?? '-' },
            { key: 'at', label: translate('pv.table.at'), nowrap: true, render: (d) => formatDateTime(d.created_at, lang) },
          ]}
        />
      )}
    </Panel>
  );
};

/** 付款记录: the bill's lines in payment batches (each attempt: batch, reference, amount, the bank's answer), oldest first. */
const Payments = ({ onNavigate }: { onNavigate: () => void }) => {
  const lang = useLang();
  const translate = useTranslate();
  const canOpen = useHasPermission('payment_batch:get_info');
  const { data } = useRecordSideList<PaymentLine>(PAYMENT_API, 'bill_lines', (dp, id) => dp.read<{ list: PaymentLine[] }>(PAYMENT_API, 'bill_lines', { bill_id: id }).then((r) => r.data.list));
  return (
    <Panel title="pv.payment.payments.title" testId="bill-payments">
      {!data.length ? (
        <EmptyNote text="pv.payment.payments.empty" />
      ) : (
        <DataTable
          rows={data}
          rowKey={(l) => l.id}
          columns={[
            {
              key: 'batch_no',
              label: translate(lineField('batch_no')),
              nowrap: true,
              ...MUST_SHOW,
              render: (l) =>
                canOpen ? (
                  <Link component={RouterLink} to={paymentDetailPath(l.batch_id)} onClick={onNavigate}>
                    {l.batch_no}
                  </Link>
                ) : (
                  l.batch_no
                ),
            },
            { key: 'amount', label: translate(lineField('amount')), align: 'right', nowrap: true, render: (l) => <Yuan value={l.amount} />, ...MUST_SHOW },
            { key: 'status', label: translate(lineField('status')), nowrap: true, render: (l) => <LineStatusChip status={l.status} />, ...MUST_SHOW },
            {
              key: 'result',
              label: `${translate(lineField('bank_serial'))} / ${translate(lineField('fail_reason'))}`,
              ...MUST_SHOW,
              render: (l) => <Typography variant="caption">{l.status === 'paid' ? `${l.bank_serial ?? ''} ${formatDateTime(l.paid_at, lang)}` : (l.fail_reason ?? l.removed_reason ?? '')}</Typography>,
            },
          ]}
        />
      )}
    </Panel>
  );
};

/** A bill in a side drawer: amounts, coverage, payment, the actions, deductions and the timeline. */
export const BillDrawer = ({ id, onClose }: { id: number | null; onClose: () => void }) => {
  const translate = useTranslate();
  const lang = useLang();
  const { data: record } = useGetOne<RentBill>(BILL_RESOURCE, { id: id ?? 0 }, { enabled: id !== null });
  const actions = useMemo(() => ({ label: (a: string | null | undefined) => translate(`pv.bill.history_action.${a}`, { _: RentBillActionLabel.label(a, lang) }) }), [translate, lang]);
  return (
    // persistent, not modal: it renders in place (no portal), so a page the tab bar hides (display:none) hides
    // its open drawer too, and no modal marks the rest of the screen aria-hidden; the close button closes it
    <Drawer anchor="right" variant="persistent" open={id !== null} onClose={onClose} PaperProps={{ elevation: 8, sx: { width: { xs: '100%', sm: 520 } } }}>
      {record && (
        <RecordContextProvider value={record}>
          <Box sx={{ p: 2 }} data-testid="bill-drawer">
            <Stack direction="row" justifyContent="space-between" alignItems="center">
              <Stack direction="row" spacing={1} alignItems="center">
                <Typography variant="h6">{record.bill_no}</Typography>
                <BillStatusChip status={record.status} pausedBy={record.paused_by} />
              </Stack>
              <IconButton onClick={onClose} aria-label={translate('ra.action.close')}>
                <CloseIcon />
              </IconButton>
            </Stack>
            <BillActions record={record} />
            <RecordWorkflowPanel recordType="rent_bill" />
            <Panel title="pv.bill.detail">
              <FieldGrid>
                <Value label={billField('contract_no')}>
                  <Link component={RouterLink} to={leaseDetailPath(record.contract_id)} onClick={onClose}>
                    {record.contract_no}
                  </Link>
                </Value>
                <Value label={billField('period')}>{record.period}</Value>
                <Value label={billField('coverage')}>{translate('pv.bill.coverage', { from: record.cover_start, to: record.cover_end, days: record.days, period_days: record.period_days })}</Value>
                <Value label={billField('rate')}>{record.rate}</Value>
                <Value label={billField('amount_due')}>
                  <Yuan value={record.amount_due} />
                </Value>
                <Value label={billField('deduction')}>
                  <Yuan value={record.deduction} />
                </Value>
                <Value label={billField('amount_payable')}>
                  <Yuan value={record.amount_payable} strong />
                </Value>
                <Value label={billField('due_date')}>{record.due_date}</Value>
                {record.pause_reason && <Value label={billField('pause_reason')}>{record.pause_reason}</Value>}
                {record.batch_id && (
                  <Value label={billField('batch_id')}>
                    <Link component={RouterLink} to={paymentDetailPath(record.batch_id)} onClick={onClose}>
                      {record.batch_no ?? `#${record.batch_id}`}
                    </Link>
                  </Value>
                )}
                {record.paid_at && <Value label={billField('paid_at')}>{formatDateTime(record.paid_at, lang)}</Value>}
                {record.bank_serial && <Value label={billField('bank_serial')}>{record.bank_serial}</Value>}
                {record.payee_card && <Value label={billField('payee_card')}>{`${record.payee_name ?? ''} ${record.payee_bank ?? ''} ${maskMiddle(record.payee_card)}`}</Value>}
                {record.fail_reason && <Value label={billField('fail_reason')}>{record.fail_reason}</Value>}
              </FieldGrid>
            </Panel>
            <Deductions />
            <Payments onNavigate={onClose} />
            <TimelinePanel api={BILL_API} states={RentBillStatus} actions={actions} />
          </Box>
        </RecordContextProvider>
      )}
    </Drawer>
  );
};

/** The bills of a contract, station or owner as a compact table (contract page, money tab); a row opens the drawer. */
export const BillsTable = ({ filter, testId = 'bills-table' }: { filter: { contract_id?: number; station_id?: number; customer_id?: number }; testId?: string }) => {
  const translate = useTranslate();
  const [open, setOpen] = useState<number | null>(null);
  const { data = [], isPending } = useGetList<RentBill>(BILL_RESOURCE, { filter, pagination: { page: 1, perPage: 200 }, sort: { field: 'period', order: 'DESC' } });
  if (isPending) return null;
  if (!data.length) return <EmptyNote text="pv.lease.no_bills" />;
  return (
    <>
      <DataTable
        testId={testId}
        rows={data}
        rowKey={(b) => b.id}
        onRowClick={(b) => setOpen(b.id)}
        columns={[
          { key: 'period', label: translate(billField('period')), nowrap: true, render: (b) => b.period, ...MUST_SHOW },
          { key: 'coverage', label: translate(billField('coverage')), nowrap: true, render: (b) => `${b.cover_start} ~ ${b.cover_end}`, ...HIDE_FIRST },
          { key: 'amount_due', label: translate(billField('amount_due')), align: 'right', nowrap: true, render: (b) => <Yuan value={b.amount_due} /> },
          { key: 'deduction', label: translate(billField('deduction')), align: 'right', nowrap: true, render: (b) => <Yuan value={b.deduction} /> },
          { key: 'amount_payable', label: translate(billField('amount_payable')), align: 'right', nowrap: true, render: (b) => <Yuan value={b.amount_payable} strong />, ...MUST_SHOW },
          { key: 'due_date', label: translate(billField('due_date')), nowrap: true, render: (b) => b.due_date },
          { key: 'status', label: translate(billField('status')), nowrap: true, render: (b) => <BillStatusChip status={b.status} pausedBy={b.paused_by} />, ...MUST_SHOW },
          { key: 'paid_at', label: translate(billField('paid_at')), nowrap: true, render: (b) => (b.paid_at ? b.paid_at.slice(0, 10) : '-'), ...MUST_SHOW },
        ]}
      />
      <BillDrawer id={open} onClose={() => setOpen(null)} />
    </>
  );
};
