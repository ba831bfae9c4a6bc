/**
 * Light pages (issue 7): the home page's JavaScript budget is checked against the real build and fails on
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
// @ts-expect-error plain ESM build script
import { checkBudget, DEFAULT_BUDGET_KB, homeScripts, measure } from '../../scripts/budget.mjs';
import { BUILD_DIR, startServer, type TestServer } from '../helpers/server';

const clientDir = path.resolve(BUILD_DIR, 'client');

/** A fake client build: a React Router manifest whose home route imports `homeBytes` of incompressible JS. */
function fakeBuild(homeBytes: number): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lexfirm-budget-'));
  const assets = path.join(dir, 'client', 'assets');
  mkdirSync(assets, { recursive: true });
  const manifest = {
    entry: { module: '/assets/entry.client-a.js', imports: ['/assets/react-a.js'], css: [] },
    routes: {
      root: { id: 'root', path: '', module: '/assets/root-a.js', imports: ['/assets/react-a.js'] },
      'routes/public/layout': { id: 'routes/public/layout', parentId: 'root', module: '/assets/layout-a.js', imports: [] },
      'routes/public/home': { id: 'routes/public/home', parentId: 'routes/public/layout', index: true, module: '/assets/home-a.js', imports: ['/assets/big-a.js'] },
      'routes/admin/shell': { id: 'routes/admin/shell', parentId: 'root', path: 'admin-side-bar', module: '/assets/admin-a.js', imports: [] },
    },
  };
  writeFileSync(path.join(assets, 'manifest-a.js'), `window.__reactRouterManifest=${JSON.stringify(manifest)};`);
  for (const f of ['entry.client-a.js', 'react-a.js', 'root-a.js', 'layout-a.js', 'home-a.js']) writeFileSync(path.join(assets, f), 'export const x = 1;\n');
  // Random bytes in base64 compress back to about the random bytes' length.
  writeFileSync(path.join(assets, 'big-a.js'), `export const blob = "${randomBytes(homeBytes).toString('base64')}";\n`);
  writeFileSync(path.join(assets, 'admin-a.js'), `export const admin = "${randomBytes(200_000).toString('base64')}";\n`);
  return dir;
}

describe('home page JavaScript budget (135 KB compressed)', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('the real build is within it, and counts the entry, the routes of "/" and their imports only', () => {
    const lines: string[] = [];
    expect(DEFAULT_BUDGET_KB).toBe(135);
    expect(checkBudget(clientDir, DEFAULT_BUDGET_KB, (l: string) => lines.push(l))).toBe(true);
    expect(lines[0]).toMatch(/within budget/);
    const scripts: string[] = homeScripts(clientDir);
    expect(scripts.some((u) => /entry\.client-/.test(u))).toBe(true);
    expect(scripts.some((u) => /\/home-[\w-]+\.js$/.test(u))).toBe(true);
    // No admin screen, rich-text editor or chat widget code on the home page.
    for (const u of scripts) expect(u).not.toMatch(/ResourceManager|RichTextEditor|chat-widget|shell-|dashboard-|login-/);
    // Toasts load with the first toast (decision 0022), not with the page.
    const home = scripts.map((u) => readFileSync(path.join(clientDir, u.slice(1)), 'utf8')).join('\n');
    expect(home).not.toMatch(/Toastify__toast-container/);
    const all = scripts.map((u) => readFileSync(path.join(clientDir, u.slice(1)), 'utf8')).join('\n');
    expect(all).not.toMatch(/tiptap|ProseMirror/i);
    const m = measure(clientDir);
    expect(m.br).toBeGreaterThan(50 * 1024);
  });

  it('fails (exit code 1) on a build whose home page passes it, and passes one just under it', () => {
    const over = fakeBuild(145 * 1024);
    const under = fakeBuild(100 * 1024);
    dirs.push(over, under);
    const run = (dir: string) => spawnSync(process.execPath, ['scripts/budget.mjs', '--build', dir], { encoding: 'utf8' });
    const bad = run(over);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toMatch(/OVER BUDGET/);
    expect(bad.stdout).toMatch(/big-a\.js/);
    const good = run(under);
    expect(good.status, good.stdout + good.stderr).toBe(0);
    // The admin module (200 KB) is not counted: it is not a route of "/".
    expect(good.stdout).toMatch(/within budget/);
  });

  it('is part of the build script', () => {
    const build = readFileSync('scripts/build.mjs', 'utf8');
    expect(build).toMatch(/if \(!checkBudget\(clientDir\)\) process\.exit\(1\)/);
  });
});

describe('built assets', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ pages: true });
  });
  afterAll(() => s?.close());

  it('are served precompressed (brotli, else gzip) with the one-year immutable header', async () => {
    const entry = homeScripts(clientDir).find((u: string) => /entry\.client-/.test(u))!;
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
