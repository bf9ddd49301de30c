import { AgentStatus, agentActionSchema, getInfoSchema, type Lang } from '@pv/contract';
import type { FastifyInstance } from 'fastify';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customers, users } from '../../db/schema/index.ts';
import { col } from '../../excel/columns.ts';
import { type ExportSpec, sendExport } from '../../excel/export.ts';
import { actorOf, authOf, type Deps, input } from '../../http/deps.ts';
import { ApiError, ok } from '../../http/errors.ts';
import { t } from '../../http/messages.ts';
import { doc } from '../../http/openapi.ts';
import { parse } from '../../http/validate.ts';
import { historyRoutes } from '../../resources/history.ts';
import { resourceRoutes } from '../../resources/routes.ts';
import { getRecord, loadOne, mutate } from '../../resources/service.ts';
import type { AuthContext } from '../auth/context.ts';
import type { Actor } from '../system/syslog.ts';
import { plainRow } from '../present.ts';
import { raiseWorkflowEvent } from '../workflow/public.ts';
import { agentResource as def, agentUsage, maskAgentLogged } from './resource.ts';

const ACTIONS = {
  enable: { to: 'enabled', label: ['启用', 'enable'] },
  disable: { to: 'disabled', label: ['停用', 'disable'] },
} as const;

/** enable / disable: {id, version}; refused (naming the current state) when already there. sys_log in the same transaction. */
export async function setAgentStatus(db: Db, action: keyof typeof ACTIONS, body: unknown, auth: AuthContext, actor: Actor) {
  const { id, version } = parse(agentActionSchema, body);
  const { to, label } = ACTIONS[action];
  return mutate(
    db, def, id, version, auth, actor, action,
    (before) => {
      if (before.status === to) {
        const state = before.status as string;
        throw new ApiError(400, 'error.illegal_transition', { state, action }, (lang: Lang) =>
          t('error.illegal_transition', lang, { state: AgentStatus.label(state, lang), action: label[lang === 'zh' ? 0 : 1] }),
        );
      }
      return { status: to };
    },
    // processes bound to the change start with it (agent/process.ts)
    (tx) => raiseWorkflowEvent(tx, `agent.${action}d`, id, actor).then(() => undefined),
  );
}

export const agentExport: ExportSpec = {
  def,
  title: ['代理商列表', 'agents'],
  columns: [
    col.number('id', 8),
    col.text('code', 10, ['编码', 'Code']),
    col.text('name', 28, ['名称', 'Name']),
    col.text('parent_name', 28, ['上级代理', 'Parent agent']),
    col.text('contact', 10),
    col.text('phone', 14, ['电话', 'Phone']),
    col.region('province_code'),
    col.region('city_code'),
    col.region('district_code'),
    col.enumOf('status', AgentStatus, 10, ['状态', 'Status']),
    col.money('deposit', 14, ['保证金', 'Deposit']),
    col.text('bank_name', 18, ['开户银行', 'Bank']),
    col.text('bank_account', 22, ['结算账户', 'Settlement account']),
    col.text('created_by_name', 10, ['录入人', 'Entered by']),
    col.dateTime('created_at'),
  ],
};


/** /api/system/agent/*: generic CRUD, enable/disable, export, history, staff users and counters. */
export function agentRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  const base = '/api/system/agent';
  resourceRoutes(app, deps, def);
  historyRoutes(app, deps, def, { mask: maskAgentLogged });

  for (const action of ['enable', 'disable'] as const) {
    app.post(
      `${base}/${action}`,
      {
        config: { permission: `agent:${action}` },
        schema: doc('agent', action === 'enable' ? 'Enable an agent (待审核/停用 → 启用) {id, version}' : "Disable an agent (→ 停用): its users cannot sign in until it is enabled again {id, version}", { body: agentActionSchema }),
      },
      async (req) => {
        const updated = await setAgentStatus(db, action, input(req), authOf(req), actorOf(req));
        return ok(await getRecord(db, def, updated.id as number, authOf(req), req.lang));
      },
    );
  }

  app.get(
    `${base}/export`,
    {
      config: { permission: 'agent:export' },
      schema: doc('agent', 'Export the agent list as .xlsx (the same sort, order, q and filters as index); bank accounts masked', { returns: 'an .xlsx file' }),
    },
    (req, reply) => sendExport(reply, db, agentExport, req.query as Record<string, unknown>, authOf(req), req.lang),
  );

  app.get(
    `${base}/users`,
    { config: { permission: 'agent:get_info' }, schema: doc('agent', "The agent's staff users (user.agent_id) → {list,total}", { querystring: getInfoSchema }) },
    async (req) => {
      const { id } = parse(getInfoSchema, req.query);
      await loadOne(db, def, id, authOf(req));
      const rows = await db
        .select({ id: users.id, username: users.username, full_name: users.full_name, phone: users.phone, status: users.status, last_login_at: users.last_login_at })
        .from(users)
        .where(eq(users.agent_id, id))
        .orderBy(asc(users.id));
      return ok({ list: rows.map(plainRow), total: rows.length });
    },
  );

  app.get(
    `${base}/counters`,
    { config: { permission: 'agent:get_info' }, schema: doc('agent', "The agent's own counts: customers, formal customers, stations, staff users, sub-agents", { querystring: getInfoSchema }) },
    async (req) => {
      const { id } = parse(getInfoSchema, req.query);
      await loadOne(db, def, id, authOf(req));
      const usage = await agentUsage(db, id);
      const [formal] = await db.select({ n: count() }).from(customers).where(and(eq(customers.agent_id, id), eq(customers.stage, 'formal')));
      return ok({ ...usage, formal_customers: Number(formal?.n ?? 0) });
    },
  );
}
