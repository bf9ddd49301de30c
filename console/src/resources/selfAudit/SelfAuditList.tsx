import type { MouseEvent } from 'react';
import { FilterButton, FunctionField, List, Pagination, SearchInput, SelectArrayInput, TextField, TopToolbar, useResourceContext, useTranslate } from 'react-admin';
import { DateInput } from '../../forms/DateInputs.tsx';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Link, Typography } from '@mui/material';
import type { SelfAudit } from '@pv/contract';
import { CityInput, ProvinceInput } from '../../forms/RegionInput.tsx';
import { AgentInput } from '../customer/common.tsx';
import { ExportButton } from '../customer/excel/index.ts';
import { useHasPermission } from '../common/actions.tsx';
import { LocalDateField } from '../common/format.tsx';
import { SELF_AUDIT_API, kindOfResource, orderListPath, orderResourceOf, selfAuditDetailPath, stationDetailPath } from '../workOrder/logic.ts';
import { AttemptText, ResultChip, fieldLabel, useSelfAuditChoices } from './common.tsx';
import { RecordInput } from '../common/RecordInput.tsx';
import { ListDatagrid } from '../common/ListDatagrid.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

const useFilters = () => {
  const choices = useSelfAuditChoices();
  const orders = orderResourceOf(kindOfResource(useResourceContext()));
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate(fieldLabel('q'))} />,
    <SelectArrayInput key="result" source="result" label={fieldLabel('result')} choices={choices.result} alwaysOn sx={{ minWidth: 180 }} />,
    <ProvinceInput key="province_code" source="province_code" label={fieldLabel('province_code')} alwaysOn />,
    <CityInput key="city_code" source="city_code" label={fieldLabel('city_code')} />,
    <AgentInput key="agent_id" source="agent_id" label={fieldLabel('agent_id')} />,
    <DateInput key="submitted_at_gte" source="submitted_at_gte" label={fieldLabel('submitted_at_gte')} />,
    <DateInput key="submitted_at_lte" source="submitted_at_lte" label={fieldLabel('submitted_at_lte')} />,
    <RecordInput key="work_order_id" kind="work_order" reference={orders} source="work_order_id" label={fieldLabel('work_order_id')} />,
    <RecordInput key="station_id" kind="station" source="station_id" label={fieldLabel('station_id')} />,
  ];
};

const ListActions = () => {
  const exportable = useHasPermission(`${SELF_AUDIT_API}:export`);
  return (
    <TopToolbar>
      <FilterButton />
      {exportable && <ExportButton />}
    </TopToolbar>
  );
};

const ellipsis = (maxWidth: number) => ({ display: 'block', maxWidth, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }) as const;
const stop = (e: MouseEvent) => e.stopPropagation();

/**
 * 施工完工自审 #/stationManagement/buildSelfAuditList and 并网自审 #/stationManagement/ongridSelfAuditList:
 * the self_audit API with a fixed kind, one row per submission. A row opens the audit's detail
 * page (its own tab).
 */
const SelfAuditList = () => {
  const kind = kindOfResource(useResourceContext());
  const filters = useFilters();
  return (
    <List
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'submitted_at', order: 'DESC' }}
      perPage={20}
      exporter={false}
      empty={false}
     
      pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}
    >
      <ListDatagrid rowClick={(id) => selfAuditDetailPath(kind, id)} bulkActionButtons={false}>
        <FunctionField<SelfAudit>
          source="order_no"
          label={fieldLabel('order_no')}
          render={(r) => (
            <Link component={RouterLink} to={orderListPath(kind, { id: r.work_order_id })} onClick={stop} underline="hover" data-testid="order-link">
              {r.order_no ?? `#${r.work_order_id}`}
            </Link>
          )}
          {...MUST_SHOW}
        />
        <FunctionField<SelfAudit>
          source="station_code"
          label={fieldLabel('station_code')}
          render={(r) => (
            <Box>
              <Link component={RouterLink} to={stationDetailPath(r.station_id)} onClick={stop} underline="hover">
                {r.station_code ?? `#${r.station_id}`}
              </Link>
              {r.station_name && (
                <Typography variant="caption" color="text.secondary" title={r.station_name} sx={ellipsis(180)}>
                  {r.station_name}
                </Typography>
              )}
            </Box>
          )}
          {...MUST_SHOW}
        />
        <TextField source="customer_name" label={fieldLabel('customer_name')} emptyText="-" />
        <FunctionField<SelfAudit> source="attempt" label={fieldLabel('attempt')} render={(r) => <AttemptText attempt={r.attempt} />} />
        <ResultChip label={fieldLabel('result')} sortBy="result" {...MUST_SHOW} />
        <TextField source="submitter_name" label={fieldLabel('submitter_name')} emptyText="-" />
        <LocalDateField source="submitted_at" label={fieldLabel('submitted_at')} showTime {...MUST_SHOW} />
        <TextField source="reviewer_name" label={fieldLabel('reviewer_name')} emptyText="-" {...HIDE_FIRST} />
        <LocalDateField source="reviewed_at" label={fieldLabel('reviewed_at')} showTime emptyText="-" {...HIDE_FIRST} />
      </ListDatagrid>
    </List>
  );
};
export default SelfAuditList;
