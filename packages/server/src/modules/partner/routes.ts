import { PartnerAccountType, PartnerKind, PartnerStatus, partnerCreateSchema, partnerEditSchema, partnerLinkSchema, partnerMoveSchema } from '@pv/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { col } from '../../excel/columns.ts';
import { excelRoutes } from '../../excel/routes.ts';
import { actorOf, authOf, type Deps } from '../../http/deps.ts';
import { ok } from '../../http/errors.ts';
import { doc } from '../../http/openapi.ts';
import { parse } from '../../http/validate.ts';
import { historyRoutes, idQuery } from '../../resources/history.ts';
import { resourceRoutes } from '../../resources/routes.ts';
import { getRecord } from '../../resources/service.ts';
import type { AuthContext } from '../auth/context.ts';
import { fileServiceOf } from '../file/service.ts';
import type { Actor } from '../system/syslog.ts';
import { maskAccount, partnerResource as partner } from './resource.ts';
import { PartnerService } from './service.ts';

type Row = Record<string, unknown>;

/**
 * /api/system/partner/*: the generic reads and delete, add/edit (contacts, account, documents and
 * certificates in one write), enable/disable, the links of agents and teams, the full account
 * number through view_account only (logged), the files, history and Excel export.
 */
export function partnerRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  const svc = new PartnerService(db, fileServiceOf(deps));
  const P = '/api/system/partner';

  resourceRoutes(app, deps, partner);
  historyRoutes(app, deps, partner, { entity: 'partner', mask: maskAccount });

  const show = (id: number, req: FastifyRequest) => getRecord(db, partner, id, authOf(req), req.lang);
  type Act = (body: unknown, auth: AuthContext, actor: Actor) => Promise<Row>;
  const action = (name: string, permission: string, what: string, body: z.ZodType, run: Act) =>
    app.post(`${P}/${name}`, { config: { permission }, schema: doc('partner', what, { body, returns: 'the record' }) }, async (req) => {
      const row = await run(req.body ?? {}, authOf(req), actorOf(req));
      return ok(await show(row.id as number, req));
    });

  action('add', 'partner:add', 'A partner: kind, name, 统一社会信用代码 (check character verified; unique), contacts, the payee account (a personal card passes Luhn), contract documents (document_ids of partner_doc uploads) and certificates (file_id of a partner_cert upload)', partnerCreateSchema, (b, a, c) => svc.add(b, a, c));
  action('edit', 'partner:edit', 'Edit {id, version, …changed fields}; contacts, document_ids and certificates are complete lists when sent (a certificate keeps its id); a stale version gets 409', partnerEditSchema, (b, a, c) => svc.edit(b, a, c));
  action('enable', 'partner:enable', '启用: 停用 → 启用 {id, version}', partnerMoveSchema, (b, a, c) => svc.move('enable', b, a, c));
  action('disable', 'partner:disable', '停用: 启用 → 停用 {id, version}', partnerMoveSchema, (b, a, c) => svc.move('disable', b, a, c));
  action('link', 'partner:link', 'The agents and teams (users who take work orders) that are this partner {id, version, agent_ids, team_ids}: complete lists; one linked to another partner is refused', partnerLinkSchema, (b, a, c) => svc.link(b, a, c));

  app.get(`${P}/links`, { config: { permission: 'partner:get_info' }, schema: doc('partner', 'The linked agents and teams (?id=) → {agents, teams}', { querystring: idQuery }) }, async (req) =>
    ok(await svc.links(parse(idQuery, req.query).id, authOf(req))),
  );
  app.get(
    `${P}/link_candidates`,
    { config: { permission: 'partner:link' }, schema: doc('partner', 'Agents (?kind=agent) or teams (?kind=team: enabled users who take work orders) to link, by name or code (?q=), at most 50, with the partner each is linked to', { querystring: z.object({ kind: z.string(), q: z.string().optional() }) }) },
    async (req) => ok(await svc.candidates(req.query)),
  );
  app.get(
    `${P}/owners`,
    { config: { permission: 'partner:index' }, schema: doc('partner', 'Enabled staff users to own a partner record (told of expiring certificates), by name or user name (?q=), ?user_id= includes that one → {list:[{id, username, name}], total}', { querystring: z.object({ q: z.string().optional(), user_id: z.string().optional() }) }) },
    async (req) => ok(await svc.owners(req.query)),
  );
  app.get(`${P}/files`, { config: { permission: 'partner:get_info' }, schema: doc('partner', 'The contract documents and certificate scans with signed links (?id=) → {documents, certificates}', { querystring: idQuery }) }, async (req) =>
    ok(await svc.filesOf(parse(idQuery, req.query).id, authOf(req))),
  );
  app.get(
    `${P}/view_account`,
    { config: { permission: 'partner:view_account' }, schema: doc('partner', 'The payee account in full (?id=); every view is written to the system log', { querystring: idQuery }) },
    async (req) => ok(await svc.viewAccount(parse(idQuery, req.query).id, authOf(req), actorOf(req))),
  );

  excelRoutes(app, deps, {
    exportPermission: 'partner:export',
    exportSpec: {
      def: partner,
      title: ['合作伙伴', 'partners'],
      columns: [
        col.text('name', 24, ['名称', 'Name']),
        col.text('short_name', 12, ['简称', 'Short name']),
        col.enumOf('kind', PartnerKind, 12, ['类型', 'Kind']),
        col.text('credit_code', 22, ['统一社会信用代码', 'Credit code']),
        col.enumOf('status', PartnerStatus, 8, ['状态', 'Status']),
        col.text('legal_person', 10, ['法定代表人', 'Legal representative']),
        col.region('province_code', 12, ['省份', 'Province']),
        col.region('city_code', 12, ['城市', 'City']),
        col.text('primary_contact', 10, ['主要联系人', 'Primary contact']),
        col.text('primary_phone', 16, ['联系电话', 'Phone']),
        col.enumOf('account_type', PartnerAccountType, 12, ['账户类型', 'Account type']),
        col.text('account_holder', 20, ['开户名', 'Account holder']),
        col.text('bank_name', 16, ['开户银行', 'Bank']),
        col.text('account_no', 24, ['账号', 'Account no.']),
        col.text('next_expiry', 12, ['最近证书到期', 'Next certificate expiry']),
        col.text('owner_name', 10, ['负责人', 'Owner']),
        col.dateTime('created_at', 18, ['创建时间', 'Created']),
      ],
    },
  });
}
