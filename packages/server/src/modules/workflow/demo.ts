import type { WorkflowAssignee, WorkflowGateCondition, WorkflowGraph } from '@pv/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentBatches, users, workflowDefinitions } from '../../db/schema/index.ts';
import type { Actor } from '../system/syslog.ts';
import { publishIn } from './definitions.ts';
import { startIn } from './engine.ts';

export interface SeedProcess {
  key: string;
  name: string;
  description: string;
  record_type: string;
  /** what starts it: a business event (optionally narrowed), or a named action that needs its approval */
  event?: string | null;
  event_match?: Record<string, string> | null;
  gate_action?: string | null;
  gate_condition?: WorkflowGateCondition | null;
  graph: WorkflowGraph;
}

const at = (x: number, y: number) => ({ x, y });

/**
 * Money is approved by 财务审批 (the built-in role finance_approver); when nobody in it may approve a
 * record (its only member made it) the task goes to the administrators (升级处理人) — never to
 * the maker, whom the record's segregation-of-duties rule leaves out.
 */
const FINANCE_APPROVER: WorkflowAssignee = { type: 'role', roles: ['finance_approver'] };
const OM_REVIEWER: WorkflowAssignee = { type: 'role', roles: ['om_reviewer'] };
const ADMINS: WorkflowAssignee = { type: 'role', roles: ['admin'] };

/** start → one approval → end running the requested action (approved) or nothing (rejected): a needs-approval process. */
function approval(o: { approve: string; action: string; assignee: WorkflowAssignee; due_hours?: number; escalation?: string; document?: { name: string; title: string; body: string } }): WorkflowGraph {
  const doc = o.document;
  return {
    nodes: [
      { id: 'start', kind: 'start', name: '提交申请', position: at(0, 0) },
      { id: 'approve', kind: 'user', name: o.approve, position: at(0, 120), data: { assignee: o.assignee, fallback: ADMINS, ...(o.due_hours ? { due_hours: o.due_hours } : {}), ...(o.escalation ? { escalation: o.escalation } : {}) } },
      ...(doc
        ? [{ id: 'form', kind: 'download' as const, name: '生成审批单', position: at(-160, 260), data: { file_name: doc.name, format: 'pdf' as const, template: 'text' as const, title: doc.title, body: doc.body, with_table: false } }]
        : []),
      { id: 'ok', kind: 'end', name: '审批通过', position: at(-160, doc ? 400 : 260), data: { result: 'approved', action: o.action } },
      { id: 'no', kind: 'end', name: '驳回', position: at(160, 260), data: { result: 'rejected' } },
    ],
    edges: [
      { id: 'e-start-approve', source: 'start', target: 'approve' },
      { id: 'e-approve-reject', source: 'approve', target: 'no', label: '驳回', condition: { type: 'outcome', outcome: 'reject' } },
      ...(doc
        ? [
            { id: 'e-approve-form', source: 'approve', target: 'form', label: '同意', default: true },
            { id: 'e-form-ok', source: 'form', target: 'ok' },
          ]
        : [{ id: 'e-approve-ok', source: 'approve', target: 'ok', label: '同意', default: true }]),
    ],
  };
}

/**
 * The processes the demo ships published, each bound to a real business event or to a named action
 * that needs its approval; between them they use all seven node kinds (start, user, push, end;
 * user, end with escalation; user, download, click, end; time, push, end; user, download, end).
 */
