import { type ReactElement, useMemo, useState } from 'react';
import { Confirm, useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Link, Stack, Typography } from '@mui/material';
import SubmitIcon from '@mui/icons-material/SendOutlined';
import ConfirmIcon from '@mui/icons-material/TaskAltOutlined';
import PayIcon from '@mui/icons-material/PaymentsOutlined';
import {
  SettlementParty,
  SettlementPaymentState,
  SettlementSource,
  SettlementStatus,
  formatMoney,
  sumMoney,
  type Settlement,
  type SettlementLine,
} from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { ActionButton, useAction, useHasPermission } from '../common/actions.tsx';
import { DetailHeader, RecordDetailPage, Value } from '../common/DetailPage.tsx';
import { LifecycleSide } from '../common/History.tsx';
import { EmptyNote, FieldGrid, Panel, VisuallyHidden } from '../common/layout.tsx';
import { formatDateTime, useLang } from '../common/format.tsx';
import { Yuan } from '../finance/common.tsx';
import { ThreeWayPanel } from '../invoice/ThreeWay.tsx';
import { paymentDetailPath } from '../payment/logic.ts';
import { LineKindLabel, LineStatusChip, SettlementStatusChip, lineField, settlementField } from './common.tsx';
import { DisputeDialog, PayDialog, ResolveDialog } from './dialogs.tsx';
import { RecordWorkflowPanel } from '../workflow/InstancePanel.tsx';
import { SETTLEMENT_API, SETTLEMENT_RESOURCE, type SettlementButton, allowedSettlementButtons, groupLines, lineDisputable, lineResolvable, sourcePath } from './logic.ts';
import { type Columns, DataTable } from '../common/DataTable.tsx';
import { MUST_SHOW } from '../common/columns.ts';

const ICONS: Record<SettlementButton, ReactElement> = { submit: <SubmitIcon />, confirm: <ConfirmIcon />, pay: <PayIcon /> };

/** 提交确认 / 确认 / 确认付款 by state and permission (the server checks both again). */
const Actions = () => {
  const record = useRecordContext<Settlement>();
  const dataProvider = useDataProvider<PvDataProvider>();
  const { run, busy } = useAction();
  const [open, setOpen] = useState<SettlementButton | null>(null);
  const may: Record<string, boolean> = {
    'settlement:submit': useHasPermission('settlement:submit'),
    'settlement:confirm': useHasPermission('settlement:confirm'),
    'settlement:pay': useHasPermission('settlement:pay'),
  };
  if (!record) return null;
  // (held by a payment batch: the batch's bank result pays it, not the manual 确认付款)
  const buttons = allowedSettlementButtons(record.status, (c) => may[c] ?? false).filter((b) => !(b === 'pay' && record.batch_id != null));
  const close = () => setOpen(null);
  return (
    <>
      {buttons.map((b) => (
        <ActionButton key={b} label={`pv.settlement.action.${b}`} icon={ICONS[b]} color={b === 'pay' ? 'success' : undefined} onClick={() => setOpen(b)} />
      ))}
      {(open === 'submit' || open === 'confirm') && (
        <Confirm
          isOpen
          loading={busy}
          title={`pv.settlement.action.${open}`}
          content={`pv.settlement.dialog.${open}_confirm`}
          translateOptions={{ n: record.line_count, amount: formatMoney(record.total_amount) }}
          onClose={close}
          onConfirm={() => void run(() => dataProvider.act(SETTLEMENT_API, open, { id: record.id, version: record.version }), `pv.settlement.notify.${open}`).then(close)}
        />
      )}
      {open === 'pay' && <PayDialog record={record} onClose={close} />}
    </>
  );
};

