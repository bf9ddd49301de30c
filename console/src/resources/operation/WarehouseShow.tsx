import { EditButton, Show, useCanAccess, useRecordContext } from 'react-admin';
import { WarehouseKind, type Warehouse, formatYuan } from '@pv/contract';
import { useRegionLabel } from '../../forms/RegionInput.tsx';
import { DetailHeader, Value } from '../common/DetailPage.tsx';
import { HistoryPanel } from '../common/History.tsx';
import { DetailColumns, FieldGrid, Panel } from '../common/layout.tsx';
import { formatDateTime, useLang } from '../common/format.tsx';
import { StatusChip, warehouseField } from './common.tsx';
import { STOCK_RESOURCE, WAREHOUSE_RESOURCE } from './logic.ts';
import { BalancesPanel, LedgerPanel } from './panels.tsx';

const HIDDEN = ['created_by', 'keeper_name', 'team_name', 'agent_name', 'stock_value'];

const Body = () => {
  const record = useRecordContext<Warehouse & { stock_value?: string }>();
  const lang = useLang();
  const regionLabel = useRegionLabel();
  const { canAccess: editable } = useCanAccess({ resource: WAREHOUSE_RESOURCE, action: 'edit' });
  if (!record) return null;
  return (
    <>
      <DetailHeader testId="warehouse-heading" title={record.name} subtitle={record.code} chip={<StatusChip status={record.status} />} actions={editable ? <EditButton /> : null} />
      <DetailColumns
        main={
          <>
            <Panel title="pv.stock.warehouse.basic" testId="warehouse-basic">
              <FieldGrid>
                <Value label={warehouseField('code')}>{record.code}</Value>
                <Value label={warehouseField('name')}>{record.name}</Value>
                <Value label={warehouseField('kind')}>{WarehouseKind.label(record.kind, lang)}</Value>
                <Value label={warehouseField('region')}>{regionLabel(record) || '-'}</Value>
                <Value label={warehouseField('address')}>{record.address || '-'}</Value>
                <Value label={warehouseField('keeper_id')}>{record.keeper_name || '-'}</Value>
                <Value label={warehouseField('team_id')}>{record.team_name || '-'}</Value>
                <Value label={warehouseField('agent_id')}>{record.agent_name || '-'}</Value>
                <Value label={warehouseField('stock_value')}>{formatYuan(record.stock_value ?? '0')}</Value>
                <Value label={warehouseField('created_at')}>{formatDateTime(record.created_at, lang)}</Value>
              </FieldGrid>
            </Panel>
            <BalancesPanel filter={{ warehouse_id: record.id }} by="material" />
            <LedgerPanel filter={{ warehouse_id: record.id }} link={`/${STOCK_RESOURCE}?tab=ledger&warehouse_id=${record.id}`} />
          </>
        }
        side={<HistoryPanel api="warehouse" fieldLabel={warehouseField} hidden={HIDDEN} />}
      />
    </>
  );
};

/** 仓库详情 (#/operation/warehouseList/N/show): the warehouse, its balances, its ledger and its change history. */
const WarehouseShow = () => (
  <Show actions={false} component="div">
    <Body />
  </Show>
);
export default WarehouseShow;
