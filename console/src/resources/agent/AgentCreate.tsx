import { useMemo } from 'react';
import { Create, useTranslate } from 'react-admin';
import { agentCreateSchema } from '@pv/contract';
import { contractResolver } from '../../forms/zodResolver.ts';
import { present } from '../common/actions.tsx';
import { AgentForm } from './AgentForm.tsx';
import { agentDetailPath } from './common.tsx';

const AgentCreate = () => {
  const translate = useTranslate();
  const resolver = useMemo(() => contractResolver(agentCreateSchema, translate, present), [translate]);
  return (
    <Create mutationMode="pessimistic" redirect={(_resource, id) => agentDetailPath(id ?? '')}>
      <AgentForm creating resolver={resolver} defaultValues={{ status: 'pending' }} />
    </Create>
  );
};
export default AgentCreate;
