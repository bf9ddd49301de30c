import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ADMIN_PASSWORD } from '../playwright.config.ts';

export { ADMIN_PASSWORD };

/** Sign in through the login page as a person would. */
export async function login(page: Page, username = 'admin', password = ADMIN_PASSWORD): Promise<void> {
  await page.goto('/#/login');
  await page.getByLabel(/用户名|Username/).fill(username);
  await page.getByLabel(/密码|Password/).first().fill(password);
  await page.getByRole('button', { name: /登录|Sign in/ }).click();
  // wait for the page the app lands on, not the transient #/ before its redirect to the start page:
  // a navigation made in between would be overridden by that redirect
  await expect(page).toHaveURL(/#\/(?!login)[^?]+/);
}

/** The token the console stored, for API calls made beside the UI. */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('admin-plus-token'));
  if (!token) throw new Error('no token in localStorage');
  return token;
}

/** A phone number unlikely to collide with demo data or an earlier run. */
export function uniquePhone(): string {
  return '139' + String(Date.now()).slice(-8);
}

/** E2E_SHOTS=<dir> writes a spec's screenshots there (to look at them); otherwise nothing is written. */
export async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: options.fullPage });
}

/** Cached pages stay in the DOM, hidden: the first match that is on screen. */
export const visible = (l: Locator): Locator => l.filter({ visible: true }).first();

/** The API beside the UI, with a user's token: GET and POST answer `data`, asserting code 200 (the message when not). */
export function apiAs(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const check = async (res: Awaited<ReturnType<APIRequestContext['get']>>) => {
    const body = (await res.json()) as { code: number; msg: string; data: any };
    expect(body.code, body.msg).toBe(200);
    return body.data;
  };
  return {
    get: async (path: string) => check(await request.get(`/api/system/${path}`, { headers })),
    post: async (path: string, data: unknown) => check(await request.post(`/api/system/${path}`, { headers, data })),
  };
}
