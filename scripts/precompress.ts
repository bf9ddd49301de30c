import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * The part of a Vite plugin this file uses, written out so the script needs no `vite` import:
 * it lives at the repository root, where `vite` is not installed (each app has its own).
 */
interface BuildPlugin {
  name: string;
  apply: 'build';
  configResolved(config: { root: string; build: { outDir: string } }): void;
  writeBundle(options: unknown, bundle: Record<string, unknown>): void;
}

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
/** Below this a compressed copy saves less than the extra header costs. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) beside every compressible file
 * of the build, so the server sends them as they are (`@fastify/static` preCompressed) and spends
 * no CPU per request. A copy is only kept when it is smaller than the file.
 */
export function precompress(): BuildPlugin {
  let outDir = 'dist';
  return {
    name: 'pv-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      const files = [...Object.keys(bundle), 'index.html'].filter((f, i, all) => all.indexOf(f) === i && COMPRESSIBLE.test(f));
      for (const file of files) {
        const path = join(outDir, file);
        let size: number;
        try {
          size = statSync(path).size;
        } catch {
          continue; // not written by this build (e.g. no index.html)
        }
        if (size < MIN_BYTES) continue;
        const source = readFileSync(path);
        const br = brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: size } });
        const gz = gzipSync(source, { level: 9 });
        if (br.length < size) writeFileSync(`${path}.br`, br);
        if (gz.length < size) writeFileSync(`${path}.gz`, gz);
      }
    },
  };
}
