// npm run bench [-- --large] [-- --duration 5] [-- --json out.json]
//
// Starts the production server (dist/server.js over the production build) as a child process on a fresh
// temporary DATA_DIR with the demo content, and measures with autocannon, at 1 and 50 connections:
// requests per second and p50/p99 latency of GET /, /blog, /event, /api/faqs/getallfaqs, /api/blog/getblogs
// and a consultation POST; the uncached render of the home page (a second server with PAGE_CACHE=off); first start (migrations + demo seed) and
// cold start (restart on the seeded data); and the server's RSS after the load. The same home-page bytes are
// served by a minimal static server (another child process) in the same run, and the ratio is printed so
// results compare across machines. --large adds 5,000 blogs, 1,000 events, 1,000 FAQs and 10,000
// consultation requests (bulk inserts straight into SQLite) and measures the list pages uncached and the
// admin's consultations inbox (a page of 50 out of 10,000); the admin Blogs table's first page is measured in both runs. Method and recorded results: docs/performance.md.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { buildIsStale } from './stale.mjs';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
process.chdir(root);

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const option = (name, fallback) => {
  const i = argv.indexOf(name);
  return i >= 0 && argv[i + 1] ? argv[i + 1] : fallback;
};
const LARGE = flag('--large');
const DURATION = Number(option('--duration', '5'));
const UNCACHED_REQUESTS = Number(option('--uncached', '200'));
const JSON_OUT = option('--json', null);
const BUILD_DIR = process.env.BUILD_DIR ?? 'build';
const ADMIN = { email: 'bench@example.com', password: 'bench-password-not-secret-1' };

/* ---------- processes ---------- */

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitFor(url, timeoutMs = 180_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

const children = new Set();
function startChild(args, env) {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (d) => (log = (log + d).slice(-4000)));
  child.stderr.on('data', (d) => (log = (log + d).slice(-4000)));
  child.log = () => log;
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
  });
}

process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});
process.on('SIGINT', () => process.exit(130));

/** Resident set size of a process in MB (Linux /proc; ps elsewhere). */
function rssMb(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    if (m) return Number(m[1]) / 1024;
  } catch {
    /* not Linux */
  }
  return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)]).toString().trim()) / 1024;
}

/* ---------- the site ---------- */

