import {
  CONSENT_FIELD,
  HONEYPOT_FIELD,
  LOCALE_FIELD,
  NOTICE_VERSION,
  NOTICE_VERSION_FIELD,
  OPPOSING_PARTY_FIELD,
  WHATSAPP_FIELD,
  WHATSAPP_NUMBER_FIELD,
} from '../../../content/consultation';
import { useT } from '../../lib/i18n';
import { BookingTimes } from './booking-times';
import { CONSULTATION_FORM_ID } from './consultation-send';
import { Field, SubmitBox } from './field';

/** Off-screen, out of the tab order and hidden from assistive technology: only bots fill the honeypot. */
const HONEYPOT_STYLE: React.CSSProperties = {
  position: 'absolute',
  left: '-10000px',
  top: 'auto',
  width: 1,
  height: 1,
  overflow: 'hidden',
};

/** A checkbox sent as `value="true"` when ticked, with its label beside it. */
function CheckField({
  id,
  name,
  label,
  required = false,
}: {
  id: string;
  name: string;
  label: string;
  required?: boolean;
}) {
  return (
    <div className="form-check">
      <input id={id} name={name} type="checkbox" value="true" className="form-check-input" required={required} />
      <label htmlFor={id} className="form-check-label">
        {label}
      </label>
    </div>
  );
}

/**
 * The Book Consultation form, rendered on the server as plain HTML (decision 0085): it posts to
 * /api/mail/contact without JavaScript (the spec's date-time field is then the way to ask for a time). Only
 * the free times and the routing choices are an island (BookingTimes), which, once hydrated, also sends
 * the form with fetch. `defaultZone`: the firm's zone from the settings; `notice`: the privacy notice's
 * paragraphs; `whatsapp`: offer WhatsApp updates (only with the Cloud API configured, decision 0072).
 */
export function ConsultationForm({
  defaultZone,
  notice,
  whatsapp = false,
}: {
  defaultZone: string;
  notice: string[];
  whatsapp?: boolean;
}) {
  const { t, locale } = useT();
  return (
    <form
      id={CONSULTATION_FORM_ID}
      className="consultation-form card card-body"
      action="/api/mail/contact"
      method="post"
      encType="multipart/form-data"
    >
      <div className="row g-3">
        <Field id="c-name" label={t('form.name')}>
          <input id="c-name" name="name" type="text" className="form-control" autoComplete="name" />
        </Field>
        <Field id="c-email" label={t('form.email')}>
          <input id="c-email" name="email" type="email" className="form-control" autoComplete="email" />
        </Field>
        <Field id="c-phone" label={t('form.phone')}>
          <input id="c-phone" name="contactNumber" type="tel" className="form-control" autoComplete="tel" />
        </Field>
        <BookingTimes defaultZone={defaultZone} />
        <Field id="c-summary" label={t('form.summary')} className="col-12">
          <textarea id="c-summary" name="LegalIssueSummary" rows={5} className="form-control" />
        </Field>
        <Field id="c-opposing" label={t('form.opposing')} help={t('form.opposingHelp')}>
          <input
            id="c-opposing"
            name={OPPOSING_PARTY_FIELD}
            type="text"
            maxLength={200}
            className="form-control"
            aria-describedby="c-opposing-help"
          />
        </Field>
        <Field id="c-document" label={t('form.document')} help={t('form.documentHelp')} className="col-12">
          <input
            id="c-document"
            name="document"
            type="file"
            className="form-control"
            aria-describedby="c-document-help"
          />
        </Field>
        {whatsapp ? (
          <div className="col-md-6">
            <CheckField id="c-whatsapp" name={WHATSAPP_FIELD} label={t('form.whatsapp')} />
            <Field
              id="c-whatsapp-number"
              label={t('form.whatsappNumber')}
              help={t('form.whatsappHelp')}
              className="mt-1"
            >
              <input
                id="c-whatsapp-number"
                name={WHATSAPP_NUMBER_FIELD}
                type="tel"
                className="form-control"
                autoComplete="tel"
                aria-describedby="c-whatsapp-number-help"
              />
            </Field>
          </div>
        ) : null}
        {locale !== 'en' ? <input type="hidden" name={LOCALE_FIELD} value={locale} /> : null}
        <div style={HONEYPOT_STYLE} aria-hidden="true">
          <label htmlFor="c-website">Website</label>
          <input id="c-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" aria-hidden="true" />
        </div>
        <div className="col-12">
          <section className="privacy-notice small border rounded p-2" aria-labelledby="notice-title">
            <h3 id="notice-title" className="h6 mb-1">
              {t('form.notice', { version: NOTICE_VERSION })}
            </h3>
            {notice.map((p, i) => (
              // The notice is the firm's English text (content/consultation.ts), marked as such on other pages.
              <p key={i} className="mb-1" lang={locale === 'en' ? undefined : 'en'}>
                {p}
              </p>
            ))}
            <input type="hidden" name={NOTICE_VERSION_FIELD} value={String(NOTICE_VERSION)} />
          </section>
        </div>
        <div className="col-12">
          <CheckField id="c-consent" name={CONSENT_FIELD} label={t('form.consent')} required />
        </div>
      </div>
      <SubmitBox label={t('form.send')} className="mt-4" />
    </form>
  );
}
