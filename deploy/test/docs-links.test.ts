import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README and the docs read as a set: every relative link and picture points at a file that exists
 * (and at a heading that exists, when it names one), every area page is reachable from the README's
 * tour, and every picture in docs/screenshots is shown somewhere.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const markdownIn = (dir: string) => readdirSync(join(ROOT, dir)).filter((f) => f.endsWith('.md')).map((f) => `${dir}/${f}`);
const FILES = ['README.md', 'daping/README.md', 'packages/server/README.md', 'packages/client/README.md', ...markdownIn('docs'), ...markdownIn('docs/areas')].filter((f) => existsSync(join(ROOT, f)));

/** Link targets outside code blocks and code spans: `[text](target)` and `![alt](target)`. */
function linksOf(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
}

/** GitHub's anchor of a heading: lower case, punctuation dropped (letters of any script kept), spaces to dashes. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
const anchorsOf = (text: string) => new Set([...text.replace(/```[\s\S]*?```/g, '').matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => anchorOf(m[1]!)));

describe('README and docs links', () => {
  it.each(FILES)('%s: every relative link and picture resolves', (file) => {
    const broken: string[] = [];
    for (const link of linksOf(read(file))) {
      if (/^[a-z]+:/i.test(link)) continue; // http(s), mailto
      const [path, anchor] = link.split('#') as [string, string | undefined];
      const target = path ? relative(ROOT, resolve(ROOT, dirname(file), decodeURI(path))) : file;
      if (!existsSync(join(ROOT, target))) broken.push(`${link} (no file ${target})`);
      else if (anchor && target.endsWith('.md') && !anchorsOf(read(target)).has(anchor)) broken.push(`${link} (no heading #${anchor} in ${target})`);
    }
    expect(broken).toEqual([]);
  });

  it("every area page is linked from the README's tour, and every screenshot is shown", () => {
    const readme = read('README.md');
    const tour = readme.slice(readme.indexOf('## A short tour'), readme.indexOf('\n## ', readme.indexOf('## A short tour') + 1));
    for (const page of markdownIn('docs/areas')) expect(linksOf(tour), page).toContain(page);
    const shown = FILES.flatMap((f) => linksOf(read(f)).map((l) => relative(ROOT, resolve(ROOT, dirname(f), l))));
    for (const picture of readdirSync(join(ROOT, 'docs/screenshots'))) expect(shown, picture).toContain(`docs/screenshots/${picture}`);
  });

  it('Quick start comes within the first 40 lines, with the two commands', () => {
    const lines = read('README.md').split('\n');
    const start = lines.indexOf('## Quick start');
    expect(start).toBeGreaterThan(0);
    expect(start).toBeLessThan(40);
    const quick = lines.slice(start, start + 12).join('\n');
    expect(quick).toContain('pnpm install && pnpm start');
    expect(quick).toContain('pnpm test ');
  });
});
