import { expect, type Page, type Request } from '@playwright/test';
import { axeSerious } from './axe-scan.ts';
import { login, tokenOf } from './helpers.ts';
import { cutColumns, declarations, frames } from './layout-check.ts';
import { DETAIL_PAGES, FORM_EDIT, FORM_PAGES, LIST_PAGES, OTHER_PAGES, detailRoute, tabsOf } from './pages.ts';

/**
 * The page walk: every page of the console opened once per language in one signed-in browser (through
 * the address bar's hash, no reload), and on each page, once its data is in:
 * - language (issue 27): walked in English, no Chinese characters; walked in Chinese, no English words —
 *   outside the data. Every string the API answered while the page was open counts as data (names,
 *   numbers, addresses, process and node names someone typed), so a text is a fault only when part of
 *   it came from no record — a hard-coded label, a catalogue entry missing in one language, MUI's own
 *   English, a raw key shown instead of its label. `translate="no"` marks what is deliberately kept.
 * - layout (issue 27): at 1440×900 and 1280×800 no table column lies outside what its box shows, and
 *   every data table (four columns or more) declares the columns that must never collapse (MUI's
 *   `.pv-col-must`); the tabs a page hides tables behind are opened and checked too.
 * - accessibility, in Chinese: no critical or serious axe violation (WCAG 2.1 AA).
 * - the Content-Security-Policy: no violation reported by the browser.
 * The lists' walk also checks that it covers every page of the menu. Each kind of fault is reported
 * on its own (soft assertions), every fault with its page.
 */

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 800 },
];

/** words a Chinese page may show as they are: units, file formats, acronyms, the product's codes */
const SAME_IN_BOTH = new Set(
  'kWp MWp kWh MWh kW MW kV SN ID IP PDF OFD xlsx csv Excel Cron SLA MTTR CO GB MiB KiB KB MB App iOS Android HarmonyOS PNG JPEG WebP GIF EPC URL API Copyright New PV QR Ctrl Shift Alt Delete Backspace Enter Esc Tab'.split(' '), // (keys named in shortcut hints too)
);

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

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