const Info = () => {
  const record = useRecordContext<Settlement>()!;
  const lang = useLang();
  const who = (name: string | null | undefined, at: string | null) => (at ? `${name ?? ''} ${formatDateTime(at, lang)}`.trim() : '-');
  return (
    <Panel title="pv.settlement.basic" testId="settlement-basic">
      <FieldGrid>
        <Value label={settlementField('party_kind')}>{SettlementParty.label(record.party_kind, lang)}</Value>
        <Value label={settlementField('party_name')}>{record.party_name}</Value>
        <Value label={settlementField('month')}>{record.month}</Value>
        <Value label={settlementField('line_count')}>{record.line_count}</Value>
        <Value label={settlementField('total_amount')}>
          <Box component="span" data-testid="settlement-total">
            <Yuan value={record.total_amount} strong />
          </Box>
        </Value>
        <Value label={settlementField('submitted_at')}>{who(null, record.submitted_at)}</Value>
        <Value label={settlementField('confirmed_at')}>{who(record.confirmed_by_name, record.confirmed_at)}</Value>
        {record.payment_state && (
          <Value label={settlementField('payment_state')}>
            <Box component="span" data-testid="settlement-payment-state">
              {SettlementPaymentState.label(record.payment_state, lang)}
            </Box>
          </Value>
        )}
        {record.batch_id != null && (
          <Value label={settlementField('batch_no')}>
            <Link component={RouterLink} to={paymentDetailPath(record.batch_id)} data-testid="settlement-batch-link">
              {record.batch_no ?? `#${record.batch_id}`}
            </Link>
          </Value>
        )}
        {record.fail_reason && record.payment_state === 'failed' && <Value label={settlementField('fail_reason')}>{`${record.fail_reason}${record.failed_at ? ` (${formatDateTime(record.failed_at, lang)})` : ''}`}</Value>}
        {record.paid_at && <Value label={settlementField('paid_at')}>{formatDateTime(record.paid_at, lang)}</Value>}
        {record.bank_serial && <Value label={settlementField('bank_serial')}>{record.bank_serial}</Value>}
      </FieldGrid>
    </Panel>
  );
};

