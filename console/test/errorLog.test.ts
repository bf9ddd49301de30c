import { describe, expect, it, vi } from 'vitest';
import { describeError, errorLog, ERROR_LOG_MAX, installErrorCapture, searchLinks } from '../src/shell/errorLog/store.ts';
import { ChunkLoadError, loadWithTimeout } from '../src/shell/errorLog/lazyView.tsx';

describe('error log (SPEC.md §4, §8)', () => {
  it('describes errors, error-like objects, strings and other values', () => {
    const err = new Error('boom');
    expect(describeError(err)).toEqual({ message: 'boom', stack: err.stack });
    expect(describeError({ message: 'm', stack: 's' })).toEqual({ message: 'm', stack: 's' });
    expect(describeError('text')).toEqual({ message: 'text', stack: '' });
    expect(describeError({ a: 1 })).toEqual({ message: '{"a":1}', stack: '' });
    expect(describeError(undefined).message).toBe('undefined');
  });
  it('adds entries with url, message and stack; clear (暂不显示) empties it; keeps the newest', () => {
    errorLog.clear();
    errorLog.add(new Error('one'), '/customer/customerList');
    expect(errorLog.get()).toMatchObject([{ url: '/customer/customerList', message: 'one' }]);
    expect(errorLog.get()[0]!.stack).toContain('Error: one');
    for (let i = 0; i < ERROR_LOG_MAX + 5; i++) errorLog.add(`e${i}`, '/');
    expect(errorLog.get()).toHaveLength(ERROR_LOG_MAX);
    expect(errorLog.get().at(-1)!.message).toBe(`e${ERROR_LOG_MAX + 4}`);
    errorLog.clear();
    expect(errorLog.get()).toEqual([]);
  });
  it('captures window errors and unhandled rejections, not resource load errors nor the ResizeObserver loop note', () => {
    errorLog.clear();
    const target = new EventTarget();
    vi.stubGlobal('window', { location: { hash: '#/index' } });
    installErrorCapture(target as unknown as Window);
    const error = Object.assign(new Event('error'), { error: new Error('thrown'), message: 'thrown' });
    target.dispatchEvent(error);
    target.dispatchEvent(Object.assign(new Event('error'), { error: null, message: '' }));
    target.dispatchEvent(Object.assign(new Event('error'), { error: null, message: 'ResizeObserver loop completed with undelivered notifications.' }));
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('rejected') }));
    expect(errorLog.get().map((e) => [e.url, e.message])).toEqual([
      ['/index', 'thrown'],
      ['/index', 'rejected'],
    ]);
    vi.unstubAllGlobals();
    errorLog.clear();
  });
  it('search links on Baidu and Bing carry the message', () => {
    expect(searchLinks('a b&c')).toEqual({ baidu: 'https://www.baidu.com/s?wd=a%20b%26c', bing: 'https://www.bing.com/search?q=a%20b%26c' });
  });
});

describe('view chunk loading (SPEC.md §8)', () => {
  it('a failed load becomes a ChunkLoadError', async () => {
    await expect(loadWithTimeout(() => Promise.reject(new Error('Failed to fetch dynamically imported module')), 1000)).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(loadWithTimeout(() => Promise.resolve(42), 1000)).resolves.toBe(42);
  });
  it('a load over the time-out fails as a time-out', async () => {
    vi.useFakeTimers();
    const pending = loadWithTimeout(() => new Promise(() => undefined), 120_000);
    const check = expect(pending).rejects.toMatchObject({ name: 'ChunkLoadError', timeout: true });
    vi.advanceTimersByTime(120_000);
    await check;
    vi.useRealTimers();
  });
});
