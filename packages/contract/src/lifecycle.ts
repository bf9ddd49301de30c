import { labelled, type LabelledEnum } from './enums.ts';
import type { StationStatusValue } from './enums.ts';

/**
 * The operations lifecycles of DOMAIN.md as data: each named action lists the states it may start
 * from and the state it leads to. The server enforces them (packages/server/src/lifecycle/); the
 * console reads the same tables to show only the buttons allowed now.
 */
export interface Transition<S extends string> {
  from: readonly S[];
  to: S;
}
export type Machine<S extends string, A extends string> = Readonly<Record<A, Transition<S>>>;

/** Actions allowed from `state`, in declaration order. A frozen record allows none (except unfreeze, handled by the caller). */
export function allowedActions<S extends string, A extends string>(machine: Machine<S, A>, state: S | string): A[] {
  return (Object.keys(machine) as A[]).filter((a) => (machine[a].from as readonly string[]).includes(state));
}

export function canTransition<S extends string, A extends string>(machine: Machine<S, A>, state: S | string, action: A | string): boolean {
  const t = (machine as Record<string, Transition<S>>)[action];
  return !!t && (t.from as readonly string[]).includes(state);
}

// ---------------------------------------------------------------- station

const ALL_STATION_STATES: readonly StationStatusValue[] = [
  'survey_pending', 'designing', 'build_pending', 'building', 'build_review', 'build_rejected',
  'grid_pending', 'grid_review', 'grid_rejected', 'grid_connected', 'operating',
];

/**
 * 待踏勘 → 方案设计 → 待施工 → 施工中 → 完工待审 ⇄ 完工驳回 → 待并网 → 并网待审 ⇄ 并网驳回 → 已并网 → 运维中; 终止 from any.
 * Actions marked internal in STATION_INTERNAL are never called directly: the work-order and
 * self-audit actions move the station in the same transaction.
 */
export const STATION_MACHINE = {
  finish_survey: { from: ['survey_pending'], to: 'designing' },
  finish_design: { from: ['designing'], to: 'build_pending' },
  start_build: { from: ['build_pending'], to: 'building' },
  submit_build: { from: ['building', 'build_rejected'], to: 'build_review' },
  reject_build: { from: ['build_review'], to: 'build_rejected' },
  approve_build: { from: ['build_review'], to: 'grid_pending' },
  cancel_build: { from: ['building', 'build_rejected'], to: 'build_pending' },
  submit_grid: { from: ['grid_pending', 'grid_rejected'], to: 'grid_review' },
  reject_grid: { from: ['grid_review'], to: 'grid_rejected' },
  approve_grid: { from: ['grid_review'], to: 'grid_connected' },
  operate: { from: ['grid_connected'], to: 'operating' },
  terminate: { from: ALL_STATION_STATES, to: 'terminated' },
} as const satisfies Machine<StationStatusValue, string>;
export type StationAction = keyof typeof STATION_MACHINE;

/** Station actions driven by work orders and self-audits, not by a button on the station. */
export const STATION_INTERNAL: readonly StationAction[] = [
  'start_build', 'submit_build', 'reject_build', 'approve_build', 'cancel_build', 'submit_grid', 'reject_grid', 'approve_grid',
];

export const StationActionLabel = labelled({
  finish_survey: { zh: '完成踏勘', en: 'finish the survey' },
  finish_design: { zh: '完成方案设计', en: 'finish the design' },
  start_build: { zh: '开始施工', en: 'start construction' },
  submit_build: { zh: '提交完工自检', en: 'submit the completion self-audit' },
  reject_build: { zh: '驳回完工自检', en: 'reject the completion self-audit' },
  approve_build: { zh: '通过完工自检', en: 'approve the completion self-audit' },
  cancel_build: { zh: '取消施工', en: 'cancel construction' },
  submit_grid: { zh: '提交并网自检', en: 'submit the grid self-audit' },
  reject_grid: { zh: '驳回并网自检', en: 'reject the grid self-audit' },
  approve_grid: { zh: '通过并网自检', en: 'approve the grid self-audit' },
  operate: { zh: '转入运维', en: 'move into operation' },
  terminate: { zh: '终止', en: 'terminate' },
  freeze: { zh: '冻结', en: 'freeze' },
  unfreeze: { zh: '解冻', en: 'unfreeze' },
} satisfies LabelledEnum<StationAction | 'freeze' | 'unfreeze'>);

