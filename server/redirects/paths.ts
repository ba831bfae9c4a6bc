/**
 * Addresses as redirects compare them (decision 0057). A redirect's source and a request are compared by
 * their key: the path decoded (so `/events/a%3Ab` and `/events/a:b` are one address), without a trailing
 * slash (WordPress addresses end with one), with the query only when the source names one (`/?p=123`).
 */

/** Paths a redirect may not start from: the API, built files, uploads and the admin. */
const RESERVED = ['/api/', '/assets/', '/uploads/', '/admin-side-bar', '/admin-login', '/preview/'];

function decode(p: string): string {
  try {
    return decodeURIComponent(p);
  } catch {
    return p;
  }
}

/** The compared form of a path (with or without a query). */
export function pathKey(pathAndQuery: string): string {
  const q = pathAndQuery.indexOf('?');
  const rawPath = q < 0 ? pathAndQuery : pathAndQuery.slice(0, q);
  const query = q < 0 ? '' : pathAndQuery.slice(q + 1);
  let p = decode(rawPath);
  while (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return query ? `${p}?${query}` : p;
}

/** The keys a request URL is looked up under: path and query first (when it has one), then the path alone. */
export function requestKeys(url: string): [string] | [string, string] {
  const q = url.indexOf('?');
  if (q < 0) return [pathKey(url)];
  return [pathKey(url), pathKey(url.slice(0, q))];
}

export type Parsed = { ok: true; value: string } | { ok: false; message: string };

/**
 * A redirect's source as typed or imported: a path (`/old-page/`), or an absolute URL of the old site (only
 * its path and query are kept). Stored as the URL parser writes it (percent-encoded).
 */
export function parseSource(input: string): Parsed {
  const raw = input.trim();
  if (!raw) return { ok: false, message: 'Enter the old address (a path such as /old-page).' };
  if (raw.length > 500) return { ok: false, message: 'The old address is too long (at most 500 characters).' };
  let url: URL;
  try {
    url = /^https?:\/\//i.test(raw) ? new URL(raw) : new URL(raw, 'http://site.invalid');
  } catch {
    return { ok: false, message: `"${raw}" is not an address.` };
  }
  if (!raw.startsWith('/') && !/^https?:\/\//i.test(raw)) return { ok: false, message: `The old address must start with / (got "${raw}").` };
  if (raw.startsWith('//')) return { ok: false, message: `The old address must be a path on this site (got "${raw}").` };
  const value = url.pathname + url.search;
  if (value === '/' && !url.search) return { ok: false, message: 'The home page cannot be redirected.' };
  if (RESERVED.some((p) => value === p.replace(/\/$/, '') || value.startsWith(p))) {
    return { ok: false, message: `${value} belongs to the API, the admin or the site's files and cannot be redirected.` };
  }
  return { ok: true, value };
}

/**
 * A redirect's target: a path on this site, or an absolute http(s) URL (one on this site's own origin is
 * kept as its path, so the chain and loop checks see it).
 */
export function parseTarget(input: string, ownOrigin: string): Parsed {
  const raw = input.trim();
  if (!raw) return { ok: false, message: 'Enter the new address (a path such as /blog, or a full URL).' };
  if (raw.length > 1000) return { ok: false, message: 'The new address is too long (at most 1000 characters).' };
  if (raw.startsWith('/') && !raw.startsWith('//')) {
    try {
      const u = new URL(raw, 'http://site.invalid');
      return { ok: true, value: u.pathname + u.search + u.hash };
    } catch {
      return { ok: false, message: `"${raw}" is not an address.` };
    }
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, message: `The new address must be a path starting with / or a full URL starting with https:// (got "${raw}").` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, message: 'The new address must be a web address (http or https).' };
  }
  if (url.origin === ownOrigin) return { ok: true, value: url.pathname + url.search + url.hash };
  return { ok: true, value: url.href };
}

/** The key of a target on this site (a path), or null for an absolute URL elsewhere. */
export function targetKey(target: string): string | null {
  if (!target.startsWith('/')) return null;
  const hash = target.indexOf('#');
  return pathKey(hash < 0 ? target : target.slice(0, hash));
}

/** The host of a Referer header (the referrer's domain, never its path), or null. */
export function referrerDomain(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    const host = new URL(referer).hostname.toLowerCase();
    return host ? host.slice(0, 200) : null;
  } catch {
    return null;
  }
}
