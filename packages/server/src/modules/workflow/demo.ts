import type { WorkflowEvent, WorkflowGraph, WorkflowRecordType } from '@pv/contract';
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
  record_type: WorkflowRecordType;
  event: WorkflowEvent;
  event_match: Record<string, string> | null;
  graph: WorkflowGraph;
}

const at = (x: number, y: number) => ({ x, y });

/**
 * The processes the demo ships published, each bound to a real business event; between them they
 * use all seven node kinds (start, user, push, end; user, end with escalation; user, download,
 * click, end; time, push, end).
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
    description: '付款批次提交后由管理员审批；同意后生成 PDF 审批单供线下签字，确认已签字后批次审批通过',
    record_type: 'payment_batch',
    event: 'payment_batch.submitted',
    event_match: null,
    graph: {
      nodes: [
        { id: 'start', kind: 'start', name: '提交审批', position: at(0, 0) },
        { id: 'approve', kind: 'user', name: '管理员审批', position: at(0, 120), data: { assignee: { type: 'role', roles: ['admin'] } } },
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
              '付款总额：人民币 {{total}} 元',
              '提交时间：{{submitted_at}}',
              '',
              '以上付款已经管理员在系统中审批同意，请经办人、复核人、审批人在下方签字后提交银行。',
              '',
              '经办人：____________    复核人：____________    审批人：____________',
              '',
              '日期：______年____月____日',
            ].join('\n'),
            with_table: false,
          },
        },
        { id: 'signed', kind: 'click', name: '线下签字', position: at(-160, 400), data: { button: '已线下签字', assignee: { type: 'role', roles: ['admin'] } } },
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
        .values({ key: p.key, name: p.name, description: p.description, record_type: p.record_type, event: p.event, event_match: p.event_match, graph: p.graph, created_by: admin.id, updated_by: admin.id })
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
