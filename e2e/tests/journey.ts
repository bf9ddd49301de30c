import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, login, tokenOf } from './helpers.ts';

/**
 * Shared steps of the role journeys (journey-<role>.spec.ts, issue 26): each journey signs in as the
 * demo user whose day it is (never as admin), clicks through that day's work, and tries one thing
 * the role must not do — no button on the page, and the API answers 403.
 */

/** A browser page of its own, signed in as `username` (the demo users share the admin password). */
export async function signedIn(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await login(page, username, ADMIN_PASSWORD);
  return page;
}

/** The API beside the UI as the page's user: data of a 200, or the whole reply (status, msg) when asked. */
export function apiOf(page: Page, request: APIRequestContext) {
  const headers = async (lang: 'zh' | 'en' = 'zh') => ({ authorization: `Bearer ${await tokenOf(page)}`, 'accept-language': lang === 'zh' ? 'zh-CN' : 'en' });
  const data = async (res: Awaited<ReturnType<APIRequestContext['get']>>) => {
    const body = (await res.json()) as { code: number; msg: string; data: any };
    expect(body.code, body.msg).toBe(200);
    return body.data;
  };
  return {
    get: async (path: string) => data(await request.get(`/api/system/${path}`, { headers: await headers() })),
    post: async (path: string, body: unknown) => data(await request.post(`/api/system/${path}`, { headers: await headers(), data: body })),
    /** the reply of a call the role must not make: its status and message (in `lang`) */
    refused: async (method: 'GET' | 'POST', path: string, body?: unknown, lang: 'zh' | 'en' = 'zh') => {
      const res = method === 'GET' ? await request.get(`/api/system/${path}`, { headers: await headers(lang) }) : await request.post(`/api/system/${path}`, { headers: await headers(lang), data: body ?? {} });
      return { status: res.status(), msg: ((await res.json()) as { msg: string }).msg };
    },
  };
}

/** The console in English from the next load on (the language is kept in local storage). */
export async function inEnglish(page: Page) {
  await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('en')));
}

/** This day in China time (YYYY-MM-DD). */
export const chinaDay = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
