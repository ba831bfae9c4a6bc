import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import type { SiteSettings } from '../../../content/settings';
import { MailIcon, PhoneIcon, PinIcon, WhatsAppIcon } from './icons';
import { HEADER_LINKS } from './header';
import { IconLine } from './section';
import { SocialLinks } from './social-links';
import { telHref, whatsappHref } from './site';
import { useT, type MessageKey } from '../../lib/i18n';

type MenuPath = (typeof HEADER_LINKS)[number]['to'];

/** The footer's two columns of links: pages of the header's menu (HEADER_LINKS), by path. */
const USEFUL_LINKS: readonly MenuPath[] = ['/', '/about-us', '/our-case', '/gallery', '/event', '/blog'];
const QUICK_LINKS: readonly MenuPath[] = [
  '/book-consultation',
  '/vacancies',
  '/faqs',
  '/our-legal-team',
  '/privacy-policy',
  '/contact',
];
/** The footer's name of each page of the menu: the menu's own, but "Vacancies" where the menu says "Careers". */
const FOOTER_NAMES = {
  ...Object.fromEntries(HEADER_LINKS.map((l) => [l.to, l.label])),
  '/vacancies': 'nav.vacancies',
} as Record<MenuPath, MessageKey>;

/** One column of footer links under its heading. */
function FooterLinks({ id, title, links }: { id: string; title: string; links: readonly MenuPath[] }) {
  const { t, lp } = useT();
  return (
    <nav className="col-6 col-lg-2" aria-labelledby={id}>
      <h2 id={id} className="footer-heading">
        {title}
      </h2>
      <ul className="list-unstyled footer-list">
        {links.map((to) => (
          <li key={to}>
            <Link to={lp(to)} className="footer-link">
              {t(FOOTER_NAMES[to])}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The firm's address, email and phone numbers. */
function FooterContact({ settings }: { settings: SiteSettings }) {
  const { t } = useT();
  return (
    <div className="col-12 col-lg-5">
      <h2 className="footer-heading">{t('footer.contact')}</h2>
      <address className="footer-list mb-0">
        <IconLine icon={PinIcon}>
          <span>{settings.headquarters.address}</span>
        </IconLine>
        <IconLine icon={MailIcon}>
          <a href={`mailto:${settings.email}`} className="footer-link text-break">
            {settings.email}
          </a>
        </IconLine>
        <ul className="list-unstyled mb-0">
          {settings.phones.map((p) => (
            <IconLine key={p} icon={PhoneIcon} as="li" className="mb-1">
              <a href={telHref(p)} className="footer-link">
                {p}
              </a>
            </IconLine>
          ))}
        </ul>
      </address>
    </div>
  );
}

/** The bottom line: the rights of the year, and the credit (a link where it has one). */
function FooterBottom({ settings, year }: { settings: SiteSettings; year: number }) {
  const { t } = useT();
  const credit = settings.footerCredit;
  return (
    <div className="footer-bottom">
      <Container className="py-3 small d-flex flex-column flex-md-row justify-content-between gap-2">
        <span>{t('footer.rights', { year, firm: settings.firmName })}</span>
        {credit.text && (
          <span>
            {credit.url ? (
              <a href={credit.url} target="_blank" rel="noopener noreferrer" className="footer-link">
                {credit.text}
                <span className="visually-hidden">{t('common.newTab')}</span>
              </a>
            ) : (
              credit.text
            )}
          </span>
        )}
      </Container>
    </div>
  );
}

export function SiteFooter({ settings, year }: { settings: SiteSettings; year: number }) {
  const { t } = useT();
  return (
    <footer className="site-footer">
      <Container className="py-5">
        <div className="row g-4">
          <div className="col-12 col-lg-3">
            <p className="footer-brand">{settings.firmName}</p>
            <p className="small mb-3">{settings.tagline}</p>
            <SocialLinks socials={settings.socials} className="mb-3" />
            {settings.whatsapp && (
              <a
                href={whatsappHref(settings.whatsapp)}
                target="_blank"
                rel="noopener noreferrer"
                className="footer-link d-inline-flex align-items-center gap-2"
              >
                <WhatsAppIcon /> {t('footer.whatsapp')}
                <span className="visually-hidden">{t('common.newTab')}</span>
              </a>
            )}
          </div>
          <FooterLinks id="footer-useful" title={t('footer.useful')} links={USEFUL_LINKS} />
          <FooterLinks id="footer-quick" title={t('footer.quick')} links={QUICK_LINKS} />
          <FooterContact settings={settings} />
        </div>
      </Container>
      <FooterBottom settings={settings} year={year} />
    </footer>
  );
}
