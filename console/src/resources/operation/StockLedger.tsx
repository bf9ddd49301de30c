import { useState, type ReactElement, type ReactNode } from 'react';
import {
  FilterButton,
  FunctionField,
  List,
  Pagination,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  TextField,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import { useSearchParams } from 'react-router-dom';
import { Box, Chip, IconButton, Stack, Tab, Tabs, Tooltip } from '@mui/material';
import AdjustIcon from '@mui/icons-material/FactCheckOutlined';
import IssueIcon from '@mui/icons-material/OutboxOutlined';
import ThresholdIcon from '@mui/icons-material/NotificationsActiveOutlined';
import { MaterialCategory, StockMovementKind, StockRefType, type StockBalance, type StockMovement, formatYuan } from '@pv/contract';
import { ProvinceInput } from '../../forms/RegionInput.tsx';
import { ExportButton, ImportButton } from '../customer/excel/index.ts';
import { useHasPermission } from '../common/actions.tsx';
import { LocalDateField, useLang } from '../common/format.tsx';
import { WarehouseInput, stockField, useStockChoices } from './common.tsx';
import { STOCK_MOVEMENTS, STOCK_RESOURCE, signed, type StockAction } from './logic.ts';
import { StockActionButtons, StockActionDialog, ThresholdDialog } from './StockDialogs.tsx';
import { WorkflowInstancePanel } from '../workflow/InstancePanel.tsx';
import { ListDatagrid } from '../common/ListDatagrid.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

const KIND_COLORS: Record<string, 'success' | 'warning' | 'info' | 'default' | 'secondary'> = {
  in: 'success',
  issue: 'warning',
  transfer_out: 'info',
  transfer_in: 'info',
  return: 'secondary',
  adjust: 'default',
};

/** the list fits the page: wide tables scroll inside it, not the page sideways */

const idOf = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

/** Row buttons of a balance: 出库 and 盘点 from this row (warehouse and material filled in), 预警阈值. */
const BalanceRowActions = ({ balance }: { balance: StockBalance }) => {
  const translate = useTranslate();
  const [open, setOpen] = useState<StockAction | 'threshold' | null>(null);
  const can = { issue: useHasPermission('stock:issue'), adjust: useHasPermission('stock:adjust'), threshold: useHasPermission('stock:threshold') };
  const stop = (a: StockAction | 'threshold') => (e: React.MouseEvent) => {
    e.stopPropagation();
    setOpen(a);
  };
  return (
    <Stack direction="row" spacing={0} onClick={(e) => e.stopPropagation()}>
      {can.issue && (
        <Tooltip title={translate('pv.stock.action.issue')}>
          <IconButton size="small" onClick={stop('issue')} data-testid="balance-issue">
            <IssueIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {can.adjust && (
        <Tooltip title={translate('pv.stock.action.adjust')}>
          <IconButton size="small" onClick={stop('adjust')} data-testid="balance-adjust">
            <AdjustIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {can.threshold && (
        <Tooltip title={translate('pv.stock.action.threshold')}>
          <IconButton size="small" onClick={stop('threshold')} data-testid="balance-threshold">
            <ThresholdIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {open === 'threshold' ? <ThresholdDialog balance={balance} onClose={() => setOpen(null)} /> : open && <StockActionDialog action={open} preset={balance} onClose={() => setOpen(null)} />}
    </Stack>
  );
};

const Toolbar = ({ tab }: { tab: 'balances' | 'ledger' }) => {
  const exportable = useHasPermission('stock:export');
  const importable = useHasPermission('stock:import');
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      <FilterButton />
      <StockActionButtons />
      {exportable && <ExportButton />}
      {tab === 'balances' && importable && <ImportButton subject="stock" access="import" />}
    </TopToolbar>
  );
};

/** One tab's list (balances or the ledger): its own store key, the tab bar as actions, 20 rows newest first. */
const TabList = (props: { resource: string; storeKey: string; tab: 'balances' | 'ledger'; defaults: Record<string, unknown>; filters: ReactElement[]; sortField: string; children: ReactNode }) => (
  <List
    resource={props.resource}
    storeKey={props.storeKey}
    disableSyncWithLocation
    filterDefaultValues={props.defaults}
    filters={props.filters}
    actions={<Toolbar tab={props.tab} />}
    sort={{ field: props.sortField, order: 'DESC' }}
    perPage={20}
    exporter={false}
    empty={false}
    title="pv.route.stockLedger"
    pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}
  >
    {props.children}
  </List>
);

const Balances = ({ defaults }: { defaults: Record<string, unknown> }) => {
  const lang = useLang();
  const translate = useTranslate();
  const choices = useStockChoices();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <WarehouseInput key="warehouse_id" source="warehouse_id" />,
    <SelectArrayInput key="category" source="category" label={stockField('category')} choices={choices.category} alwaysOn sx={{ minWidth: 160 }} />,
    <SelectArrayInput key="kind" source="kind" label={stockField('warehouse_kind')} choices={choices.kind} alwaysOn sx={{ minWidth: 160 }} />,
    <ProvinceInput key="province_code" source="province_code" label={stockField('province_code')} />,
    <SelectInput key="low" source="low" label={stockField('low')} choices={choices.yesNo} alwaysOn />,
  ];
  return (
    <TabList resource={STOCK_RESOURCE} storeKey="stock-balances" tab="balances" defaults={defaults} filters={filters} sortField="updated_at">
      <ListDatagrid bulkActionButtons={false} rowClick={false} data-testid="balance-list">
        <FunctionField<StockBalance> source="warehouse_code" label={stockField('warehouse_id')} render={(r) => `${r.warehouse_code} · ${r.warehouse_name}`} {...MUST_SHOW} />
        <TextField source="material_code" label={stockField('material_code')} />
        <TextField source="material_name" label={stockField('material_name')} sortable={true} {...MUST_SHOW} />
        <TextField source="material_spec" label={stockField('spec')} emptyText="-" sortable={false} {...HIDE_FIRST} />
        <FunctionField<StockBalance> label={stockField('category')} render={(r) => MaterialCategory.label(r.material_category, lang)} />
        <FunctionField<StockBalance>
          source="qty"
          label={stockField('qty')}
          textAlign="right"
          render={(r) => (
            <span data-testid="balance-qty">
              {r.qty} {r.material_unit}
              {r.low && <Chip size="small" color="warning" label={translate('pv.stock.low')} sx={{ ml: 1 }} />}
            </span>
          )}
          {...MUST_SHOW}
        />
        <FunctionField<StockBalance> source="low_threshold" label={stockField('low_threshold')} textAlign="right" render={(r) => r.low_threshold ?? '-'} />
        <FunctionField<StockBalance> source="value" label={stockField('value')} textAlign="right" render={(r) => formatYuan(r.value)} {...MUST_SHOW} />
        <LocalDateField source="updated_at" label={stockField('updated_at')} showTime {...HIDE_FIRST} />
        <FunctionField<StockBalance> label={stockField('actions')} render={(r) => <BalanceRowActions balance={r} />} {...MUST_SHOW} />
      </ListDatagrid>
    </TabList>
  );
};

const Ledger = ({ defaults }: { defaults: Record<string, unknown> }) => {
  const lang = useLang();
  const choices = useStockChoices();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <WarehouseInput key="warehouse_id" source="warehouse_id" />,
    <SelectArrayInput key="kind" source="kind" label={stockField('kind')} choices={choices.movementKind} alwaysOn sx={{ minWidth: 160 }} />,
    <SelectArrayInput key="category" source="category" label={stockField('category')} choices={choices.category} sx={{ minWidth: 160 }} />,
    <SelectArrayInput key="warehouse_kind" source="warehouse_kind" label={stockField('warehouse_kind')} choices={choices.kind} sx={{ minWidth: 160 }} />,
    <ProvinceInput key="province_code" source="province_code" label={stockField('province_code')} />,
    <DateInput key="created_at_gte" source="created_at_gte" label={stockField('created_at_gte')} alwaysOn />,
    <DateInput key="created_at_lte" source="created_at_lte" label={stockField('created_at_lte')} alwaysOn />,
  ];
  return (
    <TabList resource={STOCK_MOVEMENTS} storeKey="stock-ledger" tab="ledger" defaults={defaults} filters={filters} sortField="created_at">
      <ListDatagrid bulkActionButtons={false} rowClick={false} data-testid="movement-list">
        <LocalDateField source="created_at" label={stockField('created_at')} showTime {...MUST_SHOW} />
        <TextField source="doc_no" label={stockField('doc_no')} {...MUST_SHOW} />
        <FunctionField<StockMovement> source="kind" label={stockField('kind')} render={(r) => <Chip size="small" color={KIND_COLORS[r.kind] ?? 'default'} label={StockMovementKind.label(r.kind, lang)} />} {...MUST_SHOW} />
        <FunctionField<StockMovement> source="warehouse_code" label={stockField('warehouse_id')} render={(r) => (r.counterpart_warehouse_name ? `${r.warehouse_name} ⇄ ${r.counterpart_warehouse_name}` : r.warehouse_name)} />
        <FunctionField<StockMovement> source="material_code" label={stockField('material_id')} render={(r) => `${r.material_code} · ${r.material_name}`} {...MUST_SHOW} />
        <FunctionField<StockMovement> source="qty" label={stockField('qty')} textAlign="right" render={(r) => <span data-testid="movement-qty">{`${signed(r.qty)} ${r.material_unit ?? ''}`}</span>} {...MUST_SHOW} />
        <FunctionField<StockMovement> label={stockField('balance_after')} textAlign="right" render={(r) => r.balance_after} />
        <FunctionField<StockMovement> label={stockField('ref_no')} render={(r) => (r.ref_no ? `${r.ref_type ? StockRefType.label(r.ref_type, lang) + ' ' : ''}${r.ref_no}` : '-')} />
        <TextField source="station_code" label={stockField('station_id')} emptyText="-" sortable={false} />
        <FunctionField<StockMovement> label={stockField('serials')} render={(r) => (r.serials?.length ? r.serials.join(', ') : '-')} {...HIDE_FIRST} />
        <FunctionField<StockMovement> label={stockField('reason')} render={(r) => r.reason ?? r.remark ?? '-'} />
        <TextField source="created_by_name" label={stockField('created_by_name')} emptyText="-" sortable={false} {...HIDE_FIRST} />
      </ListDatagrid>
    </TabList>
  );
};

/**
 * 库存台账 (#/operation/stockLedger): the balances per warehouse × material and the movement ledger,
 * with the stock actions (入库 / 出库 / 调拨 / 退库 / 盘点调整), the stock-take sheet (export the book
 * quantities, import the counted ones) and the ledger export. `?tab=ledger&warehouse_id=&material_id=`
 * opens a tab filtered (links from the material and warehouse pages); `?balance=` one balance with
 * its process (a stock-take adjustment awaiting approval).
 */
const StockLedger = () => {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'ledger' ? 'ledger' : 'balances';
  // ?balance= (a process's link to one warehouse × material): that row, with its process (an adjustment awaiting approval)
  const balance = idOf(params.get('balance'));
  const defaults = Object.fromEntries(
    ([...(['warehouse_id', 'material_id'] as const).map((k) => [k, idOf(params.get(k))]), ['id', balance]] as const).filter(([, v]) => v !== undefined),
  );
  return (
    <Box>
      {balance !== undefined && tab === 'balances' && <WorkflowInstancePanel recordType="stock_balance" recordId={Number(balance)} />}
      <Tabs value={tab} onChange={(_e, v: string) => setParams(v === 'ledger' ? { tab: 'ledger' } : {})} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="balances" label={translate('pv.stock.tab.balances')} data-testid="stock-tab-balances" />
        <Tab value="ledger" label={translate('pv.stock.tab.ledger')} data-testid="stock-tab-ledger" />
      </Tabs>
      {tab === 'balances' ? <Balances key={JSON.stringify(defaults)} defaults={defaults} /> : <Ledger key={JSON.stringify(defaults)} defaults={defaults} />}
    </Box>
  );
};
export default StockLedger;
