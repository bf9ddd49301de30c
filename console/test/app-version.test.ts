import { describe, expect, it } from 'vitest';
import { MENU_TREE } from '@pv/contract';
import { bindingOf } from '../src/providers/resources.ts';
import { allowedAppVersionActions, appVersionDetailPath, formatBytes, publishBlocker } from '../src/resources/appVersion/logic.ts';
import { VIEWS } from '../src/shell/routes/views.tsx';

describe('app version screens', () => {
  it('offer the buttons a release’s state allows', () => {
    expect(allowedAppVersionActions('draft')).toEqual(['publish']);
    expect(allowedAppVersionActions('published')).toEqual(['rollout', 'withdraw']);
    expect(allowedAppVersionActions('withdrawn')).toEqual([]);
  });

  it('say what a draft lacks before it can be published', () => {
    expect(publishBlocker({ platform: 'android', package_file_id: null, store_url: null })).toBe('no_package');
    expect(publishBlocker({ platform: 'android', package_file_id: 3, store_url: null })).toBeNull();
    expect(publishBlocker({ platform: 'ios', package_file_id: null, store_url: null })).toBe('no_store_url');
    expect(publishBlocker({ platform: 'harmonyos', package_file_id: null, store_url: 'https://appgallery.huawei.com/app/C1' })).toBeNull();
  });

  it('show sizes readably', () => {
    expect(formatBytes(null)).toBe('-');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1492)).toBe('1 KiB');
    expect(formatBytes(200 * 1024 * 1024)).toBe('200.0 MiB');
  });

  it('are reachable: the menu entries, their views, the API binding', () => {
    const other = MENU_TREE.find((m) => m.path === '/other')!;
    expect(other.enabled).not.toBe(false);
    // every entry of 其他 (the workflow screens and 版本管理) has its view
    for (const c of other.children!) expect(c.enabled, c.name).not.toBe(false);
    for (const c of other.children!) expect(VIEWS[c.component ?? ''], c.name).toBeDefined();
    expect(bindingOf('other/appVersion').api).toBe('app_version');
    expect(appVersionDetailPath(7)).toBe('/other/appVersionDetail?id=7');
  });
});
