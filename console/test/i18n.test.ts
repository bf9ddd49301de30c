import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import { messages } from '@pv/contract';
import zh from '../src/i18n/zh.ts';
import en from '../src/i18n/en.ts';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else flatten(value, path, out);
  }
  return out;
}

const placeholders = (text: string) => [...new Set([...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]))].sort();

const zhFlat = flatten(zh as unknown as Tree);
const enFlat = flatten(en as unknown as Tree);
const raFlat = flatten(englishMessages as unknown as Tree);

describe('i18n catalogues', () => {
  it('zh and en have exactly the same keys', () => {
    expect(Object.keys(zhFlat).sort()).toEqual(Object.keys(enFlat).sort());
  });

  it('the ra.* keys are exactly those of the installed ra-language-english', () => {
    const raKeys = Object.keys(raFlat).sort();
    expect(Object.keys(zhFlat).filter((k) => k.startsWith('ra.')).sort()).toEqual(raKeys);
    expect(Object.keys(enFlat).filter((k) => k.startsWith('ra.')).sort()).toEqual(raKeys);
  });

  it('every other key is an app key (pv.*, resources.*)', () => {
    const others = Object.keys(zhFlat).filter((k) => !k.startsWith('ra.'));
    expect(others.length).toBeGreaterThan(100);
    for (const key of others) expect(key).toMatch(/^(pv|resources)\./);
  });

  it('the contract messages are all there, under pv.msg', () => {
    for (const [key, text] of Object.entries(messages.zh)) expect(zhFlat[`pv.msg.${key}`]).toBe(text);
    for (const [key, text] of Object.entries(messages.en)) expect(enFlat[`pv.msg.${key}`]).toBe(text);
  });

  it('every key has the same %{placeholders} in zh and en', () => {
    const mismatches = Object.keys(zhFlat).filter((k) => placeholders(zhFlat[k]!).join() !== placeholders(enFlat[k] ?? '').join());
    expect(mismatches).toEqual([]);
  });

  it('the zh catalogue is really Chinese (no English left untranslated in ra.*)', () => {
    const untranslated = Object.keys(raFlat).filter((k) => zhFlat[k] === raFlat[k] && /[a-z]{3}/i.test(raFlat[k]!.replace(/%\{\w+\}/g, '')));
    expect(untranslated).toEqual([]);
  });

  it('every literal key used in the app code exists in both catalogues', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.(ts|tsx)$/.test(name) && !path.includes(`${join('src', 'i18n')}`)) files.push(path);
      }
    };
    walk(join(__dirname, '..', 'src'));
    const used = new Set<string>();
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      for (const m of source.matchAll(/['"`]((?:pv|ra|resources)\.[\w./-]*[\w])['"`]/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(50);
    // a key, or the prefix of a group of keys (the system log looks a resource's field labels up under `….fields`)
    const has = (flat: Record<string, string>, k: string) => k in flat || Object.keys(flat).some((f) => f.startsWith(`${k}.`));
    const missing = [...used].filter((k) => !has(zhFlat, k) || !has(enFlat, k));
    expect(missing).toEqual([]);
  });
});
