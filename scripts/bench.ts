// npm run bench [-- --large] [-- --duration 5] [-- --rounds 2] [-- --warmup 2] [-- --ratio-only | --no-compare | --admin-only] [-- --keep] [-- --tool wrk|autocannon] [-- --json out.json] [-- --variant NAME=VALUE[,NAME=VALUE…]]
//
// Starts the production server (dist/server.js over the production build) as a child process on a fresh
// temporary DATA_DIR with the demo content topped up to 100 FAQs and 100 blogs, and measures it against a
// bare node:http server (scripts/bench-bare.ts, another child process) that answers the same addresses with
// the same status, headers and bytes from memory: GET /, /blog, /api/faqs/getallfaqs and /api/blog/getblogs,
// identity and brotli, at 50 connections, in ABBA order (bare, product, product, bare per round), with the
// CPU time each process spent per request (from /proc). Then, on the product alone, at 1 and 50 connections:
// /event, a consultation POST, the uncached render of the home page (a second server with PAGE_CACHE=off);
// first start (migrations + demo seed), cold start (restart on the seeded data) and RSS. The admin Blogs
// table's first page, alone and with 20 at once. --large adds 5,000 blogs, 1,000 events, 1,000 FAQs and
// 10,000 consultation requests with what they leave behind (20,000 outbox mails, 20,000 audit entries,
// 2,000 conflict parties, 1,000 erasure requests, 20 administrators; bulk inserts straight into SQLite),
// measures the list pages uncached, and the first page of EVERY admin table (each content group's
// listContent, the inbox, audit log, mail log, conflict list, data requests, administrators) alone and
// with 20 at once, with PASS/FAIL against p50 < 50 ms and p99 < 200 ms (decision 0030). --admin-only
// runs only those. The load generator is wrk when it is installed (apt-get install wrk), else autocannon.
// --variant starts a second product server on the same data with those environment variables added (for
// example METRICS_TOKEN=… or INSIGHTS=off) and measures it in the same rounds (bare, product, variant,
// variant, product, bare), so a feature's cost is read as the difference of two ratios taken seconds apart
// on the same machine, not across runs minutes apart under another load.
// Method and recorded results: docs/performance.md.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Options as AutocannonOptions } from 'autocannon';
import Database from 'better-sqlite3';
import { demoSiteEnv, freePort, waitFor } from './local-server';
import { scriptArgs } from './project';
import { build, buildIsStale } from './stale';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
process.chdir(root);

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(name);
function option(name: string, fallback: string): string;
function option(name: string, fallback: null): string | null;
function option(name: string, fallback: string | null): string | null {
  const i = argv.indexOf(name);
  return i >= 0 && argv[i + 1] ? argv[i + 1]! : fallback;
}
const LARGE = flag('--large');
const DURATION = Number(option('--duration', '5'));
const UNCACHED_REQUESTS = Number(option('--uncached', '200'));
const JSON_OUT = option('--json', null);
const ROUNDS = Number(option('--rounds', '2'));
// Seconds of unmeasured load on each server, per address and encoding, before the side-by-side rounds.
const WARMUP = Number(option('--warmup', '2'));
const RATIO_ONLY = flag('--ratio-only');
const VARIANT = option('--variant', null);
const VARIANT_ENV: Record<string, string> | null = VARIANT
  ? Object.fromEntries(
      VARIANT.split(',').map((pair) => {
        const at = pair.indexOf('=');
        if (at < 1) throw new Error(`--variant takes NAME=VALUE pairs, not "${pair}"`);
        return [pair.slice(0, at), pair.slice(at + 1)];
      }),
    )
  : null;
// --no-compare skips the side-by-side runs (for a --large run about the uncached and admin figures).
// --admin-only: only the admin tables (with --large: every one of them at scale), for quick reruns.
const ADMIN_ONLY = flag('--admin-only');
const COMPARE = !flag('--no-compare') && !ADMIN_ONLY;
// --keep: the temporary DATA_DIR is left in place (and named) for profiling on the same data.
const KEEP = flag('--keep');
const hasWrk = (() => {
  try {
    execFileSync('wrk', ['-v'], { stdio: 'ignore' });
    return true;
  } catch (err) {
    // wrk -v prints its version and exits 1.
    const status = (err as { status?: number | null }).status;
    return status !== undefined && status !== null;
  }
})();
const TOOL = option('--tool', hasWrk ? 'wrk' : 'autocannon');
const ADMIN = { email: 'bench@example.com', password: 'bench-password-not-secret-1' };

/* ---------- processes ---------- */

/** A child process with the last 4,000 characters it printed. */
type Child = ChildProcess & { log: () => string };

const children = new Set<Child>();
function startChild(args: string[], env: NodeJS.ProcessEnv): Child {
  const spawned = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  spawned.stdout.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-4000)));
  spawned.stderr.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-4000)));
  const child: Child = Object.assign(spawned, { log: () => log });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

function stopChild(child: ChildProcess): Promise<void> {
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
function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    if (m) return Number(m[1]) / 1024;
  } catch {
    /* not Linux */
  }
  return (
    Number(
      execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
        .toString()
        .trim(),
    ) / 1024
  );
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc; 0 elsewhere). */
const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of stat (utime, stime): indexes 11 and 12 after the command name.
    return ((Number(f[11]) + Number(f[12])) * 1000) / CLK_TCK;
  } catch {
    return 0;
  }
}

