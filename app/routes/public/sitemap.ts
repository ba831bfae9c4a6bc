import { eventPath } from '../../../content/rules/slug';
import { isDetailable } from '../../../content/rules/event-timing';
import { resourceByKey } from '../../../content/resources/index';
import { DEFAULT_LOCALE, localizedPath, type Locale } from '../../../content/locales';
import { pageRows, publishedLocales, type PageRows } from '../../components/public/translation';
import type { Route } from './+types/sitemap';
// The public pages without an id in their path; the browser tests and Lighthouse read the same list.
import STATIC_PAGES from '../../../content/rules/public-pages.json';
// Pages for visitors only (search results, decision 0054): noindex, so not listed either.
import NOT_INDEXED from '../../../content/rules/noindex-pages.json';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The sitemap: every public page, and every blog, case category, case and event with a detail page, in each
 * locale it is published in (decision 0063), each with its alternates (`xhtml:link`, plus `x-default`).
 * An untranslated row's page in another locale (decision 0064) is not listed: it is `noindex`.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const s = context.services;
  const c = s.content;
  const origin = s.config.publicUrl;
  const [settings, blogs, categories, cases, details, events] = await Promise.all([
    s.settings.get(),
    c.list(resourceByKey.blog),
    c.list(resourceByKey.caseCategory),
    c.list(resourceByKey.cases),
    c.list(resourceByKey.caseDetails),
    c.list(resourceByKey.event),
  ]);
  const entries: { path: string; lastmod?: string; rows?: PageRows }[] = [
    ...STATIC_PAGES.filter((path) => !NOT_INDEXED.includes(path)).map((path) => ({ path })),
    ...categories.map((r) => ({
      path: `/our-case-details/${r.case_category_id}`,
      lastmod: String(r.updated_at ?? ''),
      rows: pageRows.category(Number(r.case_category_id), cases.filter((k) => Number(k.case_category_id) === Number(r.case_category_id))),
    })),
    ...cases.map((r) => ({
      path: `/our-case-details-view/${r.case_id}`,
      lastmod: String(r.updated_at ?? ''),
      rows: pageRows.caseView(Number(r.case_id), details.filter((d) => Number(d.case_id) === Number(r.case_id))),
    })),
    ...blogs.map((r) => ({ path: `/blog-details/${r.blog_id}`, lastmod: String(r.updated_at ?? ''), rows: pageRows.blog(Number(r.blog_id)) })),
    ...events.filter(isDetailable).map((r) => ({
      path: eventPath(String(r.event_title ?? '')),
      lastmod: String(r.updated_at ?? ''),
      rows: pageRows.event(Number(r.event_id)),
    })),
  ];
  // Only current addresses: an address that redirects (a manual redirect over a page) is left out (decision 0057).
  const current = entries.filter((e) => !s.redirects.redirects(e.path));
  const urls: string[] = [];
  for (const e of current) {
    const locales: readonly Locale[] = e.rows ? await publishedLocales(s, e.rows) : settings.locales;
    const lastmod = /^\d{4}-\d{2}-\d{2}/.test(e.lastmod ?? '') ? `<lastmod>${e.lastmod!.slice(0, 10)}</lastmod>` : '';
    const alternates =
      locales.length > 1
        ? [
            ...locales.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${esc(origin + localizedPath(l, e.path))}"/>`),
            `<xhtml:link rel="alternate" hreflang="x-default" href="${esc(origin + localizedPath(DEFAULT_LOCALE, e.path))}"/>`,
          ].join('')
        : '';
    for (const l of locales) urls.push(`  <url><loc>${esc(origin + localizedPath(l, e.path))}</loc>${lastmod}${alternates}</url>`);
  }
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    urls.join('\n') +
    '\n</urlset>\n';
  return new Response(body, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
}
