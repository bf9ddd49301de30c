import { EditButton, Show, useCanAccess, useRecordContext } from 'react-admin';
import { MaterialCategory, type Material, formatYuan } from '@pv/contract';
import { DetailHeader, Value } from '../common/DetailPage.tsx';
import { HistoryPanel } from '../common/History.tsx';
import { DetailColumns, FieldGrid, Panel } from '../common/layout.tsx';
import { formatDateTime, useLang } from '../common/format.tsx';
import { StatusChip, materialField } from './common.tsx';
import { MATERIAL_RESOURCE, STOCK_RESOURCE } from './logic.ts';
import { BalancesPanel, LedgerPanel, SerialsPanel } from './panels.tsx';

const HIDDEN = ['created_by'];

const Body = () => {
  const record = useRecordContext<Material>();
  const lang = useLang();
  const { canAccess: editable } = useCanAccess({ resource: MATERIAL_RESOURCE, action: 'edit' });
  if (!record) return null;
  return (
    <>
      <DetailHeader testId="material-heading" title={record.name} subtitle={record.code} chip={<StatusChip status={record.status} />} actions={editable ? <EditButton /> : null} />
      <DetailColumns
        main={
          <>
            <Panel title="pv.stock.material.basic" testId="material-basic">
              <FieldGrid>
                <Value label={materialField('code')}>{record.code}</Value>
                <Value label={materialField('name')}>{record.name}</Value>
                <Value label={materialField('spec')}>{record.spec || '-'}</Value>
                <Value label={materialField('unit')}>{record.unit}</Value>
                <Value label={materialField('category')}>{MaterialCategory.label(record.category, lang)}</Value>
                <Value label={materialField('unit_price')}>{formatYuan(record.unit_price)}</Value>
                <Value label={materialField('serial_tracked')}>{record.serial_tracked ? '✓' : '-'}</Value>
                <Value label={materialField('created_at')}>{formatDateTime(record.created_at, lang)}</Value>
                <Value label={materialField('remark')}>{record.remark || '-'}</Value>
              </FieldGrid>
            </Panel>
            <BalancesPanel filter={{ material_id: record.id }} by="warehouse" />
            <LedgerPanel filter={{ material_id: record.id }} link={`/${STOCK_RESOURCE}?tab=ledger&material_id=${record.id}`} />
            {record.serial_tracked && <SerialsPanel filter={{ material_id: record.id }} />}
          </>
        }
        side={<HistoryPanel api="material" fieldLabel={materialField} hidden={HIDDEN} />}
      />
    </>
  );
};

/** 物料详情 (#/operation/materialList/N/show): the material, its balance in each warehouse, its ledger, its serial numbers and change history. */
const MaterialShow = () => (
  <Show actions={false} component="div">
    <Body />
  </Show>
);
export default MaterialShow;
