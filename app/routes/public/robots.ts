import type { Route } from './+types/robots';

/** Keeps the admin area (/admin-login, /admin-side-bar…) out and points to the sitemap. */
export async function loader({ context }: Route.LoaderArgs) {
  const origin = context.services.config.publicUrl;
  const body = `User-agent: *\nDisallow: /admin-\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`;
  return new Response(body, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
