import { AgentStatus } from '@pv/contract';
import type { Queryable } from '../../db/client.ts';
import { asDb, bodyOf, defineRecordType } from '../../lifecycle/records.ts';
import { agentResource } from './resource.ts';
import { setAgentStatus } from './routes.ts';

const db = (c: { tx: Queryable }) => asDb(c.tx);

/** 代理商 as a record type of processes: enabled (a new agent approved: 待审核 → 启用) or disabled. */
export const agentRecordType = defineRecordType({
  code: 'agent',
  label: { zh: '代理商', en: 'Agent' },
  resource: agentResource,
  number: 'name',
  link: '/stationManagement/inputagentDetail?id={id}',
  actions: {
    enable: { label: { zh: '启用', en: 'enable' }, from: AgentStatus.values.filter((s) => s !== 'enabled'), run: (c) => setAgentStatus(db(c), 'enable', bodyOf(c), c.auth, c.actor) },
    disable: { label: { zh: '停用', en: 'disable' }, from: AgentStatus.values.filter((s) => s !== 'disabled'), run: (c) => setAgentStatus(db(c), 'disable', bodyOf(c), c.auth, c.actor) },
  },
  events: {
    'agent.enabled': { label: { zh: '代理商已启用', en: 'Agent enabled' } },
    'agent.disabled': { label: { zh: '代理商已停用', en: 'Agent disabled' } },
  },
});
