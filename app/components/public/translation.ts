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
 * The rows whose text each detail page shows, in one place for the pages (the sitemap asks the same of each
 * row with a page, by its group and id): a page is published in a locale where its own row is translated.
 * Its children (a category's case titles, a case's detail rows) are not asked yet (decision 0064).
 */
export const pageRows = {
  blog: (id: number): PageRows => [['blog', id]],
  event: (id: number): PageRows => [['event', id]],
  category: (id: number): PageRows => [['caseCategory', id]],
  caseView: (id: number): PageRows => [['cases', id]],
};