/* ---------- the site ---------- */

async function startSite(
  dataDir: string,
  port: number,
  env: NodeJS.ProcessEnv = {},
): Promise<{ child: Child; ms: number }> {
  const t0 = performance.now();
  // Started as `npm start` starts it (same V8 heap limits, and glibc's malloc held to two arenas: decision 0032).
  const child = startChild(['--max-old-space-size=1024', '--max-semi-space-size=4', 'dist/server.js'], {
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
    ...demoSiteEnv({ port, dataDir, admin: ADMIN }),
    // The benchmark measures the consultation handler, not the per-address limiter (5 a minute by default).
    CONSULTATION_RATE_LIMIT: '0',
    MAIL_POLL_MS: '60000',
    ...env,
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${child.log()}`))),
  );
  await Promise.race([waitFor(`http://127.0.0.1:${port}/api/health`, { everyMs: 20 }), exited]);
  return { child, ms: performance.now() - t0 };
}

/**
 * Tops the demo content up to 100 FAQs and 100 blogs (the list calls are measured with 100 rows, a
 * realistic site), written straight into the SQLite file while the server is stopped.
 */
function seedStandard(dataDir: string): void {
  const db = new Database(path.join(dataDir, 'site.db'));
  db.pragma('journal_mode = WAL');
  const now = new Date().toISOString();
  const blog = db.prepare('SELECT case_category_id, blog_image FROM blogs LIMIT 1').get() as {
    case_category_id: number;
    blog_image: string;
  };
  const text = 'A plain-language answer to a common legal question, with the steps to take and the documents to keep. ';
  db.transaction(() => {
    const faqs = (db.prepare('SELECT COUNT(*) AS n FROM faqs').get() as { n: number }).n;
    const f = db.prepare('INSERT INTO faqs (question, answer, created_at, updated_at) VALUES (?, ?, ?, ?)');
    for (let i = faqs + 1; i <= 100; i++) f.run(`Question ${i}: how does this work?`, text.repeat(2), now, now);
    const blogs = (db.prepare('SELECT COUNT(*) AS n FROM blogs').get() as { n: number }).n;
    const b = db.prepare(
      'INSERT INTO blogs (title, case_category_id, description, blog_image, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    for (let i = blogs + 1; i <= 100; i++)
      b.run(`Article ${i}: what to know`, blog.case_category_id, `<p>${text.repeat(6)}</p>`, blog.blog_image, now, now);
  })();
  db.close();
}

/** Bulk content for --large, written straight into the SQLite file while the server is stopped. */
function seedLarge(dataDir: string): void {
  const db = new Database(path.join(dataDir, 'site.db'));
  db.pragma('journal_mode = WAL');
  const now = new Date().toISOString();
  const blog = db.prepare('SELECT case_category_id, blog_image FROM blogs LIMIT 1').get() as {
    case_category_id: number;
    blog_image: string;
  };
  const event = db.prepare('SELECT event_image FROM events LIMIT 1').get() as { event_image: string };
  const pad = (n: number) => String(n).padStart(2, '0');
  const ymd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const text = 'A plain-language guide to a common legal question, with the steps to take and the documents to keep. ';
  db.transaction(() => {
    const b = db.prepare(
      'INSERT INTO blogs (title, case_category_id, description, blog_image, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    for (let i = 1; i <= 5000; i++)
      b.run(
        `Bulk article ${i}: what to know`,
        blog.case_category_id,
        `<p>${text.repeat(6)}</p>`,
        blog.blog_image,
        now,
        now,
      );
    const e = db.prepare(
      'INSERT INTO events (event_title, event_description, event_image, event_start_date, event_start_time, event_end_date, event_end_time, event_address, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const base = Date.now();
    for (let i = 1; i <= 1000; i++) {
      const day = ymd(new Date(base + (i - 500) * 86_400_000));
      e.run(
        `Bulk seminar ${i}`,
        text.repeat(3),
        event.event_image,
        day,
        '10:00',
        day,
        '12:00',
        'Harrow & Vale, MG Road, Kochi',
        now,
        now,
      );
    }
    const f = db.prepare('INSERT INTO faqs (question, answer, created_at, updated_at) VALUES (?, ?, ?, ?)');
    for (let i = 1; i <= 1000; i++) f.run(`Bulk question ${i}: how does this work?`, text.repeat(2), now, now);
    const c = db.prepare(
      'INSERT INTO consultations (reference, name, email, contact_number, legal_issue_summary, requested_at, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    // Spread over the inbox's statuses (every tab of the inbox has rows to count and page).
    const statuses = [
      'new',
      'new',
      'new',
      'contacted',
      'scheduled',
      'closed',
      'confirmed',
      'completed',
      'declined',
      'conflict_review',
    ];
    for (let i = 1; i <= 10000; i++) {
      c.run(
        `BULK-${i}-${randomBytes(3).toString('hex')}`,
        `Client ${i}`,
        `client${i}@example.com`,
        '+91 98470 00000',
        text,
        new Date(base + i * 3600_000).toISOString(),
        statuses[i % statuses.length],
        now,
        now,
      );
    }
    // What 10,000 requests leave in the other admin tables: two mails each in the outbox (one with its
    // calendar file), an audit trail, a conflict list, erasure requests and a few administrators.
    const firstConsultation = (
      db.prepare("SELECT MIN(consultation_id) AS id FROM consultations WHERE reference LIKE 'BULK-%'").get() as {
        id: number;
      }
    ).id;
    const m = db.prepare(
      'INSERT INTO mail_outbox (kind, to_address, subject, text_body, html_body, attachments, status, attempts, next_attempt_at, consultation_id, created_at, sent_at, message_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const ics = JSON.stringify([
      {
        filename: 'consultation.ics',
        contentType: 'text/calendar',
        content: `BEGIN:VCALENDAR\r\n${'X-PAD:calendar line\r\n'.repeat(20)}END:VCALENDAR`,
      },
    ]);
    for (let i = 0; i < 10000; i++) {
      const at = new Date(base + i * 3600_000).toISOString();
      m.run(
        'consultation-client',
        `client${i}@example.com`,
        'We received your consultation request',
        text.repeat(4),
        `<p>${text.repeat(4)}</p>`,
        ics,
        'sent',
        1,
        at,
        firstConsultation + i,
        at,
        at,
        `<bulk-${i}a@example.com>`,
      );
      m.run(
        'consultation-firm',
        'office@example.com',
        `New consultation request: Client ${i}`,
        text.repeat(4),
        `<p>${text.repeat(4)}</p>`,
        '[]',
        i % 50 ? 'sent' : 'failed',
        1,
        at,
        firstConsultation + i,
        at,
        at,
        `<bulk-${i}b@example.com>`,
      );
    }
    const a = db.prepare(
      'INSERT INTO audit_log (admin_id, admin_email, action, target, record_id, summary, ip, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    for (let i = 0; i < 20000; i++)
      a.run(
        1,
        ADMIN.email,
        ['add', 'update', 'publish', 'delete'][i % 4],
        'blog',
        String(i),
        `Bulk article ${i}: what to know`,
        '127.0.0.1',
        new Date(base - i * 60_000).toISOString(),
      );
    const p = db.prepare(
      'INSERT INTO conflict_parties (name, kind, email, phone, note, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    for (let i = 1; i <= 2000; i++)
      p.run(
        `Party ${i} Holdings`,
        i % 3 ? 'client' : 'adverse',
        `party${i}@example.com`,
        '+91 98470 11111',
        null,
        now,
        now,
      );
    const d = db.prepare(
      'INSERT INTO data_requests (kind, email, email_hash, status, created_at, verified_at, due_at, completed_at, removed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    // Verified erasures fall due 30 days on (none is carried out during the run).
    const due = new Date(base + 30 * 86_400_000).toISOString();
    for (let i = 1; i <= 1000; i++) {
      const done = i % 4 === 0;
      d.run(
        'erasure',
        done ? null : `gone${i}@example.com`,
        randomBytes(32).toString('hex'),
        done ? 'done' : i % 4 === 1 ? 'pending' : 'verified',
        now,
        now,
        due,
        done ? now : null,
        done ? 3 : null,
      );
    }
    const ad = db.prepare('INSERT INTO admins (email, password_hash, created_at) VALUES (?, ?, ?)');
    for (let i = 1; i <= 20; i++) ad.run(`partner${i}@example.com`, '!invited', now);
  })();
  db.close();
}

/* ---------- load ---------- */

const ACCEPT: Record<string, string> = { 'accept-encoding': 'br, gzip' };

/** One load run's figures (latencies in ms). */
interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}
/** A load run with the CPU time the serving process spent per request. */
interface Measured extends LoadResult {
  cpuMsPerRequest: number;
}
/** How a load run asks: identity (no Accept-Encoding), extra headers, a POST body, a fixed number of requests or seconds. */
interface LoadExtra {
  identity?: boolean;
  headers?: Record<string, string>;
  method?: string;
  body?: string;
  amount?: number;
  seconds?: number;
}

/** wrk's latency figures ("812.00us", "1.23ms", "2.01s") in ms. */
function wrkMs(v: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(v.trim());
  if (!m) return Number.NaN;
  const n = Number(m[1]);
  return m[2] === 'us' ? n / 1000 : m[2] === 'ms' ? n : m[2] === 's' ? n * 1000 : n * 60_000;
}

function runWrk(
  url: string,
  connections: number,
  headers: Record<string, string>,
  seconds = DURATION,
): Promise<LoadResult> {
  const args = [`-t${Math.min(2, connections)}`, `-c${connections}`, `-d${seconds}s`, '--latency'];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const p = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.stderr.on('data', (d: Buffer) => (out += d.toString()));
    p.once('error', reject);
    p.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`wrk failed (${code}): ${out}`));
      const pct = (q: number) => wrkMs((new RegExp(`^\\s+${q}%\\s+(\\S+)`, 'm').exec(out) ?? [])[1] ?? '');
      const total = Number((/(\d+) requests in/.exec(out) ?? [])[1] ?? 0);
      const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
      resolve({
        rps: Number((/Requests\/sec:\s+([\d.]+)/.exec(out) ?? [])[1] ?? 0),
        p50: pct(50),
        p99: pct(99),
        requests: total,
        non2xx: Number((/Non-2xx or 3xx responses: (\d+)/.exec(out) ?? [])[1] ?? 0),
        errors: socket ? socket.slice(1).reduce((n, x) => n + Number(x), 0) : 0,
      });
    });
  });
}

/** One load run. GETs go through wrk when present; POSTs and fixed request counts through autocannon. */
async function load(url: string, connections: number, extra: LoadExtra = {}): Promise<LoadResult> {
  const headers = extra.identity ? { ...(extra.headers ?? {}) } : { ...ACCEPT, ...(extra.headers ?? {}) };
  if (TOOL === 'wrk' && !extra.method && !extra.amount) return runWrk(url, connections, headers, extra.seconds);
  const opts: AutocannonOptions = { url, connections, headers };
  if (extra.method) opts.method = extra.method;
  if (extra.body) opts.body = extra.body;
  if (extra.amount) opts.amount = extra.amount;
  else opts.duration = extra.seconds ?? DURATION;
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

/**
 * Waits until a process is idle (at most one clock tick of CPU in 200 ms, for at most 20 s): the load
 * generator stops at its deadline, but the server may still be working through requests it accepted (50
 * consultation POSTs take seconds), which would otherwise land in the next run's latency and CPU.
 */
async function settle(pid: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  let last = cpuMs(pid);
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    const now = cpuMs(pid);
    if (now - last <= 1000 / CLK_TCK) return;
    last = now;
  }
}

/** A load run with the CPU time the serving process spent on it (until it is idle again). */
async function measured(pid: number, url: string, connections: number, extra?: LoadExtra): Promise<Measured> {
  await settle(pid);
  const before = cpuMs(pid);
  const r = await load(url, connections, extra);
  await settle(pid);
  const cpu = cpuMs(pid) - before;
  return { ...r, cpuMsPerRequest: r.requests ? cpu / r.requests : Number.NaN };
}

/** status, headers (in order, as sent) and body bytes of one answer, undecoded. */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: [string, string][]; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const pairs: [string, string][] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) pairs.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
          resolve({ status: res.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
        });
      })
      .on('error', reject);
  });
}

