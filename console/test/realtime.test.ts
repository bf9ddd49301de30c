import { describe, expect, it } from 'vitest';
import { backoffDelay, websocketUrl } from '@pv/client';

describe('realtime socket helpers', () => {
  it('builds the websocket address beside the API base', () => {
    expect(websocketUrl('', { protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080/api/system/ws');
    expect(websocketUrl('', { protocol: 'https:', host: 'ops.example.com' })).toBe('wss://ops.example.com/api/system/ws');
    expect(websocketUrl('/backend/', { protocol: 'https:', host: 'ops.example.com' })).toBe('wss://ops.example.com/backend/api/system/ws');
    expect(websocketUrl('https://api.example.com', { protocol: 'http:', host: 'localhost' })).toBe('wss://api.example.com/api/system/ws');
    expect(websocketUrl('http://10.0.0.2:8080/', { protocol: 'https:', host: 'x' })).toBe('ws://10.0.0.2:8080/api/system/ws');
  });

  it('backs off exponentially from 1 s up to 30 s, with bounded jitter', () => {
    const mid = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((n) => backoffDelay(n, mid))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(backoffDelay(0, () => 0)).toBe(800);
    expect(backoffDelay(0, () => 1)).toBe(1200);
  });
});
