import { expect, test } from '@playwright/test';
import { cutColumns, declarations } from './layout-check.ts';
import { foreign } from './walk.ts';

// The page walk's checks catch what they look for (a check that cannot fail proves nothing).

test('the layout check sees a must-show column scrolled out of its box and a table that declares none', async ({ page }) => {
  await page.goto('/#/login');
  await page.evaluate(() => {
    const box = document.createElement('div');
    box.style.cssText = 'width: 300px; overflow-x: auto';
    const head = (cells: string[]) => `<thead><tr>${cells.join('')}</tr></thead><tbody><tr>${cells.map(() => '<td>1</td>').join('')}</tr></tbody>`;
    box.innerHTML =
      `<table data-testid="wide" style="width: 900px">${head(['<th>a</th>', '<th>b</th>', '<th class="pv-col-must">amount</th>'])}</table>` +
      `<table data-testid="bare">${head(['<th>a</th>', '<th>b</th>', '<th>c</th>', '<th>d</th>'])}</table>`;
    document.body.append(box);
  });
  expect(await cutColumns(page)).toContainEqual({ table: 'wide', column: 'amount', must: true });
  const declared = await declarations(page);
  expect(declared.undeclared).toContain('bare');
  expect(declared.undeclared).not.toContain('wide');
});

test('the language check tells fixed text of the other language from data', () => {
  expect(foreign('Save 保存', 'en', '')).toEqual(['保存']);
  expect(foreign('Owner 张三', 'en', 'x\u0000张三')).toEqual([]);
  expect(foreign('保存 Save', 'zh', '')).toEqual(['Save']);
  // units and formats read the same in both languages
  expect(foreign('容量 12.5 kWp', 'zh', '')).toEqual([]);
});