async function startSite(dataDir, port, env = {}) {
  const t0 = performance.now();
  // Started as `npm start` starts it (same V8 heap cap).
  const child = startChild(['--max-old-space-size=1024', 'dist/server.js'], {
    NODE_ENV: 'production',
    BUILD_DIR,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_CONTENT: 'on',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // The benchmark measures the consultation handler, not the per-address limiter (5 a minute by default).
    CONSULTATION_RATE_LIMIT: '0',
    MAIL_POLL_MS: '60000',
    ...env,
  });
  const exited = new Promise((_, reject) => child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${child.log()}`))));
  await Promise.race([waitFor(`http://127.0.0.1:${port}/api/health`), exited]);
  return { child, ms: performance.now() - t0 };
}

/** Bulk content for --large, written straight into the SQLite file while the server is stopped. */
function seedLarge(dataDir) {
  const db = new Database(path.join(dataDir, 'site.db'));
  db.pragma('journal_mode = WAL');
  const now = new Date().toISOString();
  const blog = db.prepare('SELECT case_category_id, blog_image FROM blogs LIMIT 1').get();
  const event = db.prepare('SELECT event_image FROM events LIMIT 1').get();
  const pad = (n) => String(n).padStart(2, '0');
  const ymd = (d) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const text = 'A plain-language guide to a common legal question, with the steps to take and the documents to keep. ';
  db.transaction(() => {
    const b = db.prepare('INSERT INTO blogs (title, case_category_id, description, blog_image, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)');
    for (let i = 1; i <= 5000; i++) b.run(`Bulk article ${i}: what to know`, blog.case_category_id, `<p>${text.repeat(6)}</p>`, blog.blog_image, now, now);
    const e = db.prepare(
      'INSERT INTO events (event_title, event_description, event_image, event_start_date, event_start_time, event_end_date, event_end_time, event_address, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const base = Date.now();
    for (let i = 1; i <= 1000; i++) {
      const day = ymd(new Date(base + (i - 500) * 86_400_000));
      e.run(`Bulk seminar ${i}`, text.repeat(3), event.event_image, day, '10:00', day, '12:00', 'Harrow & Vale, MG Road, Kochi', now, now);
    }
    const f = db.prepare('INSERT INTO faqs (question, answer, created_at, updated_at) VALUES (?, ?, ?, ?)');
    for (let i = 1; i <= 1000; i++) f.run(`Bulk question ${i}: how does this work?`, text.repeat(2), now, now);
    const c = db.prepare(
      'INSERT INTO consultations (reference, name, email, contact_number, legal_issue_summary, requested_at, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    for (let i = 1; i <= 10000; i++) {
      c.run(`BULK-${i}-${randomBytes(3).toString('hex')}`, `Client ${i}`, `client${i}@example.com`, '+91 98470 00000', text, new Date(base + i * 3600_000).toISOString(), 'new', now, now);
    }
  })();
  db.close();
}

/* ---------- load ---------- */

const ACCEPT = { 'accept-encoding': 'br, gzip' };

async function load(url, connections, extra = {}) {
  const opts = { url, connections, headers: { ...ACCEPT, ...(extra.headers ?? {}) } };
  if (extra.method) opts.method = extra.method;
  if (extra.body) opts.body = extra.body;
  if (extra.requests) opts.requests = extra.requests;
  if (extra.amount) opts.amount = extra.amount;
  else opts.duration = DURATION;
  const r = await autocannon(opts);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

const fmt = (n, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : String(n));

async function main() {
  if (!existsSync('dist/server.js') || buildIsStale()) {
    console.log('Building the production site first…');
    execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexfirm-bench-'));
  const results = { machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, node: process.version, memGb: +(os.totalmem() / 2 ** 30).toFixed(1) }, large: LARGE, duration: DURATION, runs: [] };
  const rows = [];
  try {
    const port = await freePort();
    console.log(`DATA_DIR ${dataDir}; first start (migrations and demo content)…`);
    let site = await startSite(dataDir, port);
    results.firstStartMs = site.ms;
    await stopChild(site.child);
    if (LARGE) {
      const t = performance.now();
      seedLarge(dataDir);
      results.largeSeedMs = performance.now() - t;
      console.log(`large data set inserted in ${fmt(results.largeSeedMs, 0)} ms`);
    }
    site = await startSite(dataDir, port);
    results.coldStartMs = site.ms;
    const base = `http://127.0.0.1:${port}`;
    let t = performance.now();
    const firstPage = await fetch(`${base}/`, { headers: ACCEPT });
    await firstPage.arrayBuffer();
    results.firstRenderMs = performance.now() - t;
    results.rssIdleMb = rssMb(site.child.pid);

    const login = await fetch(`${base}/api/admin/adminlogin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    if (!login.ok) throw new Error(`bench login failed: ${login.status}`);
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

    // The static baseline: the exact bytes and headers the site sends for GET / (brotli), from memory.
    const home = await fetch(`${base}/`, { headers: ACCEPT });
    const homeBytes = Buffer.from(await home.arrayBuffer());
    // fetch decodes the body; ask again over a raw request for the compressed bytes.
    const raw = await new Promise((resolve, reject) => {
      import('node:http').then(({ default: http }) =>
        http
          .get(`${base}/`, { headers: ACCEPT }, (res) => {
            const chunks = [];
            res.on('data', (c) => chunks.push(c));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject),
      );
    });
    const staticDir = path.join(dataDir, 'static');
    mkdirSync(staticDir, { recursive: true });
    writeFileSync(path.join(staticDir, 'index.html.br'), raw.body);
    const staticPort = await freePort();
    const staticServer = startChild(
      [
        '-e',
        `const http=require('node:http');const fs=require('node:fs');
const body=fs.readFileSync(process.env.FILE);
const headers={'content-type':'text/html; charset=utf-8','content-encoding':process.env.ENC,'content-length':String(body.length),'etag':process.env.ETAG,'vary':'Accept-Encoding'};
http.createServer((req,res)=>{res.writeHead(200,headers);res.end(body);}).listen(Number(process.env.PORT),'127.0.0.1');`,
      ],
      { FILE: path.join(staticDir, 'index.html.br'), PORT: String(staticPort), ENC: String(raw.headers['content-encoding'] ?? 'identity'), ETAG: String(raw.headers.etag ?? '') },
    );
    await waitFor(`http://127.0.0.1:${staticPort}/`);
    results.homeHtml = { bytes: homeBytes.length, sent: raw.body.length, encoding: raw.headers['content-encoding'] ?? null };

    const future = new Date(Date.now() + 7 * 86_400_000);
    const consultation = JSON.stringify({
      name: 'Bench Client',
      email: 'client@example.com',
      contactNumber: '+91 98470 12345',
      LegalIssueSummary: 'A boundary wall dispute with a neighbour; I would like advice on my options.',
      datetime: `${future.toISOString().slice(0, 10)}T10:30`,
      consent: 'true',
    });
    const targets = [
      { name: 'static server, same home-page bytes', url: `http://127.0.0.1:${staticPort}/` },
      { name: 'GET / (cached)', url: `${base}/` },
      { name: 'GET /blog (cached)', url: `${base}/blog` },
      { name: 'GET /event (cached)', url: `${base}/event` },
      { name: 'GET /api/faqs/getallfaqs', url: `${base}/api/faqs/getallfaqs` },
      { name: 'GET /api/blog/getblogs', url: `${base}/api/blog/getblogs` },
      // The admin Blogs table (issue 14): its first page of 50, searched and counted on the server, never cached.
      { name: 'GET /api/content/blog (admin Blogs table, page 1 of 50)', url: `${base}/api/content/blog?page=1&perPage=50`, opts: { headers: { cookie } } },
      { name: 'POST /api/mail/contact', url: `${base}/api/mail/contact`, opts: { method: 'POST', headers: { 'content-type': 'application/json' }, body: consultation } },
    ];
    if (LARGE) {
      targets.push(
        { name: 'GET /faqs (cached)', url: `${base}/faqs` },
        { name: 'GET /api/event/getAllEvents', url: `${base}/api/event/getAllEvents` },
        { name: 'GET /api/consultations/getall (admin, a page)', url: `${base}/api/consultations/getall`, opts: { headers: { cookie } } },
      );
    }
    // Warm every page once (the cache holds it from then on).
    for (const x of targets) if (!x.opts) await (await fetch(x.url, { headers: ACCEPT })).arrayBuffer();

    for (const connections of [1, 50]) {
      for (const x of targets) {
        process.stdout.write(`  ${x.name} @ ${connections} …\r`);
        const r = await load(x.url, connections, x.opts);
        rows.push({ target: x.name, connections, ...r });
      }
    }
    results.rssAfterCachedLoadMb = rssMb(site.child.pid);

    // The admin assistant: the first question builds its index of the site (every row, the settings,
    // the help), the next ones reuse it until content changes.
    const ask = async (prompt) => {
      const t0 = performance.now();
      const r = await fetch(`${base}/api/ai/createai`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ prompt }) });
      await r.arrayBuffer();
      if (!r.ok) throw new Error(`assistant answered ${r.status}`);
      return performance.now() - t0;
    };
    results.assistant = { firstMs: await ask('how many upcoming events'), nextMs: [] };
    for (const q of ['phone number of the Bengaluru office', 'find the blog about divorce', 'how do I add a new ad', 'which ads have expired', 'what are our consultation hours'])
      results.assistant.nextMs.push(await ask(q));
    results.assistant.rssMb = rssMb(site.child.pid);

    // Uncached renders: the same data on a server started with PAGE_CACHE=off, so every request renders
    // (the page cache keys pages by path and page number only: a made-up query string would be a hit).
    await stopChild(site.child);
    site = await startSite(dataDir, port, { PAGE_CACHE: 'off' });
    const uncachedTargets = [{ name: 'GET / (uncached render)', path: '/' }];
    if (LARGE) uncachedTargets.push({ name: 'GET /blog (uncached)', path: '/blog' }, { name: 'GET /event (uncached)', path: '/event' }, { name: 'GET /faqs (uncached)', path: '/faqs' });
    for (const x of uncachedTargets) {
      await (await fetch(`${base}${x.path}`, { headers: ACCEPT })).arrayBuffer();
      for (const connections of [1, 10]) {
        process.stdout.write(`  ${x.name} @ ${connections} …\r`);
        const r = await load(`${base}${x.path}`, connections, { amount: UNCACHED_REQUESTS });
        rows.push({ target: x.name, connections, ...r });
      }
    }
    results.rssAfterUncachedMb = rssMb(site.child.pid);
    await stopChild(staticServer);
    await stopChild(site.child);
  } finally {
    for (const c of [...children]) await stopChild(c);
    rmSync(dataDir, { recursive: true, force: true });
  }
  results.runs = rows;

  /* ---------- report ---------- */
  console.log(' '.repeat(70));
  console.log(`machine: ${results.machine.cpus} CPU (${results.machine.cpu}), ${results.machine.memGb} GB, Node ${results.machine.node}${LARGE ? '; large data set' : ''}`);
  console.log(`home page: ${results.homeHtml.bytes} bytes of HTML, ${results.homeHtml.sent} sent (${results.homeHtml.encoding})`);
  console.log(`first start (migrate + demo seed): ${fmt(results.firstStartMs, 0)} ms; cold start on seeded data: ${fmt(results.coldStartMs, 0)} ms; first render of /: ${fmt(results.firstRenderMs, 0)} ms`);
  console.log('');
  console.log(`${'target'.padEnd(42)} ${'conns'.padStart(5)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'non-2xx'.padStart(8)} ${'errors'.padStart(7)}`);
  for (const r of rows) {
    console.log(`${r.target.padEnd(42)} ${String(r.connections).padStart(5)} ${fmt(r.rps).padStart(9)} ${fmt(r.p50, 2).padStart(7)} ${fmt(r.p99, 2).padStart(7)} ${String(r.non2xx).padStart(8)} ${String(r.errors).padStart(7)}`);
  }
  const find = (t, c) => rows.find((r) => r.target === t && r.connections === c);
  const stat50 = find('static server, same home-page bytes', 50);
  const home50 = find('GET / (cached)', 50);
  const ratio = home50.rps / stat50.rps;
  console.log('');
  console.log(`RSS: ${fmt(results.rssIdleMb, 0)} MB after start, ${fmt(results.rssAfterCachedLoadMb, 0)} MB after the cached loads and the consultation POSTs; ${fmt(results.rssAfterUncachedMb, 0)} MB after the uncached renders (a second server, PAGE_CACHE=off)`);
  const next = results.assistant.nextMs;
  console.log(`assistant: first question (builds the index) ${fmt(results.assistant.firstMs, 0)} ms; next questions p50 ${fmt(next.sort((a, b) => a - b)[Math.floor(next.length / 2)], 1)} ms, max ${fmt(Math.max(...next), 1)} ms; RSS ${fmt(results.assistant.rssMb, 0)} MB after`);
  console.log(`GET / at 50 connections: ${fmt(ratio * 100, 0)}% of the static server's requests per second (${fmt(home50.rps, 0)} vs ${fmt(stat50.rps, 0)})`);
  const checks = [
    ['cached GET / ≥ 50% of static req/s at 50 connections', ratio >= 0.5],
    ...['GET / (cached)', 'GET /blog (cached)', 'GET /event (cached)'].map((t) => [`${t} p99 < 20 ms at 50 connections`, find(t, 50).p99 < 20]),
    ['uncached GET / p50 < 15 ms (1 connection)', find('GET / (uncached render)', 1).p50 < 15],
    ['server RSS < 250 MB after the benchmark (both servers)', Math.max(results.rssAfterCachedLoadMb, results.rssAfterUncachedMb) < 250],
    ['no errors and no non-2xx answers', rows.every((r) => r.errors === 0 && r.non2xx === 0)],
  ];
  if (LARGE) {
    for (const t of ['GET /blog (uncached)', 'GET /event (uncached)', 'GET /faqs (uncached)']) checks.push([`${t} p99 < 50 ms (1 connection)`, find(t, 1).p99 < 50]);
  }
  results.checks = Object.fromEntries(checks);
  for (const [name, pass] of checks) console.log(`${pass ? 'PASS' : 'FAIL'}  ${name}`);
  if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify(results, null, 2));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
