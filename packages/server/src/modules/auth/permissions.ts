/**
 * Every permission code a route can require (route config `permission`). `<prefix>:*` in a role
 * grants a whole prefix; the admin flag passes everything.
 */
export const PERMISSIONS = {
  customer: ['index', 'get_info', 'add', 'edit', 'del', 'update_field', 'follow_up', 'survey', 'convert', 'lose', 'get_verify_url', 'modify_password', 'new_user_stat', 'get_product_list'],
  agent: ['index', 'get_info', 'add', 'edit', 'del', 'update_field', 'enable', 'disable', 'export'],
  product: ['index', 'get_info', 'add', 'edit', 'del', 'update_field'],
  station: ['index', 'get_info', 'add', 'edit', 'del', 'update_field', 'export', 'import', 'finish_survey', 'finish_design', 'operate', 'terminate', 'freeze', 'unfreeze', 'upload_doc', 'del_doc'],
  work_order: ['index', 'get_info', 'add', 'edit', 'export', 'dispatch', 'accept', 'reject_order', 'start', 'submit_audit', 'rectify', 'cancel'],
  self_audit: ['index', 'get_info', 'export', 'approve', 'reject'],
  matter: ['index', 'get_info', 'add', 'edit', 'del', 'export', 'assign', 'reply', 'close', 'reject'],
  statistic: ['view'],
  target: ['view', 'edit'],
  user: ['index', 'get_info', 'add', 'edit', 'del', 'update_field', 'reset_password'],
  role: ['index', 'get_info', 'add', 'edit', 'del', 'update_field'],
  department: ['index', 'get_info', 'add', 'edit', 'del', 'update_field'],
  menu: ['index', 'get_info', 'add', 'edit', 'del', 'update_field'],
  task: ['index', 'get_info', 'add', 'edit', 'del', 'update_field', 'run'],
  syslog: ['index', 'get_info'],
  message: ['index', 'get_info', 'add', 'edit', 'del', 'update_field'],
  display_token: ['index', 'add', 'revoke'],
  material: ['index', 'get_info', 'add', 'edit', 'del', 'export'],
  warehouse: ['index', 'get_info', 'add', 'edit', 'del', 'export'],
  stock: ['index', 'get_info', 'export', 'in', 'issue', 'transfer', 'return', 'adjust', 'import', 'threshold'],
  operation_plan: ['index', 'get_info', 'add', 'edit', 'del', 'export', 'enable', 'disable', 'run'],
  inspection: ['index', 'get_info', 'export', 'assign', 'start', 'submit', 'approve', 'reject', 'cancel'],
  maintenance: ['index', 'get_info', 'add', 'edit', 'export', 'import', 'dispatch', 'accept', 'start', 'submit', 'approve', 'reject', 'cancel', 'sla'],
  lease_contract: ['index', 'get_info', 'add', 'edit', 'del', 'export', 'sign', 'activate', 'terminate', 'view_card', 'change_card', 'upload_pdf'],
  rent_bill: ['index', 'get_info', 'export', 'deduct', 'pause', 'release', 'pay', 'fail', 'generate', 'report'],
  tariff: ['index', 'get_info', 'add', 'edit', 'del', 'export'],
  revenue: ['index', 'get_info', 'export', 'import', 'correct', 'maintenance', 'settings', 'estimate', 'report'],
  payment_batch: ['index', 'get_info', 'add', 'submit', 'approve', 'reject', 'cancel', 'export', 'import', 'remove_line'],
  settlement: ['index', 'get_info', 'export', 'generate', 'submit', 'confirm', 'dispute', 'resolve', 'pay', 'adjust'],
  settlement_rule: ['index', 'get_info', 'add', 'edit', 'del', 'export'],
  invoice: ['index', 'get_info', 'add', 'edit', 'del', 'export', 'register', 'void', 'red_letter', 'match', 'unmatch'],
  statement: ['index', 'get_info', 'add', 'del', 'export', 'refresh', 'send', 'import', 'explain', 'confirm', 'rate'],
  app_version: ['index', 'get_info', 'add', 'edit', 'del', 'export', 'upload_package', 'publish', 'rollout', 'withdraw'],
  partner: ['index', 'get_info', 'add', 'edit', 'del', 'export', 'enable', 'disable', 'link', 'view_account'],
  insurance_policy: ['index', 'get_info', 'add', 'edit', 'export', 'add_stations', 'remove_station', 'surrender', 'renew'],
  insurance_claim: ['index', 'get_info', 'add', 'export', 'submit', 'assess', 'pay', 'reject'],
  workflow: ['index', 'get_info', 'add', 'edit', 'del', 'export', 'publish', 'disable', 'enable'],
  workflow_instance: ['index', 'get_info', 'start', 'cancel', 'reassign', 'retry'],
} as const;

