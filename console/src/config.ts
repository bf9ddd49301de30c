/**
 * The console's fixed configuration (SPEC.md §2, §6, §9). Shell *settings* a user can change
 * (layout, theme, tabs...) live in shell/settings; these are the product's constants.
 */
export const appConfig = {
  title: '运维后台管理',
  /** 'all': the menu and route tree come from the server after login (SPEC.md §2) */
  authentication: 'all' as 'all' | 'frontend',
  /** off: route-meta role guards are not enforced (permissions still are) */
  rolesControl: false,
  /** off: no login, the user is a virtual admin (demos only) */
  loginInterception: true,
  /** without a token, remember the requested path as ?redirect= (not for /) */
  recordRoute: true,
  /** paths that need no login */
  routesWhiteList: ['/login', '/register', '/callback', '/403', '/404'],
  /** capture uncaught errors into the error log */
  errorLog: true,
  pwa: true,
  requestTimeout: 30000,
  messageDuration: 3000,
  keepAliveMaxNum: 20,
  loadingText: '正在加载中...',
  passwordMinLength: 6,
  rsaEncryptChunk: 117,
  rsaDecryptChunk: 128,
  /** table height = window height − 291 − 60 per extra row of controls */
  tableHeightOffset: 291,
  tableHeightPerExtra: 60,
  leftMenuWidth: 266,
  foldedMenuWidth: 64,
  themeDrawerWidth: 285,
  passwordPopoverWidth: 400,
  progressBar: { speed: 500, trickle: 200 },
  uniqueOpened: false,
  openFirstMenu: true,
  mobileBreakpoint: 992,
  logoutDelayMs: 10_000,
  unlockDelayMs: 500,
  randomSkinLoadingMs: 1000,
  externalRedirectDelayMs: 1000,
  lockWallpapers: 32,
  menuScrollThreshold: 18,
  chunkLoadTimeoutMs: 120_000,
} as const;

/** Table height of SPEC.md §9 for a window height and a number of extra control rows. */
export const tableHeight = (windowHeight: number, extra = 0) =>
  windowHeight - appConfig.tableHeightOffset - appConfig.tableHeightPerExtra * extra;
