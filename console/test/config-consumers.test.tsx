import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { RequestConfig } from '@pv/client';
import { fakeClient } from './fakeClient.ts';
import { installMemoryStorage } from './memoryStorage.ts';

/**
 * The console reads its constants from the one appConfig (console/src/config.ts), not from literals
 * of its own: with other values configured, the code that uses them follows. (config.test.ts checks
 * the configured values against SPEC.md.)
 */
vi.mock('../src/config.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/config.ts')>();
  return {
    ...real,
    appConfig: { ...real.appConfig, leftMenuWidth: 250, messageDuration: 4321, requestTimeout: 12_345, authentication: 'frontend' },
  };
});

const clientOptions: { current: Record<string, unknown> | null } = { current: null };
vi.mock('@pv/client', async (importOriginal) => {
  const real = await importOriginal<typeof import('@pv/client')>();
  return {
    ...real,
    createClient: (options: Parameters<typeof real.createClient>[0]) => {
      clientOptions.current = options as unknown as Record<string, unknown>;
      return real.createClient(options);
    },
  };
});

const FakeNotification = (_: { autoHideDuration?: number }) => null;
vi.mock('react-admin', async (importOriginal) => ({
  ...(await importOriginal<typeof import('react-admin')>()),
  Notification: FakeNotification,
}));

installMemoryStorage();

const { DEFAULT_THEME } = await import('../src/shell/settings/store.ts');
const { buildTheme } = await import('../src/shell/themes/buildTheme.ts');
const { AppNotification } = await import('../src/shell/AppNotification.tsx');
await import('../src/providers/client.ts');
const { createAuthProvider } = await import('../src/providers/authProvider.ts');
const { session } = await import('../src/providers/session.ts');

/** Every element of a tree of elements (without rendering function components). */
function elements(node: ReactNode): ReactElement[] {
  if (Array.isArray(node)) return node.flatMap(elements);
  if (!isValidElement(node)) return [];
  return [node, ...elements((node.props as { children?: ReactNode }).children)];
}

describe('the console reads appConfig', () => {
  it('leftMenuWidth: the default menu width and the theme sidebar', () => {
    expect(DEFAULT_THEME.menuWidth).toBe(250);
    expect((buildTheme('blue-black') as { sidebar?: { width: number } }).sidebar?.width).toBe(250);
  });

  it('messageDuration: how long react-admin notifications stay', () => {
    const notification = elements(AppNotification()).find((e) => e.type === FakeNotification);
    expect(notification?.props).toMatchObject({ autoHideDuration: 4321 });
  });

  it('requestTimeout: the API client timeout', () => {
    expect(clientOptions.current).toMatchObject({ timeout: 12_345 });
  });

  it("authentication 'frontend': the menu is the built-in tree, the server's menu is not asked", async () => {
    localStorage.clear();
    const user = { id: 7, username: 'kefu', full_name: '客服', identity: 'staff', agent_id: null, avatar: null, admin: false, roles: ['operator'], permissions: ['customer:index'] };
    const { api, calls } = fakeClient((c: RequestConfig) => (c.url.endsWith('/get_user_info') ? user : new Error('unexpected ' + c.url)));
    session.setToken('T1');
    const access = (await createAuthProvider(api).getPermissions!({})) as { routes: unknown[] };
    expect(access.routes.length).toBeGreaterThan(0);
    expect(calls.map((c) => c.url).filter((u) => u.endsWith('/menu/index'))).toEqual([]);
  });
});