/** Headers Node's http server adds by itself (the bare server gets them from Node too). */
const NODE_OWN = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

const fmt = (n: number | undefined, d = 1) => (n !== undefined && Number.isFinite(n) ? n.toFixed(d) : String(n));
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** The addresses measured side by side with the bare server (decision 0020). */
const COMPARED = [
  { name: 'GET /', path: '/', page: true },
  { name: 'GET /blog', path: '/blog', page: true },
  // --large: every FAQ and every blog of the large data set (about 1,100 and 5,100) in one answer.
  { name: `GET /api/faqs/getallfaqs (${LARGE ? 'all' : '100'})`, path: '/api/faqs/getallfaqs', page: false },
  { name: `GET /api/blog/getblogs (${LARGE ? 'all' : '100'})`, path: '/api/blog/getblogs', page: false },
];
const ENCODINGS = ['identity', 'br'] as const;

/** Content groups (content/resources, in the admin sidebar's order): each has an admin table (listContent). */
const CONTENT_GROUPS = [
  'carousel',
  'calendar',
  'about',
  'caseCategory',
  'cases',
  'caseDetails',
  'blog',
  'event',
  'review',
  'team',
  'faqs',
  'partners',
  'ads',
  'gallery',
  'vacancy',
];
/**
 * The first page of every admin table as its screen asks for it (decision 0030). Without --large only
 * the Blogs table (decision 0015) is measured.
 */
