import { useEffect, useMemo, useState } from 'react';
import { AutocompleteInput, NumberInput, ReferenceInput, SelectInput, TextInput, useDataProvider, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import { MaintenancePriority, guessFaultCategory, maintenanceAddSchema, maintenanceFromInspectionSchema, maintenanceSlaSchema, type MaintenanceOrder, type MaintenancePriorityValue } from '@pv/contract';
import { contractResolver } from '../../forms/zodResolver.ts';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { FormDialog, present, useAction } from '../common/actions.tsx';
import { useLang } from '../common/format.tsx';
import { maintenanceField, useMaintenanceChoices } from './common.tsx';
import { MAINTENANCE_API, maintenanceDetailPath } from './logic.ts';

type Row = Record<string, unknown>;

/**
 * 新建运维工单: a station (by code or name), priority, fault; or, with `matter`, 转运维工单 from a
 * 光E宝 fault matter (station and description taken from it). Opens the new order's detail tab.
 */
export const CreateMaintenanceDialog = ({ onClose, matter, station }: { onClose: () => void; matter?: { id: number; content: string }; station?: { id: number; label: string } }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const navigate = useNavigate();
  const choices = useMaintenanceChoices();
  const { run, busy } = useAction();
  // a station given (matter, station page) is fixed: shown as text and sent as is
  const body = (v: Row) => present({ ...v, ...(station ? { station_id: station.id } : {}), ...(matter ? { matter_id: matter.id } : {}) });
  const resolver = useMemo(() => contractResolver(maintenanceAddSchema, translate, body), [translate, matter?.id, station?.id]); // eslint-disable-line react-hooks/exhaustive-deps
  const submit = async (values: Row) => {
    let id: number | null = null;
    const ok = await run(async () => {
      id = (await dataProvider.act<MaintenanceOrder>(MAINTENANCE_API, 'add', body(values))).data.id;
    }, 'pv.maintenance.notify.add');
    if (ok) {
      onClose();
      if (id) navigate(maintenanceDetailPath(id));
    }
  };
  return (
    <FormDialog open title={matter ? 'pv.maintenance.dialog.from_matter_title' : 'pv.maintenance.dialog.add_title'} hint={matter ? 'pv.maintenance.dialog.from_matter_hint' : 'pv.maintenance.dialog.add_hint'} onClose={onClose} onSubmit={(v) => void submit(v)} resolver={resolver} submitLabel="ra.action.save" busy={busy}>
      <div data-testid="maintenance-create-form">
        {station ? (
          <TextField label={translate(maintenanceField('station_code'))} value={station.label} fullWidth disabled sx={{ mb: 2 }} variant="filled" />
        ) : (
          <ReferenceInput source="station_id" reference="stationManagement/stationList" sort={{ field: 'created_at', order: 'DESC' }} perPage={20}>
            <AutocompleteInput label={maintenanceField('station_code')} optionText={(s: { code: string; name: string }) => `${s.code} · ${s.name}`} filterToQuery={(q: string) => ({ q })} fullWidth isRequired />
          </ReferenceInput>
        )}
        <SelectInput source="priority" label={maintenanceField('priority')} choices={choices.priority} defaultValue="medium" fullWidth isRequired />
        <SelectInput source="fault_category" label={maintenanceField('fault_category')} choices={choices.category} fullWidth isRequired defaultValue={matter ? guessFaultCategory(matter.content) : undefined} />
        <TextInput source="fault_code" label={maintenanceField('fault_code')} fullWidth />
        <TextInput source="description" label={maintenanceField('description')} multiline minRows={2} fullWidth isRequired defaultValue={matter?.content.slice(0, 1000)} />
      </div>
    </FormDialog>
  );
};

/** 转运维工单 from a failed checklist item: priority, category (from the item's label) and description may be changed. */
export const FromInspectionDialog = ({ inspectionId, item, found, onClose }: { inspectionId: number; item: { key: string; label: string }; found: string; onClose: () => void }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const navigate = useNavigate();
  const choices = useMaintenanceChoices();
  const { run, busy } = useAction();
  const body = (v: Row) => present({ ...v, inspection_id: inspectionId, item_key: item.key });
  const resolver = useMemo(() => contractResolver(maintenanceFromInspectionSchema, translate, body), [translate, inspectionId, item.key]); // eslint-disable-line react-hooks/exhaustive-deps
  const submit = async (values: Row) => {
    let id: number | null = null;
    const ok = await run(async () => {
      id = (await dataProvider.act<MaintenanceOrder>(MAINTENANCE_API, 'from_inspection', body(values))).data.id;
    }, 'pv.maintenance.notify.add');
    if (ok) {
      onClose();
      if (id) navigate(maintenanceDetailPath(id));
    }
  };
  return (
    <FormDialog open title="pv.maintenance.dialog.from_inspection_title" hint={translate('pv.maintenance.dialog.from_inspection_hint', { item: item.label, found })} onClose={onClose} onSubmit={(v) => void submit(v)} resolver={resolver} submitLabel="pv.maintenance.dialog.open_order" busy={busy}>
      <div data-testid="maintenance-from-inspection-form">
        <SelectInput source="priority" label={maintenanceField('priority')} choices={choices.priority} defaultValue="medium" fullWidth isRequired />
        <SelectInput source="fault_category" label={maintenanceField('fault_category')} choices={choices.category} defaultValue={guessFaultCategory(item.label)} fullWidth />
        <TextInput source="description" label={maintenanceField('description')} multiline minRows={2} fullWidth helperText="pv.maintenance.dialog.description_default" />
      </div>
    </FormDialog>
  );
};

type Sla = Record<MaintenancePriorityValue, { respond_hours: number; repair_hours: number }>;

/** SLA 设置: response and repair hours per priority (orders opened from now on). */
export const SlaDialog = ({ onClose }: { onClose: () => void }) => {
  const dataProvider = useDataProvider<PvDataProvider>();
  const translate = useTranslate();
  const lang = useLang();
  const { run, busy } = useAction();
  const [sla, setSla] = useState<Sla | null>(null);
  useEffect(() => {
    void dataProvider.read<Sla>(MAINTENANCE_API, 'sla', {}).then((r) => setSla(r.data));
  }, [dataProvider]);
  const resolver = useMemo(() => contractResolver(maintenanceSlaSchema, translate), [translate]);
  const submit = async (values: Row) => {
    const ok = await run(() => dataProvider.act(MAINTENANCE_API, 'sla', values), 'pv.maintenance.notify.sla');
    if (ok) onClose();
  };
  if (!sla) return null;
  return (
    <FormDialog open title="pv.maintenance.dialog.sla_title" hint="pv.maintenance.dialog.sla_hint" onClose={onClose} onSubmit={(v) => void submit(v)} resolver={resolver} submitLabel="ra.action.save" busy={busy}>
      <Table size="small" data-testid="maintenance-sla-form">
        <TableHead>
          <TableRow>
            <TableCell>{translate(maintenanceField('priority'))}</TableCell>
            <TableCell>{translate('pv.maintenance.dialog.respond_hours')}</TableCell>
            <TableCell>{translate('pv.maintenance.dialog.repair_hours')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {MaintenancePriority.values.map((p) => (
            <TableRow key={p}>
              <TableCell>{MaintenancePriority.label(p, lang)}</TableCell>
              <TableCell>
                <NumberInput source={`${p}.respond_hours`} label={false} defaultValue={sla[p].respond_hours} min={1} step={1} helperText={false} />
              </TableCell>
              <TableCell>
                <NumberInput source={`${p}.repair_hours`} label={false} defaultValue={sla[p].repair_hours} min={1} step={1} helperText={false} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </FormDialog>
  );
};
