// npm run lighthouse [-- --url http://host:port] [-- --json out.json] [-- --only /faqs] [-- --reports DIR] [-- --locale ml,hi]
//                    [-- --only /book-consultation,/,/faqs --repeat 3] [-- --https]
// (--reports writes each route's full Lighthouse result as JSON into DIR; --locale runs the same routes under
// each locale's prefix, /ml/, /ml/faqs…, instead of the English ones, decision 0063; --only takes one route or
// several, comma-separated or repeated; --repeat N audits the chosen routes N times, interleaved round by round
// so that the routes share the machine's load, and prints each route's median of the N runs after the runs)
//
// Runs Lighthouse (the npm package, mobile preset: its default emulated phone and simulated slow 4G)
// with the system Chromium over every public route of the spec and prints per route the four category
// scores (performance, accessibility, best practices, SEO), LCP, TBT and CLS. Without --url it starts the
// production server (dist/server.js) on a fresh temporary DATA_DIR with the demo content, like npm start.
// Targets (decision 0010): performance ≥ 95, accessibility, best practices and SEO 100, CLS < 0.02.
// --https audits the site as docs/deploy.md deploys it: behind nginx (NGINX_PATH, else /usr/sbin/nginx) with
// TLS and HTTP/2 (a throwaway self-signed certificate from openssl, which Chromium is told to accept), so every
// file comes over one warm connection as on a real site; without it, plain HTTP/1.1 straight to Node, where
// each file in parallel opens its own connection (decision 0108).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { demoSiteEnv, freePort, waitFor } from './local-server';
import { throwawayCertificate, tlsProxyConfig } from './nginx-config';
import { build, buildIsStale } from './stale';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
process.chdir(root);
const argv = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
/** Every value of an option given more than once, each split at commas: `--only /,/faqs --only /blog`. */
const optionList = (name: string): string[] =>
  argv
    .flatMap((a, i) => (a === name && argv[i + 1] !== undefined ? argv[i + 1]!.split(',') : []))
    .map((v) => v.trim())
    .filter(Boolean);

/** The median of some numbers (the mean of the middle two for an even count); NaN for none. */
function median(values: (number | undefined)[]): number {
  const v = values.filter((x): x is number => typeof x === 'number' && !Number.isNaN(x)).sort((a, b) => a - b);
  if (v.length === 0) return NaN;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
}
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HTTPS = argv.includes('--https');
// This script's own requests (waiting for the site, warming its cache) accept the throwaway certificate too.
if (HTTPS) process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/**
 * nginx in front of the site with docs/deploy.md's own TLS block (scripts/nginx-config.ts), with a
 * self-signed certificate made for this run in `dir`.
 */
