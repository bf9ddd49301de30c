import {
  ClaimCause,
  ClaimStatus,
  InsuranceKind,
  PolicyState,
  claimAssessSchema,
  claimCreateSchema,
  claimPaySchema,
  claimRejectSchema,
  claimSubmitSchema,
  POLICY_RENEWAL_COLUMNS,
  POLICY_RENEWAL_MAX_ROWS,
  policyRenewalRowSchema,
  policyAddStationsSchema,
  policyRemoveStationSchema,
  policyCreateSchema,
  policyPreviewSchema,
  policyRenewSchema,
  policySurrenderSchema,
} from '@pv/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { col } from '../../excel/columns.ts';
import { excelRoutes } from '../../excel/routes.ts';
import { readResultFile } from '../payment/result.ts';
import { actorOf, authOf, type Deps } from '../../http/deps.ts';
import { ok } from '../../http/errors.ts';
import { doc } from '../../http/openapi.ts';
import { parse } from '../../http/validate.ts';
import { historyRoutes, idQuery } from '../../resources/history.ts';
import { resourceRoutes } from '../../resources/routes.ts';
import { getRecord } from '../../resources/service.ts';
import { withPending } from '../workflow/public.ts';
import type { AuthContext } from '../auth/context.ts';
import { fileServiceOf } from '../file/service.ts';
import type { Actor } from '../system/syslog.ts';
import { InsuranceActions } from './actions.ts';
import { claimResource as claim, policyResource as policy } from './resource.ts';

type Row = Record<string, unknown>;
type Act = (body: unknown, auth: AuthContext, actor: Actor) => Promise<Row>;

/**
 * /api/system/insurance_policy/* (保单: reads, owner/remark edit, add with cover, add_stations,
 * surrender, bulk renew, cover list, station preview, history, timeline, export) and
 * /api/system/insurance_claim/* (理赔: reads, add, submit, assess, pay, reject, documents, history,
 * timeline, export); docs/DECISIONS.md "Insurance".
 */
/**
 * A date cell of the renewal sheet: an .xlsx date (a day serial of the 1900 system, 25569 = 1970-01-01)
 * or text such as 2027/1/1 becomes YYYY-MM-DD; anything else is left for the schema to name.
 */
export function dayCell(text: string): unknown {
  const v = text.trim();
  if (/^\d{5}(\.0+)?$/.test(v)) return new Date((Math.floor(Number(v)) - 25569) * 86_400_000).toISOString().slice(0, 10);
  const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(v);
  return m ? `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}` : text;
}

