import { useMemo, useState } from 'react';
import { AutocompleteInput, RadioButtonGroupInput, ReferenceInput, TextInput, useDataProvider, useTranslate } from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { StatementAgreed, StatementGroup, STATEMENT_SHEET_COLUMNS, financierRateCreateSchema, statementCreateSchema, statementExplainSchema, type Statement, type StatementLine, formatYuan } from '@pv/contract';
import { contractResolver } from '../../forms/zodResolver.ts';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { FormDialog, present, useAction } from '../common/actions.tsx';
import { useLang } from '../common/format.tsx';
import { SheetImportDialog } from '../common/SheetImportDialog.tsx';
import { downloadSheetTemplate, uploadSheet } from './api.ts';
import { STATEMENT_API, STATEMENT_RESOURCE, statementDetailPath } from './logic.ts';

type Row = Record<string, unknown>;

/** Last month's first and last day (China calendar): the default period. */
const lastMonth = () => {
  const now = new Date(Date.now() + 8 * 3_600_000);
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
};
const PARTNER_FILTER = { kind: ['financier', 'supplier'], status: 'enabled' };

/** 新建对账单: partner (financier or supplier) and period; our side is made at once, then its page opens. */
export const CreateDialog = ({ onClose }: { onClose: () => void }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const navigate = useNavigate();
  const { run, busy } = useAction();
  const resolver = useMemo(() => contractResolver(statementCreateSchema, translate, (v: Row) => present(v)), [translate]);
  const period = lastMonth();
  const onSubmit = async (v: Row) => {
    let id: number | null = null;
    const done = await run(async () => {
      id = (await dataProvider.create(STATEMENT_RESOURCE, { data: present(v) })).data.id as number;
    }, 'pv.statement.notify.add');
    if (done && id !== null) {
      onClose();
      navigate(statementDetailPath(id));
    }
  };
  return (
    <FormDialog open title="pv.statement.dialog.add_title" hint="pv.statement.dialog.add_hint" submitLabel="pv.statement.add" busy={busy} resolver={resolver} onClose={onClose} onSubmit={(v) => void onSubmit(v)}>
      <ReferenceInput source="partner_id" reference="partner/partnerList" filter={PARTNER_FILTER}>
        <AutocompleteInput label="resources.finance/statement.fields.partner_name" optionText="name" fullWidth isRequired filterToQuery={(q: string) => ({ q })} data-testid="statement-partner" />
      </ReferenceInput>
      <Stack direction="row" spacing={2}>
        <DateInput source="period_from" label="resources.finance/statement.fields.period_from" defaultValue={period.from} isRequired />
        <DateInput source="period_to" label="resources.finance/statement.fields.period_to" defaultValue={period.to} isRequired />
      </Stack>
      <TextInput source="remark" label="resources.finance/statement.fields.remark" fullWidth />
    </FormDialog>
  );
};

