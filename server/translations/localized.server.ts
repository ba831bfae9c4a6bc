import type { ResourceDef } from '../../content/kit';
import { about, caseDetails, cases } from '../../content/resources/index';
import type { Row } from '../content/types';
import type { Services } from '../services';

const isResource = (v: unknown): v is ResourceDef => !!v && typeof v === 'object' && 'key' in v && 'table' in v && 'fields' in v;
const isRow = (v: unknown): v is Row => !!v && typeof v === 'object' && !Array.isArray(v);

/** The spec's special reads, each of its own group (the others take the group as their first argument). */
const SPECIAL: Readonly<Record<string, ResourceDef>> = { recentAbout: about, casesByCategory: cases, caseDetailsByCase: caseDetails };

/**
 * The services a page in `locale` renders with (decision 0076): every content read answers the rows'
 * published translations where they exist, English elsewhere; the loaders stay unaware of it.
 */
export function localizedServices(services: Services, locale: string): Services {
  const t = services.translations;
  const localize = async (r: ResourceDef, value: unknown): Promise<unknown> => {
    if (Array.isArray(value)) return t.localize(r, value.filter(isRow), locale);
    if (isRow(value) && Array.isArray(value.rows)) return { ...value, rows: await t.localize(r, value.rows.filter(isRow), locale) };
    if (isRow(value) && r.id in value) return (await t.localize(r, [value], locale))[0];
    return value;
  };
  const content = new Proxy(services.content, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function' || typeof prop !== 'string') return value;
      return async (...args: unknown[]) => {
        const out: unknown = await (value as (...a: unknown[]) => unknown).apply(target, args);
        const r = isResource(args[0]) ? args[0] : SPECIAL[prop];
        return r ? localize(r, out) : out;
      };
    },
  });
  return { ...services, content };
}
