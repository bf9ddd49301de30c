/** Endpoint paths of SPEC.md §7 (relative to the configured base URL). */
export const API_PREFIX = '/api/system';

export const paths = {
  health: '/api/health',
  docs: '/api/docs',
  login: `${API_PREFIX}/index/login`,
  logout: `${API_PREFIX}/index/login_out`,
  refreshToken: `${API_PREFIX}/index/refresh_token`,
  userInfo: `${API_PREFIX}/common/get_user_info`,
  modifyPassword: `${API_PREFIX}/common/modify_password`,
  menu: `${API_PREFIX}/menu/index`,
  /** generic resource calls: `${resource(name)}/index` etc. */
  resource: (name: string) => `${API_PREFIX}/${name}`,
  customerFollowUps: `${API_PREFIX}/customer/follow_ups`,
  customerFollowUp: `${API_PREFIX}/customer/follow_up`,
  customerConvert: `${API_PREFIX}/customer/convert`,
  customerLose: `${API_PREFIX}/customer/lose`,
  customerSurvey: `${API_PREFIX}/customer/survey`,
  customerHistory: `${API_PREFIX}/customer/history`,
  statistic: (name: string) => `${API_PREFIX}/statistic/${name}`,
} as const;

/** Generic resource operations and their HTTP methods (SPEC.md §7 for customer and message). */
export const RESOURCE_OPS = {
  index: 'GET',
  get_info: 'GET',
  add: 'POST',
  edit: 'POST',
  del: 'GET',
  update_field: 'POST',
} as const;
export type ResourceOp = keyof typeof RESOURCE_OPS;
