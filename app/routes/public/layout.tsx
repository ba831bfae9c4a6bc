import { I18nProvider } from '@lingui/react';
import { useEffect } from 'react';
import { data, Outlet, useLoaderData, useLocation, useNavigation } from 'react-router';
import 'react-toastify/ReactToastify.css';
import '../../styles/public.css';
import '../../styles/fonts.css';
import { resourceByKey } from '../../../content/resources/index';
import { RULE36_DEFAULTS } from '../../../content/settings';
import { DisclaimerIsland } from '../../components/public/disclaimer';
import { SiteFooter } from '../../components/public/footer';
import { SiteNavbarIsland, TopBar } from '../../components/public/header';
import { useMounted } from '../../components/public/hooks';
import { attempt, type PublicLayoutData } from '../../components/public/site';
import { localeOfPath } from '../../../content/locales';
import { pageCatalog } from '../../lib/catalogs.server';
import { CATALOG_SCRIPT_ID, i18nFor, useT } from '../../lib/i18n';
import { islandJson } from '../../components/public/island';
import { useLocalePaths } from '../../components/public/translation';
import type { Route } from './+types/layout';

/**
 * Public pages hydrate only their islands in production (decision 0028): the root leaves out React Router's
 * scripts for routes under this layout and the server adds the islands' loader.
 */
export const handle = { islands: true };

export async function loader({ context, request }: Route.LoaderArgs): Promise<PublicLayoutData> {
  const s = context.services;
  const settings = await s.settings.get();
  // A locale the settings do not enable has no pages (decision 0063); English always has them.
  const locale = localeOfPath(new URL(request.url).pathname);
  if (!settings.locales.includes(locale)) throw data({ message: 'Page not found' }, { status: 404 });
  const { full, islands } = pageCatalog(locale);
  // Strict Rule 36 mode (decision 0019): the public site shows no ads, so they are not even read.
  const ads = settings.rule36.strict
    ? { value: [], error: null }
    : await attempt(() => s.content.list(resourceByKey.ads), 'Failed to load ads: the ads could not be read.', [], s.log);
  const preview = !!s.content.lifecycle.previewing.getStore();
  return {
    settings,
    origin: s.config.publicUrl,
    ads: ads.value,
    adsError: ads.error,
    now: Date.now(),
    locale,
    catalog: full,
    islandCatalog: islands,
    ...(preview ? { preview } : {}),
  };
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
  const { t } = useT();
  const busy = navigation.state === 'loading';
  return (
    <>
      <div className={`route-progress${busy ? ' active' : ''}`} aria-hidden="true" />
      <div role="status" className="visually-hidden">
        {busy ? t('layout.loading') : ''}
      </div>
    </>
  );
}

export default function PublicLayout() {
  // The loader's own type (its messages are JSON already): the compiled catalogs as Lingui reads them.
  const { catalog, islandCatalog } = useLoaderData() as PublicLayoutData;
  const { pathname } = useLocation();
  return (
    <I18nProvider i18n={i18nFor(catalog)}>
      {ADMIN_PATH.test(pathname) ? (
        <Outlet />
      ) : (
        <>
          {/* The islands hydrate with this page's messages (app/islands.client.tsx). */}
          <script type="application/json" id={CATALOG_SCRIPT_ID} dangerouslySetInnerHTML={{ __html: islandJson(islandCatalog) }} />
          <PublicChrome />
        </>
      )}
    </I18nProvider>
  );
}

function PublicChrome() {
  const { settings, now, preview } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const hydrated = useMounted();
  const { t } = useT();
  // A page whose address differs per locale (an event's own slug) gives the switcher its paths (decision 0082).
  const paths = useLocalePaths();
  return (
    <div className="public-site" data-hydrated={hydrated ? 'true' : undefined}>
      {preview ? (
        <>
          <meta name="robots" content="noindex, nofollow" />
          <div className="preview-bar" role="status">
            {t('layout.preview')}
          </div>
        </>
      ) : null}
      <a href="#main" className="skip-link">
        {t('layout.skip')}
      </a>
      <TopBar settings={settings} pathname={pathname} paths={paths} />
      <SiteNavbarIsland firmName={settings.firmName} pathname={pathname} locales={settings.locales} paths={paths} />
      <LoadingIndicator />
      <Outlet />
      <SiteFooter settings={settings} year={new Date(now).getFullYear()} />
      <DisclaimerIsland
        settings={{ firmName: settings.firmName, rule36: settings.rule36 }}
        standard={JSON.stringify(settings.rule36.disclaimer) === JSON.stringify(RULE36_DEFAULTS.disclaimer)}
      />
      <ScrollReset />
    </div>
  );
}
