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
 * The rows whose text each detail page shows, in one place for the page and the sitemap (so both list the
 * same locales): a blog or an event is its row; a case category its row and its cases' titles; a case its
 * row and its detail rows.
 */
export const pageRows = {
  blog: (id: number): PageRows => [['blog', id]],
  event: (id: number): PageRows => [['event', id]],
  category: (id: number, cases: readonly { case_id?: unknown }[]): PageRows => [['caseCategory', id], ...cases.map((c) => ['cases', Number(c.case_id)] as const)],
  caseView: (id: number, details: readonly { case_details_id?: unknown }[]): PageRows => [['cases', id], ...details.map((d) => ['caseDetails', Number(d.case_details_id)] as const)],
};
