import { createHash } from 'node:crypto';

/**
 * The Content-Security-Policy of a rendered page. Inline scripts (React Router's context and module
 * bootstrap) are allowed by their SHA-256 hashes, computed from the final HTML, so no 'unsafe-inline'
 * and no nonce are needed and a cached page keeps a valid policy.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  const re = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const attrs = m[1] ?? '';
    if (/\bsrc\s*=/i.test(attrs) || /type\s*=\s*"application\/(ld\+)?json"/i.test(attrs)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(m[2] ?? '', 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** fileOrigin: where public files are served from when that is not this server (FILE_PUBLIC_URL). */
export function contentSecurityPolicy(html: string, fileOrigin?: string): string {
  const files = fileOrigin ? ` ${fileOrigin}` : '';
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHashes(html).join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${files}`,
    `media-src 'self' blob:${files}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    `frame-src 'self' https://view.officeapps.live.com${files}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
