import { useEffect, useMemo, useState } from 'react';
import { RecordContextProvider, SelectInput, TextInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { formatMoney, revenueCorrectSchema, revenueEstimateSchema, revenueMaintenanceSchema, revenueSettingsSchema, type Revenue } from '@pv/contract';
import { contractResolver } from '../../forms/zodResolver.ts';
import { MonthInput } from '../../forms/DateInputs.tsx';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { FormDialog, present, useAction } from '../common/actions.tsx';
import { HistoryPanel } from '../common/History.tsx';
import { maintenanceDetailPath } from '../maintenance/logic.ts';
import { useMaintenanceChoices } from '../maintenance/common.tsx';
import { revenueField } from './common.tsx';
import { REVENUE_API, kwhText, lastMonth, ratioText } from './logic.ts';

type Row = Record<string, unknown>;

/** 更正实际收益: new actual kWh and amount with a reason (imported actuals change only this way). */
export const CorrectDialog = ({ record, onClose }: { record: Revenue; onClose: () => void }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const { run, busy } = useAction();
  const body = (v: Row) => ({ id: record.id, version: record.version, ...present(v) });
  const resolver = useMemo(() => contractResolver(revenueCorrectSchema, translate, body), [translate, record.id, record.version]); // eslint-disable-line react-hooks/exhaustive-deps
  const submit = async (values: Row) => {
    if (await run(() => dataProvider.act(REVENUE_API, 'correct', body(values)), 'pv.revenue.notify.correct')) onClose();
  };
  return (
    <FormDialog open title="pv.revenue.dialog.correct_title" hint="pv.revenue.dialog.correct_hint" onClose={onClose} onSubmit={(v) => void submit(v)} resolver={resolver} submitLabel="ra.action.save" busy={busy}>
      <div data-testid="revenue-correct-form">
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate('pv.revenue.dialog.current', { station: record.station_code ?? '', period: record.period, kwh: kwhText(record.actual_kwh), amount: formatMoney(record.actual_amount) })}
        </Typography>
        <TextInput source="actual_kwh" label={revenueField('actual_kwh')} defaultValue={record.actual_kwh ?? ''} inputMode="decimal" fullWidth isRequired />
        <TextInput source="actual_amount" label={revenueField('actual_amount')} defaultValue={record.actual_amount ?? ''} inputMode="decimal" fullWidth isRequired />
        <TextInput source="reason" label={revenueField('reason')} multiline fullWidth isRequired />
      </div>
    </FormDialog>
  );
};

/** 转运维工单 from an under-performing month; opens the new order's detail tab. */
export const RevenueMaintenanceDialog = ({ record, onClose }: { record: Revenue; onClose: () => void }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const navigate = useNavigate();
  const choices = useMaintenanceChoices();
  const { run, busy } = useAction();
  const body = (v: Row) => ({ id: record.id, ...present(v) });
  const resolver = useMemo(() => contractResolver(revenueMaintenanceSchema, translate, body), [translate, record.id]); // eslint-disable-line react-hooks/exhaustive-deps
  const submit = async (values: Row) => {
    let orderId: number | null = null;
    const ok = await run(async () => {
      orderId = (await dataProvider.act<{ order: { id: number } }>(REVENUE_API, 'maintenance', body(values))).data.order.id;
    }, 'pv.revenue.notify.maintenance');
    if (ok) {
      onClose();
      if (orderId) navigate(maintenanceDetailPath(orderId));
    }
  };
  return (
    <FormDialog
      open
      title="pv.revenue.dialog.maintenance_title"
      hint={translate('pv.revenue.dialog.maintenance_hint', { station: record.station_code ?? '', period: record.period, ratio: ratioText(record.ratio) })}
      onClose={onClose}
      onSubmit={(v) => void submit(v)}
      resolver={resolver}
      submitLabel="pv.revenue.dialog.open_order"
      busy={busy}
    >
      <div data-testid="revenue-maintenance-form">
        <SelectInput source="priority" label="resources.operation/maintenanceList.fields.priority" choices={choices.priority} defaultValue="medium" fullWidth />
        <SelectInput source="fault_category" label="resources.operation/maintenanceList.fields.fault_category" choices={choices.category} defaultValue="other" fullWidth />
        <TextInput source="description" label="resources.operation/maintenanceList.fields.description" multiline fullWidth helperText="pv.revenue.dialog.description_default" />
      </div>
    </FormDialog>
  );
};

