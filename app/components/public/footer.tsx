import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import type { SiteSettings } from '../../../content/settings';
import { MailIcon, PhoneIcon, PinIcon, WhatsAppIcon } from './icons';
import { IconLine } from './section';
import { SocialLinks } from './social-links';
import { telHref, whatsappHref } from './site';
import { useT, type MessageKey } from '../../lib/i18n';

const USEFUL_LINKS: { to: string; label: MessageKey }[] = [
  { to: '/', label: 'nav.home' },
  { to: '/about-us', label: 'nav.about' },
  { to: '/our-case', label: 'nav.ourCases' },
  { to: '/gallery', label: 'nav.gallery' },
  { to: '/event', label: 'nav.events' },
  { to: '/blog', label: 'nav.blog' },
];
const QUICK_LINKS: { to: string; label: MessageKey }[] = [
  { to: '/book-consultation', label: 'nav.bookNow' },
  { to: '/vacancies', label: 'nav.vacancies' },
  { to: '/faqs', label: 'nav.faqs' },
  { to: '/our-legal-team', label: 'nav.legalTeam' },
  { to: '/privacy-policy', label: 'nav.privacy' },
  { to: '/contact', label: 'nav.contact' },
];

/** One column of footer links under its heading. */
function FooterLinks({ id, title, links }: { id: string; title: string; links: readonly { to: string; label: MessageKey }[] }) {
  const { t, lp } = useT();
  return (
    <nav className="col-6 col-lg-2" aria-labelledby={id}>
      <h2 id={id} className="footer-heading">
        {title}
      </h2>
      <ul className="list-unstyled footer-list">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={lp(l.to)} className="footer-link">
              {t(l.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooter({ settings, year }: { settings: SiteSettings; year: number }) {
  const hq = settings.headquarters;
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
          <div className="col-12 col-lg-5">
            <h2 className="footer-heading">{t('footer.contact')}</h2>
            <address className="footer-list mb-0">
              <IconLine icon={PinIcon}>
                <span>{hq.address}</span>
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
        </div>
      </Container>
      <div className="footer-bottom">
        <Container className="py-3 small d-flex flex-column flex-md-row justify-content-between gap-2">
          <span>{t('footer.rights', { year, firm: settings.firmName })}</span>
          {settings.footerCredit.text && (
            <span>
              {settings.footerCredit.url ? (
                <a href={settings.footerCredit.url} target="_blank" rel="noopener noreferrer" className="footer-link">
                  {settings.footerCredit.text}
                  <span className="visually-hidden">{t('common.newTab')}</span>
                </a>
              ) : (
                settings.footerCredit.text
              )}
            </span>
          )}
        </Container>
      </div>
    </footer>
  );
}
