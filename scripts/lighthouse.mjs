// npm run lighthouse [-- --url http://host:port] [-- --json out.json] [-- --only /faqs] [-- --reports DIR]
// (--reports writes each route's full Lighthouse result as JSON into DIR)
//
// Runs Lighthouse (the npm package, mobile preset: its default emulated phone and simulated slow 4G)
// with the system Chromium over every public route of the spec and prints per route the four category
// scores (performance, accessibility, best practices, SEO), LCP, TBT and CLS. Without --url it starts the
// production server (dist/server.js) on a fresh temporary DATA_DIR with the demo content, like npm start.
// Targets (decision 0010): performance ≥ 95, accessibility, best practices and SEO 100, CLS < 0.02.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort, waitFor } from './local-server.mjs';
import { buildIsStale } from './stale.mjs';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
process.chdir(root);
const argv = process.argv.slice(2);
const option = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BUILD_DIR = process.env.BUILD_DIR ?? 'build';

/** Every public route of the spec, with real ids from the site's own API for the detail pages. */
async function publicRoutes(base) {
  const get = async (p) => (await fetch(`${base}${p}`)).json();
  const post = async (p, body) =>
    (await fetch(`${base}${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
  // The pages without an id in their path: the sitemap's own list.
  const routes = JSON.parse(readFileSync(new URL('../content/rules/public-pages.json', import.meta.url), 'utf8'));
  const categories = (await get('/api/caseCategory/getallcases')).cases ?? [];
  if (categories[0]) {
    routes.push(`/our-case-details/${categories[0].case_category_id}`);
    for (const c of categories) {
      const cases = (await post('/api/cases/getcasesByCategory', { case_category_id: c.case_category_id })).cases ?? [];
      if (cases[0]) {
        routes.push(`/our-case-details-view/${cases[0].case_id}`);
        break;
      }
    }
  }
  const events = (await get('/api/event/getAllEvents')).data ?? [];
  const ev = events.find((e) => e.event_start_date && e.event_end_date && e.event_address) ?? events[0];
  if (ev) routes.push(`/events/${String(ev.event_title).toLowerCase().replace(/\s+/g, '-')}`);
  const blogs = (await get('/api/blog/getblogs')).blogs ?? [];
  if (blogs[0]) routes.push(`/blog-details/${blogs[0].blog_id}`);
  // The 404 page is left out: Lighthouse refuses to audit a page answered with status 404.
  return routes;
}

async function main() {
  if (!existsSync(CHROMIUM)) {
    console.error(`No Chromium at ${CHROMIUM} (set CHROMIUM_PATH).`);
    process.exit(2);
  }
  let base = option('--url');
  let server = null;
  let dataDir = null;
  if (!base) {
    if (!existsSync('dist/server.js') || buildIsStale()) {
      console.log('Building the production site first…');
      execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
    }
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexfirm-lighthouse-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['dist/server.js'], {
      env: { ...process.env, NODE_ENV: 'production', BUILD_DIR, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_CONTENT: 'on', LOG_LEVEL: 'warn', PUBLIC_URL: base, ADMIN_EMAIL: 'lighthouse@example.com', ADMIN_PASSWORD: 'lighthouse-password-not-secret-1' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    console.log(`Starting the site on ${base} with the demo content…`);
    await waitFor(`${base}/api/health`, { child: server });
  }
  const only = option('--only');
  const routes = only ? [only] : await publicRoutes(base);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  const rows = [];
  try {
    for (const route of routes) {
      const url = `${base}${route}`;
      // Warm the page cache first: a visitor is served from it (the first render after a write is the exception).
      await (await fetch(url)).arrayBuffer();
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      const lhr = result.lhr;
      const reports = option('--reports');
      if (reports) {
        mkdirSync(reports, { recursive: true });
        writeFileSync(path.join(reports, `${route.replace(/[^a-z0-9]+/gi, '_') || 'home'}.json`), JSON.stringify(lhr));
      }
      const score = (k) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
      const audit = (k) => lhr.audits[k]?.numericValue;
      const failing = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id);
      const row = {
        route,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        failing,
        runtimeError: lhr.runtimeError?.message,
      };
      rows.push(row);
      console.log(
        `${route.padEnd(36)} perf ${String(row.performance).padStart(3)}  a11y ${String(row.accessibility).padStart(3)}  bp ${String(row.bestPractices).padStart(3)}  seo ${String(row.seo).padStart(3)}  ` +
          `LCP ${String(Math.round(row.lcpMs ?? NaN)).padStart(5)} ms  TBT ${String(Math.round(row.tbtMs ?? NaN)).padStart(4)} ms  CLS ${(row.cls ?? NaN).toFixed(3)}` +
          (failing.length ? `  failing: ${failing.join(', ')}` : '') +
          (row.runtimeError ? `  error: ${row.runtimeError}` : ''),
      );
    }
  } finally {
    await chrome.kill();
    if (server) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  const pass = (r) => r.performance >= 95 && r.accessibility === 100 && r.bestPractices === 100 && r.seo === 100 && r.cls < 0.02;
  const passed = rows.filter(pass).length;
  console.log(`\n${passed} of ${rows.length} routes meet the targets (performance ≥ 95, accessibility/best practices/SEO 100, CLS < 0.02).`);
  const out = option('--json');
  if (out) writeFileSync(out, JSON.stringify(rows, null, 2));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
