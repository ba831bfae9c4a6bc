import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createPgDatabase, startServer, type PgDatabase, type TestServer } from '../helpers/server';
import { until } from '../helpers/mail-sink';
import { sharedCacheConfig } from '../../scripts/nginx-config';

/**
 * deploy/nginx.conf for real (decision 0047): two instances on one PostgreSQL database behind the nginx
 * the file configures (ports and paths substituted, nothing else): a page comes from nginx's cache, a
 * change made through the admin API shows through nginx within s-maxage + stale-while-revalidate (plus
 * the instances' CONTENT_VERSION_POLL_MS), and with both instances stopped nginx keeps serving the pages
 * it has. Needs PostgreSQL (TEST_DATABASE_URL) and nginx (NGINX_PATH, else /usr/sbin/nginx; `.ci/run`
 * installs it); reported as skipped without them.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const S_MAXAGE = 2;
const SWR = 2;
const POLL_MS = 100;

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

describe.skipIf(!pgUrl || !existsSync(NGINX))(
  'nginx in front of two instances (deploy/nginx.conf; skipped without TEST_DATABASE_URL or nginx)',
  () => {
    let db: PgDatabase;
    let a: TestServer;
    let b: TestServer;
    let nginx: ChildProcess;
    let dir: string;
    let base: string;
    let cookie: string;
    let nginxLog = '';

    beforeAll(async () => {
      db = await createPgDatabase(pgUrl!);
      const env = {
        DATABASE_URL: db.url,
        TRUST_PROXY: 'on',
        CONTENT_VERSION_POLL_MS: String(POLL_MS),
        CACHE_S_MAXAGE: String(S_MAXAGE),
        CACHE_STALE_WHILE_REVALIDATE: String(SWR),
      };
      a = await startServer({ env, pages: true });
      b = await startServer({ env, pages: true });
      cookie = await a.login();

      dir = mkdtempSync(path.join(os.tmpdir(), 'lexfirm-nginx-'));
      // nginx's workers run as an unprivileged user when the test runs as root: they write the cache here.
      chmodSync(dir, 0o777);
      mkdirSync(path.join(dir, 'cache'), { mode: 0o777 });
      chmodSync(path.join(dir, 'cache'), 0o777);
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      const conf = path.join(dir, 'nginx.conf');
      writeFileSync(conf, sharedCacheConfig(dir, port, [Number(new URL(a.url).port), Number(new URL(b.url).port)]));
      nginx = spawn(
        NGINX,
        ['-p', dir, '-c', conf, '-g', `daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn;`],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      nginx.stderr?.on('data', (d: Buffer) => (nginxLog += d.toString()));
      await until(
        () =>
          fetch(`${base}/api/health`).then(
            (r) => r.status,
            () => 0,
          ),
        (status) => status === 200,
        10_000,
        `nginx to answer (${nginxLog})`,
      );
    });

    afterAll(async () => {
      if (nginx && nginx.exitCode === null) {
        const exited = new Promise((resolve) => nginx.once('exit', resolve));
        nginx.kill('SIGQUIT');
        await exited;
      }
      await Promise.all([a?.close(), b?.close()]);
      await db?.drop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    const page = async (p: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${base}${p}`, { headers });
      return {
        status: res.status,
        cache: res.headers.get('x-cache-status'),
        keys: res.headers.get('surrogate-key'),
        html: await res.text(),
      };
    };

    it('serves a page from its cache (X-Cache-Status: HIT) with the instances’ headers; a signed-in administrator bypasses it', async () => {
      const first = await page('/faqs');
      expect(first.status).toBe(200);
      expect(first.cache).toBe('MISS');
      const second = await page('/faqs');
      expect(second.cache).toBe('HIT');
      expect(second.html).toBe(first.html);
      expect(second.keys).toContain('faqs');
      expect((await page('/api/faqs/getallfaqs')).cache).toBe('MISS');
      expect((await page('/api/faqs/getallfaqs')).cache).toBe('HIT');
      // Private answers are never stored.
      expect((await page('/api/settings/getsettings')).cache).toBe('MISS');
      expect((await page('/api/settings/getsettings')).cache).toBe('MISS');
      expect((await page('/faqs', { cookie })).cache).toBe('BYPASS');
    });

    it('a change made through the admin API shows through nginx within s-maxage + stale-while-revalidate', async () => {
      expect((await page('/faqs')).html).not.toContain('Is there step-free access?');
      const add = await call(base, '/api/faqs/addFaqs', {
        cookie,
        json: { question: 'Is there step-free access?', answer: 'Yes, by the side door.' },
      });
      expect(add.status, JSON.stringify(add.body)).toBe(200);
      const t0 = Date.now();
      await until(
        () => page('/faqs'),
        (p) => p.html.includes('Is there step-free access?'),
        15_000,
        'the new FAQ through nginx',
      );
      const took = Date.now() - t0;
      // The documented bound (docs/deploy.md): s-maxage + stale-while-revalidate + the instances' poll, plus
      // one round trip of the background refresh.
      expect(took).toBeLessThan((S_MAXAGE + SWR) * 1000 + POLL_MS + 1500);
    });

    it('with both instances stopped, nginx keeps serving the pages it has (fresh, then stale)', async () => {
      const before = await page('/faqs');
      await page('/');
      expect((await page('/')).cache).toBe('HIT');
      await Promise.all([a.app.close(), b.app.close()]);
      expect(
        await fetch(a.url).then(
          () => 'up',
          () => 'down',
        ),
      ).toBe('down');
      const now = await page('/faqs');
      expect(now.status).toBe(200);
      expect(now.html).toBe(before.html);
      // Past s-maxage + stale-while-revalidate the stored pages are stale: still served while no instance answers.
      await new Promise((r) => setTimeout(r, (S_MAXAGE + SWR) * 1000 + 500));
      for (const p of ['/faqs', '/']) {
        const stale = await page(p);
        expect(stale.status, p).toBe(200);
        expect(stale.cache, p).toMatch(/^(STALE|UPDATING)$/);
        expect(stale.html, p).toContain('</html>');
      }
      expect((await page('/faqs')).html).toBe(before.html);
      // What nginx never stored cannot be served.
      expect((await page('/gallery')).status).toBe(502);
    });
  },
);