export const ALL_PERMISSIONS: string[] = Object.entries(PERMISSIONS).flatMap(([p, ops]) => ops.map((op) => `${p}:${op}`));

/** Built-in roles created on first start (and kept if an admin edits them later). */
const READ = (...prefixes: string[]) => prefixes.flatMap((p) => [`${p}:index`, `${p}:get_info`]);

export const BUILTIN_ROLES = [
  { code: 'admin', name: '超级管理员', permissions: ['*'], data_scope: 'all' },
  {
    code: 'operator',
    name: '运营客服',
    permissions: ['customer:*', 'matter:*', ...READ('agent', 'product', 'work_order', 'self_audit'), 'station:index', 'station:get_info', 'station:add', 'station:edit', 'station:export', 'statistic:view', ...READ('material', 'warehouse', 'stock', 'operation_plan', 'inspection', 'maintenance'), 'maintenance:add',
      ...READ('lease_contract', 'rent_bill'), 'lease_contract:add', 'lease_contract:edit', 'lease_contract:sign', 'lease_contract:upload_pdf', 'lease_contract:export', 'rent_bill:export', 'rent_bill:report', ...READ('revenue', 'tariff'), 'revenue:export', 'revenue:report',
      // 付款批次: makes and submits them; someone else approves (four eyes), exports and imports the result
      ...READ('payment_batch'), 'payment_batch:add', 'payment_batch:submit', 'payment_batch:remove_line', 'payment_batch:cancel',
      // 合作伙伴: keeps the records and their links; the full account number, enable/disable and delete stay with the administrator
      ...READ('partner'), 'partner:add', 'partner:edit', 'partner:export', 'partner:link',
      // 流程: sees the processes of records and starts one by hand (the administrator designs them)
      ...READ('workflow_instance'), 'workflow_instance:start',
      // 结算单: finance generates, submits, resolves disputes and pays; confirms on an agent's behalf; keeps the rules
      ...READ('settlement', 'settlement_rule'), 'settlement:export', 'settlement:generate', 'settlement:submit', 'settlement:confirm', 'settlement:resolve', 'settlement:pay', 'settlement:adjust',
      'settlement_rule:add', 'settlement_rule:edit', 'settlement_rule:del', 'settlement_rule:export',
      // 保险: keeps the policies (cover, surrender, renewal) and runs the claims through to payment
      'insurance_policy:*', 'insurance_claim:*',
      // 发票: finance enters, registers, credits, matches and voids them
      'invoice:*',
      // 对账单: finance makes them, imports the partner's sheet and explains differences; confirming is the administrator's (its own code)
      ...READ('statement'), 'statement:add', 'statement:del', 'statement:export', 'statement:refresh', 'statement:send', 'statement:import', 'statement:explain', 'statement:rate'],
    data_scope: 'all',
  },
  {
    code: 'dispatcher',
    name: '工程派单',
    permissions: ['station:*', 'work_order:*', 'self_audit:*', ...READ('customer', 'agent', 'product', 'matter'), 'statistic:view', 'material:*', 'warehouse:*', 'stock:*', 'operation_plan:*', 'inspection:*', 'maintenance:*', ...READ('revenue', 'tariff'), 'revenue:report', 'revenue:maintenance', ...READ('partner'), ...READ('workflow_instance'), 'workflow_instance:start',
      // 保险: sees the cover of stations and files a claim from a maintenance order (finance takes it on)
      ...READ('insurance_policy', 'insurance_claim'), 'insurance_claim:add', 'insurance_claim:submit'],
    data_scope: 'all',
  },
  {
    code: 'agent',
    name: '代理商',
    permissions: [
      'customer:index', 'customer:get_info', 'customer:add', 'customer:edit', 'customer:follow_up',
      'customer:new_user_stat', 'customer:get_product_list',
      ...READ('agent', 'product', 'self_audit', 'matter'),
      'station:index', 'station:get_info', 'station:add', 'station:edit', 'station:upload_doc',
      'work_order:index', 'work_order:get_info', 'work_order:accept', 'work_order:reject_order', 'work_order:start', 'work_order:submit_audit', 'work_order:rectify',
      'matter:reply',
      ...READ('material', 'warehouse', 'stock', 'operation_plan'),
      'inspection:index', 'inspection:get_info', 'inspection:start', 'inspection:submit',
      ...READ('maintenance'), 'maintenance:accept', 'maintenance:start', 'maintenance:submit',
      ...READ('lease_contract', 'rent_bill'), 'rent_bill:report',
      ...READ('revenue'), 'revenue:report',
      // its own 合作伙伴 record only (the agent scope: partners linked to the user's agent)
      ...READ('partner'),
      ...READ('settlement'), 'settlement:confirm', 'settlement:dispute',
      // the invoices between its own partner record and us (the agent scope)
      ...READ('invoice'),
    ],
    data_scope: 'agent',
  },
  {
    // 财务制单: the finance maker. Holds and releases bills, makes and submits payment batches and
    // sends the approved ones to the bank (the bank file), generates and pays settlements, keeps
    // invoices and makes statements. Approving any of it is someone else's (finance_approver).
    code: 'finance',
    name: '财务制单',
    permissions: [
      ...READ('lease_contract', 'rent_bill', 'revenue', 'tariff', 'partner', 'workflow_instance'),
      'rent_bill:export', 'rent_bill:report', 'rent_bill:deduct', 'rent_bill:pause', 'rent_bill:release', 'revenue:export', 'revenue:report',
      ...READ('payment_batch'), 'payment_batch:add', 'payment_batch:submit', 'payment_batch:remove_line', 'payment_batch:cancel', 'payment_batch:export',
      ...READ('settlement', 'settlement_rule'), 'settlement:export', 'settlement:generate', 'settlement:submit', 'settlement:resolve', 'settlement:adjust', 'settlement:pay',
      'invoice:*',
      ...READ('statement'), 'statement:add', 'statement:del', 'statement:export', 'statement:refresh', 'statement:send', 'statement:import', 'statement:explain', 'statement:rate',
    ],
    data_scope: 'all',
  },
  {
    // 财务审批: the finance approver. Approves or returns payment batches (never one they made or
    // submitted), imports the bank's result, confirms statements; reads what they approve.
    code: 'finance_approver',
    name: '财务审批',
    permissions: [
      ...READ('lease_contract', 'rent_bill', 'payment_batch', 'settlement', 'settlement_rule', 'invoice', 'statement', 'partner', 'workflow_instance'),
      'rent_bill:export', 'rent_bill:report',
      'payment_batch:approve', 'payment_batch:reject', 'payment_batch:import',
      'settlement:export', 'invoice:export', 'statement:export', 'statement:confirm',
    ],
    data_scope: 'all',
  },
  {
    // 运维审核: reviews the field's work — approves or rejects submitted inspections and maintenance
    // orders; reads stations, plans, stock and the O&M statistics.
    code: 'om_reviewer',
    name: '运维审核',
    permissions: [
      ...READ('station', 'operation_plan', 'inspection', 'maintenance', 'material', 'warehouse', 'stock', 'workflow_instance'),
      'inspection:approve', 'inspection:reject', 'inspection:export', 'maintenance:approve', 'maintenance:reject', 'maintenance:export', 'statistic:view',
    ],
    data_scope: 'all',
  },
  {
    code: 'team',
    name: '施工队/并网专员',
    permissions: ['work_order:index', 'work_order:get_info', 'work_order:accept', 'work_order:reject_order', 'work_order:start', 'work_order:submit_audit', 'work_order:rectify', ...READ('self_audit', 'station', 'material', 'warehouse', 'stock'), 'inspection:index', 'inspection:get_info', 'inspection:start', 'inspection:submit', ...READ('maintenance'), 'maintenance:accept', 'maintenance:start', 'maintenance:submit'],
    data_scope: 'self',
  },
] as const;