// ---------------------------------------------------------------- work orders

/** 施工派单 (build) and 并网派单 (grid): one table, one lifecycle. */
export const WorkOrderKind = labelled({
  build: { zh: '施工派单', en: 'Construction order' },
  grid: { zh: '并网派单', en: 'Grid-connection order' },
});
export type WorkOrderKindValue = (typeof WorkOrderKind.values)[number];

export const WorkOrderStatus = labelled({
  pending_dispatch: { zh: '待派单', en: 'To dispatch' },
  dispatched: { zh: '已派单', en: 'Dispatched' },
  accepted: { zh: '已接单', en: 'Accepted' },
  in_progress: { zh: '施工中', en: 'In progress' },
  audit_pending: { zh: '待自检审核', en: 'Self-audit in review' },
  rejected: { zh: '已驳回', en: 'Rejected' },
  rectifying: { zh: '整改中', en: 'Rectifying' },
  completed: { zh: '已完成', en: 'Completed' },
  cancelled: { zh: '已取消', en: 'Cancelled' },
});
export type WorkOrderStatusValue = (typeof WorkOrderStatus.values)[number];

/** Open = not completed and not cancelled; a station has at most one open order per kind. */
export const OPEN_WORK_ORDER_STATES: readonly WorkOrderStatusValue[] = [
  'pending_dispatch', 'dispatched', 'accepted', 'in_progress', 'audit_pending', 'rejected', 'rectifying',
];

/**
 * 待派单 → 已派单 → 已接单 (拒单 → 待派单) → 施工中 → 待自检审核 → 已完成; 待自检审核 → 驳回 → 整改中 → 待自检审核;
 * 已取消 from any open state except while a self-audit is in review. approve/reject are the
 * self-audit's actions (permission self_audit:approve / self_audit:reject) and move the order.
 */
export const WORK_ORDER_MACHINE = {
  dispatch: { from: ['pending_dispatch'], to: 'dispatched' },
  accept: { from: ['dispatched'], to: 'accepted' },
  reject_order: { from: ['dispatched'], to: 'pending_dispatch' },
  start: { from: ['accepted'], to: 'in_progress' },
  submit_audit: { from: ['in_progress', 'rejected', 'rectifying'], to: 'audit_pending' },
  approve: { from: ['audit_pending'], to: 'completed' },
  reject: { from: ['audit_pending'], to: 'rejected' },
  rectify: { from: ['rejected'], to: 'rectifying' },
  cancel: { from: ['pending_dispatch', 'dispatched', 'accepted', 'in_progress', 'rejected', 'rectifying'], to: 'cancelled' },
} as const satisfies Machine<WorkOrderStatusValue, string>;
export type WorkOrderAction = keyof typeof WORK_ORDER_MACHINE;

export const WorkOrderActionLabel = labelled({
  dispatch: { zh: '派单', en: 'dispatch' },
  accept: { zh: '接单', en: 'accept' },
  reject_order: { zh: '拒单', en: 'refuse the order' },
  start: { zh: '开工', en: 'start work' },
  submit_audit: { zh: '提交自检', en: 'submit the self-audit' },
  approve: { zh: '审核通过', en: 'approve' },
  reject: { zh: '审核驳回', en: 'reject' },
  rectify: { zh: '开始整改', en: 'start rectifying' },
  cancel: { zh: '取消', en: 'cancel' },
} satisfies LabelledEnum<WorkOrderAction>);

export const DispatchType = labelled({
  manual: { zh: '人工', en: 'Manual' },
  auto: { zh: '自动', en: 'Automatic' },
  grab: { zh: '抢单', en: 'Open to grab' },
});

// ---------------------------------------------------------------- self-audits

