import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { useFormContext } from 'react-hook-form';
import { AutocompleteInput, ReferenceInput, SelectInput, TextInput, useDataProvider, useTranslate } from 'react-admin';
import { Button, Stack } from '@mui/material';
import InIcon from '@mui/icons-material/MoveToInboxOutlined';
import IssueIcon from '@mui/icons-material/OutboxOutlined';
import TransferIcon from '@mui/icons-material/SwapHorizOutlined';
import ReturnIcon from '@mui/icons-material/AssignmentReturnOutlined';
import AdjustIcon from '@mui/icons-material/FactCheckOutlined';

import { stockAdjustSchema, stockInSchema, stockIssueSchema, stockReturnSchema, stockThresholdSchema, stockTransferSchema, type StockBalance } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { contractResolver } from '../../forms/zodResolver.ts';
import { FormDialog, present, useAction, useHasPermission } from '../common/actions.tsx';
import { MaterialInput, WarehouseInput, stockField, useStockChoices } from './common.tsx';
import { parseSerials, type StockAction } from './logic.ts';

/** The receipt's supplier picker: enabled partners of kind 供应商. */
const SUPPLIERS = { kind: 'supplier', status: 'enabled' };
const SCHEMAS = { in: stockInSchema, issue: stockIssueSchema, transfer: stockTransferSchema, return: stockReturnSchema, adjust: stockAdjustSchema };
const ICONS: Record<StockAction, ReactElement> = { in: <InIcon />, issue: <IssueIcon />, transfer: <TransferIcon />, return: <ReturnIcon />, adjust: <AdjustIcon /> };

/** What the form sends: blanks dropped, serial numbers from the text box as a list. */
const body = (values: Record<string, unknown>) => {
  const { serials_text, ...rest } = values;
  const serials = parseSerials(serials_text);
  return present({ ...rest, ...(serials ? { serials } : {}) });
};

const Qty = ({ source = 'qty' }: { source?: string }) => (
  <TextInput source={source} label={stockField(source)} inputMode="decimal" isRequired fullWidth helperText="pv.stock.dialog.qty_hint" />
);
const Serials = () => <TextInput source="serials_text" label={stockField('serials')} multiline minRows={2} fullWidth helperText="pv.stock.dialog.serials_hint" />;

const StationInput = () => (
  <ReferenceInput source="station_id" reference="stationManagement/stationList" sort={{ field: 'created_at', order: 'DESC' }} perPage={20}>
    <AutocompleteInput label={stockField('station_id')} optionText={(s: { code: string; name: string }) => `${s.code} · ${s.name}`} filterToQuery={(q: string) => ({ q })} fullWidth helperText="pv.stock.dialog.station_hint" />
  </ReferenceInput>
);

/**
 * One stock action as a dialog validated by the contract's schema (the server's): 入库, 出库, 调拨,
 * 退库, 盘点调整. `preset` fills warehouse and material when opened from a balance row.
 */
export const StockActionDialog = ({ action, preset, onClose }: { action: StockAction; preset?: Partial<StockBalance>; onClose: () => void }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PvDataProvider>();
  const choices = useStockChoices();
  const { run, busy } = useAction();
  const resolver = useMemo(() => contractResolver(SCHEMAS[action], translate, body), [action, translate]);
  const submit = async (values: Record<string, unknown>) => {
    const ok = await run(() => dataProvider.act('stock_movement', action, body(values)), `pv.stock.notify.${action}`);
    if (ok) onClose();
  };
  const w = preset?.warehouse_id;
  const m = preset?.material_id;
  return (
    <FormDialog open title={`pv.stock.dialog.${action}_title`} hint={`pv.stock.dialog.${action}_hint`} onClose={onClose} onSubmit={(v) => void submit(v)} resolver={resolver} submitLabel={`pv.stock.action.${action}`} busy={busy}>
      <div data-testid={`stock-dialog-${action}`}>
        {action === 'transfer' ? (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <WarehouseInput source="from_warehouse_id" label={stockField('from_warehouse_id')} isRequired />
            <WarehouseInput source="to_warehouse_id" label={stockField('to_warehouse_id')} isRequired />
          </Stack>
        ) : (
          <WarehouseInput source="warehouse_id" isRequired />
        )}
        <MaterialInput isRequired />
        {action === 'adjust' ? (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Qty source="counted" />
            <TextInput source="expected" label={stockField('expected')} inputMode="decimal" fullWidth disabled={preset?.qty !== undefined} helperText="pv.stock.dialog.expected_hint" />
          </Stack>
        ) : (
          <Qty />
        )}
        <Serials />
        {(action === 'issue' || action === 'return') && (
          <>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <SelectInput source="ref_type" label={stockField('ref_type')} choices={choices.refType} isRequired={action === 'issue'} fullWidth defaultValue={action === 'issue' ? 'maintenance' : undefined} />
              <TextInput source="ref_no" label={stockField('ref_no')} isRequired={action === 'issue'} fullWidth helperText="pv.stock.dialog.ref_hint" />
            </Stack>
            <StationInput />
          </>
        )}
        {action === 'in' && (
          <>
            <TextInput source="ref_no" label={stockField('in_ref_no')} fullWidth />
            {/* the supplier and price: what 对账单 with that supplier count (docs/DECISIONS.md "Statements") */}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <ReferenceInput source="supplier_id" reference="partner/partnerList" filter={SUPPLIERS}>
                <AutocompleteInput label={stockField('supplier_id')} optionText="name" fullWidth filterToQuery={(q: string) => ({ q })} />
              </ReferenceInput>
              <TextInput source="unit_price" label={stockField('unit_price')} inputMode="decimal" fullWidth helperText="pv.stock.dialog.unit_price_hint" />
            </Stack>
          </>
        )}
        {action === 'adjust' ? <TextInput source="reason" label={stockField('reason')} isRequired multiline fullWidth /> : <TextInput source="remark" label={stockField('remark')} fullWidth />}
        {/* the preset as hidden defaults: react-admin's Form takes defaultValue from the inputs above */}
        {w !== undefined && <PresetValue source={action === 'transfer' ? 'from_warehouse_id' : 'warehouse_id'} value={w} />}
        {m !== undefined && <PresetValue source="material_id" value={m} />}
        {action === 'adjust' && preset?.qty !== undefined && <PresetValue source="expected" value={preset.qty} />}
      </div>
    </FormDialog>
  );
};

