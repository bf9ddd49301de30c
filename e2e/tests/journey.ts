import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { ADMIN_PASSWORD, login, tokenOf, visible } from './helpers.ts';

/**
 * Shared steps of the role journeys (journey-<role>.spec.ts, issue 26): each journey signs in as the
 * demo user whose day it is (never as admin), clicks through that day's work, and tries one thing
 * the role must not do — no button on the page, and the API answers 403.
 */

const contexts: BrowserContext[] = [];

/** A browser page of its own, signed in as `username` (the demo users share the admin password); closed by closeSignedIn. */
export async function signedIn(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  await login(page, username, ADMIN_PASSWORD);
  return page;
}

/** After a journey that passed, its signed-in pages go (a failed one keeps them for its screenshots). */
export async function closeSignedIn({ browserName: _browserName }: { browserName: string }, testInfo: TestInfo) {
  if (testInfo.status !== testInfo.expectedStatus) return;
  while (contexts.length) await contexts.pop()!.close();
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

/** A list page, searched for a record's number, and the record opened from its row. */
export async function openFromList(page: Page, path: string, search: string, list: string, no: string) {
  await page.goto(`/#${path}`);
  await visible(page.getByPlaceholder(search)).fill(no);
  await visible(page.getByTestId(list)).getByText(no).click();
}

/** A work-order list narrowed to one station (reloaded, as a person would a cached tab), and that row's action. */
export async function workOrderAction(page: Page, list: 'buildWorkOrderList' | 'ongridWorkOrderList', stationId: number, action: string) {
  await page.goto(`/#/stationManagement/${list}?filter=${encodeURIComponent(JSON.stringify({ station_id: stationId }))}`);
  await page.reload();
  const row = page.locator('tbody tr').first();
  await expect(row).toBeVisible();
  await row.getByTestId(`wo-action-${action}`).click();
}

/** 审核通过 on a maintenance order awaiting review, found in the list by its number. */
export async function approveMaintenance(page: Page, orderNo: string) {
  await openFromList(page, '/operation/maintenanceList', '搜索工单编号', 'maintenance-list', orderNo);
  await expect(visible(page.getByTestId('maintenance-status'))).toHaveText('待审核');
  await visible(page.getByRole('button', { name: '审核通过' })).click();
  await page.getByRole('dialog').getByRole('button', { name: /确认/ }).click();
  await expect(visible(page.getByTestId('maintenance-status'))).toHaveText('已完成');
}