export const SEED_PROCESSES: SeedProcess[] = [
  {
    key: 'geb_bank_card_change',
    name: '光E宝银行卡变更审核',
    description: '业主在光E宝提交银行卡变更事项后，由运营客服审核；通过则通知发起人并办结事项，驳回则驳回事项',
    record_type: 'matter',
    event: 'matter.created',
    event_match: { type: 'bank_card' },
    graph: {
      nodes: [
        { id: 'start', kind: 'start', name: '事项提交', position: at(0, 0) },
        { id: 'review', kind: 'user', name: '客服审核', position: at(0, 120), data: { assignee: { type: 'role', roles: ['operator'] }, due_hours: 24, escalation: '银行卡变更事项已超过 24 小时未审核，请尽快处理' } },
        { id: 'notify', kind: 'push', name: '通知发起人', position: at(-160, 260), data: { title: '{matter_no} 银行卡变更已审核通过', content: '事项“{title}”已审核通过，请在租赁合同中更新收款账户。', starter: true, roles: ['operator'] } },
        { id: 'approved', kind: 'end', name: '办结', position: at(-160, 400), data: { result: 'approved', action: 'close' } },
        { id: 'rejected', kind: 'end', name: '驳回', position: at(160, 260), data: { result: 'rejected', action: 'reject' } },
      ],
      edges: [
        { id: 'e-start-review', source: 'start', target: 'review' },
        { id: 'e-review-reject', source: 'review', target: 'rejected', label: '驳回', condition: { type: 'outcome', outcome: 'reject' } },
        { id: 'e-review-ok', source: 'review', target: 'notify', label: '通过', default: true },
        { id: 'e-notify-end', source: 'notify', target: 'approved' },
      ],
    },
  },
  {
    key: 'maintenance_review',
    name: '运维工单验收',
    description: '施工队提交处理记录后由工程派单验收，24 小时未验收则催办；通过即工单完成，驳回则退回处理中',
    record_type: 'maintenance',
    event: 'maintenance.submitted',
    event_match: null,
    graph: {
      nodes: [
        { id: 'start', kind: 'start', name: '提交验收', position: at(0, 0) },
        { id: 'check', kind: 'user', name: '派单员验收', position: at(0, 120), data: { assignee: { type: 'role', roles: ['dispatcher'] }, due_hours: 24, escalation: '运维工单待验收已超过 24 小时（SLA），请尽快验收' } },
        { id: 'done', kind: 'end', name: '验收通过', position: at(-160, 260), data: { result: 'approved', action: 'approve' } },
        { id: 'back', kind: 'end', name: '验收驳回', position: at(160, 260), data: { result: 'rejected', action: 'reject' } },
      ],
      edges: [
        { id: 'e-start-check', source: 'start', target: 'check' },
        { id: 'e-check-reject', source: 'check', target: 'back', label: '驳回', condition: { type: 'outcome', outcome: 'reject' } },
        { id: 'e-check-ok', source: 'check', target: 'done', label: '通过', default: true },
      ],
    },
  },
  {
    key: 'payment_batch_approval',
    name: '付款批次审批',
    description: '付款批次提交后由财务审批人审批（制单人、提交人不能审批；财务审批角色无人可审时转管理员）；同意后生成 PDF 审批单供线下签字，确认已签字后批次审批通过',
    record_type: 'payment_batch',
    event: 'payment_batch.submitted',
    event_match: null,
    graph: {
      nodes: [
        { id: 'start', kind: 'start', name: '提交审批', position: at(0, 0) },
        { id: 'approve', kind: 'user', name: '财务审批', position: at(0, 120), data: { assignee: FINANCE_APPROVER, fallback: ADMINS } },
        {
          id: 'form',
          kind: 'download',
          name: '生成审批单',
          position: at(-160, 260),
          data: {
            file_name: '付款批次审批单',
            format: 'pdf',
            template: 'text',
            title: '付款批次审批单 {{batch_no}}',
            body: [
              '批次号：{{batch_no}}',
              '批次名称：{{name}}',
              '付款用途：{{purpose}}',
              '付款笔数：{{line_count}} 笔',
              '付款总额：{{total}}',
              '提交时间：{{submitted_at}}',
              '',
              '制单：{{wf_starter}}    系统审批：{{wf_approvers}}（{{wf_approved_at}}）',
              '',
              '以上付款已在系统中审批同意，请经办人、复核人、审批人在下方签字后提交银行。',
              '',
              '经办人：____________    复核人：____________    审批人：____________',
              '',
              '日期：______年____月____日',
            ].join('\n'),
            with_table: false,
          },
        },
        { id: 'signed', kind: 'click', name: '线下签字', position: at(-160, 400), data: { button: '已线下签字', assignee: FINANCE_APPROVER, fallback: ADMINS } },
        { id: 'ok', kind: 'end', name: '审批通过', position: at(-160, 540), data: { result: 'approved', action: 'approve' } },
        { id: 'no', kind: 'end', name: '退回', position: at(160, 260), data: { result: 'rejected', action: 'reject' } },
      ],
      edges: [
        { id: 'e-start-approve', source: 'start', target: 'approve' },
        { id: 'e-approve-reject', source: 'approve', target: 'no', label: '退回', condition: { type: 'outcome', outcome: 'reject' } },
        { id: 'e-approve-ok', source: 'approve', target: 'form', label: '同意', default: true },
        { id: 'e-form-signed', source: 'form', target: 'signed' },
        { id: 'e-signed-ok', source: 'signed', target: 'ok' },
      ],
    },
  },
  {
    key: 'lease_card_change_check',
    name: '收款账户变更复核',
    description: '租赁合同变更收款账户后等待 24 小时，再提醒运营客服核对新账户（核对期间可拦截下一次付款）',
    record_type: 'lease_contract',
    event: 'lease_contract.card_changed',
    event_match: null,
    graph: {
      nodes: [
        { id: 'start', kind: 'start', name: '账户已变更', position: at(0, 0) },
        { id: 'wait', kind: 'time', name: '等待 24 小时', position: at(0, 120), data: { duration_minutes: 24 * 60 } },
        { id: 'remind', kind: 'push', name: '提醒核对', position: at(0, 240), data: { title: '请核对 {contract_no} 的新收款账户', content: '收款人 {payee_name}，开户行 {bank_name}，账号 {bank_card}', roles: ['operator'] } },
        { id: 'end', kind: 'end', name: '结束', position: at(0, 360), data: { result: 'done' } },
      ],
      edges: [
        { id: 'e-start-wait', source: 'start', target: 'wait' },
        { id: 'e-wait-remind', source: 'wait', target: 'remind' },
        { id: 'e-remind-end', source: 'remind', target: 'end' },
      ],
    },
  },
  {
    key: 'invoice_register_approval',
    name: '发票登记审批（超过 ¥20,000）',
    description: '价税合计超过 2 万元的发票，点“登记”即提交审批：财务审批人核对票面与明细后同意，发票才登记（金额从此不再改动）；录入人、申请人不能审批',
    record_type: 'invoice',
    gate_action: 'register',
    gate_condition: { field: 'total', operator: 'gt', value: 20000 },
    graph: approval({ approve: '财务审批', action: 'register', assignee: FINANCE_APPROVER, due_hours: 24, escalation: '发票登记待审批已超过 24 小时，请尽快处理' }),
  },
  {
    key: 'stock_adjust_approval',
    name: '库存盘点调整审批（差异超过 ¥500）',
    description: '盘点差异金额（差异数量 × 物料单价）超过 500 元的调整先由运维审核同意，再按盘点时的账面数量过账；500 元以内直接过账；申请人不能审批',
    record_type: 'stock_balance',
    gate_action: 'adjust',
    gate_condition: { field: 'diff_amount', operator: 'gt', value: 500 },
    graph: approval({ approve: '运维审核', action: 'adjust', assignee: OM_REVIEWER }),
  },
  {
    key: 'claim_pay_approval',
    name: '理赔赔付确认审批（超过 ¥20,000）',
    description: '赔付超过 2 万元时，确认到账前由财务审批人核对到账金额与定损金额并生成赔付确认单；申请人不能审批',
    record_type: 'insurance_claim',
    gate_action: 'pay',
    gate_condition: { field: 'amount_received', operator: 'gt', value: 20000 },
    graph: approval({
      approve: '财务审批',
      action: 'pay',
      assignee: FINANCE_APPROVER,
      document: {
        name: '理赔赔付确认单',
        title: '理赔赔付确认单 {{claim_no}}',
        body: ['理赔编号：{{claim_no}}', '出险日期：{{incident_date}}', '报案金额：{{amount_claimed}}', '定损金额：{{amount_approved}}', '申请内容：{{wf_request}}', '', '申请人：{{wf_starter}}    审批人：{{wf_approvers}}（{{wf_approved_at}}）'].join('\n'),
      },
    }),
  },
  {
    key: 'rent_deduction_approval',
    name: '租金扣款审批（超过 ¥500）',
    description: '单笔扣款超过 500 元时先由财务审批人同意再扣；500 元以内直接扣款；申请人不能审批',
    record_type: 'rent_bill',
    gate_action: 'deduct',
    gate_condition: { field: 'amount', operator: 'gt', value: 500 },
    graph: approval({ approve: '财务审批', action: 'deduct', assignee: FINANCE_APPROVER }),
  },
];

