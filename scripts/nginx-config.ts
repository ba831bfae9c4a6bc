// The nginx configurations the product documents, made runnable on this machine: the test of nginx's shared
// cache, `npm run bench:nginx` and `npm run lighthouse -- --https` all start nginx from the documented text
// itself, with only ports, upstreams, certificates and folders swapped in. Each swap must apply, so an edit
// of deploy/nginx.conf or docs/deploy.md that moves one of these lines fails loudly here rather than leaving
// a copy that no longer matches what the firm deploys.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './project';

/** `text` with each [from, to] applied once; throws naming `source` when a `from` is not there. */
function swapAll(text: string, source: string, swaps: [string | RegExp, string][]): string {
  let out = text;
  for (const [from, to] of swaps) {
    const next = out.replace(from, to);
    if (next === out) throw new Error(`${source} no longer contains ${String(from)}`);
    out = next;
  }
  return out;
}

/** nginx's temporary files and logs inside `dir` (not /var/lib/nginx and /var/log/nginx), first in `http {}`. */
const localFolders = (dir: string): [RegExp, string] => [
  /http \{\n/,
  `http {\n  access_log off;\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n  fastcgi_temp_path ${dir}/fastcgi;\n  uwsgi_temp_path ${dir}/uwsgi;\n  scgi_temp_path ${dir}/scgi;\n`,
];

/**
 * deploy/nginx.conf (nginx as the shared page cache in front of two instances, decision 0047) listening on
 * 127.0.0.1:`listen`, its two upstream servers at the given local ports, its cache and temporary files in `dir`.
 */
export function sharedCacheConfig(dir: string, listen: number, upstreams: [number, number]): string {
  const source = 'deploy/nginx.conf';
  return swapAll(readFileSync(path.join(root, source), 'utf8'), source, [
    ['server app1:3000', `server 127.0.0.1:${upstreams[0]}`],
    ['server app2:3000', `server 127.0.0.1:${upstreams[1]}`],
    [/listen 80;/, `listen 127.0.0.1:${listen};`],
    ['/var/cache/nginx/lexfirm', path.join(dir, 'cache')],
    localFolders(dir),
  ]);
}

/**
 * The TLS server block of docs/deploy.md (nginx with a certbot certificate, `listen 443 ssl http2`) as a whole
 * nginx.conf: listening on 127.0.0.1:`listen`, passing to 127.0.0.1:`upstream`, with the certificate and key
 * at the given paths and nginx's files in `dir`.
 */
export function tlsProxyConfig(opts: {
  dir: string;
  listen: number;
  upstream: number;
  cert: string;
  key: string;
}): string {
  const source = 'docs/deploy.md';
  const doc = readFileSync(path.join(root, source), 'utf8');
  const block = /```nginx\n(server \{\n {2}listen 443 ssl http2;[\s\S]*?\n\})\n/.exec(doc)?.[1];
  if (!block) throw new Error(`${source} no longer has its nginx block with "listen 443 ssl http2"`);
  const server = swapAll(block, source, [
    ['listen 443 ssl http2;', `listen 127.0.0.1:${opts.listen} ssl http2;`],
    [/ssl_certificate {5}\S+;/, `ssl_certificate ${opts.cert};`],
    [/ssl_certificate_key \S+;/, `ssl_certificate_key ${opts.key};`],
    ['proxy_pass http://127.0.0.1:3000;', `proxy_pass http://127.0.0.1:${opts.upstream};`],
  ]);
  return swapAll(`events {}\nhttp {\n${server}\n}\n`, 'the TLS wrapper', [localFolders(opts.dir)]);
}

/**
 * A self-signed certificate for 127.0.0.1, valid one day, written to `dir`/cert.pem and `dir`/key.pem by openssl;
 * null when openssl is missing or fails.
 */
export function throwawayCertificate(dir: string): { cert: string; key: string } | null {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  const args = ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'];
  const made = spawnSync('openssl', [...args, '-keyout', key, '-out', cert], { stdio: 'ignore' });
  return made.status === 0 ? { cert, key } : null;
}