/** One row per submission, so rework keeps the history. */
export const SelfAuditResult = labelled({
  pending: { zh: '待审核', en: 'In review' },
  approved: { zh: '通过', en: 'Approved' },
  rejected: { zh: '驳回', en: 'Rejected' },
});
export type SelfAuditResultValue = (typeof SelfAuditResult.values)[number];

/** What a check item asks for: photos, a typed value, or a document (PDF or photo). */
export type AuditItemInput = 'photos' | 'value' | 'document';

export interface AuditItemDef {
  key: string;
  input: AuditItemInput;
  /** least number of files for photos/document items */
  minFiles?: number;
  label: Readonly<Record<'zh' | 'en', string>>;
}

/** Check items of the construction completion self-audit (施工完工自检). */
export const BUILD_AUDIT_ITEMS: readonly AuditItemDef[] = [
  { key: 'module_nameplate', input: 'photos', minFiles: 1, label: { zh: '组件铭牌照片', en: 'Module nameplate photo' } },
  { key: 'inverter_nameplate', input: 'photos', minFiles: 1, label: { zh: '逆变器铭牌照片', en: 'Inverter nameplate photo' } },
  { key: 'inverter_sn', input: 'value', label: { zh: '逆变器SN', en: 'Inverter serial number' } },
  { key: 'tilt', input: 'value', label: { zh: '组件倾角（°）', en: 'Module tilt (°)' } },
  { key: 'safety_nodes', input: 'photos', minFiles: 1, label: { zh: '安全节点照片组', en: 'Safety checkpoint photos' } },
  { key: 'property_deed', input: 'document', minFiles: 1, label: { zh: '房产证明/荷载报告', en: 'Property deed / load report' } },
];

/** Check items of the grid-connection self-audit (并网自检). */
export const GRID_AUDIT_ITEMS: readonly AuditItemDef[] = [
  { key: 'grid_certificate', input: 'document', minFiles: 1, label: { zh: '并网证', en: 'Grid-connection certificate' } },
  { key: 'meter_number', input: 'value', label: { zh: '电表号', en: 'Meter number' } },
  { key: 'ppa', input: 'document', minFiles: 1, label: { zh: '购售电合同', en: 'Power purchase agreement' } },
  { key: 'acceptance_opinion', input: 'value', label: { zh: '验收意见', en: 'Acceptance opinion' } },
];

export const auditItemsFor = (kind: WorkOrderKindValue): readonly AuditItemDef[] => (kind === 'build' ? BUILD_AUDIT_ITEMS : GRID_AUDIT_ITEMS);

// ---------------------------------------------------------------- 光E宝 matters

export const MatterType = labelled({
  fault: { zh: '故障报修', en: 'Fault repair' },
  bank_card: { zh: '银行卡变更', en: 'Bank card change' },
  rent: { zh: '租金咨询', en: 'Rent query' },
  complaint: { zh: '投诉建议', en: 'Complaint / suggestion' },
  other: { zh: '其他', en: 'Other' },
});

export const MatterStatus = labelled({
  pending: { zh: '待处理', en: 'Pending' },
  processing: { zh: '处理中', en: 'Processing' },
  closed: { zh: '已办结', en: 'Closed' },
  rejected: { zh: '已驳回', en: 'Rejected' },
});
export type MatterStatusValue = (typeof MatterStatus.values)[number];

/** 待处理 → 处理中 → 已办结 / 已驳回; assigning a handler starts processing; a reply keeps it open. */
export const MATTER_MACHINE = {
  assign: { from: ['pending', 'processing'], to: 'processing' },
  reply: { from: ['pending', 'processing'], to: 'processing' },
  close: { from: ['pending', 'processing'], to: 'closed' },
  reject: { from: ['pending', 'processing'], to: 'rejected' },
} as const satisfies Machine<MatterStatusValue, string>;
export type MatterAction = keyof typeof MATTER_MACHINE;

