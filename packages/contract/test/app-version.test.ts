import { describe, expect, it } from 'vitest';
import { appVersionAddSchema, appVersionLatestQuery, compareVersions, inRollout, isStoreUrl, isVersionName, parseVersion, rolloutBucket } from '../src/index.ts';

describe('app versions', () => {
  it('parses strict x.y.z versions only', () => {
    expect(parseVersion('1.2.3')).toEqual([1, 2, 3]);
    expect(parseVersion('10.0.0')).toEqual([10, 0, 0]);
    for (const bad of ['1.2', '1.2.3.4', 'v1.2.3', '01.2.3', '1.02.3', '1.2.3-beta', ' 1.2.3', '1..3', '', '1.2.x', '1234567.0.0']) expect(isVersionName(bad), bad).toBe(false);
  });

  it('compares by number, not by text', () => {
    expect(compareVersions('1.10.0', '1.9.9')).toBe(1);
    expect(compareVersions('1.2.3', '1.2.3')).toBe(0);
    expect(compareVersions('0.9.0', '1.0.0')).toBe(-1);
    expect(compareVersions('2.0.0', '10.0.0')).toBe(-1);
  });

  it('puts a device in a stable bucket, about p % of devices in a p % rollout', () => {
    expect(rolloutBucket('android', 120, 'device-a')).toBe(rolloutBucket('android', 120, 'device-a'));
    const n = 10_000;
    let in30 = 0;
    for (let i = 0; i < n; i++) if (inRollout('android', 120, 30, `device-${i}`)) in30++;
    expect(in30 / n).toBeGreaterThan(0.27);
    expect(in30 / n).toBeLessThan(0.33);
    // a 100 % release reaches everyone, also without a device id; 0 % and partial ones need one
    expect(inRollout('ios', 1, 100, null)).toBe(true);
    expect(inRollout('ios', 1, 99, null)).toBe(false);
    expect(inRollout('ios', 1, 0, 'x')).toBe(false);
  });

  it('takes https store links only', () => {
    expect(isStoreUrl('https://apps.apple.com/cn/app/id123456')).toBe(true);
    expect(isStoreUrl('http://apps.apple.com/cn/app/id123456')).toBe(false);
    expect(isStoreUrl('javascript:alert(1)')).toBe(false);
    expect(isStoreUrl('https://user:pw@example.com/x')).toBe(false);
  });

  it('validates a release and the public query', () => {
    const ok = appVersionAddSchema.safeParse({ platform: 'android', version_name: '1.2.3', version_code: 123, notes_zh: '修复', min_supported_version: '1.0.0' });
    expect(ok.success && ok.data.rollout).toBe(100);
    const above = appVersionAddSchema.safeParse({ platform: 'android', version_name: '1.2.3', version_code: 123, notes_zh: '修复', min_supported_version: '1.3.0' });
    expect(above.success).toBe(false);
    expect(above.error?.issues[0]?.message).toBe('validation.app_min_version');
    expect(appVersionAddSchema.safeParse({ platform: 'web', version_name: '1.2.3', version_code: 1, notes_zh: 'x' }).success).toBe(false);
    expect(appVersionAddSchema.safeParse({ platform: 'ios', version_name: '1.2.3', version_code: 1.5, notes_zh: 'x' }).success).toBe(false);
    expect(appVersionLatestQuery.safeParse({ platform: 'android', current: '1.2.3' }).success).toBe(true);
    expect(appVersionLatestQuery.safeParse({ platform: 'android', current: '1.2' }).success).toBe(false);
  });
});
