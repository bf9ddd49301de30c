import { describe, expect, it } from 'vitest';
import { tokenState, wallLink } from '../src/resources/system/displayToken/api.ts';

describe('display tokens screen', () => {
  it('the wall link opens the big screen beside the console with the token', () => {
    expect(wallLink('pvd_abc-_x', { origin: 'https://pv.example.cn', pathname: '/' })).toBe('https://pv.example.cn/daping/?token=pvd_abc-_x');
    expect(wallLink('pvd_a', { origin: 'http://h:8080', pathname: '/admin/index.html' })).toBe('http://h:8080/admin/daping/?token=pvd_a');
  });
  it('a token is active, revoked or expired', () => {
    const now = Date.parse('2026-06-01T00:00:00Z');
    expect(tokenState({ revoked_at: null, expires_at: null }, now)).toBe('active');
    expect(tokenState({ revoked_at: null, expires_at: '2026-07-01T00:00:00Z' }, now)).toBe('active');
    expect(tokenState({ revoked_at: null, expires_at: '2026-05-01T00:00:00Z' }, now)).toBe('expired');
    expect(tokenState({ revoked_at: '2026-05-02T00:00:00Z', expires_at: '2026-05-01T00:00:00Z' }, now)).toBe('revoked');
  });
});
