import type { PurgeConfig } from '../config';

/** One HTTP request of a purge. */
export interface PurgeRequest {
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * Keys per request: Cloudflare takes at most 30 tags in one purge call, Fastly 256 surrogate keys in one
 * batch purge; the generic endpoint gets at most 500 at a time.
 */
const CHUNK: Record<PurgeConfig['provider'], number> = { generic: 500, cloudflare: 30, fastly: 256 };

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * The purge calls for `keys` (decision 0048):
 * - generic: `POST CDN_PURGE_URL` with `{"keys":[…]}` (and `Authorization: Bearer CDN_PURGE_TOKEN` when set);
 * - cloudflare: `POST {url}/client/v4/zones/{CDN_PURGE_ZONE}/purge_cache` with `{"tags":[…]}` and
 *   `Authorization: Bearer CDN_PURGE_TOKEN` (the keys are the answers' `Cache-Tag` values);
 * - fastly: `POST {url}/service/{CDN_PURGE_SERVICE}/purge` with the keys space-separated in `Surrogate-Key`
 *   and `Fastly-Key: CDN_PURGE_TOKEN` (the keys are the answers' `Surrogate-Key` values).
 */
export function purgeRequests(cfg: PurgeConfig, keys: string[]): PurgeRequest[] {
  return chunks(keys, CHUNK[cfg.provider]).map((part): PurgeRequest => {
    switch (cfg.provider) {
      case 'cloudflare':
        return {
          url: `${cfg.url}/client/v4/zones/${encodeURIComponent(cfg.zone ?? '')}/purge_cache`,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${cfg.token ?? ''}` },
          body: JSON.stringify({ tags: part }),
        };
      case 'fastly':
        return {
          url: `${cfg.url}/service/${encodeURIComponent(cfg.service ?? '')}/purge`,
          headers: { 'fastly-key': cfg.token ?? '', 'surrogate-key': part.join(' '), accept: 'application/json' },
        };
      default:
        return {
          url: cfg.url,
          headers: { 'content-type': 'application/json', ...(cfg.token ? { authorization: `Bearer ${cfg.token}` } : {}) },
          body: JSON.stringify({ keys: part }),
        };
    }
  });
}

/**
 * Sends one purge call; resolves when the provider accepted it, else throws a sentence naming the status
 * (never the token). Cloudflare answers 200 with `"success": false` for some refusals: that is a failure too.
 */
export async function sendPurge(cfg: PurgeConfig, req: PurgeRequest, timeoutMs = 10_000): Promise<void> {
  const res = await fetch(req.url, { method: 'POST', headers: req.headers, body: req.body, signal: AbortSignal.timeout(timeoutMs) });
  const text = await res.text().catch(() => '');
  const where = new URL(req.url).host;
  if (!res.ok) throw new Error(`the purge API at ${where} answered ${res.status}: ${text.slice(0, 200)}`);
  if (cfg.provider === 'cloudflare') {
    let success: unknown;
    try {
      success = (JSON.parse(text) as { success?: unknown }).success;
    } catch {
      success = false;
    }
    if (success !== true) throw new Error(`the purge API at ${where} did not confirm the purge: ${text.slice(0, 200)}`);
  }
}
