import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
} from 'react-router';
import { localeOfPath } from '../content/locales';
import type { LinksFunction } from 'react-router';
import './lib/context';
import './styles/app.css';
import faviconSvg from '../public/favicon.svg?raw';

/**
 * The site's icon, written into the head as a data address: a phone on a slow network makes no request for
 * it while the first paint is due (decision 0109). /favicon.svg stays served for whoever asks for it.
 */
const FAVICON = `data:image/svg+xml,${encodeURIComponent(faviconSvg.trim())}`;

export const links: LinksFunction = () => [{ rel: 'icon', href: FAVICON, type: 'image/svg+xml' }];

/**
 * Whether the page is a public one of the production build: then React Router's scripts stay out and the
 * server adds the script that hydrates the page's islands (decision 0028). In development (hot reload),
 * React Router hydrates the whole page as before; the admin always.
 */
function useIslands(): boolean {
  const matches = useMatches();
  return import.meta.env.PROD && matches.some((m) => (m.handle as { islands?: boolean } | undefined)?.islands === true);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const islands = useIslands();
  // The page's language from its path: '/ml/…' is Malayalam, '/hi/…' Hindi, the spec's paths English (decision 0063).
  const lang = localeOfPath(useLocation().pathname);
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {islands ? null : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="container py-5 text-center">
      <h1>{status === 404 ? '404' : 'Something went wrong'}</h1>
      <p>{status === 404 ? "This page doesn't exist" : 'Please try again in a moment.'}</p>
      <a href="/">Go Back Home</a>
    </main>
  );
}
