/**
 * Sign-in texts beyond the password form: SMS login, register, external provider callback, the
 * 山海系统 link, logout (SPEC.md §2, §5, §7). Field prompts of SPEC.md §5 come from the contract
 * (pv.msg.validation.*), so the server and the forms say the same words.
 */
export const zh = {
  pv: {
    auth: {
      tab_password: '账号密码登录',
      tab_sms: '短信验证码登录',
      phone: '手机号',
      phone_placeholder: '请输入手机号',
      code: '验证码',
      code_placeholder: '请输入手机验证码',
      send_code: '获取验证码',
      resend_in: '%{seconds}秒后重新获取',
      code_sent: '验证码已发送，%{minutes}分钟内有效',
      no_account: '还没有账号？',
      register: '注册账号',
      register_title: '注册账号',
      register_submit: '注册',
      register_disabled: '系统未开放注册，请联系管理员开通账号',
      full_name: '姓名（选填）',
      password_new_placeholder: '至少6位',
      have_account: '已有账号？',
      back_to_login: '返回登录',
      social: '使用%{name}登录',
      social_or: '或',
      callback_signing_in: '正在完成第三方登录...',
      callback_failed: '第三方登录未完成',
      callback_missing: '回调地址缺少 code 或 state 参数',
      callback_state: '登录请求与本浏览器发起的不一致，请重新发起第三方登录',
      shanhai: '山海系统',
      shanhai_opening: '正在打开山海系统...',
      shanhai_failed: '打开山海系统失败：%{detail}',
      shanhai_no_token: '山海系统没有返回登录凭证',
    },
  },
};

export const en: typeof zh = {
  pv: {
    auth: {
      tab_password: 'User name & password',
      tab_sms: 'SMS code',
      phone: 'Mobile number',
      phone_placeholder: 'Please enter a mobile number',
      code: 'Code',
      code_placeholder: 'Please enter the SMS verification code',
      send_code: 'Get code',
      resend_in: 'Resend in %{seconds}s',
      code_sent: 'Code sent; valid for %{minutes} minutes',
      no_account: 'No account yet?',
      register: 'Sign up',
      register_title: 'Create an account',
      register_submit: 'Sign up',
      register_disabled: 'Self sign-up is not enabled; ask an administrator for an account',
      full_name: 'Full name (optional)',
      password_new_placeholder: 'At least 6 characters',
      have_account: 'Already have an account?',
      back_to_login: 'Back to sign-in',
      social: 'Sign in with %{name}',
      social_or: 'or',
      callback_signing_in: 'Completing the external sign-in...',
      callback_failed: 'External sign-in did not complete',
      callback_missing: 'The callback address lacks the code or state parameter',
      callback_state: 'This sign-in was not started from this browser; please start the external sign-in again',
      shanhai: 'Shanhai system',
      shanhai_opening: 'Opening the Shanhai system...',
      shanhai_failed: 'Could not open the Shanhai system: %{detail}',
      shanhai_no_token: 'The Shanhai system returned no sign-in token',
    },
  },
};
