import { lazyView } from '../../shell/errorLog/lazyView.tsx';
import { AGENT_RESOURCE } from './resource.ts';

const AgentList = lazyView(() => import('./AgentList.tsx'));
const AgentCreate = lazyView(() => import('./AgentCreate.tsx'));
const AgentEdit = lazyView(() => import('./AgentEdit.tsx'));

/** 代理商管理: #/stationManagement/inputagent (the agent API); rows open the inputagentDetail page. */
export const inputagent = {
  name: AGENT_RESOURCE,
  list: AgentList,
  create: AgentCreate,
  edit: AgentEdit,
  recordRepresentation: 'name',
  options: { label: 'pv.route.inputagent' },
};
