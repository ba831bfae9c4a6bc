import { useEffect } from 'react';
import { Outlet, useLoaderData, useLocation, useNavigation } from 'react-router';
import 'react-toastify/ReactToastify.css';
import '../../styles/public.css';
import { resourceByKey } from '../../../content/resources/index';
import { DisclaimerIsland } from '../../components/public/disclaimer';
import { SiteFooter } from '../../components/public/footer';
import { SiteNavbarIsland, TopBar } from '../../components/public/header';
import { useMounted } from '../../components/public/hooks';
import { attempt, type PublicLayoutData } from '../../components/public/site';
import type { Route } from './+types/layout';

/**
 * Public pages hydrate only their islands in production (decision 0028): the root leaves out React Router's
 * scripts for routes under this layout and the server adds the islands' loader.
 */
export const handle = { islands: true };

export async function loader({ context }: Route.LoaderArgs): Promise<PublicLayoutData> {
  const s = context.services;
  const settings = await s.settings.get();
  // Strict Rule 36 mode (decision 0019): the public site shows no ads, so they are not even read.
  const ads = settings.rule36.strict
    ? { value: [], error: null }
    : await attempt(() => s.content.list(resourceByKey.ads), 'Failed to load ads: the ads could not be read.', [], s.log);
  const preview = !!s.content.lifecycle.previewing.getStore();
  return { settings, origin: s.config.publicUrl, ads: ads.value, adsError: ads.error, now: Date.now(), ...(preview ? { preview } : {}) };
}

/** The public chrome is hidden on admin paths (an unknown admin path still gets the 404 screen). */
const ADMIN_PATH = /^\/admin-(login|side-bar)/;

/** Scroll position resets on every route change (development, where React Router hydrates the page). */
function ScrollReset() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** While the next page's content loads (development, where React Router navigates): a progress bar and a status for assistive technology. */
function LoadingIndicator() {
  const navigation = useNavigation();
  const busy = navigation.state === 'loading';
  return (
    <>
      <div className={`route-progress${busy ? ' active' : ''}`} aria-hidden="true" />
      <div role="status" className="visually-hidden">
        {busy ? 'Loading…' : ''}
      </div>
    </>
  );
}

export default function PublicLayout() {
  const { settings, now, preview } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const hydrated = useMounted();
  if (ADMIN_PATH.test(pathname)) return <Outlet />;
  return (
    <div className="public-site" data-hydrated={hydrated ? 'true' : undefined}>
      {preview ? (
        <>
          <meta name="robots" content="noindex, nofollow" />
          <div className="preview-bar" role="status">
            Preview: not published
          </div>
        </>
      ) : null}
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <TopBar settings={settings} />
      <SiteNavbarIsland firmName={settings.firmName} pathname={pathname} />
      <LoadingIndicator />
      <Outlet />
      <SiteFooter settings={settings} year={new Date(now).getFullYear()} />
      <DisclaimerIsland settings={{ firmName: settings.firmName, rule36: settings.rule36 }} />
      <ScrollReset />
    </div>
  );
}
