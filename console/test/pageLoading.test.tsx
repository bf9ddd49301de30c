import { describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { readFileSync } from 'node:fs';
import type { ReactElement } from 'react';

// SPEC.md §9: pages and views show the configured loading text while they load.
const lang = { current: 'zh' as 'zh' | 'en' };
vi.mock('react-admin', async (importOriginal) => {
  const real = await importOriginal<typeof import('react-admin')>();
  const zh = (await import('../src/i18n/zh.ts')).default as unknown as Record<string, Record<string, string>>;
  const en = (await import('../src/i18n/en.ts')).default as unknown as Record<string, Record<string, string>>;
  const lookup = (key: string) => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], lang.current === 'en' ? en : zh);
  return {
    ...real,
    useTranslate: () => (key: string) => (lookup(key) as string | undefined) ?? key,
    // past react-admin's one-second delay
    useTimeout: () => true,
  };
});

const { appConfig } = await import('../src/config.ts');
const { PageLoading } = await import('../src/shell/PageLoading.tsx');

const text = (el: ReactElement) =>
  renderToStaticMarkup(el)
    .replace(/<style[^>]*>.*?<\/style>/gs, '')
    .replace(/<[^>]*>/g, '');

describe('loading text (SPEC.md §9)', () => {
  it('is the configured 正在加载中... in Chinese and Loading... in English, not react-admin’s 加载中 / 请稍候', () => {
    lang.current = 'zh';
    expect(text(<PageLoading />)).toBe(appConfig.loadingText);
    expect(appConfig.loadingText).toBe('正在加载中...');
    lang.current = 'en';
    expect(text(<PageLoading />)).toBe('Loading...');
    lang.current = 'zh';
    expect(text(<PageLoading />)).not.toMatch(/请稍候/);
  });

  it('is the Suspense fallback of the content area and of every cached page', () => {
    for (const [name, file] of [
      ['Content', '../src/shell/layouts/Content.tsx'],
      ['PageCache', '../src/shell/tabs/PageCache.tsx'],
    ] as const) {
      const source = readFileSync(new URL(file, import.meta.url), 'utf8');
      expect(source, name).toMatch(/<Suspense fallback=\{<PageLoading \/>\}>/);
      expect(source, name).not.toMatch(/<Loading\b/);
    }
  });
});