/** API calls and code or styles being loaded (a page's chunk): the walk waits for none before it reads a page. */
function trackCalls(page: Page) {
  const open = new Set<unknown>();
  // fetches, scripts and styles only: the websocket's upgrade request stays open for as long as the page
  const counted = (r: Request) => (r.url().includes('/api/') && (r.resourceType() === 'fetch' || r.resourceType() === 'xhr')) || r.resourceType() === 'script' || r.resourceType() === 'stylesheet';
  page.on('request', (r) => counted(r) && open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  return open;
}

/**
 * Waits until the page has drawn: no API call open and no spinner or skeleton showing, twice in a row
 * (at most a minute: on a loaded machine a page's calls can take many seconds).
 */
async function settle(page: Page, calls: Set<unknown>, route?: string) {
  // the route's page is the one shown (its cached page is marked with its path)
  if (route) await page.locator(`.pv-cached-page[data-active="true"][data-route="${route.replace(/[?#].*$/, '')}"]`).waitFor({ state: 'attached', timeout: 30_000 });
  let quiet = 0;
  for (const until = Date.now() + 60_000; Date.now() < until && quiet < 2; ) {
    await page.waitForTimeout(150);
    const busy =
      calls.size > 0 ||
      (await page.evaluate(
        () =>
          Array.from(document.querySelectorAll('.MuiCircularProgress-root, .MuiLinearProgress-root, .MuiSkeleton-root')).some((e) => e.checkVisibility({ visibilityProperty: true, opacityProperty: true })) ||
          /Loading\.\.\.|正在加载/.test(document.title + (document.querySelector('main')?.textContent ?? '')),
      ));
    quiet = busy ? 0 : quiet + 1;
  }
  // fitted tables settle within a few frames after their data
  await frames(page);
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
export function foreign(text: string, lang: 'zh' | 'en', data: string): string[] {
  const isData = (part: string) => data.includes(part.toLowerCase());
  const parts = lang === 'en' ? (text.match(/\p{Script=Han}+/gu) ?? []) : (text.match(/[A-Za-z][A-Za-z'’-]*[A-Za-z]/g) ?? []).filter((w) => !SAME_IN_BOTH.has(w));
  return parts.filter((p) => !isData(p));
}

/** Every CSP violation the page reports from now on, kept in the page until `cspViolations` takes them. */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations!.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const fromConsole: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) fromConsole.push(`console: ${msg.text()}`);
  });
  return fromConsole;
}
const cspViolations = (page: Page): Promise<string[]> => page.evaluate(() => (window.__cspViolations ?? []).splice(0)).catch(() => []);

/** The menu's shown pages (routes without parameters; containers are the prefixes of other routes). */
async function menuPages(page: Page, token: string): Promise<string[]> {
  const res = await page.request.get('/api/system/menu/index?hide=1&filter_checkout=1', { headers: { authorization: `Bearer ${token}` } });
  const routes = ((await res.json()).data as Array<{ full_path: string }>).map((e) => e.full_path).filter((p) => p.startsWith('/') && p !== '/' && !p.includes(':') && !/^https?:/.test(p) && !/daping/i.test(p));
  return [...new Set(routes)].filter((r) => !routes.some((o) => o !== r && o.startsWith(`${r}/`)));
}

/**
 * The columns outside their boxes once the tables have fitted themselves to the new width: a table
 * folds columns over a few renders after a resize (measure, fold, measure again), which on a loaded
 * machine can take longer than two frames — so a cut column is looked at again for up to 5 s.
 */
async function cutAfterFitting(page: Page) {
  let cut = await cutColumns(page);
  for (const until = Date.now() + 5_000; cut.length && Date.now() < until; ) {
    await frames(page);
    cut = await cutColumns(page);
  }
  return cut;
}

export type WalkPart = 'lists' | 'details';

/** The walk of one part of the console in one language: every fault found, by kind. */
export async function walk(page: Page, lang: 'zh' | 'en', part: WalkPart) {
  const fromConsole = await watchCsp(page);
  const { data, reading } = collectData(page);
  const calls = trackCalls(page);
  await page.goto('/#/login');
  if (lang === 'en') {
    await page.evaluate(() => localStorage.setItem('RaStore.locale', '"en"'));
    await page.reload();
  }
  await login(page);
  const token = await tokenOf(page);
  const routes: string[] = [];
  const faults = { language: [] as string[], layout: [] as string[], axe: [] as string[], csp: [] as string[] };
  if (part === 'lists') {
    routes.push(...OTHER_PAGES, ...LIST_PAGES);
    const missed = (await menuPages(page, token)).filter((r) => !routes.includes(r));
    expect(missed, 'menu pages the walk does not open (add them to pages.ts)').toEqual([]);
  } else {
    routes.push(...FORM_PAGES);
    for (const d of [FORM_EDIT, ...DETAIL_PAGES]) {
      const r = await detailRoute(page.request, token, d);
      expect(r, `a record for ${d.path} in the demo data`).not.toBeNull();
      routes.push(d === FORM_EDIT ? r!.replace(/\/show$/, '') : r!);
    }
  }
  let measured = 0;
  let must = 0;
  const spent = { settle: 0, language: 0, layout: 0, axe: 0 };
  let t = Date.now();
  const lap = (k: keyof typeof spent) => {
    spent[k] += Date.now() - t;
    t = Date.now();
  };
  for (const route of routes) {
    await page.setViewportSize(SIZES[0]!);
    await page.evaluate((hash) => (location.hash = hash), `#${route}`);
    await settle(page, calls, route);
    lap('settle');
    for (const tab of ['', ...tabsOf(route)]) {
      const where = `${route}${tab ? ` [${tab}]` : ''}`;
      if (tab) {
        await page.getByTestId(tab).filter({ visible: true }).first().click();
        await settle(page, calls);
        lap('settle');
      }
      // language: against the data seen so far (every answer's strings, lower case, NUL between)
      await Promise.all([...reading]);
      const seen = [...data].join('\u0000');
      for (const { text, where: el } of await visibleTexts(page)) {
        const parts = foreign(text, lang, seen);
        if (parts.length) faults.language.push(`${where} <${el}> "${text.slice(0, 80)}": ${parts.join(', ')}`);
      }
      lap('language');
      // layout: the declarations, then every column at both sizes
      const declared = await declarations(page);
      must += declared.must;
      for (const t of declared.undeclared) faults.layout.push(`${where}: ${t} declares no MUST_SHOW column`);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await frames(page);
        for (const c of await cutAfterFitting(page)) faults.layout.push(`${where} ${size.width}px: ${c.table} › ${c.column}${c.must ? ' (must show)' : ''} lies outside its box`);
        measured++;
      }
      await page.setViewportSize(SIZES[0]!);
      lap('layout');
    }
    // accessibility of the page as it opens (the walk in Chinese: the default language): the whole
    // window on the first and the last page (the shell: menu, top bar, a strip of many tabs), the page
    // itself on the others — a scan's time grows with the document, and the hidden cached pages and
    // the unchanged shell would be scanned again on every page
    if (lang === 'zh') {
      await frames(page);
      const whole = route === routes[0] || route === routes.at(-1);
      const r = await axeSerious(page, route, whole ? undefined : '.pv-cached-page[data-active="true"]');
      console.log(r.count);
      for (const f of r.found) faults.axe.push(`${route} — ${f.impact} ${f.rule} (${f.help}): ${f.nodes.slice(0, 3).map((n) => `${n.target} ${n.summary}`).join(' | ')}`);
      lap('axe');
    }
    faults.csp.push(...(await cspViolations(page)).map((v) => `${route}: ${v}`));
  }
  faults.csp.push(...fromConsole);
  // where the walk's time went (ms), to keep it short
  console.log(`walk ${part} ${lang}: ${routes.length} pages, ${Object.entries(spent).map(([k, ms]) => `${k} ${ms}`).join(', ')}`);
  expect(measured).toBeGreaterThan(routes.length * 2 - 1);
  expect(must, 'must-show columns seen').toBeGreaterThan(part === 'lists' ? LIST_PAGES.length : DETAIL_PAGES.length - 1);
  for (const [kind, found] of Object.entries(faults)) expect.soft([...new Set(found)], `${kind} faults:\n${[...new Set(found)].join('\n')}`).toEqual([]);
}
