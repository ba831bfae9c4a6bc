import type { ResourceDef } from '../../content/kit';
import { specialReadGroup } from '../../content/resources/index';
import type { Row } from '../content/types';
import type { Services } from '../services';

const isResource = (v: unknown): v is ResourceDef =>
  !!v && typeof v === 'object' && 'key' in v && 'table' in v && 'fields' in v;
const isRow = (v: unknown): v is Row => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The services a page in `locale` renders with (decision 0076): every content read answers the rows'
 * published translations where they exist, English elsewhere, and so do the settings' texts (decision
 * 0081); the loaders stay unaware of it.
 */
export function localizedServices(services: Services, locale: string): Services {
  const t = services.translations;
  const localize = async (r: ResourceDef, value: unknown): Promise<unknown> => {
    if (Array.isArray(value)) return t.localize(r, value.filter(isRow), locale);
    if (isRow(value) && Array.isArray(value.rows))
      return { ...value, rows: await t.localize(r, value.rows.filter(isRow), locale) };
    if (isRow(value) && r.id in value) return (await t.localize(r, [value], locale))[0];
    return value;
  };
  const content = new Proxy(services.content, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function' || typeof prop !== 'string') return value;
      return async (...args: unknown[]) => {
        const out: unknown = await (value as (...a: unknown[]) => unknown).apply(target, args);
        // The spec's special reads name no group: the declarations' table of them does (SPECIAL_READS).
        const r = isResource(args[0]) ? args[0] : specialReadGroup(prop);
        return r ? localize(r, out) : out;
      };
    },
  });
  // The settings' texts in the page's language (decision 0081): the same SettingsService, its `get` localized.
  const settings = new Proxy(services.settings, {
    get(target, prop) {
      if (prop === 'get') return async () => t.localizeSettings(await target.get(), locale);
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { ...services, content, settings };
}
