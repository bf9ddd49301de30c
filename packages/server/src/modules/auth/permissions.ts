/**
 * Every permission code a route can require (route config `permission`). `<prefix>:*` in a role
 * grants a whole prefix; the admin flag passes everything.
 */
export const PERMISSIONS = {
  customer: ['index', 'get_info', 'add', 'edit', 'del', 'update_field', 'follow_up', 'survey', 'convert', 'lose'],
  agent: ['index', 'get_info', 'add', 'edit', 'del', 'update_field', 'enable', 'disable', 'export'],
  product: ['index', 'get_info', 'add', 'edit', 'del', 'update_field'],
  station: ['index', 'get_info', 'add', 'edit', 'del', 'update_field', 'export', 'import', 'finish_survey', 'finish_design', 'operate', 'terminate', 'freeze', 'unfreeze', 'upload_doc', 'del_doc'],
  work_order: ['index', 'get_info', 'add', 'edit', 'export', 'dispatch', 'accept', 'reject_order', 'start', 'submit_audit', 'rectify', 'cancel'],
  self_audit: ['index', 'get_info', 'export', 'approve', 'reject'],
  matter: ['index', 'get_info', 'add', 'edit', 'del', 'export', 'assign', 'reply', 'close', 'reject'],
  statistic: ['view'],
  user: ['index', 'get_info', 'add', 'edit', 'del', 'update_field', 'reset_password'],
  role: ['index', 'get_info', 'add', 'edit', 'del', 'update_field'],
  department: ['index', 'get_info', 'add', 'edit', 'del', 'update_field'],
  menu: ['index', 'get_info', 'add', 'edit', 'del', 'update_field'],
  task: ['index', 'get_info', 'add', 'edit', 'del', 'update_field', 'run'],
  syslog: ['index', 'get_info'],
  message: ['index', 'get_info', 'add', 'edit', 'del', 'update_field'],
} as const;

export const ALL_PERMISSIONS: string[] = Object.entries(PERMISSIONS).flatMap(([p, ops]) => ops.map((op) => `${p}:${op}`));

/** Built-in roles created on first start (and kept if an admin edits them later). */
export const BUILTIN_ROLES = [
  { code: 'admin', name: '超级管理员', permissions: ['*'], data_scope: 'all' },
  { code: 'operator', name: '运营客服', permissions: ['customer:*', 'agent:index', 'agent:get_info', 'statistic:view'], data_scope: 'all' },
  {
    code: 'agent',
    name: '代理商',
    permissions: ['customer:index', 'customer:get_info', 'customer:add', 'customer:edit', 'customer:follow_up', 'agent:index', 'agent:get_info'],
    data_scope: 'agent',
  },
] as const;
