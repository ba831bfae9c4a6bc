import { useRef, useState } from 'react';
import { toast } from '../../components/public/toasts';
import { Page } from '../../components/public/page';
import { seo } from '../../components/public/seo';
import { usePublicData } from '../../components/public/site';
import { api } from '../../lib/api';
import type { Route } from './+types/book-consultation';
import { CONSENT_FIELD, CONSENT_LABEL, HONEYPOT_FIELD } from '../../../content/consultation';

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: 'Book Consultation',
    description:
      'Book a consultation with the firm: choose a preferred date and time and tell us briefly about your legal issue.',
    path: '/book-consultation',
  });
}

/** Off-screen, out of the tab order and hidden from assistive technology: only bots fill the honeypot. */
const HONEYPOT_STYLE: React.CSSProperties = {
  position: 'absolute',
  left: '-10000px',
  top: 'auto',
  width: 1,
  height: 1,
  overflow: 'hidden',
};

/**
 * Posts the consultation request as multipart to /api/mail/contact with the spec's field names (plus the
 * consent and the honeypot `website`) and shows the server's message; success is judged by the
 * response's `success` flag.
 */
export async function sendConsultation(form: HTMLFormElement): Promise<void> {
  const fd = new FormData(form);
  const body = new FormData();
  for (const name of ['name', 'contactNumber', 'email', 'LegalIssueSummary', 'datetime', HONEYPOT_FIELD])
    body.append(name, String(fd.get(name) ?? ''));
  const consent = fd.get(CONSENT_FIELD);
  if (consent) body.append(CONSENT_FIELD, String(consent));
  const doc = fd.get('document');
  if (doc instanceof File && doc.size > 0) body.append('document', doc);
  try {
    const res = await api<{ success?: boolean }>('/api/mail/contact', { method: 'POST', form: body });
    if (res.body.success) {
      toast.success(res.body.message || 'Mail sent successfully!');
      form.reset();
    } else {
      toast.error(res.body.message || 'Something went wrong.');
    }
  } catch {
    toast.error('Error sending message. Please try again.');
  }
}

export default function BookConsultation() {
  const { settings } = usePublicData();
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const onSubmit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (sending) return;
    setSending(true);
    try {
      await sendConsultation(e.currentTarget);
    } finally {
      setSending(false);
    }
  };
  return (
    <Page title="Book Consultation" lead="Tell us briefly about your matter and when you would like to meet.">
      <section aria-labelledby="intro-title" className="mb-4">
        <h2 id="intro-title" className="section-title">
          Meet a lawyer
        </h2>
        <p>
          A consultation with {settings.firmName} is a confidential conversation about your situation, the law that
          applies and the options open to you. Send us the details below and we will confirm a time.
        </p>
        <p className="hours-text">
          <strong>Consultation hours:</strong> {settings.hours.morning} and {settings.hours.evening},{' '}
          {settings.hours.days}.
        </p>
      </section>
      <form
        ref={formRef}
        className="consultation-form card card-body"
        onSubmit={onSubmit}
        encType="multipart/form-data"
        noValidate={false}
        aria-busy={sending}
      >
        <div className="row g-3">
          <div className="col-md-6">
            <label htmlFor="c-name" className="form-label">
              Name
            </label>
            <input id="c-name" name="name" type="text" className="form-control" autoComplete="name" />
          </div>
          <div className="col-md-6">
            <label htmlFor="c-email" className="form-label">
              Email
            </label>
            <input id="c-email" name="email" type="email" className="form-control" autoComplete="email" />
          </div>
          <div className="col-md-6">
            <label htmlFor="c-phone" className="form-label">
              Contact Number
            </label>
            <input id="c-phone" name="contactNumber" type="tel" className="form-control" autoComplete="tel" />
          </div>
          <div className="col-md-6">
            <label htmlFor="c-datetime" className="form-label">
              Preferred Date &amp; Time
            </label>
            <input id="c-datetime" name="datetime" type="datetime-local" className="form-control" />
          </div>
          <div className="col-12">
            <label htmlFor="c-summary" className="form-label">
              Legal Issue Summary
            </label>
            <textarea id="c-summary" name="LegalIssueSummary" rows={5} className="form-control" />
          </div>
          <div className="col-12">
            <label htmlFor="c-document" className="form-label">
              Document (optional)
            </label>
            <input
              id="c-document"
              name="document"
              type="file"
              className="form-control"
              aria-describedby="c-document-help"
            />
            <p id="c-document-help" className="form-text mb-0">
              Attach a notice, agreement or order if you have one.
            </p>
          </div>
          <div style={HONEYPOT_STYLE} aria-hidden="true">
            <label htmlFor="c-website">Website</label>
            <input
              id="c-website"
              name={HONEYPOT_FIELD}
              type="text"
              tabIndex={-1}
              autoComplete="off"
              aria-hidden="true"
            />
          </div>
          <div className="col-12">
            <div className="form-check">
              <input
                id="c-consent"
                name={CONSENT_FIELD}
                type="checkbox"
                value="true"
                className="form-check-input"
                required
              />
              <label htmlFor="c-consent" className="form-check-label">
                {CONSENT_LABEL}
              </label>
            </div>
          </div>
        </div>
        <div className="mt-4">
          <button type="submit" className="btn btn-primary" disabled={sending}>
            Send Message
          </button>
        </div>
      </form>
      <p className="mt-3 small">Note: all consultations are subject to availability and prior scheduling.</p>
    </Page>
  );
}

export { PublicRouteError as ErrorBoundary } from '../../components/public/route-error';