export function insuranceRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  const actions = new InsuranceActions(db, fileServiceOf(deps));
  const P = '/api/system/insurance_policy';
  const C = '/api/system/insurance_claim';

  resourceRoutes(app, deps, policy);
  historyRoutes(app, deps, policy, { entity: 'insurance_policy' });
  resourceRoutes(app, deps, claim);
  historyRoutes(app, deps, claim, { entity: 'insurance_claim' });

  const showPolicy = (id: number, req: FastifyRequest) => getRecord(db, policy, id, authOf(req), req.lang);
  const showClaim = (id: number, req: FastifyRequest) => getRecord(db, claim, id, authOf(req), req.lang);
  const policyAction = (name: string, what: string, body: z.ZodType, run: Act) =>
    app.post(`${P}/${name}`, { config: { permission: `insurance_policy:${name}` }, schema: doc('insurance_policy', what, { body, returns: 'the policy' }) }, async (req) => {
      const row = await run(req.body ?? {}, authOf(req), actorOf(req));
      return ok(await showPolicy(row.id as number, req));
    });
  const claimAction = (name: string, what: string, body: z.ZodType, run: Act) =>
    app.post(`${C}/${name}`, { config: { permission: `insurance_claim:${name}` }, schema: doc('insurance_claim', what, { body, returns: 'the claim' }) }, async (req) => {
      const row = await run(req.body ?? {}, authOf(req), actorOf(req));
      return ok(withPending(row, await showClaim(row.id as number, req)));
    });

  policyAction(
    'add',
    '新建保单 {policy_no (unique), kind, insurer_id (an insurer partner), start_date, end_date, premium, owner_id?, remark?, stations: [{station_id, sum_insured}] | filter {province_code, city_code, agent_id, grid_from, grid_to} + sum_insured}; a station already covered by an overlapping policy of the same kind is refused by name',
    policyCreateSchema,
    (b, a, c) => actions.addPolicy(b, a, c),
  );
  policyAction('add_stations', '增加承保电站 to a policy in force {id, version, stations | filter + sum_insured}; stations already on it are left as they are', policyAddStationsSchema, (b, a, c) => actions.addStations(b, a, c));
  policyAction(
    'remove_station',
    '移除承保电站 {id, version, station_id, effective_date (the last covered day, within its cover), reason, premium_refund?}: the cover ends that day; count, sum insured total and premium follow; refused when a claim of the station is for a later incident',
    policyRemoveStationSchema,
    (b, a, c) => actions.removeStation(b, a, c),
  );
  policyAction('surrender', '退保 {id, version, surrender_date (within the term), reason}: 生效 → 已退保; the cover ends that day', policySurrenderSchema, (b, a, c) => actions.surrender(b, a, c));
  app.post(
    `${P}/renew`,
    {
      config: { permission: 'insurance_policy:renew' },
      schema: doc('insurance_policy', '批量续保 {ids, term_years, premium_rule same|percent, percent?, prefix + seq_start + seq_width | numbers {old id: new no}} → {created, skipped}; one transaction; an already renewed policy is skipped (running it twice creates nothing twice)', { body: policyRenewSchema }),
    },
    async (req) => ok(await actions.renew(req.body ?? {}, authOf(req), actorOf(req))),
  );
  app.post(
    `${P}/preview`,
    { config: { permission: 'insurance_policy:index' }, schema: doc('insurance_policy', 'How many stations a filter finds (in the caller’s scope) and how many of them the kind already covers in the term {kind, start_date, end_date, filter, policy_id?} → {count, covered}', { body: policyPreviewSchema }) },
    async (req) => ok(await actions.preview(req.body ?? {}, authOf(req))),
  );
  app.get(
    `${P}/stations`,
    { config: { permission: 'insurance_policy:get_info' }, schema: doc('insurance_policy', 'The stations a policy covers with sum insured, cover dates and claims (?id=) → {list,total}', { querystring: idQuery }) },
    async (req) => ok(await actions.coverOf(parse(idQuery, req.query).id, authOf(req))),
  );
  const stationQuery = z.object({ station_id: idQuery.shape.id });
  app.get(
    `${P}/of_station`,
    { config: { permission: 'insurance_policy:index' }, schema: doc('insurance_policy', "A station's policies (with its sum insured and state) and claims (?station_id=) → {policies, claims}", { querystring: stationQuery }) },
    async (req) => ok(await actions.ofStation(parse(stationQuery, req.query).station_id, authOf(req))),
  );

  claimAction(
    'add',
    '报案 {station_id, policy_id?, maintenance_id?, cause, incident_date, description, amount_claimed, document_ids?}: the station must be covered on the incident date; amount claimed ≤ the station’s sum insured',
    claimCreateSchema,
    (b, a, c) => actions.addClaim(b, a, c),
  );
  claimAction('submit', '提交资料 {id, version, document_ids (≥ 1), amount_claimed?}: 报案 → 资料提交', claimSubmitSchema, (b, a, c) => actions.submitClaim(b, a, c));
  claimAction('assess', '定损 {id, version, amount_approved (≤ claimed), note?}: 资料提交 → 定损', claimAssessSchema, (b, a, c) => actions.assessClaim(b, a, c));
  claimAction('pay', '确认赔付 {id, version, amount_received (≤ approved), paid_on}: 定损 → 已赔付; when a published process must approve it (需要审批) it starts instead and the answer carries workflow_request', claimPaySchema, (b, a, c) => actions.payClaim(b, a, c));
  claimAction('reject', '拒赔 {id, version, reason}: 资料提交 / 定损 → 拒赔', claimRejectSchema, (b, a, c) => actions.rejectClaim(b, a, c));
  app.get(
    `${C}/documents`,
    { config: { permission: 'insurance_claim:get_info' }, schema: doc('insurance_claim', "A claim's documents with signed links (?id=) → {list,total}", { querystring: idQuery }) },
    async (req) => ok(await actions.documentsOf(parse(idQuery, req.query).id, authOf(req))),
  );

  excelRoutes(app, deps, {
    exportPermission: 'insurance_policy:export',
    exportSpec: {
      def: policy,
      title: ['保单', 'insurance policies'],
      columns: [
        col.text('policy_no', 22, ['保单号', 'Policy no.']),
        col.enumOf('kind', InsuranceKind, 12, ['险种', 'Kind']),
        col.text('insurer_name', 20, ['保险公司', 'Insurer']),
        col.text('start_date', 12, ['起期', 'From']),
        col.text('end_date', 12, ['止期', 'To']),
        col.money('premium', 14, ['保费', 'Premium']),
        col.number('station_count', 8, ['电站数', 'Stations']),
        col.money('sum_insured_total', 16, ['保额合计', 'Sum insured']),
        col.enumOf('state', PolicyState, 10, ['状态', 'State']),
        col.text('renewed_to_no', 22, ['续保保单', 'Renewed by']),
      ],
    },
    // 批量续保 from the insurer's sheet: the generic import (template, headers zh/en, every row's problems), all or nothing
    importPermission: 'insurance_policy:renew',
    importSpec: {
      def: policy,
      templateTitle: ['批量续保', 'policy renewal'],
      maxRows: POLICY_RENEWAL_MAX_ROWS,
      columns: POLICY_RENEWAL_COLUMNS.map((c) => ({ key: c.key, label: [c.zh, c.en] as [string, string], required: c.required, example: c.example, parse: c.key.endsWith('_date') ? dayCell : undefined })),
      schema: policyRenewalRowSchema,
      // .xlsx, or .csv as UTF-8 or GBK (the reader of bank results and partner sheets); a file it cannot read is named as such
      read: (file, limits) => readResultFile(file, limits, { type: 'error.statement_import_type', malformed: 'error.statement_import_malformed' }),
      headerSearchRows: 10,
      resolve: (_db, rows, auth, lang) => actions.checkRenewalSheet(rows, auth, lang),
      applyAll: (_db, rows, auth, actor, lang) => actions.renewFromSheet(rows, auth, actor, lang),
    },
  });
  excelRoutes(app, deps, {
    exportPermission: 'insurance_claim:export',
    exportSpec: {
      def: claim,
      title: ['理赔', 'insurance claims'],
      columns: [
        col.text('claim_no', 20, ['理赔单号', 'Claim no.']),
        col.text('policy_no', 22, ['保单号', 'Policy no.']),
        col.text('station_code', 16, ['电站编号', 'Station']),
        col.text('station_name', 20, ['电站名称', 'Station name']),
        col.enumOf('cause', ClaimCause, 8, ['出险原因', 'Cause']),
        col.text('incident_date', 12, ['出险日期', 'Incident date']),
        col.money('amount_claimed', 14, ['索赔金额', 'Claimed']),
        col.money('amount_approved', 14, ['核定金额', 'Approved']),
        col.money('amount_received', 14, ['到账金额', 'Received']),
        col.enumOf('status', ClaimStatus, 10, ['状态', 'Status']),
        col.text('maintenance_no', 20, ['运维工单', 'Maintenance order']),
      ],
    },
  });
}
