import { AGENT_EDITABLE, agentEditSchema } from '@pv/contract';
import { useEditResolver } from '../../forms/contractForms.ts';
import { AgentForm } from './AgentForm.tsx';
import { agentDetailPath } from './common.tsx';
import { Edit } from '../../forms/Edit.tsx';

/** Validates exactly what the dataProvider will send: id, version and the changed fields. */
const EditForm = () => <AgentForm resolver={useEditResolver(agentEditSchema, AGENT_EDITABLE)} />;

const AgentEdit = () => (
  <Edit mutationMode="pessimistic" redirect={(_resource, id) => agentDetailPath(id ?? '')}>
    <EditForm />
  </Edit>
);
export default AgentEdit;
