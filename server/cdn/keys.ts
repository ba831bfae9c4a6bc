import type { ResourceDef } from '../../content/kit';
import { resourceByKey, resources, SPECIAL_READS } from '../../content/resources/index';
import type { Config } from '../config';
import type { HeaderList } from '../plugins/security';
import type { Services } from '../services';

/**
 * Surrogate keys (decision 0047): what a public answer shows, named so that a change purges exactly the
 * answers it touched.
 * - `settings`: the site settings (every page's header, footer, disclaimer and contact details).
 * - `<group>` (the declaration's key: `blog`, `caseCategory`, …): an answer that lists rows of the group,
 *   or reads the whole group. A group whose rows join another group's columns also names that group.
 * - `<group>:<id>` (`blog:12`): an answer that shows that one row (or its 404, until the row exists).
 * - `redirects`: a 404 page (a redirect written for its address replaces it).
 * A change of a row purges `<group>` and `<group>:<id>`; a change without one row (the order) purges
 * `<group>`; a settings change purges `settings`; a change of the redirects purges `redirects`.
 */
export const SETTINGS_KEY = 'settings';
export const REDIRECTS_KEY = 'redirects';

export const rowKey = (group: string, id: number): string => `${group}:${id}`;

/** The keys a change of `group` (one row `id`, when known) purges. */
export function changedKeys(group: string, id?: number): string[] {
  if (group === SETTINGS_KEY) return [SETTINGS_KEY];
  return id === undefined ? [group] : [group, rowKey(group, id)];
}

/** The keys a read of a whole group names: the group and the groups whose columns its rows join. */
export function groupKeys(r: ResourceDef): string[] {
  return [r.key, ...(r.joins ?? []).map((j) => j.ref)];
}

/** `Cache-Control` of an answer no shared cache may keep (admin, client links, private files, cookies). */
export const PRIVATE_NO_STORE = 'private, no-store';

/**
 * `Cache-Control` of a public answer: browsers revalidate every time (max-age=0, with the ETag a 304 is
 * cheap), shared caches keep it `CACHE_S_MAXAGE` seconds and may serve it stale while they refetch for
 * `CACHE_STALE_WHILE_REVALIDATE` more. An answer that changes by itself at a time boundary (an ad's
 * window, an event starting, midnight: `expiresAt`) is kept no longer than until then.
 */
export function publicCacheControl(cdn: Config['cdn'], expiresAt = Number.POSITIVE_INFINITY, now = Date.now()): string {
  const left = Math.max(0, Math.floor((expiresAt - now) / 1000));
  const sMaxAge = Math.min(cdn.sMaxAge, left);
  return `public, max-age=0, s-maxage=${sMaxAge}, stale-while-revalidate=${cdn.staleWhileRevalidate}`;
}

/**
 * The caching headers of a public answer, built once per cache entry: Cache-Control, and the keys both
 * as `Surrogate-Key` (Fastly, Varnish: space-separated) and `Cache-Tag` (Cloudflare: comma-separated).
 */
export function publicCacheHeaders(cacheControl: string, keys: Iterable<string>): HeaderList {
  const sorted = [...new Set(keys)].sort();
  const out: HeaderList = [['cache-control', cacheControl]];
  if (sorted.length) out.push(['surrogate-key', sorted.join(' ')], ['cache-tag', sorted.join(',')]);
  return out;
}

type Read = (args: unknown[]) => string[];
const group = (r: ResourceDef | undefined): string[] => (r ? groupKeys(r) : everyGroup());
const everyGroup = (): string[] => resources.flatMap(groupKeys);
const isResource = (v: unknown): v is ResourceDef => !!v && typeof v === 'object' && 'key' in v && 'table' in v;

/** What each public read of ContentService shows; any other method names every group (never too few keys). */
const CONTENT_READS: Readonly<Record<string, Read>> = {
  list: ([r]) => group(isResource(r) ? r : undefined),
  listPage: ([r]) => group(isResource(r) ? r : undefined),
  listWhere: ([r]) => group(isResource(r) ? r : undefined),
  count: ([r]) => group(isResource(r) ? r : undefined),
  get: ([r, id]) =>
    isResource(r) && typeof id === 'number' ? [rowKey(r.key, id), ...groupKeys(r).slice(1)] : everyGroup(),
  getByKey: ([key, id]) => {
    const r = typeof key === 'string' ? (resourceByKey as Partial<Record<string, ResourceDef>>)[key] : undefined;
    return r && typeof id === 'number' ? [rowKey(r.key, id), ...groupKeys(r).slice(1)] : everyGroup();
  },
  // The spec's special reads, each of its own group (one table of them, in the declarations).
  ...Object.fromEntries(Object.entries(SPECIAL_READS).map(([name, r]): [string, Read] => [name, () => group(r)])),
};

/**
 * The services a page's loaders get while it renders (a cache miss), recording what they read: the keys
 * of the page. Reads of content and settings are seen through proxies of the two services, so the loaders
 * stay unaware of it and no AsyncLocalStorage is needed (decision 0020 keeps it off).
 */
export function recordReads(services: Services): { services: Services; keys: Set<string> } {
  const keys = new Set<string>();
  const add = (list: string[]) => {
    for (const k of list) keys.add(k);
  };
  /** The service seen through a proxy: each call of a method first records the keys `read` names for it. */
  const recording = <T extends object>(service: T, read: (method: string, args: unknown[]) => string[]): T =>
    new Proxy(service, {
      get(target, prop) {
        const value: unknown = Reflect.get(target, prop, target);
        if (typeof value !== 'function' || typeof prop !== 'string') return value;
        return (...args: unknown[]) => {
          add(read(prop, args));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  const content = recording(services.content, (method, args) => (CONTENT_READS[method] ?? everyGroup)(args));
  const settings = recording(services.settings, () => [SETTINGS_KEY]);
  // The search results page (decision 0054) shows items of every group and the settings' legal team.
  const search = recording(services.search, () => [...everyGroup(), SETTINGS_KEY]);
  return { services: { ...services, content, settings, search }, keys };
}
