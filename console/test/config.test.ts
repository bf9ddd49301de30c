import { describe, expect, it } from 'vitest';
import { appConfig, tableHeight } from '../src/config.ts';

// The code reads these from appConfig (not literals of its own): see config-consumers.test.tsx.

describe('console constants (SPEC.md §9)', () => {
  it('table height is the window height minus 291, minus 60 per extra row', () => {
    expect(tableHeight(900)).toBe(609);
    expect(tableHeight(900, 1)).toBe(549);
    expect(tableHeight(1080, 2)).toBe(669);
  });
  it('keeps the numbers SPEC.md names', () => {
    expect(appConfig).toMatchObject({
      requestTimeout: 30000,
      messageDuration: 3000,
      keepAliveMaxNum: 20,
      loadingText: '正在加载中...',
      leftMenuWidth: 266,
      themeDrawerWidth: 285,
      passwordPopoverWidth: 400,
      progressBar: { speed: 500, trickle: 200 },
      mobileBreakpoint: 992,
      logoutDelayMs: 10000,
      unlockDelayMs: 500,
      randomSkinLoadingMs: 1000,
      externalRedirectDelayMs: 1000,
      lockWallpapers: 32,
      menuScrollThreshold: 18,
      uniqueOpened: false,
      openFirstMenu: true,
    });
  });
  it('signs in by default: login interception on, the menu from the server (SPEC.md §2, §6)', () => {
    expect(appConfig).toMatchObject({ loginInterception: true, authentication: 'all', rolesControl: false });
  });
});
