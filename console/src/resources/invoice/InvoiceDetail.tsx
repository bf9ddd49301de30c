import { type ReactElement, useState } from 'react';
import { Confirm, useDataProvider, useRecordContext, useRedirect, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Chip, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import RegisterIcon from '@mui/icons-material/AssignmentTurnedInOutlined';
import MatchIcon from '@mui/icons-material/LinkOutlined';
import RedIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import VoidIcon from '@mui/icons-material/BlockOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { InvoiceDirection, InvoiceKind, InvoiceStatus, TaxRateLabel, formatMoney, type FileView, type Invoice, type InvoiceLine, type InvoiceMatch, type RateSummary } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { ActionButton, useAction, useHasPermission } from '../common/actions.tsx';
import { DetailHeader, RecordDetailPage, Value } from '../common/DetailPage.tsx';
import { LifecycleSide } from '../common/History.tsx';
import { EmptyNote, FieldGrid, Panel, VisuallyHidden } from '../common/layout.tsx';
import { useLang } from '../common/format.tsx';
import { Yuan } from '../finance/common.tsx';
import { settlementDetailPath } from '../settlement/logic.ts';
import { statementDetailPath } from '../statement/logic.ts';
import { InvoiceStatusChip, MatchStateChip, invoiceField } from './common.tsx';
import { MatchDialog, RedLetterDialog, VoidDialog } from './dialogs.tsx';
import { INVOICE_API, INVOICE_RESOURCE, type InvoiceButton, allowedInvoiceButtons, invoiceDetailPath, invoiceEditPath } from './logic.ts';
import { RecordWorkflowPanel } from '../workflow/InstancePanel.tsx';
import { DataTable } from '../common/DataTable.tsx';
import { HIDE_FIRST, MUST_SHOW, MUST_SHOW_CLASS } from '../common/columns.ts';

const ICONS: Record<InvoiceButton, ReactElement> = { register: <RegisterIcon />, match: <MatchIcon />, red_letter: <RedIcon />, void: <VoidIcon /> };

const Actions = () => {
  const record = useRecordContext<Invoice>();
  const dataProvider = useDataProvider<PvDataProvider>();
  const { run, busy } = useAction();
  const [open, setOpen] = useState<InvoiceButton | null>(null);
  const redirect = useRedirect();
  const mayEdit = useHasPermission('invoice:edit');
  const may: Record<string, boolean> = {
    'invoice:register': useHasPermission('invoice:register'),
    'invoice:match': useHasPermission('invoice:match'),
    'invoice:red_letter': useHasPermission('invoice:red_letter'),
    'invoice:void': useHasPermission('invoice:void'),
  };
  if (!record) return null;
  const buttons = allowedInvoiceButtons(record, (c) => may[c] ?? false);
  const close = () => setOpen(null);
  return (
    <>
      {record.status === 'draft' && mayEdit && <ActionButton label="pv.invoice.action.edit" icon={<EditIcon />} onClick={() => redirect(invoiceEditPath(record.id))} />}
      {buttons.map((b) => (
        <ActionButton key={b} label={`pv.invoice.action.${b}`} icon={ICONS[b]} color={b === 'void' || b === 'red_letter' ? 'error' : b === 'register' ? 'success' : undefined} onClick={() => setOpen(b)} />
      ))}
      {open === 'register' && (
        <Confirm
          isOpen
          loading={busy}
          title="pv.invoice.action.register"
          content="pv.invoice.dialog.register_confirm"
          translateOptions={{ amount: formatMoney(record.total) }}
          onClose={close}
          onConfirm={() => void run(() => dataProvider.act(INVOICE_API, 'register', { id: record.id, version: record.version }), 'pv.invoice.notify.register').then(close)}
        />
      )}
      {open === 'void' && <VoidDialog record={record} onClose={close} />}
      {open === 'red_letter' && <RedLetterDialog record={record} onClose={close} />}
      {open === 'match' && <MatchDialog record={record} onClose={close} />}
    </>
  );
};

const Info = () => {
  const record = useRecordContext<Invoice>()!;
  const lang = useLang();
  const translate = useTranslate();
  const dataProvider = useDataProvider<PvDataProvider>();
  const { data: files } = useQuery({
    queryKey: [INVOICE_API, 'files', record.id, record.version],
    queryFn: () => dataProvider.read<{ list: FileView[] }>(INVOICE_API, 'files', { id: record.id }).then((r) => r.data.list),
    enabled: !!record.file_id,
  });
  return (
    <Panel title="pv.invoice.basic" testId="invoice-basic">
      <FieldGrid>
        <Value label={invoiceField('direction')}>{InvoiceDirection.label(record.direction, lang)}</Value>
        <Value label={invoiceField('kind')}>{InvoiceKind.label(record.kind, lang)}</Value>
        <Value label={invoiceField('invoice_code')}>{record.invoice_code || '-'}</Value>
        <Value label={invoiceField('invoice_no')}>{record.invoice_no}</Value>
        <Value label={invoiceField('issue_date')}>{record.issue_date}</Value>
        <Value label={invoiceField('partner_id')}>{record.partner_name ?? '-'}</Value>
        <Value label={invoiceField('seller_name')}>{`${record.seller_name} · ${record.seller_tax_id}`}</Value>
        <Value label={invoiceField('buyer_name')}>{`${record.buyer_name}${record.buyer_tax_id ? ` · ${record.buyer_tax_id}` : ''}`}</Value>
        <Value label={invoiceField('amount_total')}>
          <Yuan value={record.amount_total} />
        </Value>
        <Value label={invoiceField('tax_total')}>
          <Yuan value={record.tax_total} />
        </Value>
        <Value label={invoiceField('total')}>
          <Box component="span" data-testid="invoice-total">
            <Yuan value={record.total} strong />
          </Box>
        </Value>
        {!record.is_red && (
          <Value label={invoiceField('credited_amount')}>
            <Box component="span" data-testid="invoice-credited">
              <Yuan value={record.credited_amount} /> {record.status === 'credited' && <Chip size="small" color="warning" label={InvoiceStatus.label('credited', lang)} data-testid="invoice-fully-credited" />}
            </Box>
          </Value>
        )}
        {!record.is_red && (
          <Value label={invoiceField('net_total')}>
            <Yuan value={record.net_total} strong />
          </Value>
        )}
        {record.is_red && record.original_id && (
          <Value label={invoiceField('original_no')}>
            <Link component={RouterLink} to={invoiceDetailPath(record.original_id)} data-testid="invoice-original">
              {record.original_no}
            </Link>
          </Value>
        )}
        {record.red_reason && <Value label={invoiceField('red_reason')}>{record.red_reason}</Value>}
        {record.void_reason && <Value label={invoiceField('void_reason')}>{record.void_reason}</Value>}
        <Value label={invoiceField('file_id')}>
          {files?.length
            ? files.map((f) => (
                <Link key={f.id} href={f.download_url ?? f.url} target="_blank" rel="noopener" data-testid="invoice-file-link">
                  {f.name}
                </Link>
              ))
            : translate('pv.invoice.no_file')}
        </Value>
        {record.remark && <Value label={invoiceField('remark')}>{record.remark}</Value>}
      </FieldGrid>
    </Panel>
  );
};

/** 明细 and 税率汇总 (computed on the server: tax per line rounded once, the rows add up to the invoice). */
const Lines = () => {
  const record = useRecordContext<Invoice>()!;
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const lang = useLang();
  const { data } = useQuery({
    queryKey: [INVOICE_API, 'lines', record.id, record.version],
    queryFn: () => dataProvider.read<{ list: InvoiceLine[]; summary: RateSummary[] }>(INVOICE_API, 'lines', { id: record.id }).then((r) => r.data),
  });
  const f = (c: string) => translate(invoiceField(c));
  return (
    <>
      <Panel title="pv.invoice.lines_title" testId="invoice-lines">
        <DataTable
          testId="invoice-lines-table"
          rows={data?.list ?? []}
          rowKey={(l) => l.id}
          rowTestId="invoice-line"
          columns={[
            { key: 'item', label: f('item'), sx: { minWidth: 200 }, render: (l) => l.item, ...MUST_SHOW },
            { key: 'spec', label: f('spec'), render: (l) => l.spec ?? '', ...HIDE_FIRST },
            { key: 'unit', label: f('unit'), nowrap: true, render: (l) => l.unit ?? '', ...HIDE_FIRST },
            { key: 'quantity', label: f('quantity'), align: 'right', nowrap: true, render: (l) => (l.quantity ? String(Number(l.quantity)) : '') },
            { key: 'unit_price', label: f('unit_price'), align: 'right', nowrap: true, render: (l) => (l.unit_price ? l.unit_price.replace(/\.?0+$/, '') : '') },
            { key: 'amount', label: f('amount'), align: 'right', nowrap: true, render: (l) => <Yuan value={l.amount} />, ...MUST_SHOW },
            { key: 'tax_rate', label: f('tax_rate'), nowrap: true, render: (l) => TaxRateLabel.label(l.tax_rate, lang), ...MUST_SHOW },
            { key: 'tax', label: f('tax'), align: 'right', nowrap: true, render: (l) => <Yuan value={l.tax} />, ...MUST_SHOW },
          ]}
        />
      </Panel>
      <Panel title="pv.invoice.summary_title" testId="invoice-summary">
        <Table size="small">
          <TableHead>
            <TableRow>
              {['tax_rate', 'lines', 'amount', 'tax', 'total'].map((c) => (
                <TableCell key={c} align={c === 'tax_rate' ? 'left' : 'right'} className={c === 'lines' ? undefined : MUST_SHOW_CLASS}>
                  {translate(`pv.invoice.summary.${c}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {(data?.summary ?? []).map((s) => (
              <TableRow key={s.tax_rate} data-testid="summary-row" data-rate={s.tax_rate}>
                <TableCell>{TaxRateLabel.label(s.tax_rate, lang)}</TableCell>
                <TableCell align="right">{s.lines}</TableCell>
                <TableCell align="right">
                  <Yuan value={s.amount} />
                </TableCell>
                <TableCell align="right">
                  <Yuan value={s.tax} />
                </TableCell>
                <TableCell align="right">
                  <Yuan value={s.total} strong />
                </TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>{translate('pv.invoice.summary.sum')}</TableCell>
              <TableCell />
              <TableCell align="right">
                <Yuan value={record.amount_total} />
              </TableCell>
              <TableCell align="right">
                <Yuan value={record.tax_total} />
              </TableCell>
              <TableCell align="right" data-testid="summary-total">
                <Yuan value={record.total} strong />
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </Panel>
    </>
  );
};

/** 匹配: each settlement or statement with settled / invoiced (all invoices) / paid and what is not yet invoiced. */
const Matches = () => {
  const record = useRecordContext<Invoice>()!;
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const canUnmatch = useHasPermission('invoice:unmatch');
  const { run } = useAction();
  const { data } = useQuery({
    queryKey: [INVOICE_API, 'matches', record.id, record.version],
    queryFn: () => dataProvider.read<{ list: (InvoiceMatch & { target_status: string | null })[] }>(INVOICE_API, 'matches', { id: record.id }).then((r) => r.data.list),
    enabled: !record.is_red,
  });
  if (record.is_red) return null;
  const m_ = (c: string) => translate(`pv.invoice.match.${c}`);
  return (
    <Panel title="pv.invoice.matches_title" testId="invoice-matches" actions={<MatchStateChip state={record.match_state} />}>
      {data && data.length === 0 && <EmptyNote text="pv.invoice.matches_empty" />}
      {!!data?.length && (
        <DataTable
          rows={data}
          rowKey={(m) => m.id}
          rowTestId="match-row"
          columns={[
            {
              key: 'target',
              label: m_('target'),
              sx: { minWidth: 220 },
              ...MUST_SHOW,
              render: (m) => (
                <>
                  <Link component={RouterLink} to={m.target_type === 'statement' ? statementDetailPath(m.target_id) : settlementDetailPath(m.target_id)}>
                    {m.target_no}
                  </Link>{' '}
                  {m.target_label} {m.target_status ? `(${m.target_status})` : ''}
                </>
              ),
            },
            { key: 'amount', label: m_('amount'), align: 'right', nowrap: true, testId: 'match-amount', render: (m) => <Yuan value={m.amount} strong />, ...MUST_SHOW },
            // the matched document's own figures fold under the row on a narrow screen (the three-way check in
            // full stays one click away); this invoice's amount, what is left to invoice and the action stay
            { key: 'settled_amount', label: m_('settled_amount'), align: 'right', nowrap: true, testId: 'match-settled', render: (m) => <Yuan value={m.settled_amount} /> },
            { key: 'invoiced_amount', label: m_('invoiced_amount'), align: 'right', nowrap: true, testId: 'match-invoiced', render: (m) => <Yuan value={m.invoiced_amount} /> },
            {
              key: 'paid_amount',
              label: m_('paid_amount'),
              align: 'right',
              nowrap: true,
              testId: 'match-paid',
              render: (m) => (m.paid_amount === null ? <span title={translate('pv.invoice.three_way.no_payment')}>{translate('pv.invoice.match.not_tracked')}</span> : <Yuan value={m.paid_amount} />),
            },
            {
              key: 'uninvoiced',
              label: m_('uninvoiced'),
              align: 'right',
              nowrap: true,
              testId: 'match-uninvoiced',
              ...MUST_SHOW,
              render: (m) => (
                <Box component="span" sx={{ color: Number(m.uninvoiced) === 0 ? undefined : 'warning.main' }}>
                  <Yuan value={m.uninvoiced} />
                </Box>
              ),
            },
            canUnmatch && {
              key: 'unmatch',
              label: <VisuallyHidden>{translate('pv.table.actions')}</VisuallyHidden>,
              nowrap: true,
              ...MUST_SHOW,
              render: (m) => (
                <Button size="small" color="error" onClick={() => void run(() => dataProvider.act(INVOICE_API, 'unmatch', { id: record.id, version: record.version, match_id: m.id }), 'pv.invoice.notify.unmatch')} data-testid="match-remove">
                  {translate('pv.invoice.action.unmatch')}
                </Button>
              ),
            },
          ]}
        />
      )}
    </Panel>
  );
};

/** The red-letter invoices of an original. */
const RedLetters = () => {
  const record = useRecordContext<Invoice>()!;
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const { data } = useQuery({
    queryKey: [INVOICE_API, 'red_letters', record.id, record.version],
    queryFn: () => dataProvider.read<{ list: Array<{ id: number; invoice_no: string; issue_date: string; total: string; status: string; red_reason: string | null }> }>(INVOICE_API, 'red_letters', { id: record.id }).then((r) => r.data.list),
    enabled: !record.is_red,
  });
  if (record.is_red || !data?.length) return null;
  return (
    <Panel title="pv.invoice.red_title" testId="invoice-reds">
      <Table size="small">
        <TableBody>
          {data.map((r) => (
            <TableRow key={r.id} data-testid="red-row">
              <TableCell>
                <Link component={RouterLink} to={invoiceDetailPath(r.id)}>
                  {r.invoice_no}
                </Link>
              </TableCell>
              <TableCell>{r.issue_date}</TableCell>
              <TableCell align="right">
                <Yuan value={r.total} strong />
              </TableCell>
              <TableCell>
                <InvoiceStatusChip status={r.status} />
              </TableCell>
              <TableCell>{r.red_reason ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {translate('pv.invoice.red_note')}
    </Panel>
  );
};

/** History labels: an entry's `amount` is what that match or credit moved, not the invoice's amount excl. tax. */
const AMOUNT_OF: Record<string, string> = { match: 'match_amount', unmatch: 'match_amount', credited: 'credit_amount', uncredited: 'credit_amount' };
const historyField = (name: string, action?: string) => invoiceField(name === 'amount' && action && AMOUNT_OF[action] ? AMOUNT_OF[action] : name);

const Side = () => <LifecycleSide api={INVOICE_API} area="invoice" actionsAt="action" states={InvoiceStatus} fieldLabel={historyField} hidden={['created_by', 'registered_by', 'voided_by', 'match_id', 'target_no']} />;

/** 发票详情: #/finance/invoiceDetail?id=N: parties and totals, lines with the rate summary, matches (three-way), red-letter invoices, actions, timeline, history. */
const InvoiceDetail = () => {
  const lang = useLang();
  const translate = useTranslate();
  return (
    <RecordDetailPage<Invoice>
      resource={INVOICE_RESOURCE}
      missing="pv.invoice.missing_id"
      header={(record) => (
        <DetailHeader
          testId="invoice-heading"
          title={`${record.invoice_no}${record.is_red ? ` ${translate('pv.invoice.red_mark')}` : ''}`}
          subtitle={`${InvoiceDirection.label(record.direction, lang)} · ${InvoiceKind.label(record.kind, lang)} · ${record.issue_date}`}
          chip={<InvoiceStatusChip status={record.status} />}
          actions={<Actions />}
        />
      )}
      main={
        <Stack>
          <Info />
          <RecordWorkflowPanel recordType="invoice" />
          <Lines />
          <Matches />
          <RedLetters />
        </Stack>
      }
      side={<Side />}
    />
  );
};
export default InvoiceDetail;
