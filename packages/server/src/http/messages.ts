import { type Lang, messages, translate } from '@pv/contract';

/**
 * Server-only message keys (the contract's catalogue holds everything the console also shows).
 * Same %{placeholder} syntax.
 */
const extra: Record<Lang, Record<string, string>> = {
  zh: {
    'validation.type': '类型不对，应为%{expected}',
    'validation.invalid': '取值无效',
    'validation.too_short': '长度不能少于%{min}个字符',
    'validation.array_min': '至少需要%{min}项',
    'validation.min': '不能小于%{min}',
    'validation.max': '不能大于%{max}',
    'error.empty_body': '请求内容为空，应为JSON对象',
    'error.unsupported_media': '不支持的内容类型 %{type}，请用 application/json',
    'error.missing_param': '缺少参数：%{field}',
    'error.refresh_required': '缺少刷新令牌（请求头 X-Refresh-Token 或参数 refresh_token）',
    'error.method_not_allowed': '该接口不支持 %{method} 请求',
    'error.wrong_old_password': '原密码不正确',
    'error.ref_not_found': '%{field}不存在或已被删除（ID %{id}）',
    'error.display_token_all_scope': '大屏令牌可读取全公司的统计数据，只有数据范围为“全部”的用户可以签发或吊销',
    'error.own_password_reset': '不能重置自己的密码：请在头像菜单“修改密码”中输入当前密码后修改',
    'error.display_token_invalid': '大屏令牌无效，请向管理员索取新的大屏链接',
    'error.display_token_revoked': '大屏令牌“%{name}”已被吊销，请向管理员索取新的大屏链接',
    'error.display_token_expired': '大屏令牌“%{name}”已于 %{at} 过期，请向管理员索取新的大屏链接',
    'error.display_token_scope': '大屏令牌只能读取统计数据',
    'error.display_token_already_revoked': '大屏令牌“%{name}”已经吊销过了',
    'error.backup_key': '备份密钥不对：请在服务器上用 pnpm backup 备份（它读取数据目录里的 backup-key）',
    'error.backup_postgres': '本服务器使用 PostgreSQL：请用 pg_dump 备份数据库，再备份数据目录（见 README“备份与恢复”）',
    'error.backup_running': '已有一个备份正在进行，请等它完成后再试',
    'error.backup_no_session': '没有这个备份会话（已结束或已被服务器关闭）：请重新运行 pnpm backup',
  },
  en: {
    'validation.type': 'Wrong type, expected %{expected}',
    'validation.invalid': 'Invalid value',
    'validation.too_short': 'At least %{min} characters',
    'validation.array_min': 'At least %{min} item(s)',
    'validation.min': 'Must be at least %{min}',
    'validation.max': 'Must be at most %{max}',
    'error.empty_body': 'The request body is empty; a JSON object is expected',
    'error.unsupported_media': 'Unsupported content type %{type}; use application/json',
    'error.missing_param': 'Missing parameter: %{field}',
    'error.refresh_required': 'Missing refresh token (header X-Refresh-Token or parameter refresh_token)',
    'error.method_not_allowed': 'This endpoint does not accept %{method}',
    'error.wrong_old_password': 'The current password is not correct',
    'error.ref_not_found': '%{field}: the record does not exist or was deleted (ID %{id})',
    'error.display_token_all_scope': 'A display token reads the whole company\'s statistics: only users whose data scope is All may issue or revoke one',
    'error.own_password_reset': 'You cannot reset your own password: use Change password in the avatar menu, with your current password',
    'error.display_token_invalid': 'This display token is not valid; ask an administrator for a new big-screen link',
    'error.display_token_revoked': 'The display token "%{name}" has been revoked; ask an administrator for a new big-screen link',
    'error.display_token_expired': 'The display token "%{name}" expired at %{at}; ask an administrator for a new big-screen link',
    'error.display_token_scope': 'A display token can only read statistics',
    'error.display_token_already_revoked': 'The display token "%{name}" is already revoked',
    'error.backup_key': 'Wrong backup key: back up on the server with pnpm backup (it reads backup-key in the data folder)',
    'error.backup_postgres': 'This server uses PostgreSQL: back up the database with pg_dump and the data folder with your file backups (README "Backup and restore")',
    'error.backup_running': 'Another backup is running; try again when it has finished',
    'error.backup_no_session': 'No such backup session (it ended or the server closed it): run pnpm backup again',
  },
};

/** Names of JSON types in each language, for validation.type. */
const typeNames: Record<Lang, Record<string, string>> = {
  zh: { string: '文本', number: '数字', int: '整数', boolean: '布尔值（true/false）', object: '对象', array: '数组', date: '日期' },
  en: { string: 'text', number: 'a number', int: 'an integer', boolean: 'a boolean (true/false)', object: 'an object', array: 'an array', date: 'a date' },
};

export function typeName(expected: string, lang: Lang): string {
  return typeNames[lang][expected] ?? expected;
}

export function hasKey(key: string): boolean {
  return key in extra.zh || key in messages.zh;
}

/** translate() over the contract's catalogue plus the server's own keys. */
export function t(key: string, lang: Lang, params?: Record<string, unknown>): string {
  const own = extra[lang][key] ?? extra.zh[key];
  if (own) return own.replace(/%\{(\w+)\}/g, (whole, name: string) => (params && name in params ? String(params[name]) : whole));
  return translate(key, lang, params);
}