/** Sets a form value once (the dialog opened from a balance row). */
const PresetValue = ({ source, value }: { source: string; value: unknown }) => {
  const [done, setDone] = useState(false);
  return done ? null : <SetOnce source={source} value={value} onDone={() => setDone(true)} />;
};

const SetOnce = ({ source, value, onDone }: { source: string; value: unknown; onDone: () => void }) => {
  const { setValue } = useFormContext();
  useEffect(() => {
    setValue(source, value, { shouldDirty: true });
    onDone();
  }, [source, value, setValue, onDone]);
  return null;
};

/** 预警阈值 of one balance row (stock:threshold). */
export const ThresholdDialog = ({ balance, onClose }: { balance: StockBalance; onClose: () => void }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PvDataProvider>();
  const { run, busy } = useAction();
  const select = (v: Record<string, unknown>) => ({ warehouse_id: balance.warehouse_id, material_id: balance.material_id, low_threshold: v.low_threshold === '' || v.low_threshold === undefined ? null : v.low_threshold });
  const resolver = useMemo(() => contractResolver(stockThresholdSchema, translate, select), [translate]); // eslint-disable-line react-hooks/exhaustive-deps
  const submit = async (values: Record<string, unknown>) => {
    const ok = await run(() => dataProvider.act('stock_balance', 'threshold', select(values)), 'pv.stock.notify.threshold');
    if (ok) onClose();
  };
  return (
    <FormDialog
      open
      title="pv.stock.dialog.threshold_title"
      hint={translate('pv.stock.dialog.threshold_hint', { warehouse: balance.warehouse_name, material: balance.material_name, qty: balance.qty, unit: balance.material_unit })}
      onClose={onClose}
      onSubmit={(v) => void submit(v)}
      resolver={resolver}
      submitLabel="pv.stock.action.threshold"
      busy={busy}
    >
      <TextInput source="low_threshold" label={stockField('low_threshold')} inputMode="decimal" fullWidth defaultValue={balance.low_threshold ?? ''} helperText="pv.stock.dialog.threshold_empty" />
    </FormDialog>
  );
};

/** The toolbar buttons of the actions the user holds (stock:in, stock:issue, …), each opening its dialog. */
export const StockActionButtons = () => {
  const translate = useTranslate();
  const [open, setOpen] = useState<StockAction | null>(null);
  const can = {
    in: useHasPermission('stock:in'),
    issue: useHasPermission('stock:issue'),
    transfer: useHasPermission('stock:transfer'),
    return: useHasPermission('stock:return'),
    adjust: useHasPermission('stock:adjust'),
  };
  return (
    <>
      {(Object.keys(can) as StockAction[])
        .filter((a) => can[a])
        .map((a) => (
          <Button key={a} size="small" startIcon={ICONS[a]} onClick={() => setOpen(a)} data-testid={`stock-action-${a}`}>
            {translate(`pv.stock.action.${a}`)}
          </Button>
        ))}
      {open && <StockActionDialog action={open} onClose={() => setOpen(null)} />}
    </>
  );
};

