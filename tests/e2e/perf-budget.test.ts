/**
 * Light pages (decision 0022): the home page's JavaScript budget is checked against the real build and fails on
 * an over-budget one; built assets are served precompressed with the one-year immutable header; the home
 * page loads no admin, rich-text editor or chat code.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBudget, DEFAULT_BUDGET_KB, HOME_ISLANDS, homeScripts, measure } from '../../scripts/budget';
import { islandNames } from '../../server/render/islands';
import { BUILD_DIR, startServer, type TestServer } from '../helpers/server';

const clientDir = path.resolve(BUILD_DIR, 'client');

/** A fake client build: an islands manifest whose carousel island imports `homeBytes` of incompressible JS. */
function fakeBuild(homeBytes: number): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lexfirm-budget-'));
  const assets = path.join(dir, 'client', 'assets', 'islands');
  mkdirSync(assets, { recursive: true });
  const islands: Record<string, string[]> = Object.fromEntries(
    HOME_ISLANDS.map((n: string) => [n, [`/assets/islands/${n}-a.js`, '/assets/islands/chunk-shared.js']]),
  );
  islands.carousel!.push('/assets/islands/chunk-big.js');
  islands['booking-times'] = ['/assets/islands/form-a.js'];
  const manifest = { entry: '/assets/islands/islands-a.js', imports: ['/assets/islands/chunk-react.js'], islands };
  writeFileSync(path.join(dir, 'islands.json'), JSON.stringify(manifest));
  for (const f of [
    'islands-a.js',
    'chunk-react.js',
    'chunk-shared.js',
    ...HOME_ISLANDS.map((n: string) => `${n}-a.js`),
  ])
    writeFileSync(path.join(assets, f), 'export const x = 1;\n');
  // Random bytes in base64 compress back to about the random bytes' length.
  writeFileSync(
    path.join(assets, 'chunk-big.js'),
    `export const blob = "${randomBytes(homeBytes).toString('base64')}";\n`,
  );
  writeFileSync(path.join(assets, 'form-a.js'), `export const form = "${randomBytes(200_000).toString('base64')}";\n`);
  return dir;
}

describe('home page JavaScript budget (100 KB compressed)', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it("the real build is within it, and counts the islands runtime and the home page's islands only", () => {
    const lines: string[] = [];
    expect(DEFAULT_BUDGET_KB).toBe(100);
    expect(checkBudget(clientDir, DEFAULT_BUDGET_KB, (l: string) => lines.push(l))).toBe(true);
    expect(lines[0]).toMatch(/within budget/);
    const scripts: string[] = homeScripts(clientDir);
    expect(scripts.some((u) => /\/islands\/islands-[\w-]+\.js$/.test(u))).toBe(true);
    expect(scripts.some((u) => /\/islands\/carousel-[\w-]+\.js$/.test(u))).toBe(true);
    // Only islands: no React Router client, no admin screen, rich-text editor or chat widget code.
    for (const u of scripts) expect(u).toMatch(/^\/assets\/islands\//);
    const home = scripts.map((u) => readFileSync(path.join(clientDir, u.slice(1)), 'utf8')).join('\n');
    expect(home).not.toMatch(/__reactRouter|useRouteLoaderData|tiptap|ProseMirror|chat-widget/i);
    // Toasts load with the first toast (decision 0022), not with the page.
    expect(home).not.toMatch(/Toastify__toast-container/);
    const m = measure(clientDir);
    expect(m.br).toBeGreaterThan(50 * 1024);
    // Each file starts with V8's compile hint (decision 0110): compiled while it streams in, not at first call.
    for (const u of scripts)
      expect(readFileSync(path.join(clientDir, u.slice(1)), 'utf8').split('\n', 1)[0], u).toBe(
        '//# allFunctionsCalledOnLoad',
      );
  });

  it('fails (exit code 1) on a build whose home page passes it, and passes one just under it', () => {
    const over = fakeBuild(105 * 1024);
    const under = fakeBuild(80 * 1024);
    dirs.push(over, under);
    const run = (dir: string) =>
      spawnSync(process.execPath, ['scripts/run.mjs', 'budget', '--build', dir], { encoding: 'utf8' });
    const bad = run(over);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toMatch(/OVER BUDGET/);
    expect(bad.stdout).toMatch(/chunk-big\.js/);
    const good = run(under);
    expect(good.status, good.stdout + good.stderr).toBe(0);
    // The booking form's island (200 KB) is not counted: the home page does not hold it.
    expect(good.stdout).toMatch(/within budget/);
  });

  it('is part of the build script', () => {
    const build = readFileSync('scripts/build.ts', 'utf8');
    expect(build).toMatch(/if \(!checkBudget\(clientDir\)\) process\.exit\(1\)/);
  });
});

describe('built assets', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ pages: true });
  });
  afterAll(() => s?.close());

  it('the home page holds only islands the budget counts, and its script loads only their modules', async () => {
    const html = await (await fetch(`${s.url}/`)).text();
    const names = islandNames(html);
    expect(names).toEqual(expect.arrayContaining(['navbar', 'disclaimer', 'calendar', 'carousel', 'ads']));
    for (const n of names) expect(HOME_ISLANDS).toContain(n);
    const loader = /<script type="module">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    const loaded = [...loader.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    expect(loaded.length).toBeGreaterThan(5);
    const counted = new Set(homeScripts(clientDir));
    for (const u of loaded) expect(counted.has(u), u).toBe(true);
  });

  it('the booking page, with its form and free-times island, stays inside the same budget', async () => {
    const html = await (await fetch(`${s.url}/book-consultation`)).text();
    const names = islandNames(html);
    expect(names).toContain('booking-times');
    const loader = /<script type="module">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    const loaded = [...loader.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    const counted = new Set(homeScripts(clientDir, names));
    for (const u of loaded) expect(counted.has(u), u).toBe(true);
    const m = measure(clientDir, names);
    expect(m.br).toBeGreaterThan(50 * 1024);
    expect(m.br).toBeLessThanOrEqual(DEFAULT_BUDGET_KB * 1024);
  });

  it('are served precompressed (brotli, else gzip) with the one-year immutable header', async () => {
    const entry = homeScripts(clientDir).find(
      (u: string) => /chunk-/.test(u) && readFileSync(path.join(clientDir, u.slice(1))).length > 10_000,
    )!;
    const raw = readFileSync(path.join(clientDir, entry.slice(1)));
    const br = await fetch(`${s.url}${entry}`, { headers: { 'accept-encoding': 'br' } });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    // The bytes sent are the file written at build time (fetch has already decoded them).
    expect(Buffer.from(await br.arrayBuffer()).equals(raw)).toBe(true);
    expect(brotliDecompressSync(readFileSync(path.join(clientDir, `${entry.slice(1)}.br`))).equals(raw)).toBe(true);
    const gz = await fetch(`${s.url}${entry}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const plain = await fetch(`${s.url}${entry}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Number(plain.headers.get('content-length'))).toBe(raw.length);
  });
});