/** 资方单价: a financier's rates per kWp (newest first) and a new one from a day on. */
export const RatesDialog = ({ onClose }: { onClose: () => void }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const { run, busy } = useAction();
  const [partnerId, setPartnerId] = useState<number | null>(null);
  const resolver = useMemo(() => contractResolver(financierRateCreateSchema, translate, (v: Row) => present(v)), [translate]);
  const { data, refetch } = useQuery({
    queryKey: [STATEMENT_API, 'rates', partnerId],
    enabled: partnerId !== null,
    queryFn: () => dataProvider.read<{ list: Array<{ id: number; version: number; effective_from: string; rate_per_kwp: string; remark: string | null }> }>(STATEMENT_API, 'rates', { partner_id: partnerId }).then((r) => r.data),
  });
  const onSubmit = async (v: Row) => {
    if (await run(() => dataProvider.act(STATEMENT_API, 'rate', present(v)), 'pv.statement.notify.rate')) void refetch();
  };
  return (
    <FormDialog open title="pv.statement.dialog.rates_title" hint="pv.statement.dialog.rates_hint" submitLabel="pv.statement.dialog.rate_save" busy={busy} resolver={resolver} onClose={onClose} onSubmit={(v) => void onSubmit(v)}>
      <ReferenceInput source="partner_id" reference="partner/partnerList" filter={{ kind: 'financier' }}>
        <AutocompleteInput label="pv.statement.dialog.financier" optionText="name" fullWidth isRequired onChange={(id) => setPartnerId(id ? Number(id) : null)} filterToQuery={(q: string) => ({ q })} />
      </ReferenceInput>
      {data && (
        <Table size="small" sx={{ mb: 2 }}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('pv.statement.dialog.effective_from')}</TableCell>
              <TableCell align="right">{translate('pv.statement.dialog.rate_per_kwp')}</TableCell>
              <TableCell>{translate('resources.finance/statement.fields.remark')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {data.list.map((r) => (
              <TableRow key={r.id}>
                <TableCell>{r.effective_from}</TableCell>
                <TableCell align="right">{r.rate_per_kwp}</TableCell>
                <TableCell>{r.remark ?? ''}</TableCell>
                <TableCell align="right">
                  {/* refused by the server (with the count) when a confirmed statement priced a station with it */}
                  <Button size="small" color="error" disabled={busy} data-testid="rate-delete" onClick={() => void run(() => dataProvider.act(STATEMENT_API, 'rate_delete', { id: r.id, version: r.version }), 'pv.statement.notify.rate_delete').then(() => refetch())}>
                    {translate('ra.action.delete')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Stack direction="row" spacing={2}>
        <DateInput source="effective_from" label="pv.statement.dialog.effective_from" isRequired />
        <TextInput source="rate_per_kwp" label="pv.statement.dialog.rate_per_kwp" isRequired />
      </Stack>
      <TextInput source="remark" label="resources.finance/statement.fields.remark" fullWidth />
    </FormDialog>
  );
};

/** 说明差异: a note and which side stands. */
export const ExplainDialog = ({ record, line, onClose }: { record: Statement; line: StatementLine; onClose: () => void }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const lang = useLang();
  const { run, busy } = useAction();
  const resolver = useMemo(() => contractResolver(statementExplainSchema, translate, (v: Row) => ({ ...present(v), id: record.id, version: record.version, line_id: line.id })), [translate, record, line]);
  const onSubmit = async (v: Row) => {
    if (await run(() => dataProvider.act(STATEMENT_API, 'explain', { ...present(v), id: record.id, version: record.version, line_id: line.id }), 'pv.statement.notify.explain')) onClose();
  };
  return (
    <FormDialog open title="pv.statement.action.explain" submitLabel="pv.statement.action.explain" busy={busy} resolver={resolver} onClose={onClose} onSubmit={(v) => void onSubmit(v)}>
      <Alert severity="info" sx={{ mb: 2 }}>
        <Typography variant="body2">
          {StatementGroup.label(line.group, lang)} · {line.key} {line.label ?? ''}
        </Typography>
        <Typography variant="body2">
          {translate('pv.statement.line.our_amount')} {formatYuan(line.our_amount)} · {translate('pv.statement.line.their_amount')} {formatYuan(line.their_amount)}
        </Typography>
      </Alert>
      <RadioButtonGroupInput source="agreed" label="pv.statement.line.agreed" choices={StatementAgreed.choices(lang)} defaultValue={line.group === 'theirs_only' ? 'none' : 'ours'} />
      <TextInput source="note" label="pv.statement.line.note" multiline minRows={2} fullWidth isRequired data-testid="explain-note" />
    </FormDialog>
  );
};

/** 导入对方账单: the partner's sheet into the statement; the hint names the columns of its kind. */
export const ImportSheetDialog = ({ record, onClose }: { record: Statement; onClose: () => void }) => {
  const translate = useTranslate();
  const lang = useLang();
  const columns = STATEMENT_SHEET_COLUMNS[record.kind].map((c) => (lang === 'zh' ? c.zh : c.en) + (c.required ? '*' : '')).join(lang === 'zh' ? '、' : ', ');
  return (
    <SheetImportDialog
      title={translate('pv.statement.action.import')}
      hint={translate('pv.statement.dialog.import_hint', { columns })}
      upload={(file) => uploadSheet(record, file)}
      template={() => downloadSheetTemplate(record)}
      testId="statement-import"
      onClose={onClose}
    />
  );
};
