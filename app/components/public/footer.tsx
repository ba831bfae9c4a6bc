import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import type { SiteSettings } from '../../../content/settings';
import { MailIcon, PhoneIcon, PinIcon, WhatsAppIcon } from './icons';
import { SocialLinks } from './social-links';
import { telHref, whatsappHref } from './site';

const USEFUL_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/about-us', label: 'About' },
  { to: '/our-case', label: 'Our Cases' },
  { to: '/gallery', label: 'Gallery' },
  { to: '/event', label: 'Events' },
  { to: '/blog', label: 'Blog' },
];
const QUICK_LINKS = [
  { to: '/book-consultation', label: 'Book Now' },
  { to: '/vacancies', label: 'Vacancies' },
  { to: '/faqs', label: 'FAQs' },
  { to: '/our-legal-team', label: 'Our Legal Team' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/contact', label: 'Contact' },
];

export function SiteFooter({ settings, year }: { settings: SiteSettings; year: number }) {
  const hq = settings.headquarters;
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
                <WhatsAppIcon /> Chat with us on WhatsApp<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            )}
          </div>
          <nav className="col-6 col-lg-2" aria-labelledby="footer-useful">
            <h2 id="footer-useful" className="footer-heading">
              Useful Links
            </h2>
            <ul className="list-unstyled footer-list">
              {USEFUL_LINKS.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className="footer-link">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <nav className="col-6 col-lg-2" aria-labelledby="footer-quick">
            <h2 id="footer-quick" className="footer-heading">
              Quick Links
            </h2>
            <ul className="list-unstyled footer-list">
              {QUICK_LINKS.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className="footer-link">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="col-12 col-lg-5">
            <h2 className="footer-heading">Contact Info</h2>
            <address className="footer-list mb-0">
              <p className="d-flex gap-2">
                <PinIcon className="flex-shrink-0 mt-1" />
                <span>{hq.address}</span>
              </p>
              <p className="d-flex gap-2">
                <MailIcon className="flex-shrink-0 mt-1" />
                <a href={`mailto:${settings.email}`} className="footer-link text-break">
                  {settings.email}
                </a>
              </p>
              <ul className="list-unstyled mb-0">
                {settings.phones.map((p) => (
                  <li key={p} className="d-flex gap-2 mb-1">
                    <PhoneIcon className="flex-shrink-0 mt-1" />
                    <a href={telHref(p)} className="footer-link">
                      {p}
                    </a>
                  </li>
                ))}
              </ul>
            </address>
          </div>
        </div>
      </Container>
      <div className="footer-bottom">
        <Container className="py-3 small d-flex flex-column flex-md-row justify-content-between gap-2">
          <span>
            © {year} {settings.firmName}. All rights reserved.
          </span>
          {settings.footerCredit.text && (
            <span>
              {settings.footerCredit.url ? (
                <a href={settings.footerCredit.url} target="_blank" rel="noopener noreferrer" className="footer-link">
                  {settings.footerCredit.text}
                  <span className="visually-hidden"> (opens in a new tab)</span>
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
