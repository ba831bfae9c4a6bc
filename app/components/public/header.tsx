import { useEffect, useState, type ComponentPropsWithRef } from 'react';
import Container from 'react-bootstrap/Container';
import Navbar from 'react-bootstrap/Navbar';
import { Link, NavLink, useLocation } from 'react-router';
import type { SiteSettings } from '../../../content/settings';
import { CloseIcon, MailIcon, MenuIcon, PhoneIcon, WhatsAppIcon } from './icons';
import { SocialLinks } from './social-links';
import { telHref, whatsappHref } from './site';

/** The header's links, in the spec's order and with its labels. */
export const HEADER_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/about-us', label: 'About' },
  { to: '/contact', label: 'Contact' },
  { to: '/our-case', label: 'Our Cases' },
  { to: '/gallery', label: 'Gallery' },
  { to: '/event', label: 'Events' },
  { to: '/blog', label: 'Blog' },
  { to: '/book-consultation', label: 'Book Now' },
  { to: '/vacancies', label: 'Careers' },
  { to: '/faqs', label: 'FAQs' },
  { to: '/our-legal-team', label: 'Our Legal Team' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
] as const;

/** Top bar (large screens only): social links, the contact email and a phone number. */
export function TopBar({ settings }: { settings: SiteSettings }) {
  const phone = settings.phones[0];
  return (
    <div className="topbar d-none d-lg-block">
      <Container className="d-flex justify-content-between align-items-center gap-3">
        <SocialLinks socials={settings.socials} size={15} />
        <ul className="list-unstyled d-flex gap-4 mb-0">
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
                Chat on WhatsApp<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          )}
        </ul>
      </Container>
    </div>
  );
}

/**
 * The navbar's element: a page header (the banner landmark). react-bootstrap gives any navbar that is not a
 * <nav> role="navigation", which a <header> may not carry; the links' own <nav aria-label="Main"> is the
 * navigation landmark, so that role is dropped here.
 */
function BannerHeader({ role: _role, ...props }: ComponentPropsWithRef<'header'>) {
  return <header {...props} />;
}

/** The sticky main navbar; on small screens the links collapse behind a menu / close toggle. */
export function SiteNavbar({ settings }: { settings: SiteSettings }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);

  return (
    <Navbar as={BannerHeader} expand="xl" sticky="top" className="site-navbar" expanded={open} onToggle={setOpen}>
      <Container>
        <Navbar.Brand as={Link} to="/" className="brand">
          <span className="brand-mark" aria-hidden="true">
            {settings.firmName.charAt(0)}
          </span>
          <span className="brand-name">{settings.firmName}</span>
        </Navbar.Brand>
        <button
          type="button"
          className="navbar-toggler nav-toggle"
          aria-controls="site-nav-links"
          aria-expanded={open}
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <CloseIcon size={24} /> : <MenuIcon size={24} />}
        </button>
        <Navbar.Collapse id="site-nav-links">
          <nav aria-label="Main" className="ms-auto">
            <ul className="navbar-nav align-items-xl-center">
              {HEADER_LINKS.map((l) => (
                <li className="nav-item" key={l.to}>
                  <NavLink
                    to={l.to}
                    end={l.to === '/'}
                    onClick={() => setOpen(false)}
                    className={({ isActive }) =>
                      l.to === '/book-consultation'
                        ? `btn btn-accent btn-sm ms-xl-2 my-2 my-xl-0${isActive ? ' active' : ''}`
                        : `nav-link${isActive ? ' active' : ''}`
                    }
                  >
                    {l.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
