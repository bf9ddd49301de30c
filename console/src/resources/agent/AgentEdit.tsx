import { useMemo } from 'react';
import { Edit, useRecordContext, useTranslate } from 'react-admin';
import { AGENT_EDITABLE, agentEditSchema, type Agent } from '@pv/contract';
import { contractResolver } from '../../forms/zodResolver.ts';
import { changedFields } from '../../providers/dataProvider.ts';
import { AgentForm } from './AgentForm.tsx';
import { agentDetailPath } from './common.tsx';

/** Validates exactly what the dataProvider will send: id, version and the changed fields. */
const EditForm = () => {
  const translate = useTranslate();
  const record = useRecordContext<Agent>();
  const resolver = useMemo(
    () =>
      contractResolver(agentEditSchema, translate, (values: Record<string, unknown>) => ({
        id: record?.id,
        version: record?.version,
        ...changedFields(values, record as unknown as Record<string, unknown>, AGENT_EDITABLE),
      })),
    [translate, record],
  );
  return <AgentForm resolver={resolver} />;
};

const AgentEdit = () => (
  <Edit mutationMode="pessimistic" redirect={(_resource, id) => agentDetailPath(id ?? '')}>
    <EditForm />
  </Edit>
);
export default AgentEdit;
