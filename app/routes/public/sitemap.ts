import type { Route } from './+types/sitemap';
// The public pages without an id in their path; the browser tests and Lighthouse read the same list.
import STATIC_PAGES from '../../../content/rules/public-pages.json';
// Pages for visitors only (search results, decision 0054): noindex, so not listed either.
import NOT_INDEXED from '../../../content/rules/noindex-pages.json';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The sitemap: every public page, and every row with a page of its own (blogs, case categories, cases, events). */
export async function loader({ context }: Route.LoaderArgs) {
  const s = context.services;
  const c = s.content;
  const origin = s.config.publicUrl;
  // Every row with a page of its own, of every group whose declaration gives rows one (`site.page`).
  const paged = c.groups.filter((r) => r.site.page && r.site.sitemap !== false);
  const lists = await Promise.all(paged.map((r) => c.list(r)));
  const rows = new Map<string, string>();
  paged.forEach((r, i) => {
    for (const row of lists[i]!) {
      const path = r.site.page!(row);
      const lastmod = String(row.updated_at ?? '');
      const seen = rows.get(path ?? '');
      if (path && (seen === undefined || lastmod > seen)) rows.set(path, lastmod);
    }
  });
  const entries: { path: string; lastmod?: string }[] = [
    ...STATIC_PAGES.filter((path) => !NOT_INDEXED.includes(path)).map((path) => ({ path })),
    ...[...rows].map(([path, lastmod]) => ({ path, lastmod })),
  ];
  // Only current addresses: an address that redirects (a manual redirect over a page) is left out (decision 0057).
  const current = entries.filter((e) => !s.redirects.redirects(e.path));
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    current
      .map((e) => {
        const lastmod = /^\d{4}-\d{2}-\d{2}/.test(e.lastmod ?? '')
          ? `<lastmod>${e.lastmod!.slice(0, 10)}</lastmod>`
          : '';
        return `  <url><loc>${esc(origin + e.path)}</loc>${lastmod}</url>`;
      })
      .join('\n') +
    '\n</urlset>\n';
  return new Response(body, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
}
