import { Link } from 'react-router';
import { ClockIcon, MailIcon, PhoneIcon, PinIcon, WhatsAppIcon } from '../../components/public/icons';
import { Page } from '../../components/public/page';
import { layoutFromMatches, legalServiceLd, seo } from '../../components/public/seo';
import { telHref, usePublicData, whatsappHref } from '../../components/public/site';
import type { Route } from './+types/contact';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const st = layout?.settings;
  return seo(matches, {
    title: 'Contact',
    description: st
      ? `Offices, phone numbers, email and consultation hours of ${st.firmName} (${st.hours.morning} and ${st.hours.evening}, ${st.hours.days}).`
      : 'Offices, phone numbers, email and consultation hours.',
    path: '/contact',
    jsonLd: st && layout ? [legalServiceLd(st, layout.origin)] : [],
  });
}

export default function Contact() {
  const { settings } = usePublicData();
  const offices = [{ ...settings.headquarters, hq: true }, ...settings.offices.map((o) => ({ ...o, hq: false }))];
  return (
    <Page title="Contact" lead="Speak to us at any of our offices, by phone or by email.">
      <section aria-labelledby="offices-title" className="mb-5">
        <h2 id="offices-title" className="section-title">
          Our offices
        </h2>
        <ul className="list-unstyled row g-3">
          {offices.map((o) => (
            <li className="col-md-6" key={o.city}>
              <div className="office h-100">
                <h3 className="h6 mb-1">
                  {o.city}
                  {o.hq && <span className="badge text-bg-light ms-2">Headquarters</span>}
                </h3>
                <p className="d-flex gap-2 small mb-1">
                  <PinIcon className="flex-shrink-0 mt-1" />
                  {o.address}
                </p>
                {o.phone && (
                  <p className="d-flex gap-2 small mb-0">
                    <PhoneIcon className="flex-shrink-0 mt-1" />
                    <a href={telHref(o.phone)}>{o.phone}</a>
                  </p>
                )}
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="reach-title" className="mb-5">
        <h2 id="reach-title" className="section-title">
          Phone and email
        </h2>
        <ul className="list-unstyled">
          {settings.phones.map((p) => (
            <li key={p} className="d-flex gap-2 mb-2">
              <PhoneIcon className="flex-shrink-0 mt-1" />
              <a href={telHref(p)}>{p}</a>
            </li>
          ))}
          <li className="d-flex gap-2 mb-2">
            <MailIcon className="flex-shrink-0 mt-1" />
            <a href={`mailto:${settings.email}`} className="text-break">
              {settings.email}
            </a>
          </li>
        </ul>
      </section>

      <section aria-labelledby="hours-title" className="mb-5">
        <h2 id="hours-title" className="section-title">
          Consultation hours
        </h2>
        <p className="d-flex gap-2">
          <ClockIcon className="flex-shrink-0 mt-1" />
          <span>
            Morning {settings.hours.morning} and evening {settings.hours.evening}, {settings.hours.days}.
          </span>
        </p>
        <Link to="/book-consultation" className="btn btn-accent">
          Book a Consultation
        </Link>
      </section>

      <section aria-labelledby="urgent-title" className="alert alert-warning">
        <h2 id="urgent-title" className="h5">
          Emergencies
        </h2>
        <p className="mb-0">
          For an urgent matter, mention <strong>URGENT</strong> in a WhatsApp message to{' '}
          {settings.whatsapp ? (
            <a href={whatsappHref(settings.whatsapp)} target="_blank" rel="noopener noreferrer" className="alert-link">
              <WhatsAppIcon className="me-1" />
              {settings.whatsapp}
              <span className="visually-hidden"> (opens WhatsApp in a new tab)</span>
            </a>
          ) : (
            <a href={telHref(settings.phones[0] ?? '')} className="alert-link">
              {settings.phones[0]}
            </a>
          )}{' '}
          and we will respond as soon as we can.
        </p>
      </section>
    </Page>
  );
}

export { PublicRouteError as ErrorBoundary } from '../../components/public/route-error';
