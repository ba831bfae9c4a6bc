import { useLoaderData } from 'react-router';
import { privacyNotice } from '../../../content/consultation';
import { ConsultationForm } from '../../components/public/consultation-form';
import { Page } from '../../components/public/page';
import { seo } from '../../components/public/seo';
import { usePublicData } from '../../components/public/site';
import type { Route } from './+types/book-consultation';
import { Section } from '../../components/public/section';

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: 'Book Consultation',
    description:
      'Book a consultation with the firm: choose a preferred date and time and tell us briefly about your legal issue.',
    path: '/book-consultation',
  });
}

/** Whether the form offers WhatsApp updates: only with the Cloud API configured (decision 0072). */
export async function loader({ context }: Route.LoaderArgs) {
  return { whatsapp: !!context.services.config.whatsapp };
}

export default function BookConsultation() {
  const { settings } = usePublicData();
  const { whatsapp } = useLoaderData<typeof loader>();
  const notice = privacyNotice({
    firmName: settings.firmName,
    retentionMonths: settings.privacy.retentionMonths,
    grievanceName: settings.privacy.grievanceName,
    grievanceEmail: settings.privacy.grievanceEmail,
    grievancePhone: settings.privacy.grievancePhone,
  });
  return (
    <Page title="Book Consultation" lead="Tell us briefly about your matter and when you would like to meet.">
      <Section id="intro-title" title="Meet a lawyer" className="mb-4">
        <p>
          A consultation with {settings.firmName} is a confidential conversation about your situation, the law that
          applies and the options open to you. Send us the details below and we will confirm a time.
        </p>
        <p className="hours-text">
          <strong>Consultation hours:</strong> {settings.hours.morning} and {settings.hours.evening},{' '}
          {settings.hours.days}.
        </p>
      </Section>
      <ConsultationForm defaultZone={settings.booking.timeZone} notice={notice} whatsapp={whatsapp} />
      <p className="mt-3 small">Note: all consultations are subject to availability and prior scheduling.</p>
    </Page>
  );
}

export { PublicRouteError as ErrorBoundary } from '../../components/public/route-error';
