import { type ReactElement, useState } from 'react';
import { Confirm, useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Chip, Link, Stack, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/RefreshOutlined';
import SendIcon from '@mui/icons-material/SendOutlined';
import ImportIcon from '@mui/icons-material/FileUploadOutlined';
import ConfirmIcon from '@mui/icons-material/TaskAltOutlined';
import ExportIcon from '@mui/icons-material/FileDownloadOutlined';
import { StatementAgreed, StatementGroup, StatementKind, StatementStatus, formatMoney, sumMoney, type Statement, type StatementLine } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { ActionButton, useAction, useHasPermission } from '../common/actions.tsx';
import { DetailHeader, RecordDetailPage, Value } from '../common/DetailPage.tsx';
import { LifecycleSide } from '../common/History.tsx';
import { EmptyNote, FieldGrid, Panel, VisuallyHidden } from '../common/layout.tsx';
import { formatDateTime, useLang } from '../common/format.tsx';
import { downloadFile } from '../customer/excel/download.ts';
import { Yuan } from '../finance/common.tsx';
import { ThreeWayPanel } from '../invoice/ThreeWay.tsx';
import { stationDetailPath } from '../workOrder/logic.ts';
import { StatementStatusChip, lineField, statementField } from './common.tsx';
import { ExplainDialog, ImportSheetDialog } from './dialogs.tsx';
import { STATEMENT_API, STATEMENT_RESOURCE, type StatementButton, allowedStatementButtons, groupLines, lineExplainable } from './logic.ts';
import { RecordWorkflowPanel } from '../workflow/InstancePanel.tsx';
import { type Columns, DataTable } from '../common/DataTable.tsx';
import { MUST_SHOW } from '../common/columns.ts';

const ICONS: Record<StatementButton, ReactElement> = { refresh: <RefreshIcon />, send: <SendIcon />, import: <ImportIcon />, confirm: <ConfirmIcon /> };

/** 重新取数 / 发送对方 / 导入对方账单 / 确认对账 by state and permission (the server checks both again), and the comparison's export. */
const Actions = () => {
  const record = useRecordContext<Statement>();
  const dataProvider = useDataProvider<PvDataProvider>();
  const { run, busy } = useAction();
  const [open, setOpen] = useState<StatementButton | null>(null);
  const may: Record<string, boolean> = {
    'statement:refresh': useHasPermission('statement:refresh'),
    'statement:send': useHasPermission('statement:send'),
    'statement:import': useHasPermission('statement:import'),
    'statement:confirm': useHasPermission('statement:confirm'),
  };
  const exportable = useHasPermission('statement:export');
  if (!record) return null;
  const buttons = allowedStatementButtons(record.status, (c) => may[c] ?? false);
  const close = () => setOpen(null);
  return (
    <>
      {buttons.map((b) => (
        <ActionButton key={b} label={`pv.statement.action.${b}`} icon={ICONS[b]} color={b === 'confirm' ? 'success' : undefined} onClick={() => setOpen(b)} />
      ))}
      {exportable && record.status !== 'draft' && (
        <ActionButton label="pv.statement.action.export" icon={<ExportIcon />} onClick={() => void run(() => downloadFile(STATEMENT_API, 'export_lines', { id: record.id }, `statement_${record.statement_no}.xlsx`), 'pv.statement.notify.export')} />
      )}
      {(open === 'refresh' || open === 'send' || open === 'confirm') && (
        <Confirm
          isOpen
          loading={busy}
          title={`pv.statement.action.${open}`}
          content={`pv.statement.dialog.${open}_confirm`}
          translateOptions={{ n: record.our_count, amount: formatMoney(record.our_amount), their: formatMoney(record.their_amount) }}
          onClose={close}
          onConfirm={() => void run(() => dataProvider.act(STATEMENT_API, open, { id: record.id, version: record.version }), `pv.statement.notify.${open}`).then(close)}
        />
      )}
      {open === 'import' && <ImportSheetDialog record={record} onClose={close} />}
    </>
  );
};

const Info = () => {
  const record = useRecordContext<Statement>()!;
  const lang = useLang();
  return (
    <Panel title="pv.statement.basic" testId="statement-basic">
      <FieldGrid>
        <Value label={statementField('kind')}>{StatementKind.label(record.kind, lang)}</Value>
        <Value label={statementField('partner_name')}>{record.partner_name}</Value>
        <Value label={statementField('period')}>{`${record.period_from} ~ ${record.period_to}`}</Value>
        <Value label={statementField('our_amount')}>
          <Yuan value={record.our_amount} /> ({record.our_count})
        </Value>
        <Value label={statementField('their_amount')}>
          <Yuan value={record.their_amount} /> ({record.their_count})
        </Value>
        <Value label={statementField('diff_count')}>
          <Box component="span" data-testid="statement-diffs">{`${record.diff_count} / ${record.unexplained_count}`}</Box>
        </Value>
        {record.agreed_amount && (
          <Value label={statementField('agreed_amount')}>
            <Box component="span" data-testid="statement-agreed">
              <Yuan value={record.agreed_amount} strong />
            </Box>
          </Value>
        )}
        {record.file_name && <Value label={statementField('file_name')}>{record.file_name}</Value>}
        {record.imported_at && <Value label={statementField('imported_at')}>{formatDateTime(record.imported_at, lang)}</Value>}
        {record.confirmed_at && <Value label={statementField('confirmed_at')}>{formatDateTime(record.confirmed_at, lang)}</Value>}
        {record.remark && <Value label={statementField('remark')}>{record.remark}</Value>}
      </FieldGrid>
    </Panel>
  );
};

/** One side of a line: the amount, the quantity under it. */
const Side2 = ({ amount, qty }: { amount: string | null; qty: string | null }) =>
  amount === null ? (
    <>-</>
  ) : (
    <>
      {formatMoney(amount)}
      {qty !== null && (
        <Typography variant="caption" component="div" color="text.secondary">
          × {qty}
        </Typography>
      )}
    </>
  );

const Amount = ({ value, diff }: { value: string | null; diff?: boolean }) =>
  value === null ? (
    <>-</>
  ) : diff && value !== '0.00' ? (
    <Box component="span" sx={{ color: 'error.main', fontWeight: 600 }}>
      {value.startsWith('-') ? formatMoney(value) : `+${formatMoney(value)}`}
    </Box>
  ) : (
    <>{formatMoney(value)}</>
  );

/** 对账明细: the three groups with their totals; a line with a difference is marked and can be explained. */
const Lines = () => {
  const record = useRecordContext<Statement>()!;
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const lang = useLang();
  const canExplain = useHasPermission('statement:explain');
  const [explaining, setExplaining] = useState<StatementLine | null>(null);
  const { data } = useQuery({
    queryKey: [STATEMENT_API, 'lines', record.id, record.version],
    queryFn: () => dataProvider.read<{ list: StatementLine[]; total: number }>(STATEMENT_API, 'lines', { id: record.id }).then((r) => r.data),
  });
  const groups = groupLines(data?.list ?? []);
  // differences mean something once their sheet is in
  const compared = record.status === 'imported' || record.status === 'confirmed';
  const columns: Columns<StatementLine> = [
    {
      key: 'key',
      label: translate(lineField('key')),
      sx: { minWidth: 180 },
      ...MUST_SHOW,
      render: (l) => (
        <>
          {l.source_type === 'station' && l.source_id ? (
            <Link component={RouterLink} to={stationDetailPath(l.source_id)}>
              {l.key}
            </Link>
          ) : (
            l.key
          )}
          {l.label && (
            <Typography variant="caption" component="div" color="text.secondary">
              {l.label}
            </Typography>
          )}
          {l.note ? (
            <Box sx={{ mt: 0.5 }}>
              {l.agreed && <Chip size="small" variant="outlined" color="info" label={StatementAgreed.label(l.agreed, lang)} sx={{ mr: 0.5, height: 20 }} />}
              <Typography variant="caption" data-testid="line-note">
                {l.note}
              </Typography>
            </Box>
          ) : (
            l.has_difference && (
              <Typography variant="caption" component="div" color="warning.main">
                {translate('pv.statement.unexplained')}
              </Typography>
            )
          )}
        </>
      ),
    },
    { key: 'our_amount', label: translate(lineField('our_amount')), align: 'right', nowrap: true, render: (l) => <Side2 amount={l.our_amount} qty={l.our_qty} />, ...MUST_SHOW },
    { key: 'their_amount', label: translate(lineField('their_amount')), align: 'right', nowrap: true, render: (l) => <Side2 amount={l.their_amount} qty={l.their_qty} />, ...MUST_SHOW },
    {
      key: 'diff_amount',
      label: translate(lineField('diff_amount')),
      align: 'right',
      nowrap: true,
      testId: 'line-diff',
      ...MUST_SHOW,
      render: (l) => (
        <>
          {compared ? <Amount value={l.has_difference ? l.diff_amount : '0.00'} diff /> : '-'}
          {l.diff_qty && l.diff_qty !== '0.000' && (
            <Typography variant="caption" component="div" color="error.main">
              {translate('pv.statement.line.diff_qty')} {l.diff_qty}
            </Typography>
          )}
        </>
      ),
    },
    canExplain && {
      key: 'explain',
      label: <VisuallyHidden>{translate('pv.table.actions')}</VisuallyHidden>,
      nowrap: true,
      ...MUST_SHOW,
      render: (l) =>
        lineExplainable(record.status, l) && (
          <Button size="small" onClick={() => setExplaining(l)} data-testid="line-explain">
            {translate('pv.statement.action.explain')}
          </Button>
        ),
    },
  ];
  return (
    <Panel title="pv.statement.lines_title" testId="statement-lines">
      {data && data.total === 0 && <EmptyNote text="pv.statement.lines_empty" />}
      {data &&
        data.total > 0 &&
        groups.map((g) => (
          <Box key={g.group} sx={{ mb: 2 }} data-testid={`group-${g.group}`}>
            <Stack direction="row" justifyContent="space-between" sx={{ mb: 0.5 }}>
              <Typography variant="subtitle2">
                {StatementGroup.label(g.group, lang)} · {translate('pv.statement.count', { smart_count: g.lines.length })}
              </Typography>
              <Typography variant="subtitle2" data-testid={`group-total-${g.group}`}>
                {translate('pv.statement.line.our_amount')} <Yuan value={sumMoney(g.lines.map((l) => l.our_amount ?? '0'))} /> · {translate('pv.statement.line.their_amount')}{' '}
                <Yuan value={sumMoney(g.lines.map((l) => l.their_amount ?? '0'))} />
              </Typography>
            </Stack>
            {g.lines.length > 0 && (
              <DataTable
                columns={columns}
                rows={g.lines}
                rowKey={(l) => l.id}
                rowTestId="line-row"
                rowAttrs={(l) => ({ 'data-key': l.key })}
                rowSx={(l) => (l.has_difference && !l.note ? { bgcolor: 'rgba(237,108,2,0.08)' } : undefined)}
              />
            )}
          </Box>
        ))}
      {explaining && <ExplainDialog record={record} line={explaining} onClose={() => setExplaining(null)} />}
    </Panel>
  );
};

/** 发票匹配: agreed / invoiced / paid for this statement (invoice:index only). */
const ThreeWayOf = () => {
  const record = useRecordContext<Statement>()!;
  return <ThreeWayPanel targetType="statement" targetId={record.id} version={record.version} />;
};

const Side = () => (
  <LifecycleSide api={STATEMENT_API} area="statement" actionsAt="action" states={StatementStatus} fieldLabel={statementField} hidden={['created_by', 'sent_by', 'imported_by', 'confirmed_by']} />
);

/** 对账单详情: #/finance/statementDetail?id=N: totals, the comparison in three groups, actions, timeline, history. */
const StatementDetail = () => (
  <RecordDetailPage<Statement>
    resource={STATEMENT_RESOURCE}
    missing="pv.statement.missing_id"
    header={(record) => <DetailHeader testId="statement-heading" title={record.statement_no} subtitle={`${record.partner_name ?? ''} · ${record.period_from} ~ ${record.period_to}`} chip={<StatementStatusChip status={record.status} />} actions={<Actions />} />}
    main={
      <Stack>
        <Info />
        <RecordWorkflowPanel recordType="statement" />
        <Lines />
        <ThreeWayOf />
      </Stack>
    }
    side={<Side />}
  />
);
export default StatementDetail;
