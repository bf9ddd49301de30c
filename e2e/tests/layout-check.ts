import type { Page } from '@playwright/test';

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
    const tables = [...document.querySelectorAll('table')].filter((t) => t.checkVisibility() && t.getBoundingClientRect().width > 0);
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
      for (const th of table.querySelectorAll('thead th')) {
        const r = th.getBoundingClientRect();
        if (r.width === 0) continue;
        if (r.right > right + 1 || r.left < left - 1) out.push({ table: name, column: (th.textContent ?? '').trim() || `#${(th as HTMLTableCellElement).cellIndex + 1}`, must: th.classList.contains('pv-col-must') });
      }
    });
    return out;
  });
}

/** How many must-show columns the visible tables declare (a page checked with none declared proves nothing). */
export function mustColumnCount(page: Page): Promise<number> {
  return page.evaluate(() => [...document.querySelectorAll('thead th.pv-col-must')].filter((th) => th.checkVisibility()).length);
}
