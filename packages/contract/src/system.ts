import { z } from 'zod';
import { editableFields, emailField, enumField, idField, numeric, optionalText, passwordField, phoneField, requiredText } from './fields.ts';
import { labelled } from './enums.ts';
import type { Lang } from './i18n.ts';
import { field, type FieldDisplay } from './field-kinds.ts';

/**
 * The organisation screens (/setting: users, roles, departments, personal centre): enums, labels
 * and the zod schemas the server validates with and the console's forms reuse.
 */

/** enabled | disabled, for users and departments. */
export const EnableStatus = labelled({
  enabled: { zh: '启用', en: 'Enabled' },
  disabled: { zh: '停用', en: 'Disabled' },
});

/** A role's data scope, widest first (the server's DATA_SCOPES). */
export const RoleDataScope = labelled({
  all: { zh: '全部数据', en: 'All data' },
  department: { zh: '本部门及下级部门', en: 'Own department and below' },
  agent: { zh: '本代理商及下级代理商', en: 'Own agent and its sub-agents' },
  self: { zh: '仅本人', en: 'Own records only' },
});

/** The built-in role every administrator holds; it cannot be edited or deleted. */
export const ADMIN_ROLE_CODE = 'admin';
/** Avatars: these image types, at most this many bytes. */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** Labels of permission groups (resource prefixes) and of the operations within them. */
export const PERMISSION_GROUP_LABELS: Record<string, Record<Lang, string>> = {
  customer: { zh: '客户', en: 'Customers' },
  agent: { zh: '代理商', en: 'Agents' },
  statistic: { zh: '统计', en: 'Statistics' },
  target: { zh: '目标', en: 'Targets' },
  user: { zh: '用户管理', en: 'Users' },
  role: { zh: '角色管理', en: 'Roles' },
  department: { zh: '部门管理', en: 'Departments' },
  menu: { zh: '菜单管理', en: 'Menus' },
  task: { zh: '任务管理', en: 'Scheduled tasks' },
  syslog: { zh: '系统日志', en: 'System log' },
  message: { zh: '消息', en: 'Messages' },
  material: { zh: '物料', en: 'Materials' },
  warehouse: { zh: '仓库', en: 'Warehouses' },
  stock: { zh: '库存', en: 'Stock' },
  operation_plan: { zh: '运维计划', en: 'Operation plans' },
  inspection: { zh: '巡检', en: 'Inspections' },
  maintenance: { zh: '运维工单', en: 'Maintenance orders' },
};
export const PERMISSION_OP_LABELS: Record<string, Record<Lang, string>> = {
  index: { zh: '查看列表', en: 'List' },
  get_info: { zh: '查看详情', en: 'View details' },
  add: { zh: '新增', en: 'Create' },
  edit: { zh: '编辑', en: 'Edit' },
  del: { zh: '删除', en: 'Delete' },
  report: { zh: '查看报表', en: 'Reports' },
  update_field: { zh: '修改单个字段', en: 'Change one field' },
  reset_password: { zh: '重置密码', en: 'Reset password' },
  follow_up: { zh: '添加跟进', en: 'Add follow-ups' },
  survey: { zh: '标记踏勘', en: 'Mark surveyed' },
  convert: { zh: '转正式客户', en: 'Convert to formal' },
  lose: { zh: '标记流失', en: 'Mark lost' },
  view: { zh: '查看', en: 'View' },
  run: { zh: '立即执行', en: 'Run now' },
  export: { zh: '导出', en: 'Export' },
  import: { zh: '导入', en: 'Import' },
  in: { zh: '入库', en: 'Stock in' },
  issue: { zh: '出库', en: 'Issue' },
  transfer: { zh: '调拨', en: 'Transfer' },
  return: { zh: '退库', en: 'Return' },
  adjust: { zh: '盘点调整', en: 'Adjust (stock-take)' },
  threshold: { zh: '设置预警阈值', en: 'Set low-stock thresholds' },
  enable: { zh: '启用', en: 'Enable' },
  disable: { zh: '停用', en: 'Disable' },
  assign: { zh: '改派', en: 'Reassign' },
  start: { zh: '开始', en: 'Start' },
  submit: { zh: '提交', en: 'Submit' },
  approve: { zh: '审核通过', en: 'Approve' },
  reject: { zh: '审核驳回', en: 'Reject' },
  cancel: { zh: '取消', en: 'Cancel' },
  dispatch: { zh: '派单', en: 'Dispatch' },
  accept: { zh: '接单', en: 'Accept' },
  sla: { zh: '设置时效', en: 'Set SLA hours' },
};