const ADMIN_TABLES = [
  ...CONTENT_GROUPS.filter((g) => LARGE || g === 'blog').map((g) => ({
    name: `admin ${g} table (listContent, page 1 of 50)`,
    path: `/api/content/${g}?page=1&perPage=50`,
  })),
  ...(LARGE
    ? [
        { name: 'admin consultations inbox (page 1)', path: '/api/consultations/getall?page=1' },
        { name: 'admin audit log (page 1)', path: '/api/audit/getauditlog?page=1' },
        { name: 'admin mail log (page 1 of 50, as its screen asks)', path: '/api/mail/outbox?page=1&size=50' },
        {
          name: 'admin conflict list (page 1 of 50, as its screen asks)',
          path: '/api/conflict-parties/getall?page=1&size=50',
        },
        {
          name: 'admin data requests (page 1 of 50, as its screen asks)',
          path: '/api/privacy/requests?page=1&size=50',
        },
        { name: 'admin administrators', path: '/api/admins/list' },
      ]
    : []),
];
const ADMINS_AT_ONCE = 20;
const ADMIN_P50_MS = 50;
const ADMIN_P99_MS = 200;

/** The servers measured side by side: the bare one, the product, and the product with --variant's environment. */
type Who = 'bare' | 'product' | 'variant';
/** A side-by-side pair's figures over its rounds. */
interface Summary {
  rps: number;
  p50: number;
  p99: number;
  cpuMsPerRequest: number;
  non2xx: number;
  errors: number;
}
/** One measured target at one number of connections. */
interface Row extends Measured {
  target: string;
  connections: number;
}
/** What the bench measured (printed, and written with --json). */
interface Results {
  machine: { cpus: number; cpu: string | undefined; node: string; memGb: number };
  tool: string;
  large: boolean;
  duration: number;
  rounds: number;
  compared: {
    target: string;
    page: boolean;
    encoding: (typeof ENCODINGS)[number];
    bare: Summary;
    product: Summary;
    ratio: number;
    cpuRatio: number;
    runs: Record<Who, Measured[]>;
    variant?: Summary;
    variantRatio?: number;
  }[];
  variant?: Record<string, string>;
  variantPoints?: number;
  runs: Row[];
  firstStartMs?: number;
  largeSeedMs?: number;
  coldStartMs?: number;
  rssIdleMb?: number;
  firstRenderMs?: number;
  homeHtml?: { sent: number; encoding: string | null };
  homeHtmlBytes?: number;
  rssAfterLoadMb?: number;
  assistant?: { firstMs: number; nextMs: number[]; rssMb?: number };
  rssAfterUncachedMb?: number;
  checks?: Record<string, boolean>;
}
/** What the bare server answers, per address and encoding (scripts/bench-bare.ts reads it). */
type Described = Record<
  string,
  Partial<Record<(typeof ENCODINGS)[number], { status: number; headers: [string, string][]; file: string }>>
