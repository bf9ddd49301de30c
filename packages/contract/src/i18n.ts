/**
 * Messages shared by the server (errors in the caller's language) and the console (form validation
 * with the same words). Keys are stable; the console's catalogues include them under `pv.msg.*`.
 */
export type Lang = 'zh' | 'en';
export const LANGS: readonly Lang[] = ['zh', 'en'];
export const DEFAULT_LANG: Lang = 'zh';

export const messages = {
  zh: {
    'validation.required': '此项不能为空',
    'validation.blank': '不能为空白',
    'validation.username_required': '用户名不能为空',
    'validation.password_min': '密码不能少于6位',
    'validation.phone_required': '请输入手机号',
    'validation.phone': '请输入正确的手机号',
    'validation.sms_code_required': '请输入手机验证码',
    'validation.email': '请输入正确的邮箱',
    'validation.id_card': '请输入正确的身份证号',
    'validation.chinese_name': '请输入2-4个汉字的姓名',
    'validation.money': '请输入正确的金额（最多两位小数）',
    'validation.ip': '请输入正确的IP地址',
    'validation.port': '请输入0-65535之间的端口',
    'validation.url': '请输入正确的网址',
    'validation.too_long': '长度不能超过%{max}个字符',
    'validation.number': '请输入数字',
    'validation.number_range': '请输入%{min}到%{max}之间的数值',
    'validation.enum': '请选择有效的选项',
    'validation.region': '请选择有效的地区',
    'validation.date': '请输入正确的日期',
    'validation.lost_reason_required': '请填写流失原因',
    'error.network': '连接后台接口失败，可能由以下原因造成：后端不支持跨域CORS、接口地址不存在、请求超时等，请联系管理员排查后端接口问题',
    'error.login_no_token': '登录接口异常，未正确返回token...',
    'error.bad_json': '请求内容不是合法的JSON',
    'error.body_too_large': '请求内容过大（上限%{limit}）',
    'error.unknown_field': '不认识的字段：%{fields}',
    'error.invalid_params': '参数有误：%{detail}',
    'error.unknown_sort': '不能按“%{field}”排序',
    'error.unknown_filter': '不能按“%{field}”筛选',
    'error.not_found': '记录不存在或已被删除（ID %{id}）',
    'error.route_not_found': '接口不存在：%{path}',
    'error.version_conflict': '该记录已被他人修改（当前版本 %{current}，你编辑的是版本 %{yours}），请刷新后再改',
    'error.field_not_editable': '字段“%{field}”不允许单独修改',
    'error.duplicate': '%{field}已存在',
    'error.login_required': '请先登录',
    'error.token_invalid': '登录已失效，请重新登录',
    'error.token_expired': '登录已过期，请重新登录',
    'error.token_expiring': '登录即将过期，正在刷新',
    'error.wrong_credentials': '用户名或密码错误',
    'error.account_disabled': '账号已停用，请联系管理员',
    'error.forbidden': '没有权限执行此操作（需要 %{permission}）',
    'error.out_of_scope': '这条记录不在你的数据范围内',
    'error.illegal_transition': '当前状态为“%{state}”，不能%{action}',
    'error.server': '服务器内部错误，请稍后重试或联系管理员',
    'error.too_many_requests': '操作过于频繁，请%{seconds}秒后再试',
    'error.agent_not_found': '代理商不存在（ID %{id}）',
    'validation.username_format': '用户名只能包含字母、数字和 _ . @ -',
    'validation.role_code': '编码须以小写字母开头，只含小写字母、数字和下划线',
    'error.username_taken': '用户名“%{username}”已存在',
    'error.role_code_taken': '角色编码“%{code}”已存在',
    'error.user_self': '不能停用或删除自己的账号',
    'error.last_admin': '至少要保留一个启用的超级管理员',
    'error.role_in_use': '角色“%{name}”已分配给%{count}个用户，请先在用户管理中取消分配',
    'error.role_builtin': '内置的超级管理员角色不能修改或删除',
    'error.role_not_found': '角色不存在（ID %{id}）',
    'error.role_grant_forbidden': '不能授予自己没有的权限：%{permissions}',
    'error.permission_unknown': '未知的权限编码：%{codes}',
    'error.department_not_found': '部门不存在（ID %{id}）',
    'error.department_has_children': '部门“%{name}”下还有下级部门，不能删除',
    'error.department_has_users': '部门“%{name}”下还有%{count}个用户，不能删除',
    'error.department_cycle': '不能把部门移到它自己或它的下级部门下面',
    'error.avatar_type': '头像只能是 PNG、JPEG、WebP 或 GIF 图片',
    'error.avatar_too_large': '头像图片不能超过%{limit}',
  },
  en: {
    'validation.required': 'This field is required',
    'validation.blank': 'Must not be blank',
    'validation.username_required': 'User name is required',
    'validation.password_min': 'Password must be at least 6 characters',
    'validation.phone_required': 'Please enter a mobile number',
    'validation.phone': 'Please enter a valid mobile number',
    'validation.sms_code_required': 'Please enter the SMS verification code',
    'validation.email': 'Please enter a valid email address',
    'validation.id_card': 'Please enter a valid ID card number',
    'validation.chinese_name': 'Please enter a name of 2 to 4 Chinese characters',
    'validation.money': 'Please enter a valid amount (at most 2 decimals)',
    'validation.ip': 'Please enter a valid IP address',
    'validation.port': 'Please enter a port between 0 and 65535',
    'validation.url': 'Please enter a valid URL',
    'validation.too_long': 'At most %{max} characters',
    'validation.number': 'Please enter a number',
    'validation.number_range': 'Please enter a value between %{min} and %{max}',
    'validation.enum': 'Please choose a valid option',
    'validation.region': 'Please choose a valid region',
    'validation.date': 'Please enter a valid date',
    'validation.lost_reason_required': 'Please give the reason the customer was lost',
    'error.network': 'Could not reach the server: it may not allow CORS, the address may not exist, or the request timed out. Please ask an administrator to check the API.',
    'error.login_no_token': 'The login endpoint did not return a token...',
    'error.bad_json': 'The request body is not valid JSON',
    'error.body_too_large': 'The request body is too large (limit %{limit})',
    'error.unknown_field': 'Unknown field(s): %{fields}',
    'error.invalid_params': 'Invalid parameters: %{detail}',
    'error.unknown_sort': 'Cannot sort by "%{field}"',
    'error.unknown_filter': 'Cannot filter by "%{field}"',
    'error.not_found': 'The record does not exist or was deleted (ID %{id})',
    'error.route_not_found': 'No such endpoint: %{path}',
    'error.version_conflict': 'Someone else changed this record (now version %{current}, you edited version %{yours}); reload and try again',
    'error.field_not_editable': 'Field "%{field}" cannot be changed on its own',
    'error.duplicate': '%{field} already exists',
    'error.login_required': 'Please sign in first',
    'error.token_invalid': 'Your session is no longer valid, please sign in again',
    'error.token_expired': 'Your session has expired, please sign in again',
    'error.token_expiring': 'Your session is about to expire, refreshing',
    'error.wrong_credentials': 'Wrong user name or password',
    'error.account_disabled': 'This account is disabled; please contact an administrator',
    'error.forbidden': 'You do not have permission for this (needs %{permission})',
    'error.out_of_scope': 'This record is outside your data scope',
    'error.illegal_transition': 'The current state is "%{state}"; cannot %{action}',
    'error.server': 'Internal server error; please retry later or contact an administrator',
    'error.too_many_requests': 'Too many attempts; please retry in %{seconds} seconds',
    'error.agent_not_found': 'Agent not found (ID %{id})',
    'validation.username_format': 'A user name may contain only letters, digits and _ . @ -',
    'validation.role_code': 'The code must start with a lower-case letter and contain only lower-case letters, digits and underscores',
    'error.username_taken': 'The user name "%{username}" is already taken',
    'error.role_code_taken': 'The role code "%{code}" already exists',
    'error.user_self': 'You cannot disable or delete your own account',
    'error.last_admin': 'At least one enabled super administrator must remain',
    'error.role_in_use': 'The role "%{name}" is assigned to %{count} user(s); unassign it in user management first',
    'error.role_builtin': 'The built-in super administrator role cannot be changed or deleted',
    'error.role_not_found': 'Role not found (ID %{id})',
    'error.role_grant_forbidden': 'You cannot grant permissions you do not hold: %{permissions}',
    'error.permission_unknown': 'Unknown permission codes: %{codes}',
    'error.department_not_found': 'Department not found (ID %{id})',
    'error.department_has_children': 'The department "%{name}" still has sub-departments and cannot be deleted',
    'error.department_has_users': 'The department "%{name}" still has %{count} user(s) and cannot be deleted',
    'error.department_cycle': 'A department cannot be moved under itself or one of its sub-departments',
    'error.avatar_type': 'An avatar must be a PNG, JPEG, WebP or GIF image',
    'error.avatar_too_large': 'The avatar image must not exceed %{limit}',
  },
} as const satisfies Record<Lang, Record<string, string>>;

export type MessageKey = keyof (typeof messages)['zh'];

/** Fill %{name} placeholders (the polyglot syntax, so the console can use the same strings). */
export function interpolate(text: string, params: Record<string, unknown> = {}): string {
  return text.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export function translate(key: string, lang: Lang = DEFAULT_LANG, params?: Record<string, unknown>): string {
  const table = messages[lang] as Record<string, string>;
  const text = table[key] ?? (messages.zh as Record<string, string>)[key] ?? key;
  return interpolate(text, params);
}

/** Pick zh or en from an Accept-Language header (or a bare 'en' / 'zh-CN'); zh is the default. */
export function langFromHeader(header: string | undefined | null): Lang {
  if (!header) return DEFAULT_LANG;
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh';
}