/** One group of GET /api/system/role/permissions. */
export interface PermissionGroup {
  resource: string;
  label: string;
  permissions: { code: string; label: string }[];
}

/** An optional text field where '' means "none" (stored as null). */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalPhone = () => z.preprocess(blankToNull, phoneField().nullish());
const optionalEmail = () => z.preprocess(blankToNull, emailField().pipe(z.string().max(120, { error: 'validation.too_long|120' })).nullish());
const optionalId = () => z.preprocess(blankToNull, idField().nullish());
const version = () => z.number({ error: 'validation.number' }).int().nonnegative();

export const usernameField = () =>
  z
    .string({ error: 'validation.username_required' })
    .trim()
    .min(1, { error: 'validation.username_required', abort: true })
    .max(64, { error: 'validation.too_long|64' })
    .regex(/^[A-Za-z0-9_.@-]+$/, { error: 'validation.username_format' });

const userFields = {
  full_name: optionalText(64),
  phone: optionalPhone(),
  email: optionalEmail(),
  department_id: optionalId(),
  agent_id: optionalId(),
  status: enumField(EnableStatus.values).optional(),
  role_ids: z.array(idField(), { error: 'validation.required' }).max(50).optional(),
};

export const userCreateSchema = z.strictObject({ username: usernameField(), password: passwordField(), ...userFields });
/**
 * An edit sends the id, the version it read and the changed fields. No password (reset_password) and no
 * status (set_status): both revoke sessions, so they are actions, not edits.
 */
export const userEditSchema = z.strictObject({ username: usernameField().optional(), ...userFields, id: idField(), version: version() }).omit({ status: true });
/** Fields a user edit may send (userEditSchema minus id and version). */
export const USER_EDITABLE = editableFields(userEditSchema);
export const userStatusSchema = z.strictObject({ id: idField(), status: enumField(EnableStatus.values), version: version().optional() });
export const userResetPasswordSchema = z.strictObject({ id: idField(), password: passwordField() });
/** The personal centre's own profile. */
export const profileSchema = z.strictObject({ full_name: optionalText(64), phone: optionalPhone(), email: optionalEmail() });

const roleCode = () =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required', abort: true })
    .max(32, { error: 'validation.too_long|32' })
    .regex(/^[a-z][a-z0-9_]*$/, { error: 'validation.role_code' });
const roleFields = {
  name: requiredText(64),
  permissions: z.array(z.string().min(1).max(64), { error: 'validation.required' }).max(500),
  data_scope: enumField(RoleDataScope.values),
};
export const roleCreateSchema = z.strictObject({ code: roleCode(), ...roleFields });
/** The code names the role in code and seeds: fixed once created. */
export const roleEditSchema = z.strictObject({ ...roleFields, id: idField(), version: version() }).partial({ name: true, permissions: true, data_scope: true });
/** Fields a role edit may send (roleEditSchema minus id and version). */
export const ROLE_EDITABLE = editableFields(roleEditSchema);

const departmentFields = {
  parent_id: optionalId(),
  name: requiredText(64),
  code: z.preprocess(blankToNull, optionalText(32)),
  leader: z.preprocess(blankToNull, optionalText(64)),
  phone: optionalPhone(),
  sort: numeric(z.number({ error: 'validation.number' }).int().min(0, { error: 'validation.number_range|0|9999' }).max(9999, { error: 'validation.number_range|0|9999' })).optional(),
  status: enumField(EnableStatus.values).optional(),
};
export const departmentCreateSchema = z.strictObject(departmentFields);
export const departmentEditSchema = z.strictObject({ ...departmentFields, id: idField(), version: version() }).partial({ name: true });
/** Fields a department edit may send (departmentEditSchema minus id and version). */
export const DEPARTMENT_EDITABLE = editableFields(departmentEditSchema);

export type UserCreate = z.infer<typeof userCreateSchema>;
export type RoleCreate = z.infer<typeof roleCreateSchema>;
export type DepartmentCreate = z.infer<typeof departmentCreateSchema>;

/** Users' and departments' fields beyond their names (field-kinds.ts). */
export const USER_DISPLAY: FieldDisplay = { status: field.enumOf(EnableStatus) };
export const DEPARTMENT_DISPLAY: FieldDisplay = { status: field.enumOf(EnableStatus), parent_id: field.ref('department') };