export const MatterActionLabel = labelled({
  assign: { zh: '指派处理人', en: 'assign a handler' },
  reply: { zh: '回复', en: 'reply' },
  close: { zh: '办结', en: 'close' },
  reject: { zh: '驳回', en: 'reject' },
} satisfies LabelledEnum<MatterAction>);

export const MatterChannel = labelled({
  app: { zh: '光E宝App', en: 'GuangEbao app' },
  phone: { zh: '电话', en: 'Phone' },
  wechat: { zh: '微信', en: 'WeChat' },
  staff: { zh: '后台录入', en: 'Entered by staff' },
});

// ---------------------------------------------------------------- files

/** What an uploaded file belongs to. Files are uploaded first (owner null) and attached on submit. */
export const FileOwner = labelled({
  station_doc: { zh: '电站资料', en: 'Station document' },
  self_audit: { zh: '自检资料', en: 'Self-audit file' },
  matter: { zh: '事项附件', en: 'Matter attachment' },
  audio: { zh: '语音', en: 'Voice note' },
  inspection: { zh: '巡检照片', en: 'Inspection photo' },
  maintenance: { zh: '运维工单照片', en: 'Maintenance photo' },
  lease_contract: { zh: '租赁合同文件', en: 'Lease contract PDF' },
  app_version: { zh: 'App 安装包', en: 'App package' },
  partner_doc: { zh: '合作伙伴合同文件', en: 'Partner contract document' },
  partner_cert: { zh: '资质证书文件', en: 'Certificate scan' },
  insurance_claim: { zh: '理赔资料', en: 'Claim document' },
  invoice: { zh: '发票文件（PDF/OFD）', en: 'Invoice file (PDF / OFD)' },
  workflow_tpl: { zh: '流程文档模板（xlsx）', en: 'Workflow document template (xlsx)' },
});

/** Station PDF documents (the pdfs screen). */
export const StationDocType = labelled({
  contract: { zh: '合同', en: 'Contract' },
  design: { zh: '设计方案', en: 'Design' },
  grid_certificate: { zh: '并网证明', en: 'Grid certificate' },
  other: { zh: '其他', en: 'Other' },
});

/** An uploaded file as the API returns it (links are signed and live an hour). */
export interface FileView {
  id: number;
  owner_type: string;
  owner_id: number | null;
  doc_type: string | null;
  name: string;
  content_type: string;
  size: number;
  width: number | null;
  height: number | null;
  /** inline view (signed, expires) */
  url: string;
  /** same bytes as an attachment download */
  download_url: string;
  /** images only: a WebP at most THUMB_SIZE px on its longest side */
  thumb_url: string | null;
  created_by: number | null;
  created_at: string;
}

/** One row of a record's lifecycle timeline (GET <resource>/timeline). */
export interface TimelineEntry {
  id: number;
  action: string;
  from_status: string | null;
  to_status: string | null;
  reason: string | null;
  data: Record<string, unknown> | null;
  user_id: number | null;
  user_name: string | null;
  full_name: string | null;
  created_at: string;
}

/** Upload limits: photos (jpeg/png/webp) up to 10 MiB, PDFs up to 20 MiB, audio up to 5 MiB. */
export const UPLOAD_LIMITS = {
  image: { types: ['image/jpeg', 'image/png', 'image/webp'], maxBytes: 10 * 1024 * 1024 },
  pdf: { types: ['application/pdf'], maxBytes: 20 * 1024 * 1024 },
  /** OFD (GB/T 33190, the format of China's electronic invoices): a ZIP whose entries start with OFD.xml */
  ofd: { types: ['application/ofd'], maxBytes: 20 * 1024 * 1024 },
  /** workbooks: a workflow download node's template (a ZIP holding xl/workbook.xml) */
  xlsx: { types: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'], maxBytes: 5 * 1024 * 1024 },
  audio: { types: ['audio/mpeg', 'audio/mp4', 'audio/aac', 'audio/wav', 'audio/x-wav', 'audio/webm', 'audio/ogg', 'audio/amr'], maxBytes: 5 * 1024 * 1024 },
} as const;
/** Thumbnails: the longest side in pixels. */
export const THUMB_SIZE = 320;
