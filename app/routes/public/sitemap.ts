import type { Route } from './+types/sitemap';
import { DEFAULT_LOCALE, localizedPath, type Locale } from '../../../content/locales';
import { pageRows, publishedLocales, type LocalePaths, type PageRows } from '../../components/public/translation';
// The public pages without an id in their path; the browser tests and Lighthouse read the same list.
import STATIC_PAGES from '../../../content/rules/public-pages.json';
// Pages for visitors only (search results, decision 0054): noindex, so not listed either.
import NOT_INDEXED from '../../../content/rules/noindex-pages.json';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The sitemap: every public page, and every row with a page of its own (blogs, case categories, cases,
 * events), in each locale it is published in (decision 0063), each with its alternates (`xhtml:link`, plus
 * `x-default`). An untranslated row's page in another locale (decision 0064) is not listed: it is `noindex`.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const s = context.services;
  const c = s.content;
  const origin = s.config.publicUrl;
  const settings = await s.settings.get();
  // Every row with a page of its own, of every group whose declaration gives rows one (`site.page`).
  const paged = c.groups.filter((r) => r.site.page && r.site.sitemap !== false);
  const lists = await Promise.all(paged.map((r) => c.list(r)));
  // Each row's page per locale: its translation's own slug there, else its English page (decision 0082).
  const perLocale = await Promise.all(paged.map((r, i) => (r.site.slug ? s.translations.pagePaths(r.key, lists[i]!.map((row) => Number(row[r.id]))) : null)));
  const rows = new Map<string, { lastmod: string; rows: PageRows; paths?: LocalePaths }>();
  paged.forEach((r, i) => {
    for (const row of lists[i]!) {
      const path = r.site.page!(row);
      const lastmod = String(row.updated_at ?? '');
      const seen = rows.get(path ?? '');
      const id = Number(row[r.id]);
      if (path && (seen === undefined || lastmod > seen.lastmod)) rows.set(path, { lastmod, rows: pageRows(r, id), paths: perLocale[i]?.get(id) });
    }
  });
  const entries: { path: string; lastmod?: string; rows?: PageRows; paths?: LocalePaths }[] = [
    ...STATIC_PAGES.filter((path) => !NOT_INDEXED.includes(path)).map((path) => ({ path })),
    ...[...rows].map(([path, e]) => ({ path, ...e })),
  ];
  // Only current addresses: an address that redirects (a manual redirect over a page) is left out (decision 0057).
  const current = entries.filter((e) => !s.redirects.redirects(e.path));
  const urls: string[] = [];
  for (const e of current) {
    const published: readonly Locale[] = e.rows ? await publishedLocales(s, e.rows) : settings.locales;
    const at = (l: Locale) => localizedPath(l, e.paths?.[l] ?? e.path);
    const locales = published.filter((l) => l === DEFAULT_LOCALE || !s.redirects.redirects(at(l)));
    const lastmod = /^\d{4}-\d{2}-\d{2}/.test(e.lastmod ?? '') ? `<lastmod>${e.lastmod!.slice(0, 10)}</lastmod>` : '';
    const alternates =
      locales.length > 1
        ? [
            ...locales.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${esc(origin + at(l))}"/>`),
            `<xhtml:link rel="alternate" hreflang="x-default" href="${esc(origin + at(DEFAULT_LOCALE))}"/>`,
          ].join('')
        : '';
    for (const l of locales) urls.push(`  <url><loc>${esc(origin + at(l))}</loc>${lastmod}${alternates}</url>`);
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
