import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * docs/PERFORMANCE.md is a header and sections, each opened by a `<!-- bench:<id> -->` line. A run
 * of `pnpm bench` replaces the sections it measured (some take an hour at full scale and are run
 * with flags) and keeps the others as they were, in the order of `order`.
 */
export function writeReport(path: string, header: string[], measured: Record<string, string[]>, order: readonly string[]) {
  const kept = new Map<string, string>();
  if (existsSync(path)) {
    const parts = readFileSync(path, 'utf8').split(/^<!-- bench:([\w-]+) -->\n/m);
    for (let i = 1; i < parts.length; i += 2) kept.set(parts[i]!, parts[i + 1]!.trimEnd());
  }
  for (const [id, lines] of Object.entries(measured)) kept.set(id, lines.join('\n').trimEnd());
  const ids = [...order.filter((id) => kept.has(id)), ...[...kept.keys()].filter((id) => !order.includes(id))];
  const text = [header.join('\n').trimEnd(), ...ids.map((id) => `<!-- bench:${id} -->\n${kept.get(id)}`)].join('\n\n') + '\n';
  writeFileSync(path, text);
  return text;
}
