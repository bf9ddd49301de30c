import { useState } from 'react';
import { Button, FilterButton, FunctionField, List, Pagination, SelectInput, TextField, TextInput, TopToolbar, useTranslate } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { listFiltersOf } from '../finance/reportLogic.ts';
import { Button as MuiButton, Link } from '@mui/material';
import CalcIcon from '@mui/icons-material/CalculateOutlined';
import TuneIcon from '@mui/icons-material/TuneOutlined';
import { RevenueActualSource, formatMoney, regionName, type Revenue } from '@pv/contract';
import { CityInput, DistrictInput, ProvinceInput } from '../../forms/RegionInput.tsx';
import { MonthInput } from '../../forms/DateInputs.tsx';
import { AgentInput } from '../customer/common.tsx';
import { ExportButton, ImportButton } from '../customer/excel/index.ts';
import { useHasPermission } from '../common/actions.tsx';
import { useLang } from '../common/format.tsx';
import { StationCell, idParam } from '../common/lists.tsx';
import { maintenanceDetailPath } from '../maintenance/logic.ts';
import { EstimateTag, RatioChip, revenueField, useRevenueChoices } from './common.tsx';
import { CorrectDialog, EstimateDialog, RevenueHistoryDialog, RevenueMaintenanceDialog, ThresholdDialog } from './dialogs.tsx';
import { kwhText } from './logic.ts';
import { WorkflowInstancePanel } from '../workflow/InstancePanel.tsx';
import { ListDatagrid } from '../common/ListDatagrid.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

const useFilters = () => {
  const choices = useRevenueChoices();
  const translate = useTranslate();
  return [
    <TextInput key="keyword" source="keyword" label={false} placeholder={translate(revenueField('keyword'))} alwaysOn resettable />,
    <MonthInput key="period_gte" source="period_gte" label={revenueField('period_gte')} alwaysOn />,
    <MonthInput key="period_lte" source="period_lte" label={revenueField('period_lte')} alwaysOn />,
    <SelectInput key="under_performing" source="under_performing" label={revenueField('under_performing')} choices={choices.yesNo} alwaysOn />,
    <ProvinceInput key="province_code" source="province_code" label={revenueField('province_code')} alwaysOn />,
    <CityInput key="city_code" source="city_code" label={revenueField('city_code')} />,
    <DistrictInput key="district_code" source="district_code" label={revenueField('district_code')} />,
    <AgentInput key="agent_id" source="agent_id" label={revenueField('agent_id')} />,
    <SelectInput key="settled" source="settled" label={revenueField('settled')} choices={choices.yesNo} />,
    <SelectInput key="actual_source" source="actual_source" label={revenueField('actual_source')} choices={choices.source} />,
  ];
};

const Actions = () => {
  const canEstimate = useHasPermission('revenue:estimate');
  const canSettings = useHasPermission('revenue:settings');
  const exportable = useHasPermission('revenue:export');
  const [open, setOpen] = useState<'estimate' | 'threshold' | null>(null);
  return (
    <TopToolbar>
      <FilterButton />
      <ImportButton subject="revenue" access="import" />
      {exportable && <ExportButton />}
      {canEstimate && <Button label="pv.revenue.estimate" onClick={() => setOpen('estimate')} startIcon={<CalcIcon />} data-testid="revenue-estimate" />}
      {canSettings && <Button label="pv.revenue.threshold" onClick={() => setOpen('threshold')} startIcon={<TuneIcon />} data-testid="revenue-threshold-open" />}
      {open === 'estimate' && <EstimateDialog onClose={() => setOpen(null)} />}
      {open === 'threshold' && <ThresholdDialog onClose={() => setOpen(null)} />}
    </TopToolbar>
  );
};

/** The buttons of one row: 更正 a settled month, 转运维工单 an under-performing one (or its order's number). */
type RowDialog = 'correct' | 'maintenance' | 'history';

const RowActions = ({ record, onOpen }: { record: Revenue; onOpen: (kind: RowDialog, r: Revenue) => void }) => {
  const translate = useTranslate();
  const canCorrect = useHasPermission('revenue:correct');
  const canMaintain = useHasPermission('revenue:maintenance');
  const live = record.maintenance_no && (record as Revenue & { maintenance_status?: string }).maintenance_status !== 'cancelled';
  return (
    <span onClick={(e) => e.stopPropagation()}>
      {live && (
        <Link component={RouterLink} to={maintenanceDetailPath(record.maintenance_id!)} sx={{ mr: 1 }} data-testid="revenue-order-link">
          {record.maintenance_no}
        </Link>
      )}
      {canMaintain && record.under_performing && !live && (
        <MuiButton size="small" color="error" onClick={() => onOpen('maintenance', record)} data-testid="revenue-to-maintenance">
          {translate('pv.revenue.to_maintenance')}
        </MuiButton>
      )}
      {canCorrect && record.settled && (
        <MuiButton size="small" onClick={() => onOpen('correct', record)} data-testid="revenue-correct">
          {translate('pv.revenue.correct')}
        </MuiButton>
      )}
      {record.settled && (
        <MuiButton size="small" color="inherit" onClick={() => onOpen('history', record)} data-testid="revenue-history">
          {translate('pv.revenue.history')}
        </MuiButton>
      )}
    </span>
  );
};

