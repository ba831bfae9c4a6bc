import { useMatches } from 'react-router';
import type { ResourceDef } from '../../../content/kit';
import { isLive, localeOfPath, type Locale } from '../../../content/locales';
import type { PageServices } from '../../lib/context';

/**
 * The locales a row's page is published in (decision 0064): those the site publishes where every row the page
 * shows is translated (`services.translations.translationStateOf`, the one place that knows). English always.
 * `rows`: [content group, row id] of each row whose text the page shows.
 */
export async function publishedLocales(s: PageServices, rows: PageRows): Promise<Locale[]> {
  const settings = await s.settings.get();
  const out: Locale[] = [];
  for (const locale of settings.locales) {
    const states = await Promise.all(rows.map(([group, id]) => s.translations.translationStateOf(group, id, locale)));
    if (states.every(isLive)) out.push(locale);
  }
  return out;
}

/** The locale of a loader's request (its path's prefix). */
export const requestLocale = (request: Request): Locale => localeOfPath(new URL(request.url).pathname);

export type PageRows = readonly (readonly [group: string, id: number | string])[];

/**
 * The rows whose text a row's own page shows (decision 0064), read from its group's declaration as the sitemap
 * reads it: the row itself, for a group whose rows have a page of their own (`site.page`, listed in the sitemap);
 * none for the others. A page is published in a locale where its row is translated. Its children (a category's
 * case titles, a case's detail rows) are not asked yet.
 */
export function pageRows(r: Pick<ResourceDef, 'key' | 'site'>, id: number): PageRows {
  return r.site.page && r.site.sitemap !== false ? [[r.key, id]] : [];
}

/** A page whose address differs per locale (an event with its own slug in Malayalam, decision 0082): its path in each, without the locale prefix. */
export type LocalePaths = Partial<Record<Locale, string>>;

/** A row page's path in every locale: its translation's own slug's page there, else its English page (decision 0082). */
export async function localePaths(s: PageServices, r: Pick<ResourceDef, 'key'>, id: number): Promise<LocalePaths> {
  return (await s.translations.pagePaths(r.key, [id])).get(id) ?? {};
}

const hasLocalePaths = (v: unknown): v is { localePaths: LocalePaths } =>
  !!v && typeof v === 'object' && 'localePaths' in v && !!v.localePaths && typeof v.localePaths === 'object';

/** The paths per locale the current page's loader gave (`localePaths` in its data), for the language switcher. */
export function useLocalePaths(): LocalePaths | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const data: unknown = matches[i]!.loaderData;
    if (hasLocalePaths(data)) return data.localePaths;
  }
  return undefined;
}
