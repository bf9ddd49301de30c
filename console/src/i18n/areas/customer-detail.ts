/** Customer record additions: the app-password flag in the history, the 光E宝 actions' names. */
const zhFields = { app_password_set: '光E宝登录密码', expires_at: '链接有效期至' };
const enFields: typeof zhFields = { app_password_set: 'GEB app password', expires_at: 'Link valid until' };
const zhActions = { get_verify_url: '生成光E宝验证链接', modify_password: '设置光E宝密码' };
const enActions: typeof zhActions = { get_verify_url: 'GEB verification link created', modify_password: 'GEB password set' };

/** The customerDetail page (#/customer/customerDetail?id=N) and the 光E宝 account section. */
export const zh = {
  resources: {
    'customer/intentionalCustomer': { fields: zhFields },
    'customer/customerList': { fields: zhFields },
  },
  pv: {
    customer: { history_action: zhActions },
    customerDetail: {
      missing_id: '缺少客户 ID（地址应为 …/customerDetail?id=数字）',
      open: '详情',
      open_hint: '在新标签页打开客户详情',
      edit: '编辑',
      stations: '电站',
      no_stations: '还没有电站',
      work_orders: '施工与并网派单',
      no_work_orders: '还没有派单',
      matters: '光E宝事项',
      no_matters: '还没有事项',
      unavailable: '暂不可用：%{msg}',
      kind_build: '施工',
      kind_grid: '并网',
      app: '光E宝账号',
      app_enabled: '已开通',
      app_disabled: '未开通',
      app_password_set: '已设置登录密码',
      app_password_unset: '未设置登录密码',
      app_formal_only: '签约成为正式客户后才能开通光E宝账号',
      verify_url: '生成验证链接',
      verify_title: '光E宝账号验证',
      verify_hint: '把链接和验证码发给业主，业主在光E宝 App 中打开链接并输入验证码即可激活账号。',
      verify_code: '验证码',
      verify_link: '验证链接',
      verify_expires: '有效期至 %{time}',
      copy: '复制',
      copied: '已复制',
      set_password: '设置登录密码',
      password: '新密码',
      password_hint: '业主登录光E宝 App 的密码，至少6位；保存后账号即开通。',
      password_saved: '光E宝登录密码已设置',
      owner_hint: '输入姓名、用户名或手机号搜索',
    },
  },
};

export const en: typeof zh = {
  resources: {
    'customer/intentionalCustomer': { fields: enFields },
    'customer/customerList': { fields: enFields },
  },
  pv: {
    customer: { history_action: enActions },
    customerDetail: {
      missing_id: 'No customer ID (the address should be …/customerDetail?id=<number>)',
      open: 'Details',
      open_hint: 'Open the customer details in a new tab',
      edit: 'Edit',
      stations: 'Stations',
      no_stations: 'No stations yet',
      work_orders: 'Construction and grid orders',
      no_work_orders: 'No work orders yet',
      matters: 'GEB matters',
      no_matters: 'No matters yet',
      unavailable: 'Not available: %{msg}',
      kind_build: 'Construction',
      kind_grid: 'Grid connection',
      app: 'GEB app account',
      app_enabled: 'Active',
      app_disabled: 'Not active',
      app_password_set: 'Sign-in password set',
      app_password_unset: 'No sign-in password',
      app_formal_only: 'The GEB app account opens once the customer has signed (formal customer)',
      verify_url: 'Create a verification link',
      verify_title: 'GEB account verification',
      verify_hint: 'Send the link and the code to the owner: they open the link in the GEB app and enter the code to activate the account.',
      verify_code: 'Code',
      verify_link: 'Link',
      verify_expires: 'Valid until %{time}',
      copy: 'Copy',
      copied: 'Copied',
      set_password: 'Set the sign-in password',
      password: 'New password',
      password_hint: "The owner's GEB app password, at least 6 characters; saving it activates the account.",
      password_saved: 'The GEB app password is set',
      owner_hint: 'Search by name, user name or phone',
    },
  },
};
