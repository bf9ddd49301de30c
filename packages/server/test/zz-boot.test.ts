import { it } from 'vitest';
import { startApp } from './helpers.ts';
it('boot', async () => {
  const t = await startApp();
  const refs = t.app.routeTable.filter((r) => Object.keys(r.refs).length).map((r) => `${r.method} ${r.url} ${JSON.stringify(r.refs, (_k, v) => (typeof v === 'function' ? 'fn' : v))}`);
  console.log(refs.join('\n'));
  await t.close();
}, 60000);
