import { expect, test, type Page, type Request } from '@playwright/test';
import { apiAs, login, tokenOf } from './helpers.ts';

/**
 * Every page in one language shows no fixed text of the other (issue 27): walked in English, no Chinese
 * characters; walked in Chinese, no English words — outside the data. Data is told apart without marking
 * up the pages: every string the API answered while the page was open counts as data (names, numbers,
 * addresses, process and node names someone typed), so a text is a fault only when part of it came from
 * no record — a hard-coded label, a catalogue entry missing in one language, MUI's own English, a raw key
 * shown instead of its label (object keys of the answers are not data). `translate="no"` marks what is
 * deliberately not translated. A handful of terms read the same in both languages (units, file formats).
 */

/** menu pages (the route tree's visible leaves, signed in as admin) */
const PAGES = [
  '/index', '/dashboard', '/workbench',
  '/customer/intentionalCustomer', '/customer/customerList',
  '/stationManagement/stationList', '/stationManagement/buildWorkOrderList', '/stationManagement/buildSelfAuditList',
  '/stationManagement/ongridWorkOrderList', '/stationManagement/ongridSelfAuditList', '/stationManagement/gebMatter', '/stationManagement/inputagent',
  '/operation/operationPlan', '/operation/inspectionList', '/operation/maintenanceList', '/operation/materialList', '/operation/warehouseList', '/operation/stockLedger',
  '/finance/leaseContract', '/finance/rentBill', '/finance/revenueList', '/finance/revenueReport', '/finance/tariffList', '/finance/rentReport',
  '/finance/paymentBatch', '/finance/settlement', '/finance/settlementRule', '/finance/invoice', '/finance/statement',
  '/partner/partnerList', '/partner/insurancePolicy', '/partner/insuranceClaim',
  '/other/workflow', '/other/workflowInstance', '/other/appVersion',
  '/setting/personalCenter', '/setting/userManagement', '/setting/roleManagement', '/setting/departmentManagement', '/setting/menuManagement',
  '/setting/taskManagement', '/setting/systemLog', '/setting/messageCenter', '/setting/displayToken',
  // forms
  '/customer/intentionalCustomer/create', '/stationManagement/stationList/create', '/operation/operationPlan/create', '/finance/invoice/create',
  '/partner/partnerList/create', '/partner/insurancePolicy/create', '/setting/userManagement/create',
];

/** detail pages: the route and the API resource whose newest record it shows */
const DETAILS: Array<[route: string, api: string]> = [
  ['/customer/customerDetail', 'customer'],
  ['/stationManagement/stationDetail', 'station'],
  ['/stationManagement/buildSelfAuditDetail', 'self_audit'],
  ['/stationManagement/inputagentDetail', 'agent'],
  ['/operation/inspectionDetail', 'inspection'],
  ['/operation/maintenanceDetail', 'maintenance'],
  ['/finance/leaseContractDetail', 'lease_contract'],
  ['/finance/paymentBatchDetail', 'payment_batch'],
  ['/finance/settlementDetail', 'settlement'],
  ['/finance/invoiceDetail', 'invoice'],
  ['/finance/statementDetail', 'statement'],
  ['/partner/partnerDetail', 'partner'],
  ['/partner/insurancePolicyDetail', 'insurance_policy'],
  ['/partner/insuranceClaimDetail', 'insurance_claim'],
  ['/other/workflowDesigner', 'workflow'],
];

/** words a Chinese page may show as they are: units, file formats, acronyms, the product's codes */
const SAME_IN_BOTH = new Set(
  'kWp MWp kWh MWh kW MW kV SN ID IP PDF OFD xlsx csv Excel Cron SLA MTTR CO GB MiB KiB KB MB App iOS Android HarmonyOS PNG JPEG WebP GIF EPC URL API Copyright New PV QR Ctrl Shift Alt Delete Backspace Enter Esc Tab'.split(' '), // (keys named in shortcut hints too)
);

/** Collects every string value of the API's JSON answers: the data a page may show as it is. */
function collectData(page: Page): { data: Set<string>; reading: Set<Promise<void>> } {
  const data = new Set<string>();
  // bodies being read: a page's texts are compared only once every answer it got is in (the body of a
  // finished request is read after the request ends, and a big list's can take longer than the settle)
  const reading = new Set<Promise<void>>();
  const add = (v: unknown): void => {
    if (typeof v === 'string') data.add(v.toLowerCase());
    else if (Array.isArray(v)) v.forEach(add);
    else if (v && typeof v === 'object') Object.values(v).forEach(add);
  };
  page.on('response', (response) => {
    if (!response.url().includes('/api/') || !(response.headers()['content-type'] ?? '').includes('json')) return;
    // Chromium sometimes has no body left to hand over (a no-store reply read late): ask again, as the page did
    const again = async () => {
      const req = response.request();
      if (req.method() !== 'GET') return;
      const headers = await req.allHeaders();
      const res = await page.request.get(req.url(), { headers: { authorization: headers['authorization'] ?? '', 'accept-language': headers['accept-language'] ?? '' } });
      add(await res.json().catch(() => null));
    };
    const read = response
      .json()
      .then(add, again)
      .catch(() => undefined)
      .finally(() => reading.delete(read));
    reading.add(read);
  });
  return { data, reading };
}

