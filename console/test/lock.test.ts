import { describe, expect, it } from 'vitest';
import { ApiError } from '@pv/client';
import { paths } from '@pv/contract';
import { randomWallpaper, wallpaperSvg, wallpaperUrl, WALLPAPER_COUNT } from '../src/shell/lock/wallpapers.ts';
import { checkPassword } from '../src/shell/lock/unlock.ts';
import { fakeClient } from './fakeClient.ts';

describe('lock wallpapers (SPEC.md §4: 32, indices 0–31)', () => {
  it('there are 32 different, deterministic SVG images', () => {
    expect(WALLPAPER_COUNT).toBe(32);
    const all = Array.from({ length: 32 }, (_, i) => wallpaperSvg(i));
    expect(new Set(all).size).toBe(32);
    for (const svg of all) expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg".*<\/svg>$/);
    expect(wallpaperSvg(5)).toBe(wallpaperSvg(5));
    expect(wallpaperSvg(32)).toBe(wallpaperSvg(0));
    expect(wallpaperSvg(-1)).toBe(wallpaperSvg(31));
    expect(wallpaperUrl(3)).toMatch(/^url\("data:image\/svg\+xml;charset=utf-8,%3Csvg/);
  });
  it('a random pick is always another index in 0–31', () => {
    for (const r of [0, 0.3, 0.5, 0.999999]) {
      for (let current = 0; current < 32; current++) {
        const next = randomWallpaper(current, () => r);
        expect(next).not.toBe(current);
        expect(next).toBeGreaterThanOrEqual(0);
        expect(next).toBeLessThan(32);
      }
    }
    const seen = new Set(Array.from({ length: 31 }, (_, i) => randomWallpaper(0, () => i / 31)));
    expect(seen.size).toBe(31);
  });
});

describe('unlock password check (POST check_password)', () => {
  it('posts the password and accepts a success reply', async () => {
    const { api, calls } = fakeClient(() => ({ valid: true }));
    await expect(checkPassword(api, 'secret-1')).resolves.toBe(true);
    expect(calls[0]).toMatchObject({ url: paths.checkPassword, method: 'POST', data: { password: 'secret-1' }, silent: true });
  });
  it('a false answer or a refusal code is a wrong password', async () => {
    await expect(checkPassword(fakeClient(() => false).api, 'x')).resolves.toBe(false);
    await expect(checkPassword(fakeClient(() => ({ valid: false })).api, 'x')).resolves.toBe(false);
    await expect(checkPassword(fakeClient(() => new ApiError('密码错误', { code: 401, url: paths.checkPassword })).api, 'x')).resolves.toBe(false);
    await expect(checkPassword(fakeClient(() => new ApiError('bad', { code: 400, url: paths.checkPassword })).api, 'x')).resolves.toBe(false);
  });
  it('other failures reject so their message shows', async () => {
    await expect(checkPassword(fakeClient(() => new ApiError('连接后台接口失败', { code: 'NETWORK', url: '' })).api, 'x')).rejects.toThrow('连接后台接口失败');
  });
});
