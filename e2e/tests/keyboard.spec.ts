import { expect, test, type Page } from '@playwright/test';
import { apiAs, login, tokenOf } from './helpers.ts';

/**
 * The keyboard (issue 27, WCAG 2.1.1 and 2.4.7), on the pages people work in all day — a list with its
 * filters, row checkboxes and row actions, a form, a detail page with its actions and tables, the
 * workbench — each as the person who uses it: Tab from the top of the page to its end reaches every
 * control the page shows (a control only a mouse can use is a fault), and every stop shows where the
 * focus is (an outline or a ring, or a field's focused border).
 */

interface Stop {
  /** a short description of the element: tag, test id or name */
  what: string;
  /** the focus can be seen */
  shown: boolean;
}

/** The active page's first element gets the focus; Tab then walks on until the focus leaves the page. */
async function tabThrough(page: Page, max = 250): Promise<{ stops: Stop[] }> {
  await page.evaluate(() => {
    // a fresh walk: no mark or start point left by an earlier one
    document.getElementById('kbd-start')?.remove();
    document.querySelectorAll<HTMLElement>('[data-kbd-reached]').forEach((el) => delete el.dataset.kbdReached);
    const start = document.createElement('span');
    start.tabIndex = -1;
    start.id = 'kbd-start';
    document.querySelector('.pv-cached-page[data-active="true"]')!.prepend(start);
    start.focus();
  });
  const stops: Stop[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const at = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      const active = document.querySelector('.pv-cached-page[data-active="true"]');
      if (!el || !active?.contains(el)) return null;
      el.dataset.kbdReached = '1';
      const css = getComputedStyle(el);
      const ring = (css.outlineStyle !== 'none' && parseFloat(css.outlineWidth) > 0) || (css.boxShadow !== 'none' && css.boxShadow !== '');
      // a text field shows its focus on its frame (MUI: the input's root is marked focused)
      const field = !!el.closest('.MuiInputBase-root.Mui-focused, .MuiCheckbox-root.Mui-focusVisible, .MuiSwitch-switchBase.Mui-focusVisible, .MuiRadio-root.Mui-focusVisible');
      const name = el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? '';
      return { what: `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[${el.getAttribute('role')}]` : ''} ${name}`, shown: ring || field };
    });
    if (!at) break;
    stops.push(at);
  }
  return { stops };
}

/** The controls the active page shows that Tab did not reach, and the ones only a mouse can use. */
function unreachable(page: Page) {
  return page.evaluate(() => {
    const active = document.querySelector('.pv-cached-page[data-active="true"]')!;
    const shown = (el: Element) => (el as HTMLElement).checkVisibility({ visibilityProperty: true, opacityProperty: true }) && el.getBoundingClientRect().width > 0;
    const describe = (el: Element) => `${el.tagName.toLowerCase()} ${el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? ''}`;
    const focusable = 'button:not([disabled]), a[href], input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]';
    const missed = Array.from(active.querySelectorAll<HTMLElement>(focusable))
      // tabindex -1: one stop of a group the arrows move through (tabs, radio groups, a menu), or taken on purpose
      .filter((el) => el.tabIndex >= 0 && el.id !== 'kbd-start' && shown(el) && !el.dataset.kbdReached && !el.closest('[aria-hidden="true"], [inert]'))
      .map(describe);
    // pointer-only: drawn as clickable, but neither it nor a control around or inside it takes the focus
    const mouseOnly = Array.from(active.querySelectorAll<HTMLElement>('*'))
      .filter((el) => getComputedStyle(el).cursor === 'pointer' && shown(el) && el.tabIndex < 0 && !el.closest(focusable) && !el.querySelector(focusable) && !el.closest('label'))
      // only the outermost of a clickable group counts (its children inherit the cursor)
      .filter((el) => !el.parentElement || getComputedStyle(el.parentElement).cursor !== 'pointer')
      .map(describe);
    return { missed, mouseOnly };
  });
}

async function checkPage(page: Page, route: string) {
  await page.evaluate((hash) => (location.hash = hash), `#${route}`);
  await page.locator(`.pv-cached-page[data-active="true"][data-route="${route.replace(/[?#].*$/, '')}"]`).waitFor({ state: 'attached' });
  await expect(page.locator('#main-content [role="progressbar"]:not([aria-hidden="true"])').filter({ visible: true })).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('#main-content').locator('button, a[href]').filter({ visible: true }).first()).toBeVisible();
  // walked again while it fails: rows that arrive after the walk passed their place (the workbench's
  // to-dos load one after another) are reached by the next walk; a real fault fails every walk
  await expect(async () => {
    const { stops } = await tabThrough(page);
    const { missed, mouseOnly } = await unreachable(page);
    expect(stops.length, `${route}: Tab stops`).toBeGreaterThan(3);
    const faults = { 'focus not visible': stops.filter((s) => !s.shown).map((s) => s.what), 'controls Tab does not reach': missed, 'clickable with the mouse only': mouseOnly };
    expect(faults, route).toEqual({ 'focus not visible': [], 'controls Tab does not reach': [], 'clickable with the mouse only': [] });
  }).toPass({ timeout: 30_000 });
}

async function signedIn(page: Page, username: string) {
  await login(page, username);
  return apiAs(page.request, await tokenOf(page));
}

test('客服 kefu: the customer list and the new-customer form, by keyboard only', async ({ page }) => {
  await signedIn(page, 'kefu');
  await checkPage(page, '/customer/intentionalCustomer');
  await checkPage(page, '/customer/intentionalCustomer/create');
});

test('财务 caiwu: the payment batch list and a batch’s detail page, by keyboard only', async ({ page }) => {
  const api = await signedIn(page, 'caiwu');
  await checkPage(page, '/finance/paymentBatch');
  const batch = ((await api.get('payment_batch/index?page=1&limit=1')).list as Array<{ id: number }>)[0]!;
  await checkPage(page, `/finance/paymentBatchDetail?id=${batch.id}`);
});

test('派单 paidan: the workbench and the build work orders, by keyboard only', async ({ page }) => {
  await signedIn(page, 'paidan');
  await checkPage(page, '/workbench');
  await checkPage(page, '/stationManagement/buildWorkOrderList');
});

test('the check finds a control only the mouse can use and a focus that cannot be seen', async ({ page }) => {
  await login(page);
  await page.evaluate(() => (location.hash = '#/index'));
  await page.locator('.pv-cached-page[data-active="true"][data-route="/index"]').waitFor({ state: 'attached' });
  await page.evaluate(() => {
    const active = document.querySelector('.pv-cached-page[data-active="true"]')!;
    const box = document.createElement('div');
    box.innerHTML = '<div style="cursor: pointer" data-testid="mouse-only">打开</div><button style="outline: none; box-shadow: none" data-testid="no-ring">保存</button>';
    active.append(box);
  });
  const { stops } = await tabThrough(page);
  expect(stops.find((s) => s.what.includes('no-ring'))?.shown).toBe(false);
  expect((await unreachable(page)).mouseOnly).toContainEqual(expect.stringContaining('mouse-only'));
});
