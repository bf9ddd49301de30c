// Gzip size of the JavaScript the browser loads to show the login page: the entry chunk of
// dist/index.html and everything it imports statically (dynamic imports are not followed).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist'));
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/<script[^>]+src="([^"]+)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
const seen = new Map();
const visit = (file) => {
  const path = resolve(dist, file.replace(/^\.?\//, ''));
  if (seen.has(path)) return;
  const code = readFileSync(path);
  seen.set(path, { raw: code.length, gzip: gzipSync(code, { level: 9 }).length });
  const text = code.toString('utf8');
  for (const m of text.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^'"()]*?from\s*)?["']([^"']+\.js)["']/g)) visit(join(dirname(path), m[1]).slice(dist.length + 1));
};
for (const e of entries) visit(e);
let raw = 0;
let gzip = 0;
for (const [path, size] of seen) {
  raw += size.raw;
  gzip += size.gzip;
  console.log(`${(size.gzip / 1024).toFixed(1).padStart(8)} KB gzip  ${path.slice(dist.length + 1)}`);
}
console.log(`${(gzip / 1024).toFixed(1).padStart(8)} KB gzip total (${(raw / 1024).toFixed(1)} KB raw), ${seen.size} files`);
