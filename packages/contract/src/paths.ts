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
  sms: `${API_PREFIX}/index/sms`,
  smsLogin: `${API_PREFIX}/index/sms_login`,
  register: '/register',
  socialLogin: '/socialLogin',
  callback: '/callback',
  publicKey: '/publicKey',
  expireToken: '/expireToken',
  exLogin: `${API_PREFIX}/index/ex_login`,
  startPage: `${API_PREFIX}/index/start_page`,
  /** the lock screen asks the server whether a password is the signed-in user's own */
  checkPassword: `${API_PREFIX}/common/check_password`,
  /** change password from the avatar menu (SPEC.md §7 modify_passwords: id and password) */
  modifyPasswords: `${API_PREFIX}/common/modify_passwords`,
  upload: '/upload',
  websocket: `${API_PREFIX}/ws`,
  message: (op: string) => `${API_PREFIX}/message/${op}`,
  /** generic resource calls: `${resource(name)}/index` etc. */
  resource: (name: string) => `${API_PREFIX}/${name}`,
  customerFollowUps: `${API_PREFIX}/customer/follow_ups`,
  customerFollowUp: `${API_PREFIX}/customer/follow_up`,
  customerConvert: `${API_PREFIX}/customer/convert`,
  customerLose: `${API_PREFIX}/customer/lose`,
  customerSurvey: `${API_PREFIX}/customer/survey`,
  statistic: (name: string) => `${API_PREFIX}/statistic/${name}`,
  target: (name: string) => `${API_PREFIX}/target/${name}`,
  displayToken: (name: string) => `${API_PREFIX}/display_token/${name}`,
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

// Sign-in paths the login page needs (here, not in auth.ts: that module's schemas would bring zod to the login page)
/** Public: what the login page may offer (register link, RSA, external provider, 山海系统 link). */
export const AUTH_CONFIG_PATH = '/api/system/index/auth_config';
/** Public: the provider's authorize URL with a server-signed state (external sign-in). */
export const SOCIAL_URL_PATH = '/api/system/index/social_url';