/**
 * 收益: #/finance/revenueList (revenue API) — one row per station and month: the estimate (labelled),
 * the settled actuals, actual ÷ estimate with the 偏低 flag; import of the grid company's settlement
 * sheet, export, estimates, threshold. `?station_id=N` opens it filtered to a station.
 */
const RevenueList = () => {
  const lang = useLang();
  const [params] = useSearchParams();
  const [dialog, setDialog] = useState<{ kind: RowDialog; record: Revenue } | null>(null);
  const stationId = idParam(params.get('station_id'));
  // a process's link to one month (a correction awaiting approval): that row, with its process above
  const rowId = idParam(params.get('id'));
  // links from the dashboard and the finance reports: a month (range) and 偏低
  const defaults: Record<string, unknown> = { ...listFiltersOf(params, ['period_gte', 'period_lte', 'under_performing']), ...(stationId ? { station_id: stationId } : {}), ...(rowId ? { id: rowId } : {}) };
  const open = (kind: RowDialog, record: Revenue) => setDialog({ kind, record });
  return (
    <>
      {rowId && <WorkflowInstancePanel recordType="revenue" recordId={rowId} />}
      <List key={JSON.stringify(defaults)} storeKey={`revenue-list${params.toString() ? `?${params.toString()}` : ''}`} disableSyncWithLocation filterDefaultValues={defaults} filters={useFilters()} actions={<Actions />} sort={{ field: 'period', order: 'DESC' }} perPage={20} exporter={false} empty={false} pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}>
        <ListDatagrid rowClick={false} bulkActionButtons={false} cellMaxWidth={200} data-testid="revenue-list">
          <TextField source="period" label={revenueField('period')} {...MUST_SHOW} />
          <FunctionField<Revenue> source="station_code" label={revenueField('station_code')} render={(r) => <StationCell record={r} />} {...MUST_SHOW} />
          <FunctionField<Revenue> source="province_code" label={revenueField('province_code')} sortable={false} render={(r) => [regionName(r.province_code, lang), r.city_code ? regionName(r.city_code, lang) : ''].filter(Boolean).join(' ')} />
          <TextField source="agent_name" label={revenueField('agent_name')} emptyText="-" {...HIDE_FIRST} />
          <FunctionField<Revenue> source="capacity_kwp" label={revenueField('capacity_kwp')} textAlign="right" render={(r) => r.capacity_kwp} />
          <FunctionField<Revenue> source="estimated_kwh" label={revenueField('estimated_kwh')} textAlign="right" render={(r) => kwhText(r.estimated_kwh)} />
          <FunctionField<Revenue>
            source="estimated_amount"
            label={revenueField('estimated_amount')}
            textAlign="right"
            render={(r) => (
              <>
                {formatMoney(r.estimated_amount)}
                <EstimateTag />
              </>
            )}
            {...MUST_SHOW}
          />
          <FunctionField<Revenue> source="actual_kwh" label={revenueField('actual_kwh')} textAlign="right" render={(r) => kwhText(r.actual_kwh)} />
          <FunctionField<Revenue> source="actual_amount" label={revenueField('actual_amount')} textAlign="right" render={(r) => formatMoney(r.actual_amount)} {...MUST_SHOW} />
          <FunctionField<Revenue> source="ratio" label={revenueField('ratio')} render={(r) => <RatioChip ratio={r.ratio} under={r.under_performing} />} {...MUST_SHOW} />
          <FunctionField<Revenue> source="actual_source" label={revenueField('actual_source')} sortable={false} render={(r) => (r.actual_source ? RevenueActualSource.label(r.actual_source, lang) : '-')} {...HIDE_FIRST} />
          <FunctionField<Revenue> label={revenueField('actions')} sortable={false} render={(r) => <RowActions record={r} onOpen={open} />} {...MUST_SHOW} />
        </ListDatagrid>
      </List>
      {dialog?.kind === 'correct' && <CorrectDialog record={dialog.record} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'maintenance' && <RevenueMaintenanceDialog record={dialog.record} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'history' && <RevenueHistoryDialog record={dialog.record} onClose={() => setDialog(null)} />}
    </>
  );
};
export default RevenueList;
