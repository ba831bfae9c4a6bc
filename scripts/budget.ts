// JavaScript budget of the home page (decisions 0022 and 0020): the compressed size of every script the home page
// loads must stay within the budget, else the build fails. Since decision 0028 a public page loads only its
// islands: the runtime (React and React DOM with it) and the module of each island it holds, as listed in
// <build>/islands.json (scripts/islands.ts); React Router's client is the admin's alone.
//   node scripts/run.mjs budget [--build <dir>] [--budget <KB>]
// Exit code 1 when over budget (npm run build runs it after bundling).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { IslandsManifest } from '../server/render/islands';

// 150 KB before decision 0022 (141 KB then); 135 KB once its toasts loaded with the first toast (133.6 KB);
// 100 KB since public pages hydrate only their islands (decision 0028).
export const DEFAULT_BUDGET_KB = 100;

/**
 * The islands the home page can hold: its own and the layout's, and a list's error state (shown when a list
 * cannot be read). tests/e2e/perf-budget checks the rendered home page against this list.
 */
export const HOME_ISLANDS = [
  'navbar',
  'disclaimer',
  'calendar',
  'carousel',
  'reviews',
  'partners',
  'ads',
  'list-error',
];

/** The islands manifest the build writes beside the client files (<build>/islands.json). */
export function readIslands(clientDir: string): IslandsManifest {
  return JSON.parse(readFileSync(path.join(path.dirname(clientDir), 'islands.json'), 'utf8')) as IslandsManifest;
}

/** Every script URL the home page loads: the islands runtime and its chunks, and each home island's module and chunks. */
export function homeScripts(clientDir: string, islands: readonly string[] = HOME_ISLANDS): string[] {
  const m = readIslands(clientDir);
  const urls = new Set([m.entry, ...m.imports]);
  for (const name of islands) {
    const files = m.islands[name];
    if (!files) throw new Error(`the build has no island "${name}"`);
    for (const u of files) urls.add(u);
  }
  return [...urls];
}

/** One script's size as it is stored and as it travels. */
export interface ScriptSize {
  url: string;
  raw: number;
  gzip: number;
  br: number;
}

/** The sizes of the scripts a page holding `islands` loads (the home page's by default). */
export function measure(
  clientDir: string,
  islands: readonly string[] = HOME_ISLANDS,
): { files: ScriptSize[]; raw: number; gzip: number; br: number } {
  const files = homeScripts(clientDir, islands).map((url): ScriptSize => {
    const bytes = readFileSync(path.join(clientDir, url.replace(/^\//, '')));
    return {
      url,
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      // Files under 1 KB are not precompressed (scripts/precompress.ts) and travel as they are.
      br:
        bytes.length < 1024
          ? bytes.length
          : brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
  });
  const sum = (k: 'raw' | 'gzip' | 'br') => files.reduce((n, f) => n + f[k], 0);
  return { files, raw: sum('raw'), gzip: sum('gzip'), br: sum('br') };
}

/**
 * Checks the budget against the brotli size: the bytes a browser receives, since the build precompresses
 * every asset with brotli (quality 11) and every current browser accepts it (gzip is printed too).
 * Returns true when within it.
 */
export function checkBudget(
  clientDir: string,
  budgetKb = DEFAULT_BUDGET_KB,
  log: (line: string) => void = console.log,
): boolean {
  const m = measure(clientDir);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const ok = m.br <= budgetKb * 1024;
  log(
    `home page JavaScript: ${m.files.length} files, ${kb(m.raw)} raw, ${kb(m.gzip)} gzip, ${kb(m.br)} brotli ` +
      `(budget ${budgetKb} KB brotli): ${ok ? 'within budget' : 'OVER BUDGET'}`,
  );
  if (!ok) {
    for (const f of [...m.files].sort((a, b) => b.br - a.br).slice(0, 10)) log(`  ${kb(f.br).padStart(9)}  ${f.url}`);
  }
  return ok;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
  const buildDir = path.resolve(root, arg('--build') ?? process.env.BUILD_DIR ?? 'build');
  const budget = Number(arg('--budget') ?? DEFAULT_BUDGET_KB);
  process.exit(checkBudget(path.join(buildDir, 'client'), budget) ? 0 : 1);
}
