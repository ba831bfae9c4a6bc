import { Trans } from '@lingui/react';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n';
import { ClockIcon, MailIcon, PhoneIcon, WhatsAppIcon } from '../../components/public/icons';
import { OfficeCard } from '../../components/public/office-card';
import { Page } from '../../components/public/page';
import { legalServiceLd, settingsMeta } from '../../components/public/seo';
import { telHref, usePublicData, whatsappHref } from '../../components/public/site';
import { GridList, IconLine, Section } from '../../components/public/section';

const CONTACT = 'Offices, phone numbers, email and consultation hours.';
export const meta = settingsMeta('page.contact.title', '/contact', CONTACT, (t, st, origin) => ({
  description: t('page.contact.description', { firm: st.firmName, ...st.hours }),
  jsonLd: [legalServiceLd(st, origin)],
}));

export default function Contact() {
  const { settings } = usePublicData();
  const { t, lp } = useT();
  const offices = [{ ...settings.headquarters, hq: true }, ...settings.offices.map((o) => ({ ...o, hq: false }))];
  return (
    <Page title={t('page.contact.title')} lead={t('page.contact.lead')}>
      <Section id="offices-title" title={t('page.contact.offices')}>
        <GridList items={offices} className="list-unstyled row g-3" col="col-md-6" keyOf={(o) => o.city}>
          {(o) => <OfficeCard office={o} headquarters={o.hq} />}
        </GridList>
      </Section>

      <Section id="reach-title" title={t('page.contact.reach')}>
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

      <Section id="hours-title" title={t('page.contact.hours')}>
        <IconLine icon={ClockIcon}>
          <span>
            {t('page.contact.hours.text', {
              morning: settings.hours.morning,
              evening: settings.hours.evening,
              days: settings.hours.days,
            })}
          </span>
        </IconLine>
        <Link to={lp('/book-consultation')} className="btn btn-accent">
          {t('cta.book')}
        </Link>
      </Section>

      <Section id="urgent-title" title={t('page.contact.urgent')} className="alert alert-warning" headingClass="h5">
        <p className="mb-0">
          <Trans
            id="page.contact.urgent.text"
            components={{
              0: <strong />,
              1: settings.whatsapp ? (
                <a
                  href={whatsappHref(settings.whatsapp)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="alert-link"
                >
                  <WhatsAppIcon className="me-1" />
                  {settings.whatsapp}
                  <span className="visually-hidden">{t('page.contact.whatsappNewTab')}</span>
                </a>
              ) : (
                <a href={telHref(settings.phones[0] ?? '')} className="alert-link">
                  {settings.phones[0]}
                </a>
              ),
            }}
          />
        </p>
      </Section>
    </Page>
  );
}

export { PublicRouteError as ErrorBoundary } from '../../components/public/route-error';
