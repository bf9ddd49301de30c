import { beforeEach, describe, expect, it, vi } from 'vitest';
import { trickle } from '../src/shell/progress/ProgressBar.tsx';

/** A localStorage for the node test environment. */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

describe('settings store: persistence and the phone rule', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage());
    vi.resetModules();
  });
  const load = () => import('../src/shell/settings/store.ts');

  it('theme settings persist on save and come back on reload; collapse persists at once', async () => {
    const { settings, THEME_KEY, COLLAPSE_KEY } = await load();
    settings.set({ themeName: 'ocean', layout: 'float', collapse: true });
    expect(localStorage.getItem(COLLAPSE_KEY)).toBe('true');
    expect(localStorage.getItem(THEME_KEY)).toBeNull();
    settings.save();
    settings.reload();
    expect(settings.get()).toMatchObject({ themeName: 'ocean', layout: 'float', collapse: true });
  });

  it('reset restores the defaults (blue-black, card, smooth) and saves them', async () => {
    const { settings, THEME_KEY } = await load();
    settings.set({ themeName: 'red-black', columnStyle: 'arrow', tabsBarStyle: 'card' });
    settings.reset();
    expect(settings.get()).toMatchObject({ themeName: 'blue-black', columnStyle: 'card', tabsBarStyle: 'smooth', layout: 'column' });
    expect(JSON.parse(localStorage.getItem(THEME_KEY)!)).toMatchObject({ themeName: 'blue-black' });
  });

  it('on a phone: vertical and folded, the fold is not persisted, save keeps the desktop layout; back on desktop all returns', async () => {
    const { settings, THEME_KEY, COLLAPSE_KEY } = await load();
    settings.set({ layout: 'common', collapse: false });
    settings.applyDevice(true);
    expect(settings.get()).toMatchObject({ device: 'mobile', layout: 'vertical', collapse: true });
    expect(localStorage.getItem(COLLAPSE_KEY)).toBe('false');
    settings.set({ themeName: 'green-black' });
    settings.save();
    expect(JSON.parse(localStorage.getItem(THEME_KEY)!)).toMatchObject({ layout: 'common', themeName: 'green-black' });
    settings.applyDevice(false);
    expect(settings.get()).toMatchObject({ device: 'desktop', layout: 'common', collapse: false });
  });
});

describe('progress bar trickle', () => {
  it('moves forward and never reaches the end by itself', () => {
    let v = 0.08;
    for (let i = 0; i < 500; i++) {
      const next = trickle(v, () => 1);
      expect(next).toBeGreaterThanOrEqual(v);
      v = next;
    }
    expect(v).toBeLessThan(1);
    expect(trickle(0.5, () => 0)).toBeGreaterThan(0.5);
  });
});
