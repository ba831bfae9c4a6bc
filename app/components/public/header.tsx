import { useState } from 'react';
import Container from 'react-bootstrap/Container';
import type { SiteSettings } from '../../../content/settings';
import { SEARCH_MAX_QUERY, SEARCH_PATH } from '../../../content/rules/search-path';
import { CloseIcon, MailIcon, MenuIcon, PhoneIcon, SearchIcon, WhatsAppIcon } from './icons';
import { island } from './island';
import { SocialLinks } from './social-links';
import { telHref, whatsappHref } from './site';
import { LOCALE_INFO, localizedPath, unlocalizedPath, type Locale } from '../../../content/locales';
import { useT, type MessageKey } from '../../lib/i18n';

/** The header's links, in the spec's order; the English catalog holds the spec's labels (decision 0063). */
export const HEADER_LINKS = [
  { to: '/', label: 'nav.home' },
  { to: '/about-us', label: 'nav.about' },
  { to: '/contact', label: 'nav.contact' },
  { to: '/our-case', label: 'nav.ourCases' },
  { to: '/gallery', label: 'nav.gallery' },
  { to: '/event', label: 'nav.events' },
  { to: '/blog', label: 'nav.blog' },
  { to: '/book-consultation', label: 'nav.bookNow' },
  { to: '/vacancies', label: 'nav.careers' },
  { to: '/faqs', label: 'nav.faqs' },
  { to: '/our-legal-team', label: 'nav.legalTeam' },
  { to: '/privacy-policy', label: 'nav.privacy' },
] as const satisfies readonly { to: string; label: MessageKey }[];

/** A page's path per locale where it differs from the one it has here (an event's own slug, decision 0082). */
export type PathsByLocale = Partial<Record<Locale, string>>;

/**
 * The language switcher (decision 0063): the same page in each language the site publishes, as plain links
 * carrying `hreflang` and `lang`; the current language is marked, not linked away from. `paths`: the page's
 * own path in a locale where it has one (decision 0082).
 */
