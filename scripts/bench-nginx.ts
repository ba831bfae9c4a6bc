// npm run bench:nginx [-- --duration 10] [-- --connections 50]
//
// Cached pages through nginx (deploy/nginx.conf, decision 0047) against the product's own cache: starts the
// production server (dist/server.js, SQLite, demo content) and nginx (NGINX_PATH, else /usr/sbin/nginx) with
// the file's upstream pointed at that one instance, checks that nginx answers from its cache
// (X-Cache-Status: HIT), then loads the same addresses with autocannon through nginx and straight at the
// product, one after the other. Prints requests per second and latency; results go in docs/performance.md.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { demoSiteEnv, freePort, waitFor } from './local-server';
import { sharedCacheConfig } from './nginx-config';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
process.chdir(root);
const option = (name: string, def: string): string => {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : def;
};
const DURATION = Number(option('--duration', '10'));
const CONNECTIONS = Number(option('--connections', '50'));
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
if (!existsSync(NGINX)) {
  console.error(`nginx is not installed at ${NGINX} (apt-get install nginx-light, or set NGINX_PATH)`);
  process.exit(1);
}
if (!existsSync('dist/server.js')) {
  console.error('dist/server.js is missing: run npm run build first');
  process.exit(1);
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'lexfirm-bench-nginx-'));
chmodSync(dir, 0o777);
mkdirSync(path.join(dir, 'cache'), { mode: 0o777 });
chmodSync(path.join(dir, 'cache'), 0o777);
const children: ChildProcess[] = [];
const cleanup = () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
};
process.on('exit', cleanup);
process.on('SIGINT', () => process.exit(130));

const appPort = await freePort();
const app = spawn(process.execPath, ['--max-old-space-size=1024', '--max-semi-space-size=4', 'dist/server.js'], {
  env: {
    ...process.env,
    MALLOC_ARENA_MAX: '2',
    ...demoSiteEnv(
      {
        port: appPort,
        dataDir: path.join(dir, 'data'),
        admin: { email: 'bench@example.com', password: 'bench-password-not-secret-1' },
      },
      { TRUST_PROXY: 'on' },
    ),
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
children.push(app);
await waitFor(`http://127.0.0.1:${appPort}/api/health`, { child: app });

const nginxPort = await freePort();
const conf = sharedCacheConfig(dir, nginxPort, [appPort, appPort]);
writeFileSync(path.join(dir, 'nginx.conf'), conf);
const nginx = spawn(
  NGINX,
  [
    '-p',
    dir,
    '-c',
    path.join(dir, 'nginx.conf'),
    '-g',
    `daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn;`,
  ],
  {
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);
children.push(nginx);
await waitFor(`http://127.0.0.1:${nginxPort}/api/health`, { child: nginx });

const ADDRESSES = ['/', '/blog', '/api/faqs/getallfaqs'];
const headers = { 'accept-encoding': 'br, gzip' };
for (const a of ADDRESSES) {
  let status = '';
  for (let i = 0; i < 5 && status !== 'HIT'; i++) {
    const res = await fetch(`http://127.0.0.1:${nginxPort}${a}`, { headers });
    await res.arrayBuffer();
    status = res.headers.get('x-cache-status') ?? '';
  }
  if (status !== 'HIT') throw new Error(`nginx does not answer ${a} from its cache (X-Cache-Status: ${status})`);
}

const run = (url: string) =>
  autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers }).then((r) => ({
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  }));
const rows: { address: string; viaNginx: Awaited<ReturnType<typeof run>>; product: Awaited<ReturnType<typeof run>> }[] =
  [];
for (const a of ADDRESSES) {
  // A short unmeasured run first on each, so neither side is measured cold.
  await autocannon({ url: `http://127.0.0.1:${nginxPort}${a}`, connections: CONNECTIONS, duration: 2, headers });
  await autocannon({ url: `http://127.0.0.1:${appPort}${a}`, connections: CONNECTIONS, duration: 2, headers });
  const viaNginx = await run(`http://127.0.0.1:${nginxPort}${a}`);
  const product = await run(`http://127.0.0.1:${appPort}${a}`);
  rows.push({ address: a, viaNginx, product });
}
console.log(`\nautocannon, ${CONNECTIONS} connections, ${DURATION} s each, Accept-Encoding: br, gzip\n`);
console.log('| address | nginx cache req/s | p50 / p99 ms | product cache req/s | p50 / p99 ms | nginx ÷ product |');
console.log('|---|---|---|---|---|---|');
for (const r of rows) {
  const ratio = (r.viaNginx.rps / r.product.rps).toFixed(2);
  console.log(
    `| \`${r.address}\` | ${Math.round(r.viaNginx.rps)} | ${r.viaNginx.p50} / ${r.viaNginx.p99} | ${Math.round(r.product.rps)} | ${r.product.p50} / ${r.product.p99} | ${ratio}× |`,
  );
  if (r.viaNginx.non2xx || r.product.non2xx || r.viaNginx.errors || r.product.errors)
    console.log(`  (non-2xx or errors: ${JSON.stringify(r)})`);
}
cleanup();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