/** API calls in flight on a page (the walk waits for none before it reads a page). */
function trackCalls(page: Page) {
  const open = new Set<unknown>();
  // fetches only: the websocket's upgrade request stays open for as long as the page
  const api = (r: Request) => r.url().includes('/api/') && (r.resourceType() === 'fetch' || r.resourceType() === 'xhr');
  page.on('request', (r) => api(r) && open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  return open;
}

/** Waits until the page has drawn: no API call open and no spinner or skeleton showing, twice in a row. */
async function settle(page: Page, calls: Set<unknown>) {
  let quiet = 0;
  for (let i = 0; i < 100 && quiet < 2; i++) {
    await page.waitForTimeout(200);
    const busy =
      calls.size > 0 ||
      (await page.evaluate(
        () =>
          Array.from(document.querySelectorAll('.MuiCircularProgress-root, .MuiLinearProgress-root, .MuiSkeleton-root')).some((e) => e.checkVisibility({ visibilityProperty: true, opacityProperty: true })) ||
          /Loading\.\.\.|正在加载/.test(document.title + (document.querySelector('main')?.textContent ?? '')),
      ));
    quiet = busy ? 0 : quiet + 1;
  }
}

/** The visible texts of the page (text nodes and placeholders), with where each sits. */
const visibleTexts = (page: Page) =>
  page.evaluate(() => {
    const out: Array<{ text: string; where: string }> = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim();
      const el = n.parentElement;
      if (!text || !el || el.closest('script, style, [translate="no"]')) continue;
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      out.push({ text, where: `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : ''}` });
    }
    for (const el of Array.from(document.querySelectorAll<HTMLInputElement>('input[placeholder], textarea[placeholder]'))) if (el.checkVisibility()) out.push({ text: el.placeholder, where: 'placeholder' });
    return out;
  });

/** The parts of a text in the other language's script that no API answer holds. */
function foreign(text: string, lang: 'zh' | 'en', data: string): string[] {
  const isData = (part: string) => data.includes(part.toLowerCase());
  const parts = lang === 'en' ? (text.match(/\p{Script=Han}+/gu) ?? []) : (text.match(/[A-Za-z][A-Za-z'’-]*[A-Za-z]/g) ?? []).filter((w) => !SAME_IN_BOTH.has(w));
  return parts.filter((p) => !isData(p));
}

async function walk(page: Page, lang: 'zh' | 'en') {
  const { data, reading } = collectData(page);
  const calls = trackCalls(page);
  await page.goto('/#/login');
  if (lang === 'en') {
    await page.evaluate(() => localStorage.setItem('RaStore.locale', '"en"'));
    await page.reload();
  }
  await login(page);
  const api = apiAs(page.request, await tokenOf(page));
  const urls = [...PAGES];
  for (const [route, resource] of DETAILS) {
    const { list } = (await api.get(`${resource}/index?page=1&limit=1`)) as { list: Array<{ id: number }> };
    if (list[0]) urls.push(`${route}?id=${list[0].id}`);
  }
  const faults: string[] = [];
  for (const url of urls) {
    // within the app (no reload): the walk takes half the time
    await page.evaluate((hash) => (location.hash = hash), `#${url}`);
    const t0 = Date.now();
    await settle(page, calls);
    if (process.env.LANG_WALK_TIMES) console.log(url, Date.now() - t0);
    await Promise.all([...reading]);
    // the data seen so far, one string to search (every answer's strings, lower case, NUL between)
    const seen = [...data].join('\u0000');
    for (const { text, where } of await visibleTexts(page)) {
      const parts = foreign(text, lang, seen);
      if (parts.length) faults.push(`${url} <${where}> "${text.slice(0, 80)}": ${parts.join(', ')}`);
    }
  }
  return [...new Set(faults)];
}

test('in English no page shows Chinese outside its data', async ({ page }) => {
  test.setTimeout(420_000);
  expect(await walk(page, 'en')).toEqual([]);
});

test('in Chinese no page shows English outside its data; MUI says 没有可用选项', async ({ page }) => {
  test.setTimeout(420_000);
  expect(await walk(page, 'zh')).toEqual([]);
  // MUI's own texts come from its zhCN locale: an autocomplete that finds nothing
  await page.evaluate(() => (location.hash = '#/customer/intentionalCustomer/create'));
  const agent = page.getByRole('combobox', { name: '代理商' }).filter({ visible: true }).first();
  await agent.fill('没有这个代理商zzz');
  await expect(page.getByText('没有可用选项')).toBeVisible();
  await expect(page.getByText('No options')).toHaveCount(0);
});
