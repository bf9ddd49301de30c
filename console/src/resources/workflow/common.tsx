import { Chip } from '@mui/material';
import { WORKFLOW_EVENTS, WORKFLOW_RECORD_TYPES, WorkflowDefinitionStatus, type WorkflowEvent, type WorkflowRecordType } from '@pv/contract';
import { useLang } from '../common/format.tsx';

export const workflowField = (name: string) => `pv.workflow.field.${name}`;

const STATUS_COLOR = { draft: 'default', published: 'success', disabled: 'warning' } as const;

export const DefinitionStatusChip = ({ status }: { status: string }) => {
  const lang = useLang();
  return <Chip size="small" variant="outlined" color={STATUS_COLOR[status as keyof typeof STATUS_COLOR] ?? 'default'} label={WorkflowDefinitionStatus.label(status, lang)} data-testid="workflow-status" />;
};

export const recordTypeLabel = (type: string, lang: 'zh' | 'en') => (type in WORKFLOW_RECORD_TYPES ? WORKFLOW_RECORD_TYPES[type as WorkflowRecordType].label[lang] : type);
export const eventLabel = (event: string | null | undefined, lang: 'zh' | 'en') => (event && event in WORKFLOW_EVENTS ? WORKFLOW_EVENTS[event as WorkflowEvent].label[lang] : '');

export const useWorkflowChoices = () => {
  const lang = useLang();
  return {
    status: WorkflowDefinitionStatus.choices(lang),
    recordType: Object.entries(WORKFLOW_RECORD_TYPES).map(([id, d]) => ({ id, name: d.label[lang] })),
    event: Object.entries(WORKFLOW_EVENTS).map(([id, d]) => ({ id, name: d.label[lang], record: d.record })),
  };
};
