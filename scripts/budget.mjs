// JavaScript budget of the home page (issue 7): the compressed size of every script the home page loads
// (React Router's client manifest, the client entry and the modules of the routes that render "/", with
// everything they import) must stay within the budget, else the build fails.
//   node scripts/budget.mjs [--build <dir>] [--budget <KB>]
// Exit code 1 when over budget (npm run build runs it after bundling).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

// 150 KB until issue 17 (141 KB then); 135 KB since its toasts load with the first toast (133.6 KB).
export const DEFAULT_BUDGET_KB = 135;

/** Reads React Router's client manifest (build/client/assets/manifest-<hash>.js). */
export function readManifest(clientDir) {
  const assets = path.join(clientDir, 'assets');
  const file = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error(`no React Router manifest in ${assets}`);
  const text = readFileSync(path.join(assets, file), 'utf8');
  const json = text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1);
  return { file: `/assets/${file}`, manifest: JSON.parse(json) };
}

/** The route ids that render "/": the index route whose ancestors are all pathless, and those ancestors. */
export function homeRouteChain(manifest) {
  const routes = manifest.routes;
  const chainOf = (id) => {
    const out = [];
    for (let r = routes[id]; r; r = r.parentId ? routes[r.parentId] : undefined) out.unshift(r.id);
    return out;
  };
  const home = Object.values(routes).find((r) => r.index && chainOf(r.id).every((id) => !routes[id].path || id === r.id));
  if (!home) throw new Error('no route renders "/" in the manifest');
  return chainOf(home.id);
}

/** Every script URL the home page loads (the manifest itself, the entry, the route modules and their imports). */
export function homeScripts(clientDir) {
  const { file, manifest } = readManifest(clientDir);
  const urls = new Set([file, manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (const id of homeRouteChain(manifest)) {
    const r = manifest.routes[id];
    if (r.module) urls.add(r.module);
    for (const i of r.imports ?? []) urls.add(i);
  }
  return [...urls];
}

export function measure(clientDir) {
  const files = homeScripts(clientDir).map((url) => {
    const bytes = readFileSync(path.join(clientDir, url.replace(/^\//, '')));
    return {
      url,
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      // Files under 1 KB are not precompressed (scripts/precompress.mjs) and travel as they are.
      br: bytes.length < 1024 ? bytes.length : brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
  });
  const sum = (k) => files.reduce((n, f) => n + f[k], 0);
  return { files, raw: sum('raw'), gzip: sum('gzip'), br: sum('br') };
}

/**
 * Checks the budget against the brotli size: the bytes a browser receives, since the build precompresses
 * every asset with brotli (quality 11) and every current browser accepts it (gzip is printed too).
 * Returns true when within it.
 */
export function checkBudget(clientDir, budgetKb = DEFAULT_BUDGET_KB, log = console.log) {
  const m = measure(clientDir);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
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
  const arg = (name) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
  const buildDir = path.resolve(root, arg('--build') ?? process.env.BUILD_DIR ?? 'build');
  const budget = Number(arg('--budget') ?? DEFAULT_BUDGET_KB);
  process.exit(checkBudget(path.join(buildDir, 'client'), budget) ? 0 : 1);
}
