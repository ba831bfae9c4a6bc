import { Link } from 'react-router';
import { useT } from '../../lib/i18n';
import { ClockIcon, MailIcon, PhoneIcon, WhatsAppIcon } from '../../components/public/icons';
import { OfficeCard } from '../../components/public/office-card';
import { Page } from '../../components/public/page';
import { layoutFromMatches, legalServiceLd, seo } from '../../components/public/seo';
import { telHref, usePublicData, whatsappHref } from '../../components/public/site';
import type { Route } from './+types/contact';
import { IconLine, Section } from '../../components/public/section';

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
  const { lp } = useT();
  const offices = [{ ...settings.headquarters, hq: true }, ...settings.offices.map((o) => ({ ...o, hq: false }))];
  return (
    <Page title="Contact" lead="Speak to us at any of our offices, by phone or by email.">
      <Section id="offices-title" title="Our offices">
        <ul className="list-unstyled row g-3">
          {offices.map((o) => (
            <li className="col-md-6" key={o.city}>
              <OfficeCard office={o} headquarters={o.hq} />
            </li>
          ))}
        </ul>
      </Section>

      <Section id="reach-title" title="Phone and email">
        <ul className="list-unstyled">
          {settings.phones.map((p) => (
            <IconLine key={p} icon={PhoneIcon} as="li" className="mb-2">
              <a href={telHref(p)}>{p}</a>
            </IconLine>
          ))}
          <IconLine icon={MailIcon} as="li" className="mb-2">
            <a href={`mailto:${settings.email}`} className="text-break">
              {settings.email}
            </a>
          </IconLine>
        </ul>
      </Section>

      <Section id="hours-title" title="Consultation hours">
        <IconLine icon={ClockIcon}>
          <span>
            Morning {settings.hours.morning} and evening {settings.hours.evening}, {settings.hours.days}.
          </span>
        </IconLine>
        <Link to={lp('/book-consultation')} className="btn btn-accent">
          Book a Consultation
        </Link>
      </Section>

      <Section id="urgent-title" title="Emergencies" className="alert alert-warning" headingClass="h5">
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
      </Section>
    </Page>
  );
}

export { PublicRouteError as ErrorBoundary } from '../../components/public/route-error';