/**
 * Publishes SEED_PROCESSES (each once, by key; validated like any publish) as the administrator,
 * and starts the payment approval on the demo's batch awaiting approval, so the workbench has a
 * to-do on the first sign-in.
 */
export async function seedDemoWorkflows(db: Db) {
  const [admin] = await db.select().from(users).where(eq(users.username, 'admin'));
  if (!admin) return;
  const actor: Actor = { userId: admin.id, username: admin.username, ip: null };
  for (const p of SEED_PROCESSES) {
    await db.transaction(async (tx) => {
      const [exists] = await tx.select({ id: workflowDefinitions.id }).from(workflowDefinitions).where(eq(workflowDefinitions.key, p.key));
      if (exists) return;
      const [def] = await tx
        .insert(workflowDefinitions)
        .values({
          key: p.key, name: p.name, description: p.description, record_type: p.record_type,
          event: p.event ?? null, event_match: p.event_match ?? null, gate_action: p.gate_action ?? null, gate_condition: p.gate_condition ?? null,
          graph: p.graph, created_by: admin.id, updated_by: admin.id,
        })
        .returning();
      await publishIn(tx, def!.id, def!.version, '初始版本', actor);
    });
  }
  const [waiting] = await db.select({ id: paymentBatches.id, submitted_by: paymentBatches.submitted_by }).from(paymentBatches).where(and(eq(paymentBatches.status, 'pending_approval'))).orderBy(asc(paymentBatches.id)).limit(1);
  const [def] = await db.select({ id: workflowDefinitions.id }).from(workflowDefinitions).where(eq(workflowDefinitions.key, 'payment_batch_approval'));
  if (waiting && def) {
    const starter: Actor = { userId: waiting.submitted_by, username: null, ip: null };
    await db.transaction((tx) => startIn(tx, { definitionId: def.id, recordId: waiting.id, actor: starter, trigger: 'event', event: 'payment_batch.submitted', strict: false }));
  }
}
