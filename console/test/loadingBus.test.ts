import { describe, expect, it } from 'vitest';
import { loadingBus } from '../src/providers/loadingBus.ts';

describe('blocking loader state', () => {
  it('stays up until the last overlapping doEdit request ends, and notifies listeners', () => {
    let calls = 0;
    const stop = loadingBus.subscribe(() => calls++);
    expect(loadingBus.isLoading()).toBe(false);
    loadingBus.set(true);
    loadingBus.set(true);
    loadingBus.set(false);
    expect(loadingBus.isLoading()).toBe(true);
    loadingBus.set(false);
    expect(loadingBus.isLoading()).toBe(false);
    loadingBus.set(false); // an extra end never goes negative
    loadingBus.set(true);
    expect(loadingBus.isLoading()).toBe(true);
    loadingBus.set(false);
    stop();
    expect(calls).toBe(7);
  });
});
