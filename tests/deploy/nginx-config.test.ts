/**
 * The documented nginx configurations (deploy/nginx.conf, docs/deploy.md's TLS block) as the cache test,
 * `npm run bench:nginx` and `npm run lighthouse -- --https` run them (scripts/nginx-config.ts): made from the
 * documented text with only ports, certificates and folders swapped, and accepted by nginx itself (`nginx -t`)
 * where nginx is installed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sharedCacheConfig, throwawayCertificate, tlsProxyConfig } from '../../scripts/nginx-config';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const canTest = existsSync(NGINX) && spawnSync('openssl', ['version']).status === 0;
const dir = mkdtempSync(path.join(os.tmpdir(), 'lexfirm-nginx-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `nginx -t` on `conf` with its pid and error log in the test's folder; nginx's own report. */
function nginxTest(conf: string): { ok: boolean; out: string } {
  const file = path.join(dir, `nginx-${Math.random().toString(36).slice(2)}.conf`);
  writeFileSync(file, conf);
  const r = spawnSync(
    NGINX,
    ['-t', '-p', dir, '-c', file, '-g', `pid ${dir}/nginx.pid; error_log ${dir}/error.log warn;`],
    {
      encoding: 'utf8',
    },
  );
  return { ok: r.status === 0, out: `${r.stdout}${r.stderr}` };
}

describe('the documented nginx configurations, made runnable here', () => {
  it("docs/deploy.md's TLS block: listens with TLS and HTTP/2, passes to the site with the forwarded headers", () => {
    const conf = tlsProxyConfig({ dir, listen: 8443, upstream: 3999, cert: `${dir}/cert.pem`, key: `${dir}/key.pem` });
    expect(conf).toContain('listen 127.0.0.1:8443 ssl http2;');
    expect(conf).toContain('proxy_pass http://127.0.0.1:3999;');
    expect(conf).toContain(`ssl_certificate ${dir}/cert.pem;`);
    expect(conf).toContain(`ssl_certificate_key ${dir}/key.pem;`);
    // Everything else is the documented text, word for word.
    const doc = readFileSync(new URL('../../docs/deploy.md', import.meta.url), 'utf8');
    for (const line of [
      'proxy_set_header X-Forwarded-Proto $scheme;',
      'client_max_body_size 110m;',
      'proxy_read_timeout 120s;',
    ]) {
      expect(doc).toContain(line);
      expect(conf).toContain(line);
    }
    expect(conf).not.toContain('letsencrypt');
  });

  it('deploy/nginx.conf: two local upstreams, the cache in the given folder', () => {
    const conf = sharedCacheConfig(dir, 8080, [3001, 3002]);
    expect(conf).toContain('server 127.0.0.1:3001');
    expect(conf).toContain('server 127.0.0.1:3002');
    expect(conf).toContain('listen 127.0.0.1:8080;');
    expect(conf).toContain(path.join(dir, 'cache'));
    expect(conf).not.toContain('/var/cache/nginx');
  });

  it.skipIf(!canTest)(`nginx accepts both (${canTest ? NGINX : 'skipped: no nginx or openssl'})`, () => {
    const made = throwawayCertificate(dir);
    expect(made).toEqual({ cert: `${dir}/cert.pem`, key: `${dir}/key.pem` });
    const tls = nginxTest(
      tlsProxyConfig({ dir, listen: 8443, upstream: 3999, cert: `${dir}/cert.pem`, key: `${dir}/key.pem` }),
    );
    expect(tls.ok, tls.out).toBe(true);
    const cache = nginxTest(sharedCacheConfig(dir, 8080, [3001, 3002]));
    expect(cache.ok, cache.out).toBe(true);
  });
});
