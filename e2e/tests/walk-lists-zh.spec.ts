import { test } from '@playwright/test';
import { walk } from './walk.ts';

// The page walk (walk.ts): the lists in Chinese — language, layout at both sizes, axe, CSP.
// One file per part and language, so the shards can share them out.
test('the lists in zh: no text of the other language, no hidden column, no serious axe violation, no CSP violation', async ({ page }) => {
  test.setTimeout(900_000);
  await walk(page, 'zh', 'lists');
});
