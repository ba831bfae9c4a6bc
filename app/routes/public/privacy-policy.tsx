import { Page } from '../../components/public/page';
import { seo } from '../../components/public/seo';
import { usePublicData } from '../../components/public/site';
import type { Route } from './+types/privacy-policy';
import { Section } from '../../components/public/section';

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: 'Privacy Policy',
    description:
      'What personal data the firm’s website collects, how it is used and secured, cookies, and whom to contact about privacy.',
    path: '/privacy-policy',
  });
}

export default function PrivacyPolicy() {
  const { settings } = usePublicData();
  return (
    <Page
      title="Privacy Policy"
      lead={`How ${settings.firmName} handles the information you share with us.`}
      side={false}
    >
      <div className="privacy" style={{ maxWidth: '48rem' }}>
        <Section id="pp-collect" title="Information we collect" className="mb-4" headingClass="h4">
          <p>
            When you book a consultation we collect your name, email address, contact number, preferred date and time,
            the summary of your legal issue and any document you choose to attach. We do not ask for more than we need
            to respond to you.
          </p>
        </Section>
        <Section id="pp-use" title="How we use it" className="mb-4" headingClass="h4">
          <p>
            We use this information only to answer your request, schedule a consultation and, if you instruct us, to act
            for you. We do not sell or share it for marketing, and we disclose it to others only where the law requires.
          </p>
        </Section>
        <Section id="pp-security" title="Security" className="mb-4" headingClass="h4">
          <p>
            Requests and documents are kept on systems with restricted access, readable only by the firm’s staff who
            need them. We keep them for as long as needed for your matter and our professional obligations, then delete
            them.
          </p>
        </Section>
        <Section id="pp-cookies" title="Cookies" className="mb-4" headingClass="h4">
          <p>
            The public website sets no tracking or advertising cookies. A single session cookie is used only in the
            firm’s own administration area.
          </p>
        </Section>
        <Section id="pp-counting" title="What this website counts" className="mb-4" headingClass="h4">
          <p>
            To learn which pages are useful, the website counts visits without cookies and without keeping anything
            that identifies you: each page viewed, per day; the number of visitors per day; the website that linked
            to the page (its domain only); the campaign name of a link (<code>utm_campaign</code>); whether the device
            is a phone, a tablet or a computer; the browser’s language; and, for a consultation request, the page
            the visit started on.
          </p>
          <p>
            A visitor is told apart from another for one day only, by a code computed from the internet address and
            the browser’s name together with a random value that changes every day and is never written down, so
            no one, the firm included, can link a visit to a person or to another day. Those codes are deleted
            within 24 hours; only the day’s totals are kept, for {settings.privacy.insightsRetentionMonths} months.
            Nothing is shared with anyone else. A browser set to “Do Not Track” or “Global Privacy Control” is not
            counted at all, and neither are search engines and other bots.
          </p>
        </Section>
        <section aria-labelledby="pp-contact">
          <h2 id="pp-contact" className="h4">
            Privacy contact
          </h2>
          <p className="mb-0">
            To see, correct or delete the information we hold about you, write to{' '}
            <a href={`mailto:${settings.email}`}>{settings.email}</a> or to our office at{' '}
            {settings.headquarters.address}.
          </p>
          <p className="mt-2 mb-0">
            Grievance officer under the Digital Personal Data Protection Act, 2023: {settings.privacy.grievanceName},{' '}
            <a href={`mailto:${settings.privacy.grievanceEmail}`}>{settings.privacy.grievanceEmail}</a>
            {settings.privacy.grievancePhone ? `, ${settings.privacy.grievancePhone}` : ''}. Consultation requests that
            never become a consultation are deleted after {settings.privacy.retentionMonths} months.
          </p>
        </section>
        <section aria-labelledby="your-data-title" id="your-data" className="mt-4">
          <h2 id="your-data-title" className="h4">
            Your data: a copy or its erasure
          </h2>
          <p>
            Enter the email address you used. We mail it a one-time link that proves the address is yours; with it you
            download a copy of your consultation requests, or confirm that they, their documents and our copies of
            the mails are erased.
          </p>
          <form className="row g-2 align-items-end" action="/api/privacy/request" method="post" encType="multipart/form-data">
            <div className="col-sm-6">
              <label htmlFor="dr-email" className="form-label">
                Email address
              </label>
              <input id="dr-email" name="email" type="email" required autoComplete="email" className="form-control" />
            </div>
            <div className="col-sm-3">
              <label htmlFor="dr-kind" className="form-label">
                I would like
              </label>
              <select id="dr-kind" name="kind" className="form-select" defaultValue="access">
                <option value="access">a copy of my data</option>
                <option value="erasure">my data erased</option>
              </select>
            </div>
            <div className="col-sm-3">
              <button type="submit" className="btn btn-primary w-100">
                Send me the link
              </button>
            </div>
          </form>
        </section>
      </div>
    </Page>
  );
}

export { PublicRouteError as ErrorBoundary } from '../../components/public/route-error';