export function LanguageSwitcher({ pathname, locales, paths = {}, className = '' }: { pathname: string; locales: readonly Locale[]; paths?: PathsByLocale; className?: string }) {
  const { t, locale } = useT();
  if (locales.length < 2) return null;
  const path = unlocalizedPath(pathname);
  return (
    <nav aria-label={t('lang.switcher')} className={className ? `lang-switcher ${className}` : 'lang-switcher'}>
      <ul className="list-unstyled d-flex gap-2 mb-0">
        {locales.map((l) => (
          <li key={l}>
            <a
              href={localizedPath(l, paths[l] ?? path)}
              hrefLang={l}
              lang={l}
              className={`lang-link${l === locale ? ' active' : ''}`}
              aria-current={l === locale ? 'true' : undefined}
            >
              {LOCALE_INFO[l].name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The site search box (decision 0054): a plain GET form to the results page, so it works without JavaScript.
 * In the top bar on large screens, in the menu on small ones (`id` tells the two apart).
 */
export function SiteSearchForm({ id, className = '' }: { id: string; className?: string }) {
  const { t, lp } = useT();
  return (
    <form role="search" aria-label={t('search.landmark')} action={lp(SEARCH_PATH)} method="get" className={`site-search ${className}`}>
      <label htmlFor={id} className="visually-hidden">
        {t('search.label')}
      </label>
      <input id={id} type="search" name="q" placeholder={t('search.placeholder')} maxLength={SEARCH_MAX_QUERY} className="form-control form-control-sm" />
      <button type="submit" className="btn btn-sm site-search-button">
        <SearchIcon size={16} />
        <span className="visually-hidden">{t('search.button')}</span>
      </button>
    </form>
  );
}

/** Top bar (large screens only): social links, the search box, the contact email and a phone number. */
export function TopBar({ settings, pathname, paths }: { settings: SiteSettings; pathname: string; paths?: PathsByLocale }) {
  const { t } = useT();
  const phone = settings.phones[0];
  return (
    <div className="topbar d-none d-lg-block">
      <Container className="d-flex justify-content-between align-items-center gap-3">
        <SocialLinks socials={settings.socials} size={15} />
        <ul className="list-unstyled d-flex align-items-center gap-4 mb-0">
          <li>
            <LanguageSwitcher pathname={pathname} locales={settings.locales} paths={paths} />
          </li>
          <li>
            <SiteSearchForm id="site-search-top" />
          </li>
          <li>
            <a href={`mailto:${settings.email}`} className="topbar-link">
              <MailIcon size={15} className="me-2" />
              {settings.email}
            </a>
          </li>
          {phone && (
            <li>
              <a href={telHref(phone)} className="topbar-link">
                <PhoneIcon size={15} className="me-2" />
                {phone}
              </a>
            </li>
          )}
          {settings.whatsapp && (
            <li>
              <a
                href={whatsappHref(settings.whatsapp)}
                target="_blank"
                rel="noopener noreferrer"
                className="topbar-link"
              >
                <WhatsAppIcon size={15} className="me-2" />
                {t('topbar.whatsapp')}
                <span className="visually-hidden">{t('common.newTab')}</span>
              </a>
            </li>
          )}
        </ul>
      </Container>
    </div>
  );
}

/** Whether a header link is the current page (React Router's NavLink rule: `/` exactly, others with their sub-paths). */
export function isCurrent(to: string, pathname: string): boolean {
  return pathname === to || (to !== '/' && pathname.startsWith(`${to}/`));
}

/**
 * The sticky main navbar (an island, decision 0028); on small screens the links collapse behind a menu /
 * close toggle. Bootstrap's navbar markup, written out: the page header is the banner landmark and the
 * links' own <nav aria-label="Main"> the navigation landmark. Plain links: every page is a document load.
 */
export function SiteNavbar({ firmName, pathname, locales = [], paths }: { firmName: string; pathname: string; locales?: readonly Locale[]; paths?: PathsByLocale }) {
  const [open, setOpen] = useState(false);
  const { t, lp } = useT();
  const path = unlocalizedPath(pathname);
  return (
    <header className="site-navbar navbar navbar-expand-xl navbar-light sticky-top">
      <div className="container">
        <a className="brand navbar-brand" href={lp('/')}>
          <span className="brand-mark" aria-hidden="true">
            {firmName.charAt(0)}
          </span>
          <span className="brand-name">{firmName}</span>
        </a>
        <button
          type="button"
          className="navbar-toggler nav-toggle"
          aria-controls="site-nav-links"
          aria-expanded={open}
          aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <CloseIcon size={24} /> : <MenuIcon size={24} />}
        </button>
        <div className={`navbar-collapse collapse${open ? ' show' : ''}`} id="site-nav-links">
          <nav aria-label={t('nav.main')} className="ms-auto">
            <ul className="navbar-nav align-items-xl-center">
              {HEADER_LINKS.map((l) => {
                const current = isCurrent(l.to, path);
                return (
                  <li className="nav-item" key={l.to}>
                    <a
                      aria-current={current ? 'page' : undefined}
                      className={
                        l.to === '/book-consultation'
                          ? `btn btn-accent btn-sm ms-xl-2 my-2 my-xl-0${current ? ' active' : ''}`
                          : `nav-link${current ? ' active' : ''}`
                      }
                      href={lp(l.to)}
                      onClick={() => setOpen(false)}
                    >
                      {t(l.label)}
                    </a>
                  </li>
                );
              })}
            </ul>
          </nav>
          {/* On large screens the top bar holds the switcher and the search box. */}
          <LanguageSwitcher pathname={pathname} locales={locales} paths={paths} className="d-lg-none my-2" />
          <SiteSearchForm id="site-search-menu" className="d-lg-none my-2" />
        </div>
      </div>
    </header>
  );
}

export const SiteNavbarIsland = island('navbar', SiteNavbar);
