import {
  CreateButton,
  FilterButton,
  FunctionField,
  List,
  NumberField,
  Pagination,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  useCanAccess,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import EditIcon from '@mui/icons-material/Edit';
import { Box, IconButton, Link, Stack, Tooltip } from '@mui/material';
import SubdirectoryArrowRightIcon from '@mui/icons-material/SubdirectoryArrowRight';
import { AgentStatus, type Agent } from '@pv/contract';
import { CityInput, ProvinceInput, useRegionLabel } from '../../forms/RegionInput.tsx';
import { useLang } from '../common/format.tsx';
import { ExportButton } from '../customer/excel/index.ts';
import { AgentStatusButtons } from './actions.tsx';
import { AGENT_API, AGENT_RESOURCE, AgentStatusChip, ParentAgentInput, agentDetailPath, fieldLabel } from './common.tsx';
import { Permission } from '../../shell/Permission.tsx';
import { ListDatagrid } from '../common/ListDatagrid.tsx';
import { HIDE_FIRST, MUST_SHOW } from '../common/columns.ts';

const useFilters = () => {
  const lang = useLang();
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="status" source="status" choices={AgentStatus.choices(lang)} alwaysOn />,
    <SelectInput
      key="top"
      source="top"
      label={fieldLabel('top')}
      choices={[
        { id: '1', name: translate('pv.agent.top_level') },
        { id: '0', name: translate('pv.agent.second_level') },
      ]}
      alwaysOn
    />,
    <ParentAgentInput key="parent_id" source="parent_id" alwaysOn />,
    <ProvinceInput key="province_code" source="province_code" alwaysOn />,
    <CityInput key="city_code" source="city_code" />,
  ];
};

export const AgentListActions = () => (
  <TopToolbar>
    <FilterButton />
    <CreateButton />
    <Permission rule={`${AGENT_API}:export`}>
      <ExportButton />
    </Permission>
  </TopToolbar>
);

/** Long company names end in … within `width` px (the full name is the tooltip). */
const ELLIPSIS = (width: number) => ({ display: 'inline-block', maxWidth: width, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', verticalAlign: 'middle' }) as const;

/** 名称 with the two-level tree shown: a second-level agent is indented under an arrow. */
const NameCell = (_props: { source?: string; label?: string; sortBy?: string; sortable?: boolean }) => (
  <FunctionField<Agent>
    render={(r) => (
      <Stack direction="row" alignItems="center" spacing={0.5} sx={{ pl: r.parent_id ? 2 : 0 }}>
        {r.parent_id ? <SubdirectoryArrowRightIcon fontSize="inherit" color="action" /> : null}
        <Box component="span" title={r.name} sx={ELLIPSIS(180)}>
          {r.name}
        </Box>
      </Stack>
    )}
  />
);

const ParentCell = (_props: { source?: string; label?: string; sortable?: boolean }) => {
  return (
    <FunctionField<Agent>
      render={(r) =>
        r.parent_id ? (
          <Link href={`#${agentDetailPath(r.parent_id)}`} onClick={(e) => e.stopPropagation()} underline="hover" title={r.parent_name ?? ''} sx={ELLIPSIS(150)}>
            {r.parent_name ?? `#${r.parent_id}`}
          </Link>
        ) : (
          '-'
        )
      }
    />
  );
};

/** 编辑 as an icon with a tooltip (the row is wide); only with agent:edit. */
const EditIconButton = () => {
  const record = useRecordContext<Agent>();
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: AGENT_RESOURCE, action: 'edit' });
  if (!record || !canAccess) return null;
  return (
    <Tooltip title={translate('ra.action.edit')}>
      <IconButton size="small" color="primary" component={RouterLink} to={`/${AGENT_RESOURCE}/${record.id}`} onClick={(e: MouseEvent) => e.stopPropagation()} aria-label={`${translate('ra.action.edit')} ${record.name}`}>
        <EditIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
};

/** 代理商管理: #/stationManagement/inputagent. A row opens #/stationManagement/inputagentDetail?id=N in a new tab. */
const AgentList = () => {
  const filters = useFilters();
  const regionLabel = useRegionLabel();
  return (
    <List
      filters={filters}
      actions={<AgentListActions />}
      sort={{ field: 'id', order: 'ASC' }}
      perPage={20}
      exporter={false}
     
      pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}
    >
      <ListDatagrid rowClick={(id) => agentDetailPath(id)} bulkActionButtons={false}>
        <TextField source="code" {...MUST_SHOW} />
        <NameCell source="name" label={fieldLabel('name')} sortBy="name" {...MUST_SHOW} />
        <ParentCell source="parent_name" label={fieldLabel('parent_name')} sortable={false} {...HIDE_FIRST} />
        <TextField source="contact" sortable={false} emptyText="-" />
        <TextField source="phone" sortable={false} emptyText="-" />
        <FunctionField<Agent> label={fieldLabel('region')} sortable={false} render={(r) => regionLabel(r) || '-'} />
        <AgentStatusChip label={fieldLabel('status')} sortBy="status" {...MUST_SHOW} />
        <NumberField source="deposit" options={{ minimumFractionDigits: 2, maximumFractionDigits: 2 }} emptyText="-" />
        <NumberField source="children_count" sortable={false} {...HIDE_FIRST} />
        <FunctionField
          label="pv.table.actions"
          render={() => (
            <Box component="span" sx={{ display: 'inline-flex', gap: 0.5 }}>
              <AgentStatusButtons compact />
              <EditIconButton />
            </Box>
          )}
          {...MUST_SHOW}
        />
      </ListDatagrid>
    </List>
  );
};
export default AgentList;
