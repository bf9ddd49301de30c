import { useMemo } from 'react';
import { AutocompleteInput, ReferenceInput, useTranslate } from 'react-admin';
import { Chip } from '@mui/material';
import { MaterialCategory, StockMovementKind, StockRefType, StockStatus, WarehouseKind, type Material, type Warehouse } from '@pv/contract';
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
