import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const p = await b.newPage({ viewport: { width: 1440, height: 900 } });
p.on('console', m => { if (m.type()==='error' || m.type()==='warning') console.log('CONSOLE', m.type(), m.text().slice(0,400)); });
p.on('pageerror', e => console.log('PAGEERROR', e.message));
const B='http://127.0.0.1:19310';
await p.goto(B+'/#/login');
await p.getByLabel(/用户名/).fill('admin'); await p.getByLabel(/密码/).first().fill('e2e-Admin-pass');
await p.getByRole('button', { name: /登录/ }).click();
await p.waitForURL(/#\/(?!login)[^?]+/);
await p.goto(B+(process.argv[2]||'/#/finance/paymentBatch'));
await p.waitForTimeout(3000); if (process.env.DUMP) console.log(await p.evaluate((s)=>document.querySelector(s)?.outerHTML.slice(0,1500), process.env.DUMP)); if (process.argv[3]) { await p.locator(process.argv[3]).first().click(); await p.waitForTimeout(800); }
await p.screenshot({path:'/tmp/layout/probe.png', fullPage: !!process.env.FULL});
await b.close();
