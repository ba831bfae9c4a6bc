import type { RouteConfigEntry } from '@react-router/dev/routes';
import { DEFAULT_LOCALE, LOCALES } from '../content/locales';

/**
 * The public routes once more under each further locale's prefix (decision 0063): '/faqs' also answers at
 * '/ml/faqs' and '/hi/faqs', the home page at '/ml/'; the same modules, under ids of their own. The
 * catch-all (404) is not copied: it already answers '/ml/…' paths no page has, in that locale.
 */
export function withLocaleCopies(entries: RouteConfigEntry[]): RouteConfigEntry[] {
  const copies = LOCALES.filter((l) => l !== DEFAULT_LOCALE).flatMap((locale) =>
    entries
      .filter((e) => e.path !== '*')
      .map((e): RouteConfigEntry => {
        const { index: _index, ...rest } = e;
        const id = `${locale}/${e.id ?? e.file.replace(/\.[cm]?[jt]sx?$/, '')}`;
        return { ...rest, id, path: e.index || !e.path ? locale : `${locale}/${e.path}` };
      }),
  );
  return [...entries, ...copies];
}
