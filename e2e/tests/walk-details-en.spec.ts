import { test } from '@playwright/test';
import { walk } from './walk.ts';

// The page walk (walk.ts): the details in English — language, layout at both sizes, CSP.
// One file per part and language, so the shards can share them out.
test('the details in en: no text of the other language, no hidden column, no CSP violation', async ({ page }) => {
  test.setTimeout(900_000);
  await walk(page, 'en', 'details');
});
