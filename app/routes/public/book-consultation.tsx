import { useLoaderData } from 'react-router';
import { privacyNotice } from '../../../content/consultation';
import { ConsultationForm } from '../../components/public/consultation-form';
import { Page } from '../../components/public/page';
import { textsMeta } from '../../components/public/seo';
import { useT } from '../../lib/i18n';
import { usePublicData } from '../../components/public/site';
import type { Route } from './+types/book-consultation';
import { Section } from '../../components/public/section';

export const meta = textsMeta('book', '/book-consultation');

/** Whether the form offers WhatsApp updates: only with the Cloud API configured (decision 0072). */
export async function loader({ context }: Route.LoaderArgs) {
  return { whatsapp: !!context.services.config.whatsapp };
}

export default function BookConsultation() {
  const { settings } = usePublicData();
  const { t } = useT();
  const { whatsapp } = useLoaderData<typeof loader>();
  const notice = privacyNotice({
    firmName: settings.firmName,
    retentionMonths: settings.privacy.retentionMonths,
    grievanceName: settings.privacy.grievanceName,
    grievanceEmail: settings.privacy.grievanceEmail,
    grievancePhone: settings.privacy.grievancePhone,
  });
  return (
    <Page title={t('book.title')} lead={t('book.lead')}>
      <Section id="intro-title" title={t('book.meet')} className="mb-4">
        <p>{t('book.intro', { firm: settings.firmName })}</p>
        <p className="hours-text">
          <strong>{t('book.hoursLabel')}</strong>{' '}
          {t('book.hours', { morning: settings.hours.morning, evening: settings.hours.evening, days: settings.hours.days })}
        </p>
      </Section>
      <ConsultationForm defaultZone={settings.booking.timeZone} notice={notice} whatsapp={whatsapp} />
      <p className="mt-3 small">{t('book.note')}</p>
    </Page>
  );
}

export { PublicRouteError as ErrorBoundary } from '../../components/public/route-error';