function startTlsProxy(dir: string, port: number, upstream: number): ChildProcess {
  if (!existsSync(NGINX)) {
    console.error(`--https needs nginx at ${NGINX} (apt-get install nginx-light, or set NGINX_PATH).`);
    process.exit(2);
  }
  const tls = path.join(dir, 'tls');
  mkdirSync(path.join(tls, 'logs'), { recursive: true });
  const made = throwawayCertificate(tls);
  if (!made) {
    console.error('--https needs openssl to make a throwaway certificate.');
    process.exit(2);
  }
  writeFileSync(path.join(tls, 'nginx.conf'), tlsProxyConfig({ dir: tls, listen: port, upstream, ...made }));
  return spawn(
    NGINX,
    [
      '-p',
      tls,
      '-c',
      path.join(tls, 'nginx.conf'),
      '-g',
      `daemon off; pid ${tls}/nginx.pid; error_log ${tls}/logs/error.log warn;`,
    ],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}

/** Every public route of the spec, with real ids from the site's own API for the detail pages. */
/** Public pages marked noindex (content/rules/noindex-pages.json). */
const NOT_INDEXED = JSON.parse(
  readFileSync(new URL('../content/rules/noindex-pages.json', import.meta.url), 'utf8'),
) as string[];

/** The fields of the site's answers read here. */
interface Answers {
  cases?: { case_category_id?: number; case_id?: number }[];
  data?: { event_title?: string; event_start_date?: string; event_end_date?: string; event_address?: string }[];
  blogs?: { blog_id: number }[];
}

async function publicRoutes(base: string): Promise<string[]> {
  const get = async (p: string) => (await (await fetch(`${base}${p}`)).json()) as Answers;
  const post = async (p: string, body: unknown) =>
    (await (
      await fetch(`${base}${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as Answers;
  // The pages without an id in their path: the sitemap's own list.
  const routes = JSON.parse(
    readFileSync(new URL('../content/rules/public-pages.json', import.meta.url), 'utf8'),
  ) as string[];
  // The search results page with results, as well as empty (decision 0054).
  routes.push('/search?q=property');
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

/** One audit of one route. */
interface Row {
  route: string;
  round?: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number | undefined;
  tbtMs: number | undefined;
  cls: number | undefined;
  failing: string[];
  runtimeError: string | undefined;
}
type MedianKey = 'performance' | 'accessibility' | 'bestPractices' | 'seo' | 'lcpMs' | 'tbtMs' | 'cls';
/** What the targets are judged on: one audit, or a route's medians with --repeat. */
type Judged = Pick<Row, 'performance' | 'accessibility' | 'bestPractices' | 'seo'> & { cls: number | undefined };

async function main() {
  if (!existsSync(CHROMIUM)) {
    console.error(`No Chromium at ${CHROMIUM} (set CHROMIUM_PATH).`);
    process.exit(2);
  }
  let base = option('--url');
  let server: ChildProcess | null = null;
  let dataDir: string | null = null;
  let proxy: ChildProcess | null = null;
  if (!base) {
    if (!existsSync('dist/server.js') || buildIsStale()) {
      console.log('Building the production site first…');
      build();
    }
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexfirm-lighthouse-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const direct = base;
    if (HTTPS) {
      const front = await freePort();
      base = `https://127.0.0.1:${front}`;
      proxy = startTlsProxy(dataDir, front, port);
    }
    server = spawn(process.execPath, ['dist/server.js'], {
      env: {
        ...process.env,
        ...demoSiteEnv(
          {
            port,
            dataDir,
            publicUrl: base,
            admin: { email: 'lighthouse@example.com', password: 'lighthouse-password-not-secret-1' },
          },
          HTTPS ? { TRUST_PROXY: 'on' } : {},
        ),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    console.log(
      `Starting the site on ${base} with the demo content${HTTPS ? ` (nginx with TLS and HTTP/2 in front of ${direct})` : ''}…`,
    );
    await waitFor(`${direct}/api/health`, { child: server });
    if (HTTPS && proxy) await waitFor(`${base}/api/health`, { child: proxy });
  }
  const only = optionList('--only');
  const english = only.length ? only : await publicRoutes(base);
  // '/' → '/ml/', '/faqs' → '/ml/faqs' (content/locales.ts, localizedPath).
  const locales = (option('--locale') ?? '').split(',').filter(Boolean);
  const routes = locales.length
    ? locales.flatMap((l) => english.map((r) => ({ path: `/${l}${r}`, english: r })))
    : english.map((r) => ({ path: r, english: r }));
  const repeat = Math.max(1, Number.parseInt(option('--repeat') ?? '1', 10) || 1);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      ...(HTTPS ? ['--ignore-certificate-errors'] : []),
    ],
  });
  const rows: Row[] = [];
  try {
    // Round by round, every route once a round: the routes share whatever else the machine is doing.
    const audits = Array.from({ length: repeat }, (_, i) => routes.map((r) => ({ round: i + 1, ...r }))).flat();
    for (const { round, path: route, english: englishRoute } of audits) {
      const url = `${base}${route}`;
      // Warm the page cache first: a visitor is served from it (the first render after a write is the exception).
      await (await fetch(url)).arrayBuffer();
      // A page kept out of search engines on purpose (noindex: the search results) is not marked down for it.
      const noindex = NOT_INDEXED.includes(englishRoute.split('?')[0]);
      const result = await lighthouse(url, {
        port: chrome.port,
        ...(noindex ? { skipAudits: ['is-crawlable'] } : {}),
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      const lhr = result.lhr;
      const reports = option('--reports');
      if (reports) {
        mkdirSync(reports, { recursive: true });
        const name = route.replace(/[^a-z0-9]+/gi, '_') || 'home';
        writeFileSync(path.join(reports, `${name}${repeat > 1 ? `.${round}` : ''}.json`), JSON.stringify(lhr));
      }
      const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
      const audit = (k: string) => lhr.audits[k]?.numericValue;
      const failing = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id);
      const row: Row = {
        route,
        ...(repeat > 1 ? { round } : {}),
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
        `${(repeat > 1 ? `${route} #${round}` : route).padEnd(36)} perf ${String(row.performance).padStart(3)}  a11y ${String(row.accessibility).padStart(3)}  bp ${String(row.bestPractices).padStart(3)}  seo ${String(row.seo).padStart(3)}  ` +
          `LCP ${String(Math.round(row.lcpMs ?? NaN)).padStart(5)} ms  TBT ${String(Math.round(row.tbtMs ?? NaN)).padStart(4)} ms  CLS ${(row.cls ?? NaN).toFixed(3)}` +
          (failing.length ? `  failing: ${failing.join(', ')}` : '') +
          (row.runtimeError ? `  error: ${row.runtimeError}` : ''),
      );
    }
  } finally {
    await chrome.kill();
    for (const child of [server, proxy]) {
      if (!child || child.exitCode !== null) continue;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  const pass = (r: Judged) =>
    r.performance >= 95 && r.accessibility === 100 && r.bestPractices === 100 && r.seo === 100 && (r.cls ?? NaN) < 0.02;
  // With --repeat, each route's median of its runs is the figure judged (and written with --json).
  const medians =
    repeat > 1
      ? routes.map(({ path: route }) => {
          // A run Lighthouse could not complete (runtimeError, e.g. NO_NAVSTART on a busy machine) is left out.
          const runs = rows.filter((r) => r.route === route && !r.runtimeError);
          const m = (k: MedianKey) => median(runs.map((r) => r[k]));
          const range = (k: 'performance' | 'tbtMs') => [
            Math.min(...runs.map((r) => r[k] ?? NaN)),
            Math.max(...runs.map((r) => r[k] ?? NaN)),
          ];
          return {
            route,
            runs: runs.length,
            performance: m('performance'),
            accessibility: m('accessibility'),
            bestPractices: m('bestPractices'),
            seo: m('seo'),
            lcpMs: m('lcpMs'),
            tbtMs: m('tbtMs'),
            cls: m('cls'),
            performanceRange: range('performance'),
            tbtMsRange: range('tbtMs'),
          };
        })
      : null;
  if (medians) {
    const load = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    console.log(`\nMedian of the completed runs per route (of ${repeat}; load average ${load}):`);
    for (const r of medians) {
      console.log(
        `${`${r.route} (${r.runs})`.padEnd(36)} perf ${String(r.performance).padStart(3)} (${r.performanceRange.join('–')})  a11y ${String(r.accessibility).padStart(3)}  bp ${String(r.bestPractices).padStart(3)}  seo ${String(r.seo).padStart(3)}  ` +
          `LCP ${String(Math.round(r.lcpMs)).padStart(5)} ms  TBT ${String(Math.round(r.tbtMs)).padStart(4)} ms (${r.tbtMsRange.map(Math.round).join('–')})  CLS ${r.cls.toFixed(3)}`,
      );
    }
  }
  const judged = medians ?? rows;
  const passed = judged.filter(pass).length;
  console.log(
    `\n${passed} of ${judged.length} routes meet the targets (performance ≥ 95, accessibility/best practices/SEO 100, CLS < 0.02).`,
  );
  const out = option('--json');
  if (out) writeFileSync(out, JSON.stringify(medians ? { runs: rows, medians } : rows, null, 2));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
