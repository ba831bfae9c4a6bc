import { eventPath } from '../../../content/rules/slug';
import { isDetailable } from '../../../content/rules/event-timing';
import { resourceByKey } from '../../../content/resources/index';
import type { Route } from './+types/sitemap';
// The public pages without an id in their path; the browser tests and Lighthouse read the same list.
import STATIC_PAGES from '../../../content/rules/public-pages.json';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The sitemap: every public page, and every blog, case category, case and event with a detail page. */
export async function loader({ context }: Route.LoaderArgs) {
  const s = context.services;
  const c = s.content;
  const origin = s.config.publicUrl;
  const [blogs, categories, cases, events] = await Promise.all([
    c.list(resourceByKey.blog),
    c.list(resourceByKey.caseCategory),
    c.list(resourceByKey.cases),
    c.list(resourceByKey.event),
  ]);
  const entries: { path: string; lastmod?: string }[] = [
    ...STATIC_PAGES.map((path) => ({ path })),
    ...categories.map((r) => ({
      path: `/our-case-details/${r.case_category_id}`,
      lastmod: String(r.updated_at ?? ''),
    })),
    ...cases.map((r) => ({ path: `/our-case-details-view/${r.case_id}`, lastmod: String(r.updated_at ?? '') })),
    ...blogs.map((r) => ({ path: `/blog-details/${r.blog_id}`, lastmod: String(r.updated_at ?? '') })),
    ...events
      .filter(isDetailable)
      .map((r) => ({ path: eventPath(String(r.event_title ?? '')), lastmod: String(r.updated_at ?? '') })),
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