/** 生成估算: one month's estimates for every connected station now (idempotent). */
export const EstimateDialog = ({ onClose }: { onClose: () => void }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const { run, busy } = useAction();
  const resolver = useMemo(() => contractResolver(revenueEstimateSchema, translate), [translate]);
  const submit = async (values: Row) => {
    let created = 0;
    const ok = await run(async () => {
      created = (await dataProvider.act<{ created: number }>(REVENUE_API, 'estimate', values)).data.created;
    }, 'pv.revenue.notify.estimate');
    if (ok) {
      notify('pv.revenue.notify.estimate_done', { type: 'success', messageArgs: { n: created, smart_count: created } });
      onClose();
    }
  };
  return (
    <FormDialog open title="pv.revenue.dialog.estimate_title" hint="pv.revenue.dialog.estimate_hint" onClose={onClose} onSubmit={(v) => void submit(v)} resolver={resolver} submitLabel="pv.revenue.dialog.estimate_run" busy={busy}>
      <MonthInput source="period" label={revenueField('period')} defaultValue={lastMonth()} fullWidth isRequired data-testid="revenue-estimate-period" />
    </FormDialog>
  );
};

interface Settings {
  underperform_pct: string;
  version: number;
}

/** 偏低阈值: actual below this percent of the estimate flags a month; every settled month is re-flagged. */
export const ThresholdDialog = ({ onClose }: { onClose: () => void }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const { run, busy } = useAction();
  const [settings, setSettings] = useState<Settings | null>(null);
  useEffect(() => {
    void dataProvider.read<Settings>(REVENUE_API, 'settings', {}).then((r) => setSettings(r.data));
  }, [dataProvider]);
  const body = (v: Row) => ({ underperform_pct: v.underperform_pct, version: settings?.version });
  const resolver = useMemo(() => contractResolver(revenueSettingsSchema, translate, body), [translate, settings?.version]); // eslint-disable-line react-hooks/exhaustive-deps
  const submit = async (values: Row) => {
    if (await run(() => dataProvider.act(REVENUE_API, 'settings', body(values)), 'pv.revenue.notify.threshold')) onClose();
  };
  if (!settings) return null;
  return (
    <FormDialog open title="pv.revenue.dialog.threshold_title" hint="pv.revenue.dialog.threshold_hint" onClose={onClose} onSubmit={(v) => void submit(v)} resolver={resolver} submitLabel="ra.action.save" busy={busy}>
      <TextInput source="underperform_pct" label={revenueField('underperform_pct')} defaultValue={settings.underperform_pct} inputMode="decimal" fullWidth isRequired data-testid="revenue-threshold" />
    </FormDialog>
  );
};

/** 变更记录 of one month: the import, corrections with their reasons, the maintenance order opened from it. */
export const RevenueHistoryDialog = ({ record, onClose }: { record: Revenue; onClose: () => void }) => {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="revenue-history-title">
      <DialogTitle id="revenue-history-title">
        {translate('pv.revenue.dialog.history_title', { station: record.station_code ?? '', period: record.period })}
      </DialogTitle>
      <DialogContent>
        <RecordContextProvider value={record}>
          <HistoryPanel
            api={REVENUE_API}
            fieldLabel={revenueField}
            hidden={['station_id', 'settled_by', 'maintenance_id']}
            actionLabel={(a) => translate(`pv.revenue.history_action.${a}`, { _: a })}
          />
        </RecordContextProvider>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