/** 明细: grouped by kind with exact subtotals; each line links to its source; dispute (agent) and resolve (finance) per line. */
const Lines = () => {
  const record = useRecordContext<Settlement>()!;
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const lang = useLang();
  const canDispute = useHasPermission('settlement:dispute');
  const canResolve = useHasPermission('settlement:resolve');
  const [disputing, setDisputing] = useState<SettlementLine | null>(null);
  const [resolving, setResolving] = useState<SettlementLine | null>(null);
  const { data } = useQuery({
    queryKey: [SETTLEMENT_API, 'lines', record.id, record.version],
    queryFn: () => dataProvider.read<{ list: SettlementLine[]; total: number }>(SETTLEMENT_API, 'lines', { id: record.id }).then((r) => r.data),
  });
  const groups = useMemo(() => groupLines(data?.list ?? []), [data]);
  const columns: Columns<SettlementLine> = [
    {
      key: 'source',
      label: translate(lineField('source')),
      sx: { minWidth: 200 },
      ...MUST_SHOW,
      render: (l) => {
        const to = sourcePath(l);
        return (
          <>
            <Typography variant="caption" color="text.secondary" component="span" sx={{ mr: 0.5 }}>
              {SettlementSource.label(l.source_type, lang)}
            </Typography>
            {to ? (
              <Link component={RouterLink} to={to} data-testid="line-source">
                {l.source_label ?? `#${l.source_id}`}
              </Link>
            ) : (
              (l.source_label ?? `#${l.source_id}`)
            )}
            {l.note && (
              <Typography variant="caption" component="div" color="text.secondary">
                {l.note}
              </Typography>
            )}
            {l.dispute_reason && <Typography variant="caption" component="div" color="error.main">{`${translate(lineField('dispute_reason'))}: ${l.dispute_reason}`}</Typography>}
            {l.reply && <Typography variant="caption" component="div">{`${translate(lineField('reply'))}: ${l.reply}`}</Typography>}
          </>
        );
      },
    },
    { key: 'event_at', label: translate(lineField('event_at')), nowrap: true, render: (l) => formatDateTime(l.event_at, lang) },
    {
      key: 'quantity',
      label: translate(lineField('quantity')),
      align: 'right',
      nowrap: true,
      render: (l) => (
        <>
          {`${l.quantity} × ${l.rate}`}
          <Typography variant="caption" component="div" color="text.secondary">
            {l.rule_id ? translate('pv.settlement.rule_version', { id: l.rule_id, version: l.rule_version ?? 1 }) : ''}
          </Typography>
        </>
      ),
    },
    { key: 'amount', label: translate(lineField('amount')), align: 'right', nowrap: true, render: (l) => <Yuan value={l.amount} />, ...MUST_SHOW },
    { key: 'status', label: translate(lineField('status')), nowrap: true, render: (l) => <LineStatusChip status={l.status} />, ...MUST_SHOW },
    (canDispute || canResolve) && {
      key: 'actions',
      label: <VisuallyHidden>{translate('pv.table.actions')}</VisuallyHidden>,
      nowrap: true,
      ...MUST_SHOW,
      render: (l) => (
        <>
          {canDispute && lineDisputable(record.status, l) && (
            <Button size="small" color="error" onClick={() => setDisputing(l)} data-testid="line-dispute">
              {translate('pv.settlement.action.dispute')}
            </Button>
          )}
          {canResolve && lineResolvable(record.status, l) && (
            <Button size="small" onClick={() => setResolving(l)} data-testid="line-resolve">
              {translate('pv.settlement.action.resolve')}
            </Button>
          )}
        </>
      ),
    },
  ];
  return (
    <Panel title="pv.settlement.lines_title" testId="settlement-lines">
      {data && data.total === 0 && <EmptyNote text="pv.settlement.lines_empty" />}
      {groups.map((g) => (
        <Box key={g.kind} sx={{ mb: 2 }} data-testid={`group-${g.kind}`}>
          <Stack direction="row" justifyContent="space-between" sx={{ mb: 0.5 }}>
            <Typography variant="subtitle2">
              <LineKindLabel kind={g.kind} /> · {translate('pv.settlement.count', { smart_count: g.lines.length })}
            </Typography>
            <Typography variant="subtitle2">
              <Yuan value={sumMoney(g.lines.map((l) => l.amount))} strong />
            </Typography>
          </Stack>
          <DataTable columns={columns} rows={g.lines} rowKey={(l) => l.id} rowTestId="line-row" rowAttrs={(l) => ({ 'data-line-id': l.id })} />
        </Box>
      ))}
      {disputing && <DisputeDialog record={record} line={disputing} onClose={() => setDisputing(null)} />}
      {resolving && <ResolveDialog record={record} line={resolving} onClose={() => setResolving(null)} />}
    </Panel>
  );
};

/** 发票匹配: settled / invoiced / paid for this settlement (invoice:index only). */
const ThreeWayOf = () => {
  const record = useRecordContext<Settlement>()!;
  return <ThreeWayPanel targetType="settlement" targetId={record.id} version={record.version} />;
};

const Side = () => (
  <LifecycleSide api={SETTLEMENT_API} area="settlement" actionsAt="action" states={SettlementStatus} fieldLabel={settlementField} hidden={['created_by', 'submitted_by', 'confirmed_by', 'disputed_by', 'paid_by']} />
);

/** 结算单详情: #/finance/settlementDetail?id=N: totals, lines by kind with their sources, actions, timeline, history. */
const SettlementDetail = () => (
  <RecordDetailPage<Settlement>
    resource={SETTLEMENT_RESOURCE}
    missing="pv.settlement.missing_id"
    header={(record) => <DetailHeader testId="settlement-heading" title={record.settlement_no} subtitle={`${record.party_name ?? ''} · ${record.month}`} chip={<SettlementStatusChip status={record.status} />} actions={<Actions />} />}
    main={
      <Stack>
        <RecordWorkflowPanel recordType="settlement" />
        <Info />
        <Lines />
        <ThreeWayOf />
      </Stack>
    }
    side={<Side />}
  />
);
export default SettlementDetail;
