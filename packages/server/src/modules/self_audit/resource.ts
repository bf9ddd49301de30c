import { SelfAuditResult, WorkOrderKind } from '@pv/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { selfAuditCounts, selfAuditCountsRegion, selfAudits } from '../../db/schema/index.ts';
import { defineResource, range, filterValue, sortBy } from '../../resources/define.ts';
import { plainRow } from '../present.ts';
import { agentRegionCounters, ownershipScope } from '../scope.ts';


const userName = (column: string) => sql<string | null>`(select coalesce(nullif(u.full_name, ''), u.username) from users u where u.id = ${sql.raw(`"self_audits"."${column}"`)})`;

const extraColumns = {
  order_no: sql<string | null>`(select w.order_no from work_orders w where w.id = "self_audits"."work_order_id")`,
  order_status: sql<string | null>`(select w.status from work_orders w where w.id = "self_audits"."work_order_id")`,
  station_code: sql<string | null>`(select s.code from stations s where s.id = "self_audits"."station_id")`,
  station_name: sql<string | null>`(select s.name from stations s where s.id = "self_audits"."station_id")`,
  customer_name: sql<string | null>`(select c.name from stations s join customers c on c.id = s.customer_id where s.id = "self_audits"."station_id")`,
  agent_name: sql<string | null>`(select a.name from agents a where a.id = "self_audits"."agent_id")`,
  submitter_name: userName('submitted_by'),
  reviewer_name: userName('reviewer_id'),
};

/**
 * /api/system/self_audit/*: the list (index); get_info, submit, approve and reject are in
 * actions.ts (get_info adds the items' files with signed links).
 */
export const selfAuditResource = defineResource({
  name: 'self_audit',
  permission: 'self_audit',
  table: selfAudits,
  ops: ['index'],
  sorts: {
    id: selfAudits.id,
    attempt: selfAudits.attempt,
    result: selfAudits.result,
    submitted_at: selfAudits.submitted_at,
    reviewed_at: selfAudits.reviewed_at,
    created_at: selfAudits.created_at,
    updated_at: selfAudits.updated_at,
    // the list's joined columns (no index: sorted per request; the default stays created_at)
    order_no: sortBy(extraColumns.order_no),
    station_code: sortBy(extraColumns.station_code),
    customer_name: sortBy(extraColumns.customer_name),
    agent_name: sortBy(extraColumns.agent_name),
    submitter_name: sortBy(extraColumns.submitter_name),
    reviewer_name: sortBy(extraColumns.reviewer_name),
  },
  defaultSort: { field: 'created_at', order: 'DESC' },
  filters: {
    id: { column: selfAudits.id, op: 'eq', schema: filterValue.id, multi: true },
    kind: { column: selfAudits.kind, op: 'eq', schema: filterValue.enumOf(WorkOrderKind.values) },
    result: { column: selfAudits.result, op: 'eq', schema: filterValue.enumOf(SelfAuditResult.values), multi: true },
    work_order_id: { column: selfAudits.work_order_id, op: 'eq', schema: filterValue.id, multi: true },
    station_id: { column: selfAudits.station_id, op: 'eq', schema: filterValue.id, multi: true },
    agent_id: { column: selfAudits.agent_id, op: 'eq', schema: filterValue.id, multi: true },
    province_code: { column: selfAudits.province_code, op: 'eq', schema: z.string().max(6), multi: true },
    city_code: { column: selfAudits.city_code, op: 'eq', schema: z.string().max(6), multi: true },
    ...range('submitted_at', selfAudits.submitted_at, filterValue.date),
  },
  // q: what the list shows — the order number, the station's code and name, the customer, the submitter
  search: [extraColumns.order_no, extraColumns.station_code, extraColumns.station_name, extraColumns.customer_name, extraColumns.submitter_name],
  counters: agentRegionCounters(
    { table: selfAuditCountsRegion, n: selfAuditCountsRegion.n, columns: { kind: selfAuditCountsRegion.kind, result: selfAuditCountsRegion.result, province_code: selfAuditCountsRegion.province_code } },
    { table: selfAuditCounts, n: selfAuditCounts.n, columns: { kind: selfAuditCounts.kind, result: selfAuditCounts.result, province_code: selfAuditCounts.province_code }, agent: selfAuditCounts.agent_id },
  ),
  quickFields: {},
  // agent tree / department / self = created (submitted) it
  scope: (auth) => ownershipScope(auth, { agent: selfAudits.agent_id, createdBy: selfAudits.created_by, owner: selfAudits.submitted_by }),
  extraColumns,
  present: (row) => plainRow(row),
});

export type SelfAuditResource = typeof selfAuditResource;
