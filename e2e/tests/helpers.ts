import { expect, type Page } from '@playwright/test';
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
