// Brotli and gzip copies of every built text asset (x.js → x.js.br, x.js.gz), made once at build time so
// the server never compresses a static file per request (@fastify/static serves them with preCompressed).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|svg|json|txt|xml|html|webmanifest)$/i;
const MIN_BYTES = 1024;

/** Writes .br and .gz beside each text file of dir (recursively); returns how many files were compressed. */
export function precompress(dir: string): number {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      n += precompress(p);
      continue;
    }
    if (!TEXT.test(e.name) || statSync(p).size < MIN_BYTES) continue;
    const bytes = readFileSync(p);
    const br = brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
    const gz = gzipSync(bytes, { level: 9 });
    // A compressed copy no smaller than the original is not worth sending.
    if (br.length < bytes.length) writeFileSync(`${p}.br`, br);
    if (gz.length < bytes.length) writeFileSync(`${p}.gz`, gz);
    n++;
  }
  return n;
}
