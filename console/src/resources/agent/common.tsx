import { AutocompleteInput, ReferenceInput, useRecordContext } from 'react-admin';
import { Chip } from '@mui/material';
import { AgentStatus, type Agent } from '@pv/contract';
import { useLang } from '../common/format.tsx';
import { AGENT_RESOURCE } from './resource.ts';

export { AGENT_API, AGENT_RESOURCE } from './resource.ts';

export const fieldLabel = (name: string) => `resources.${AGENT_RESOURCE}.fields.${name}`;

export const agentDetailPath = (id: string | number) => `/stationManagement/inputagentDetail?id=${id}`;

const STATUS_COLORS: Record<string, 'warning' | 'success' | 'default'> = { pending: 'warning', enabled: 'success', disabled: 'default' };

export const AgentStatusChip = (_props: { label?: string; sortBy?: string; sortable?: boolean }) => {
  const record = useRecordContext<Agent>();
  const lang = useLang();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[record.status] ?? 'default'}
      variant={record.status === 'disabled' ? 'outlined' : 'filled'}
      label={AgentStatus.label(record.status, lang)}
      sx={{ width: 'fit-content' }}
      data-testid="agent-status"
    />
  );
};

/** An agent permission by its own code (agent:export and agent:enable are not react-admin actions). */

/** 上级代理: top-level agents only (two levels), searched by name or code. */
export const ParentAgentInput = ({
  source = 'parent_id',
  label = fieldLabel('parent_id'),
  helperText,
  disabled,
  alwaysOn: _a,
}: {
  source?: string;
  label?: string;
  helperText?: string;
  disabled?: boolean;
  alwaysOn?: boolean;
}) => {
  const record = useRecordContext<Agent>();
  return (
    <ReferenceInput source={source} reference="agent" filter={{ top: 1 }} sort={{ field: 'code', order: 'ASC' }} perPage={50}>
      <AutocompleteInput
        label={label}
        optionText={(a: Agent) => `${a.name}（${a.code}）`}
        filterToQuery={(q: string) => ({ q })}
        helperText={helperText}
        disabled={disabled}
        sx={{ minWidth: 240 }}
        // an agent cannot be its own parent
        getOptionDisabled={(a: Agent) => a.id === record?.id}
      />
    </ReferenceInput>
  );
};
