import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, deviceChange, isFolded } from '../src/shell/settings/store.ts';
import { drawerDisabled, pickOther, randomSkin } from '../src/shell/drawer/logic.ts';

describe('theme drawer dependencies (SPEC.md §5)', () => {
  it('layout is disabled on mobile', () => {
    expect(drawerDisabled(DEFAULT_THEME, 'mobile').layout).toBe(true);
    expect(drawerDisabled(DEFAULT_THEME, 'desktop').layout).toBe(false);
  });
  it('menu background is disabled for float and horizontal', () => {
    for (const layout of ['float', 'horizontal'] as const) expect(drawerDisabled({ layout, showTabs: true }, 'desktop').background).toBe(true);
    for (const layout of ['column', 'vertical', 'comprehensive', 'common'] as const) expect(drawerDisabled({ layout, showTabs: true }, 'desktop').background).toBe(false);
  });
  it('tab icon and tab style are disabled when tabs are off', () => {
    expect(drawerDisabled({ layout: 'column', showTabs: false }, 'desktop')).toMatchObject({ showTabsIcon: true, tabsBarStyle: true });
    expect(drawerDisabled({ layout: 'column', showTabs: true }, 'desktop')).toMatchObject({ showTabsIcon: false, tabsBarStyle: false });
  });
  it('column style only for column; fixed header disabled for common', () => {
    expect(drawerDisabled({ layout: 'column', showTabs: true }, 'desktop').columnStyle).toBe(false);
    expect(drawerDisabled({ layout: 'vertical', showTabs: true }, 'desktop').columnStyle).toBe(true);
    expect(drawerDisabled({ layout: 'common', showTabs: true }, 'desktop').fixedHeader).toBe(true);
    expect(drawerDisabled({ layout: 'vertical', showTabs: true }, 'desktop').fixedHeader).toBe(false);
  });
});

describe('random skin (SPEC.md §4)', () => {
  const randoms = [0, 0.25, 0.5, 0.75, 0.999];
  it('theme name, column style, background, tabs style and tab icon always differ from the defaults', () => {
    for (const r of randoms) {
      const skin = randomSkin('desktop', DEFAULT_THEME, () => r);
      expect(skin.themeName).not.toBe(DEFAULT_THEME.themeName);
      expect(skin.columnStyle).not.toBe(DEFAULT_THEME.columnStyle);
      expect(skin.background).not.toBe(DEFAULT_THEME.background);
      expect(skin.tabsBarStyle).not.toBe(DEFAULT_THEME.tabsBarStyle);
      expect(skin.showTabsIcon).not.toBe(DEFAULT_THEME.showTabsIcon);
    }
  });
  it('the theme name and layout also differ from the current ones', () => {
    for (const r of randoms) {
      const skin = randomSkin('desktop', { themeName: 'ocean', layout: 'float' }, () => r);
      expect(['blue-black', 'ocean']).not.toContain(skin.themeName);
      expect(['column', 'float']).not.toContain(skin.layout);
    }
  });
  it('on mobile the layout is vertical', () => {
    for (const r of randoms) expect(randomSkin('mobile', DEFAULT_THEME, () => r).layout).toBe('vertical');
  });
  it('pickOther never returns what it avoids', () => {
    for (const r of randoms) expect(pickOther(['a', 'b', 'c'], ['a', 'c'], () => r)).toBe('b');
    expect(pickOther(['a', 'b'], ['a', 'b'], () => 0)).toBe('b');
  });
});

describe('mobile rule (SPEC.md §2)', () => {
  it('becoming mobile forces vertical and folds; growing back restores the layout and opens the sidebar', () => {
    const toMobile = deviceChange({ device: 'desktop', layout: 'comprehensive', collapse: false }, true, null);
    expect(toMobile.patch).toEqual({ device: 'mobile', layout: 'vertical', collapse: true });
    expect(toMobile.previousLayout).toBe('comprehensive');
    const back = deviceChange({ device: 'mobile', layout: 'vertical', collapse: true }, false, toMobile.previousLayout);
    expect(back.patch).toEqual({ device: 'desktop', layout: 'comprehensive', collapse: false });
  });
  it('no change without crossing the breakpoint', () => {
    expect(deviceChange({ device: 'desktop', layout: 'column', collapse: true }, false, null).patch).toEqual({});
  });
  it('the float layout keeps the sidebar folded', () => {
    expect(isFolded({ collapse: false, layout: 'float' })).toBe(true);
    expect(isFolded({ collapse: false, layout: 'vertical' })).toBe(false);
  });
});
