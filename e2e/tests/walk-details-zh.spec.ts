import { expect, test } from '@playwright/test';
import { login } from './helpers.ts';
import { walk } from './walk.ts';

// The page walk (walk.ts): the details in Chinese — language, layout at both sizes, axe, CSP.
// One file per part and language, so the shards can share them out.
test('the details in zh: no text of the other language, no hidden column, no serious axe violation, no CSP violation', async ({ page }) => {
  test.setTimeout(900_000);
  await walk(page, 'zh', 'details');
});

test('MUI’s own texts come from its zhCN locale: an autocomplete that finds nothing says 没有可用选项', async ({ page }) => {
  await login(page);
  await page.evaluate(() => (location.hash = '#/customer/intentionalCustomer/create'));
  const agent = page.getByRole('combobox', { name: '代理商' }).filter({ visible: true }).first();
  await agent.fill('没有这个代理商zzz');
  await expect(page.getByText('没有可用选项')).toBeVisible();
  await expect(page.getByText('No options')).toHaveCount(0);
});
