import { expect, type Page } from '@playwright/test';

export interface CutColumn {
  /** the table's data-testid or its position on the page */
  table: string;
  column: string;
  /** declared must-show (`.pv-col-must`) */
  must: boolean;
}

/**
 * The header cells of the visible tables that lie (partly) outside what their containers show: past
 * the right or left edge of any scrolling or clipping ancestor, or of the window. A table scrolled
 * sideways shows its columns to nobody who does not know to scroll, so these count as hidden.
 */
export function cutColumns(page: Page): Promise<CutColumn[]> {
  return page.evaluate(() => {
    const out: { table: string; column: string; must: boolean }[] = [];
    const tables = Array.from(document.querySelectorAll('table')).filter((t) => t.checkVisibility() && t.getBoundingClientRect().width > 0);
    tables.forEach((table, i) => {
      // the visible box: the window, narrowed by every ancestor that clips or scrolls sideways
      let left = 0;
      let right = window.innerWidth;
      for (let el = table.parentElement; el && el !== document.body; el = el.parentElement) {
        const ox = getComputedStyle(el).overflowX;
        if (ox === 'visible') continue;
        const r = el.getBoundingClientRect();
        const border = parseFloat(getComputedStyle(el).borderLeftWidth) || 0;
        left = Math.max(left, r.left + border);
        right = Math.min(right, r.left + border + el.clientWidth);
      }
      const name = table.getAttribute('data-testid') ?? table.closest('[data-testid]')?.getAttribute('data-testid') ?? `table ${i + 1}`;
      for (const th of Array.from(table.querySelectorAll('thead th'))) {
        const r = th.getBoundingClientRect();
        if (r.width === 0) continue;
        if (r.right > right + 1 || r.left < left - 1) out.push({ table: name, column: (th.textContent ?? '').trim() || `#${(th as HTMLTableCellElement).cellIndex + 1}`, must: th.classList.contains('pv-col-must') });
      }
    });
    return out;
  });
}

/**
 * The visible data tables (four columns or more) that declare no must-show column, and how many
 * must-show columns the visible tables declare in all.
 */
export function declarations(page: Page): Promise<{ undeclared: string[]; must: number }> {
  return page.evaluate(() => {
    const tables = Array.from(document.querySelectorAll('table')).filter((t) => t.checkVisibility());
    const undeclared: string[] = [];
    let must = 0;
    tables.forEach((table, i) => {
      const heads = Array.from(table.querySelectorAll('thead th'));
      const n = heads.filter((th) => th.classList.contains('pv-col-must')).length;
      must += n;
      if (heads.length >= 4 && n === 0) undeclared.push(table.getAttribute('data-testid') ?? table.closest('[data-testid]')?.getAttribute('data-testid') ?? `table ${i + 1}`);
    });
    return { undeclared, must };
  });
}

/** Two frames: a resize's observers have run and React has drawn their outcome. */
export const frames = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50)))));

/** The page's data is in: a table's rows, an empty list, a tree or a chart, and no spinner. */
export async function settle(page: Page): Promise<void> {
  await page
    .locator('#main-content tbody tr, #main-content .RaEmpty-message, #main-content .RaList-content .MuiCardContent-root, #main-content [data-testid="record-error"], #main-content canvas, #main-content [role="tree"], #main-content [data-testid="tree-empty"]')
    .filter({ visible: true })
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
  await expect(page.locator('#main-content [role="progressbar"]:not([aria-hidden="true"])').filter({ visible: true })).toHaveCount(0, { timeout: 5_000 }).catch(() => undefined);
  // fitted tables settle within a few frames after their data
  await frames(page);
}
