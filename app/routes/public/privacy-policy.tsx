import { Trans } from '@lingui/react';
import { Field, SubmitBox } from '../../components/public/field';
import { Page } from '../../components/public/page';
import { textsMeta } from '../../components/public/seo';
import { usePublicData } from '../../components/public/site';
import { Section } from '../../components/public/section';
import { useT } from '../../lib/i18n';

export const meta = textsMeta('page.privacy', '/privacy-policy');

/** The sections of one paragraph each (their titles and texts in the catalogs), before those with more. */
const PLAIN_SECTIONS = ['collect', 'use', 'security', 'cookies'] as const;

export default function PrivacyPolicy() {
  const { settings } = usePublicData();
  const { t } = useT();
  const p = settings.privacy;
  return (
    <Page title={t('page.privacy.title')} lead={t('page.privacy.lead', { firm: settings.firmName })} side={false}>
      <div className="privacy" style={{ maxWidth: '48rem' }}>
        {PLAIN_SECTIONS.map((k) => (
          <Section key={k} id={`pp-${k}`} title={t(`page.privacy.${k}.title`)} className="mb-4" headingClass="h4">
            <p>{t(`page.privacy.${k}.body`)}</p>
          </Section>
        ))}
        <Section id="pp-counting" title={t('page.privacy.counting.title')} className="mb-4" headingClass="h4">
          <p>
            <Trans id="page.privacy.counting.body1" components={{ 0: <code /> }} />
          </p>
          <p>{t('page.privacy.counting.body2', { months: p.insightsRetentionMonths })}</p>
        </Section>
        <Section id="pp-contact" title={t('page.privacy.contact.title')} className="" headingClass="h4">
          <p className="mb-0">
            <Trans
              id="page.privacy.contact.body"
              values={{ email: settings.email, address: settings.headquarters.address }}
              components={{ 0: <a href={`mailto:${settings.email}`} /> }}
            />
          </p>
          <p className="mt-2 mb-0">
            <Trans
              id="page.privacy.grievance"
              values={{
                name: p.grievanceName,
                email: p.grievanceEmail,
                phone: p.grievancePhone ? `, ${p.grievancePhone}` : '',
                months: p.retentionMonths,
              }}
              components={{ 0: <a href={`mailto:${p.grievanceEmail}`} /> }}
            />
          </p>
        </Section>
        <Section
          id="your-data-title"
          anchor="your-data"
          title={t('page.privacy.data.title')}
          className="mt-4"
          headingClass="h4"
        >
          <p>{t('page.privacy.data.body')}</p>
          <form
            className="row g-2 align-items-end"
            action="/api/privacy/request"
            method="post"
            encType="multipart/form-data"
          >
            <Field id="dr-email" label={t('page.privacy.data.email')} className="col-sm-6">
              <input id="dr-email" name="email" type="email" required autoComplete="email" className="form-control" />
            </Field>
            <Field id="dr-kind" label={t('page.privacy.data.kind')} className="col-sm-3">
              <select id="dr-kind" name="kind" className="form-select" defaultValue="access">
                <option value="access">{t('page.privacy.data.access')}</option>
                <option value="erasure">{t('page.privacy.data.erasure')}</option>
              </select>
            </Field>
            <SubmitBox label={t('page.privacy.data.send')} className="col-sm-3" wide />
          </form>
        </Section>
      </div>
    </Page>
  );
}

export { PublicRouteError as ErrorBoundary } from '../../components/public/route-error';