>;

async function main() {
  if (!existsSync('dist/server.js') || buildIsStale()) {
    console.log('Building the production site first…');
    build();
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexfirm-bench-'));
  const results: Results = {
    machine: {
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model,
      node: process.version,
      memGb: +(os.totalmem() / 2 ** 30).toFixed(1),
    },
    tool: TOOL,
    large: LARGE,
    duration: DURATION,
    rounds: ROUNDS,
    compared: [],
    runs: [],
  };
  const rows: Row[] = [];
  try {
    const port = await freePort();
    console.log(`DATA_DIR ${dataDir}; load generator ${TOOL}; first start (migrations and demo content)…`);
    let site = await startSite(dataDir, port);
    results.firstStartMs = site.ms;
    await stopChild(site.child);
    seedStandard(dataDir);
    if (LARGE) {
      const t = performance.now();
      seedLarge(dataDir);
      results.largeSeedMs = performance.now() - t;
      console.log(`large data set inserted in ${fmt(results.largeSeedMs, 0)} ms`);
    }
    site = await startSite(dataDir, port);
    results.coldStartMs = site.ms;
    // Idle: a second after the cold start, before any page was asked for.
    await new Promise((r) => setTimeout(r, 1000));
    results.rssIdleMb = rssMb(site.child.pid!);
    const base = `http://127.0.0.1:${port}`;
    const t = performance.now();
    const firstPage = await fetch(`${base}/`, { headers: ACCEPT });
    await firstPage.arrayBuffer();
    results.firstRenderMs = performance.now() - t;

    const login = await fetch(`${base}/api/admin/adminlogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (!login.ok) throw new Error(`bench login failed: ${login.status}`);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

    // The bare server's answers: exactly what the product sent for each address and encoding.
    const bareDir = path.join(dataDir, 'bare');
    mkdirSync(bareDir, { recursive: true });
    const described: Described = {};
    for (const [i, x] of COMPARED.entries()) {
      described[x.path] = {};
      for (const enc of ENCODINGS) {
        // Twice: the first answer of a page may be its render (x-cache: MISS).
        await rawGet(`${base}${x.path}`, enc === 'identity' ? {} : { 'accept-encoding': 'br, gzip' });
        const a = await rawGet(`${base}${x.path}`, enc === 'identity' ? {} : { 'accept-encoding': 'br, gzip' });
        if (a.status !== 200) throw new Error(`${x.path} answered ${a.status}`);
        const file = path.join(bareDir, `${i}.${enc}`);
        writeFileSync(file, a.body);
        described[x.path]![enc] = {
          status: a.status,
          headers: a.headers.filter(([k]) => !NODE_OWN.has(k.toLowerCase())),
          file,
        };
        if (enc === 'br' && x.path === '/')
          results.homeHtml = {
            sent: a.body.length,
            encoding: a.headers.find(([k]) => k.toLowerCase() === 'content-encoding')?.[1] ?? null,
          };
        if (enc === 'identity' && x.path === '/') results.homeHtmlBytes = a.body.length;
      }
    }
    const descFile = path.join(bareDir, 'answers.json');
    writeFileSync(descFile, JSON.stringify(described));
    const barePort = await freePort();
    const bare = startChild(scriptArgs('bench-bare', descFile, String(barePort)), {});
    await waitFor(`http://127.0.0.1:${barePort}/`, { everyMs: 20 });
    // The variant: a second product server on the same data, with the extra environment.
    let variant: { child: Child; ms: number; base: string } | null = null;
    if (VARIANT_ENV && COMPARE) {
      const variantPort = await freePort();
      variant = {
        ...(await startSite(dataDir, variantPort, { ...VARIANT_ENV, PUBLIC_URL: `http://127.0.0.1:${port}` })),
        base: `http://127.0.0.1:${variantPort}`,
      };
      for (const x of COMPARED)
        for (const enc of ENCODINGS)
          await rawGet(`${variant.base}${x.path}`, enc === 'identity' ? {} : { 'accept-encoding': 'br, gzip' });
      results.variant = VARIANT_ENV;
    }

    // Warm-up, not measured: both servers answer each address and encoding for WARMUP seconds first, so
    // the rounds compare steady states. Without it the bench's very first run had the highest p99 for
    // both servers (GET / identity 10.7–12.5 ms for the product, 8.9–10.8 ms for the bare server, against
    // 4–7 ms in every later run of the same address): V8 compiling the hot path, the heap and the
    // sockets' buffers growing to their working size, wrk itself starting cold.
    for (const x of COMPARE && WARMUP > 0 ? COMPARED : []) {
      for (const enc of ENCODINGS) {
        for (const origin of [`http://127.0.0.1:${barePort}`, base, ...(variant ? [variant.base] : [])]) {
          process.stdout.write(`  warm-up ${x.name} ${enc} …          \r`);
          await load(`${origin}${x.path}`, 50, { identity: enc === 'identity', seconds: WARMUP });
        }
      }
    }
    // Side by side: for each address and encoding, ROUNDS rounds of bare, product, product, bare.
    for (const x of COMPARE ? COMPARED : []) {
      for (const enc of ENCODINGS) {
        const runs: Record<Who, Measured[]> = { bare: [], product: [], variant: [] };
        const origins: Record<Who, [string, number] | []> = {
          bare: [`http://127.0.0.1:${barePort}`, bare.pid!],
          product: [base, site.child.pid!],
          variant: variant ? [variant.base, variant.child.pid!] : [],
        };
        const run = async (who: Who) => {
          process.stdout.write(`  ${x.name} ${enc} ${who} …          \r`);
          const [origin, pid] = origins[who] as [string, number];
          runs[who].push(await measured(pid, `${origin}${x.path}`, 50, { identity: enc === 'identity' }));
        };
        const order: Who[] = variant
          ? ['bare', 'product', 'variant', 'variant', 'product', 'bare']
          : ['bare', 'product', 'product', 'bare'];
        for (let r = 0; r < ROUNDS; r++) for (const who of order) await run(who);
        const sum = (who: Who): Summary => ({
          rps: mean(runs[who].map((r) => r.rps)),
          p50: mean(runs[who].map((r) => r.p50)),
          p99: Math.max(...runs[who].map((r) => r.p99)),
          cpuMsPerRequest: mean(runs[who].map((r) => r.cpuMsPerRequest)),
          non2xx: runs[who].reduce((n, r) => n + r.non2xx, 0),
          errors: runs[who].reduce((n, r) => n + r.errors, 0),
        });
        const b = sum('bare');
        const p = sum('product');
        const v = variant ? sum('variant') : null;
        results.compared.push({
          target: x.name,
          page: x.page,
          encoding: enc,
          bare: b,
          product: p,
          ratio: p.rps / b.rps,
          cpuRatio: p.cpuMsPerRequest / b.cpuMsPerRequest,
          ...(v ? { variant: v, variantRatio: v.rps / b.rps } : {}),
          runs,
        });
      }
    }
    await stopChild(bare);
    if (variant) await stopChild(variant.child);

    if (!RATIO_ONLY) {
      const future = new Date(Date.now() + 7 * 86_400_000);
      const consultation = JSON.stringify({
        name: 'Bench Client',
        email: 'client@example.com',
        contactNumber: '+91 98470 12345',
        LegalIssueSummary: 'A boundary wall dispute with a neighbour; I would like advice on my options.',
        datetime: `${future.toISOString().slice(0, 10)}T10:30`,
        consent: 'true',
      });
      const targets: { name: string; url: string; opts?: LoadExtra }[] = ADMIN_ONLY
        ? []
        : [
            { name: 'GET / (cached)', url: `${base}/` },
            { name: 'GET /event (cached)', url: `${base}/event` },
            {
              name: 'POST /api/mail/contact',
              url: `${base}/api/mail/contact`,
              opts: { method: 'POST', headers: { 'content-type': 'application/json' }, body: consultation },
            },
          ];
      if (LARGE && !ADMIN_ONLY) {
        targets.push(
          { name: 'GET /faqs (cached)', url: `${base}/faqs` },
          { name: 'GET /api/event/getAllEvents', url: `${base}/api/event/getAllEvents` },
        );
      }
      // Admin tables at scale (decision 0030): the first page of every admin table, alone and with 20
      // administrators at once, as the admin screens ask for it. The content tables page on the server
      // (listContent: the first 50, searched and counted, never cached).
      const adminTargets = ADMIN_TABLES.map((x) => ({ ...x, url: `${base}${x.path}`, opts: { headers: { cookie } } }));
      // Warm every page once (the cache holds it from then on).
      for (const x of targets) if (!x.opts) await (await fetch(x.url, { headers: ACCEPT })).arrayBuffer();
      for (const connections of [1, 50]) {
        for (const x of targets) {
          process.stdout.write(`  ${x.name} @ ${connections} …          \r`);
          const r = await measured(site.child.pid!, x.url, connections, x.opts);
          rows.push({ target: x.name, connections, ...r });
        }
      }
      for (const connections of [1, ADMINS_AT_ONCE]) {
        for (const x of adminTargets) {
          process.stdout.write(`  ${x.name} @ ${connections} …          \r`);
          const r = await measured(site.child.pid!, x.url, connections, x.opts);
          rows.push({ target: x.name, connections, ...r });
        }
      }
    }
    results.rssAfterLoadMb = rssMb(site.child.pid!);

    if (!RATIO_ONLY && !ADMIN_ONLY) {
      // The admin assistant: the first question builds its index of the site (every row, the settings,
      // the help), the next ones reuse it until content changes.
      const ask = async (prompt: string) => {
        const t0 = performance.now();
        const r = await fetch(`${base}/api/ai/createai`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ prompt }),
        });
        await r.arrayBuffer();
        if (!r.ok) throw new Error(`assistant answered ${r.status}`);
        return performance.now() - t0;
      };
      const assistant: NonNullable<Results['assistant']> = {
        firstMs: await ask('how many upcoming events'),
        nextMs: [],
      };
      results.assistant = assistant;
      for (const q of [
        'phone number of the Bengaluru office',
        'find the blog about divorce',
        'how do I add a new ad',
        'which ads have expired',
        'what are our consultation hours',
      ])
        assistant.nextMs.push(await ask(q));
      assistant.rssMb = rssMb(site.child.pid!);
    }

    if (!RATIO_ONLY && !ADMIN_ONLY) {
      // Uncached renders: the same data on a server started with PAGE_CACHE=off, so every request renders
      // (the page cache keys pages by path and page number only: a made-up query string would be a hit).
      await stopChild(site.child);
      site = await startSite(dataDir, port, { PAGE_CACHE: 'off' });
      const uncachedTargets = [{ name: 'GET / (uncached render)', path: '/' }];
      if (LARGE)
        uncachedTargets.push(
          { name: 'GET /blog (uncached)', path: '/blog' },
          { name: 'GET /event (uncached)', path: '/event' },
          { name: 'GET /faqs (uncached)', path: '/faqs' },
        );
      for (const x of uncachedTargets) {
        await (await fetch(`${base}${x.path}`, { headers: ACCEPT })).arrayBuffer();
        for (const connections of [1, 10]) {
          process.stdout.write(`  ${x.name} @ ${connections} …          \r`);
          const r = await measured(site.child.pid!, `${base}${x.path}`, connections, { amount: UNCACHED_REQUESTS });
          rows.push({ target: x.name, connections, ...r });
        }
      }
      results.rssAfterUncachedMb = rssMb(site.child.pid!);
    }
    await stopChild(site.child);
  } finally {
    for (const c of [...children]) await stopChild(c);
    if (KEEP) console.log(`DATA_DIR kept: ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
  results.runs = rows;

  /* ---------- report ---------- */
  console.log(' '.repeat(70));
  console.log(
    `machine: ${results.machine.cpus} CPU (${results.machine.cpu}), ${results.machine.memGb} GB, Node ${results.machine.node}; load: ${TOOL}, ${DURATION} s a run${LARGE ? '; large data set' : ''}`,
  );
  console.log(
    `home page: ${results.homeHtmlBytes} bytes of HTML, ${results.homeHtml!.sent} sent (${results.homeHtml!.encoding})`,
  );
  console.log(
    `first start (migrate + demo seed): ${fmt(results.firstStartMs, 0)} ms; cold start on seeded data: ${fmt(results.coldStartMs, 0)} ms; first render of /: ${fmt(results.firstRenderMs, 0)} ms`,
  );
  console.log('');
  console.log(
    `Side by side with a bare node:http server sending the same bytes and headers (50 connections, ${ROUNDS} ABBA rounds):`,
  );
  console.log(
    `${'address'.padEnd(34)} ${'enc'.padEnd(8)} ${'product/s'.padStart(10)} ${'bare/s'.padStart(9)} ${'ratio'.padStart(6)} ${'CPU ms/req prod/bare'.padStart(21)} ${'p99 ms prod/bare'.padStart(17)}`,
  );
  for (const c of results.compared) {
    console.log(
      `${c.target.padEnd(34)} ${c.encoding.padEnd(8)} ${fmt(c.product.rps, 0).padStart(10)} ${fmt(c.bare.rps, 0).padStart(9)} ${`${fmt(c.ratio * 100, 0)}%`.padStart(6)} ${`${fmt(c.product.cpuMsPerRequest, 3)} / ${fmt(c.bare.cpuMsPerRequest, 3)}`.padStart(21)} ${`${fmt(c.product.p99, 2)} / ${fmt(c.bare.p99, 2)}`.padStart(17)}`,
    );
  }
  if (results.variant) {
    const named = Object.entries(results.variant)
      .map(([k, v]) => `${k}=${/TOKEN|SECRET|KEY/.test(k) ? '…' : v}`)
      .join(',');
    console.log('');
    console.log(
      `The variant (${named}) in the same rounds: ratio to the bare server, and its difference from the product's in points:`,
    );
    for (const c of results.compared) {
      const variantRatio = c.variantRatio!;
      console.log(
        `${c.target.padEnd(34)} ${c.encoding.padEnd(8)} product ${`${fmt(c.ratio * 100, 0)}%`.padStart(5)}  variant ${`${fmt(variantRatio * 100, 0)}%`.padStart(5)}  ${`${variantRatio >= c.ratio ? '+' : ''}${fmt((variantRatio - c.ratio) * 100, 1)}`.padStart(6)} points`,
      );
    }
    const points = mean(results.compared.map((c) => (c.variantRatio! - c.ratio) * 100));
    results.variantPoints = points;
    console.log(`mean difference: ${points >= 0 ? '+' : ''}${fmt(points, 1)} points`);
  }
  if (rows.length) {
    console.log('');
    console.log(
      `${'target'.padEnd(46)} ${'conns'.padStart(5)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'CPU ms/req'.padStart(10)} ${'non-2xx'.padStart(8)} ${'errors'.padStart(7)}`,
    );
    for (const r of rows) {
      console.log(
        `${r.target.padEnd(46)} ${String(r.connections).padStart(5)} ${fmt(r.rps).padStart(9)} ${fmt(r.p50, 2).padStart(7)} ${fmt(r.p99, 2).padStart(7)} ${fmt(r.cpuMsPerRequest, 3).padStart(10)} ${String(r.non2xx).padStart(8)} ${String(r.errors).padStart(7)}`,
      );
    }
  }
  console.log('');
  const rssLine = [
    `${fmt(results.rssIdleMb, 0)} MB idle after the cold start`,
    `${fmt(results.rssAfterLoadMb, 0)} MB after the loads`,
  ];
  if (results.rssAfterUncachedMb)
    rssLine.push(
      `${fmt(results.rssAfterUncachedMb, 0)} MB after the uncached renders (a second server, PAGE_CACHE=off)`,
    );
  console.log(`RSS: ${rssLine.join('; ')}`);
  if (results.assistant) {
    const next = results.assistant.nextMs;
    console.log(
      `assistant: first question (builds the index) ${fmt(results.assistant.firstMs, 0)} ms; next questions p50 ${fmt(next.sort((a, b) => a - b)[Math.floor(next.length / 2)], 1)} ms, max ${fmt(Math.max(...next), 1)} ms; RSS ${fmt(results.assistant.rssMb, 0)} MB after`,
    );
  }
  const find = (t: string, c: number) => rows.find((r) => r.target === t && r.connections === c);
  const checks: [string, boolean][] = [];
  for (const c of results.compared) {
    const label = `${c.target} ${c.encoding}`;
    checks.push([`${label}: ≥ 50% of the bare server's req/s at 50 connections`, c.ratio >= 0.5]);
    checks.push([`${label}: CPU per request ≤ 2× the bare server's`, c.cpuRatio <= 2]);
    if (c.page) checks.push([`${label}: p99 < 10 ms at 50 connections`, c.product.p99 < 10]);
  }
  checks.push(['cold start on seeded data ≤ 1 s', results.coldStartMs! <= 1000]);
  checks.push(['idle RSS after a cold start ≤ 120 MB', results.rssIdleMb! <= 120]);
  checks.push(['RSS after the bench load ≤ 200 MB', results.rssAfterLoadMb! <= 200]);
  if (!RATIO_ONLY && !ADMIN_ONLY) {
    checks.push(['uncached GET / p50 < 15 ms (1 connection)', find('GET / (uncached render)', 1)!.p50 < 15]);
    checks.push(['RSS after the uncached renders < 250 MB', results.rssAfterUncachedMb! < 250]);
  }
  checks.push([
    'no errors and no non-2xx answers',
    rows.every((r) => r.errors === 0 && r.non2xx === 0) &&
      results.compared.every((c) => !c.product.errors && !c.product.non2xx && !c.bare.errors && !c.bare.non2xx),
  ]);
  if (LARGE && !ADMIN_ONLY) {
    for (const t of ['GET /blog (uncached)', 'GET /event (uncached)', 'GET /faqs (uncached)'])
      checks.push([`${t} p99 < 50 ms (1 connection)`, find(t, 1)!.p99 < 50]);
  }
  // Every admin table's first page (decision 0030): with --large, 5,000 blogs and 10,000 consultations.
  for (const t of ADMIN_TABLES) {
    const alone = find(t.name, 1);
    const crowd = find(t.name, ADMINS_AT_ONCE);
    if (!alone || !crowd) continue;
    checks.push([`${t.name}: p50 < ${ADMIN_P50_MS} ms alone`, alone.p50 < ADMIN_P50_MS]);
    checks.push([`${t.name}: p99 < ${ADMIN_P99_MS} ms with ${ADMINS_AT_ONCE} at once`, crowd.p99 < ADMIN_P99_MS]);
  }
  results.checks = Object.fromEntries(checks);
  for (const [name, pass] of checks) console.log(`${pass ? 'PASS' : 'FAIL'}  ${name}`);
  if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify(results, null, 2));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
