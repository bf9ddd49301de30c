import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { AutocompleteInput, ReferenceInput, useDataProvider, useSourceContext, useTranslate } from 'react-admin';
import { Chip } from '@mui/material';
import { MaterialCategory, StockMovementKind, StockRefType, StockStatus, WarehouseKind, type ListResult, type Material, type StockBalance, type Warehouse } from '@pv/contract';
import type { PvDataProvider } from '../../providers/dataProvider.ts';
import { useLang } from '../common/format.tsx';
import { MATERIAL_RESOURCE, WAREHOUSE_RESOURCE } from './logic.ts';

export const materialField = (name: string) => `resources.${MATERIAL_RESOURCE}.fields.${name}`;
export const warehouseField = (name: string) => `resources.${WAREHOUSE_RESOURCE}.fields.${name}`;
export const stockField = (name: string) => `pv.stock.field.${name}`;

export function useStockChoices() {
  const lang = useLang();
  const translate = useTranslate();
  return useMemo(
    () => ({
      category: MaterialCategory.choices(lang),
      kind: WarehouseKind.choices(lang),
      status: StockStatus.choices(lang),
      movementKind: StockMovementKind.choices(lang),
      refType: StockRefType.choices(lang),
      yesNo: [
        { id: 'true', name: translate('ra.boolean.true') },
        { id: 'false', name: translate('ra.boolean.false') },
      ],
    }),
    [lang, translate],
  );
}

/** 启用 / 停用 as a chip. */
export const StatusChip = ({ status }: { status: string }) => {
  const lang = useLang();
  return <Chip size="small" color={status === 'enabled' ? 'success' : 'default'} variant="outlined" label={StockStatus.label(status, lang)} />;
};

/** A warehouse picked by code or name (enabled ones first; warehouse/index?q=). */
export const WarehouseInput = ({ source, label, isRequired, disabled }: { source: string; label?: string; isRequired?: boolean; disabled?: boolean }) => (
  <ReferenceInput source={source} reference={WAREHOUSE_RESOURCE} sort={{ field: 'code', order: 'ASC' }} perPage={50} filter={{ status: 'enabled' }}>
    <AutocompleteInput
      label={label ?? stockField('warehouse_id')}
      optionText={(w: Warehouse) => `${w.code} · ${w.name}`}
      filterToQuery={(q: string) => ({ q })}
      isRequired={isRequired}
      disabled={disabled}
      fullWidth
    />
  </ReferenceInput>
);

/** A material picked by code or name. */
export const MaterialInput = ({ source = 'material_id', isRequired, disabled }: { source?: string; isRequired?: boolean; disabled?: boolean }) => (
  <ReferenceInput source={source} reference={MATERIAL_RESOURCE} sort={{ field: 'code', order: 'ASC' }} perPage={50}>
    <AutocompleteInput
      label={stockField('material_id')}
      optionText={(m: Material) => `${m.code} · ${m.name}${m.spec ? ` ${m.spec}` : ''}（${m.unit}）`}
      filterToQuery={(q: string) => ({ q })}
      isRequired={isRequired}
      disabled={disabled}
      fullWidth
    />
  </ReferenceInput>
);

/**
 * Where a part is issued from (the maintenance handling dialog's 使用备件 rows): the enabled
 * warehouses the caller may use — for a field team member his team's van and the warehouses
 * covering its region (the server's scope) — with their kind; none is said in words, not "No options".
 */
export const IssueWarehouseInput = ({ source, isRequired }: { source: string; isRequired?: boolean }) => {
  const translate = useTranslate();
  const lang = useLang();
  return (
    <ReferenceInput source={source} reference={WAREHOUSE_RESOURCE} sort={{ field: 'code', order: 'ASC' }} perPage={50} filter={{ status: 'enabled' }}>
      <AutocompleteInput
        label={stockField('warehouse_id')}
        optionText={(w: Warehouse) => `${w.code} · ${w.name}（${WarehouseKind.label(w.kind, lang)}）`}
        filterToQuery={(q: string) => ({ q })}
        noOptionsText={translate('pv.stock.issue_from.no_warehouse')}
        isRequired={isRequired}
        sx={{ flex: '0 0 320px' }}
      />
    </ReferenceInput>
  );
};

/**
 * The material of a part, among what the row's warehouse holds (stock_balance, quantity above zero),
 * each with its stock: "MC4 · MC4 连接器 1000V 30A — 库存 20 对". Disabled until a warehouse is chosen.
 */
export const IssueMaterialInput = ({ source, warehouseSource, isRequired }: { source: string; warehouseSource: string; isRequired?: boolean }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PvDataProvider>();
  const sourceContext = useSourceContext();
  const warehouseId = useWatch({ name: sourceContext.getSource(warehouseSource) }) as number | null | undefined;
  const [q, setQ] = useState('');
  const { data = [] } = useQuery({
    queryKey: ['stock_balance', 'issue_from', warehouseId, q],
    queryFn: () =>
      dataProvider.read<ListResult<StockBalance>>('stock_balance', 'index', { warehouse_id: warehouseId, nonzero: 'true', sort: 'material_code', order: 'ASC', limit: 100, ...(q ? { q } : {}) }).then((r) => r.data.list),
    enabled: !!warehouseId,
    retry: false,
  });
  const choices = useMemo(
    () =>
      data.map((b) => ({
        id: b.material_id,
        name: translate('pv.stock.issue_from.option', { code: b.material_code, name: `${b.material_name}${b.material_spec ? ` ${b.material_spec}` : ''}`, qty: b.qty, unit: b.material_unit }),
      })),
    [data, translate],
  );
  return (
    <AutocompleteInput
      source={source}
      label={stockField('material_id')}
      choices={choices}
      disabled={!warehouseId}
      onInputChange={(_e, text, reason) => {
        if (reason === 'input') setQ(text);
      }}
      noOptionsText={translate('pv.stock.issue_from.no_stock')}
      helperText={warehouseId ? false : 'pv.stock.issue_from.pick_warehouse'}
      isRequired={isRequired}
      sx={{ flex: '0 0 400px' }}
    />
  );
};
