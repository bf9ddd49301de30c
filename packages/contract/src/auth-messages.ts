/**
 * The messages a browser needs before anyone signs in (the login, register and SMS forms, a session
 * ended, the server out of reach — the API client's own message): a module of their own, so the
 * console's login page ships these and not the whole catalogue (i18n.ts spreads them into
 * `messages` for everyone else).
 */
export const AUTH_MESSAGES = {
  zh: {
    'validation.username_required': '用户名不能为空',
    'validation.password_min': '密码不能少于6位',
    'validation.old_password_required': '请输入当前密码',
    'validation.phone_required': '请输入手机号',
    'validation.phone': '请输入正确的手机号',
    'validation.sms_code_required': '请输入手机验证码',
    'validation.sms_code': '请输入6位数字验证码',
    'error.login_no_token': '登录接口异常，未正确返回token...',
    'error.token_expired': '登录已过期，请重新登录',
    'error.network': '连接后台接口失败，可能由以下原因造成：后端不支持跨域CORS、接口地址不存在、请求超时等，请联系管理员排查后端接口问题',
  },
  en: {
    'validation.username_required': 'User name is required',
    'validation.password_min': 'Password must be at least 6 characters',
    'validation.old_password_required': 'Please enter your current password',
    'validation.phone_required': 'Please enter a mobile number',
    'validation.phone': 'Please enter a valid mobile number',
    'validation.sms_code_required': 'Please enter the SMS verification code',
    'validation.sms_code': 'Please enter the 6-digit code',
    'error.login_no_token': 'The login endpoint did not return a token...',
    'error.token_expired': 'Your session has expired, please sign in again',
    'error.network': 'Could not reach the server: it may not allow CORS, the address may not exist, or the request timed out. Please ask an administrator to check the API.',
  },
} as const;
