import { useEffect, useState } from 'react';
import { Button, Card, Col, Form, Row } from 'react-bootstrap';
import type { SiteSettings } from '@content/settings';
import { FormError } from '~/components/admin/fields';
import { IntakeSettingsCards } from '~/components/admin/intake-settings';
import { notify } from '~/components/admin/notify';
import { api } from '~/lib/api';
import { Rule36Findings } from '~/components/admin/rule36-panel';
import { ProfileParticulars, Rule36Settings } from '~/components/admin/rule36-settings';
import type { Rule36Finding } from '@content/rules/rule36';
import { settingsFieldLabel, settingsFieldText } from '@content/rules/rule36-settings';

export function meta() {
  return [{ title: 'Settings | Admin' }];
}

type Profile = SiteSettings['legalTeam'][number];
type Office = SiteSettings['offices'][number];
interface ProfileForm {
  key: number;
  name: string;
  role: string;
  practiceAreas: string;
  bio: string;
  phones: string;
  since: string;
  // Rule 36 particulars (issue 16).
  enrolmentNumber: string;
  enrolmentDate: string;
  barCouncilFirst: string;
  barCouncilCurrent: string;
  barAssociation: string;
  qualifications: string;
}
type SettingsForm = Omit<SiteSettings, 'foundedYear' | 'legalTeam' | 'offices'> & {
  foundedYear: string;
  offices: (Office & { key: number })[];
  legalTeam: ProfileForm[];
};

let nextKey = 1;
const lines = (s: string) =>
  s
    .split(/\r?\n/)
    .map((x) => x.trim())
    .filter(Boolean);

function toForm(s: SiteSettings): SettingsForm {
  return {
    ...s,
    foundedYear: String(s.foundedYear),
    offices: s.offices.map((o) => ({ ...o, key: nextKey++ })),
    legalTeam: s.legalTeam.map((p) => ({
      key: nextKey++,
      name: p.name,
      role: p.role,
      practiceAreas: p.practiceAreas.join('\n'),
      bio: p.bio,
      phones: p.phones.join('\n'),
      since: p.since ? String(p.since) : '',
      enrolmentNumber: p.enrolmentNumber,
      enrolmentDate: p.enrolmentDate,
      barCouncilFirst: p.barCouncilFirst,
      barCouncilCurrent: p.barCouncilCurrent,
      barAssociation: p.barAssociation,
      qualifications: p.qualifications.join('\n'),
    })),
  };
}

function toDocument(f: SettingsForm): SiteSettings {
  return {
    ...f,
    foundedYear: Number(f.foundedYear),
    rule36: {
      ...f.rule36,
      disclaimer: { ...f.rule36.disclaimer, acknowledgements: f.rule36.disclaimer.acknowledgements.map((a) => a.trim()).filter(Boolean) },
    },
    phones: f.phones.map((p) => p.trim()).filter(Boolean),
    offices: f.offices.map(({ key: _k, ...o }) => o),
    legalTeam: f.legalTeam.map((p): Profile => ({
      name: p.name,
      role: p.role,
      practiceAreas: lines(p.practiceAreas),
      bio: p.bio,
      phones: lines(p.phones),
      ...(p.since.trim() ? { since: Number(p.since) } : {}),
      enrolmentNumber: p.enrolmentNumber,
      enrolmentDate: p.enrolmentDate,
      barCouncilFirst: p.barCouncilFirst,
      barCouncilCurrent: p.barCouncilCurrent,
      barAssociation: p.barAssociation,
      qualifications: lines(p.qualifications),
    })),
  };
}

function Field(props: {
  id: string;
  label: string;
  value: string;
  onChange(v: string): void;
  type?: string;
  textarea?: boolean;
  help?: string;
}) {
  return (
    <Form.Group className="mb-3" controlId={props.id}>
      <Form.Label>{props.label}</Form.Label>
      {props.textarea ? (
        <Form.Control
          as="textarea"
          rows={4}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          aria-describedby={props.help ? `${props.id}-help` : undefined}
        />
      ) : (
        <Form.Control
          type={props.type ?? 'text'}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          aria-describedby={props.help ? `${props.id}-help` : undefined}
        />
      )}
      {props.help ? (
        <Form.Text id={`${props.id}-help`} className="text-body-secondary">
          {props.help}
        </Form.Text>
      ) : null}
    </Form.Group>
  );
}

/** Site settings (beyond the spec): the firm's details every public page reads. Saved as one document. */
export default function SettingsPage() {
  const [form, setForm] = useState<SettingsForm | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [findings, setFindings] = useState<Rule36Finding[]>([]);
  const [overrideReason, setOverrideReason] = useState('');

  useEffect(() => {
    api<{ settings?: SiteSettings }>('/api/settings/getsettings')
      .then((res) => {
        if (res.ok && res.body.settings) setForm(toForm(res.body.settings));
        else notify.error(res.body.message || 'Error fetching settings');
      })
      .catch(() => notify.error('Error fetching settings'));
  }, []);

  if (!form) {
    return (
      <>
        <h1 className="h3 mb-3">Settings</h1>
        <p>Loading...</p>
      </>
    );
  }

  const set = <K extends keyof SettingsForm>(k: K, v: SettingsForm[K]) => setForm((f) => (f ? { ...f, [k]: v } : f));
  const setOffice = (key: number, patch: Partial<Office>) =>
    set(
      'offices',
      form.offices.map((o) => (o.key === key ? { ...o, ...patch } : o)),
    );
  const setProfile = (key: number, patch: Partial<ProfileForm>) =>
    set(
      'legalTeam',
      form.legalTeam.map((p) => (p.key === key ? { ...p, ...patch } : p)),
    );

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const res = await api<{ settings?: SiteSettings; findings?: Rule36Finding[] }>('/api/settings/updatesettings', {
        method: 'POST',
        json: { ...toDocument(form), ...(overrideReason.trim() ? { override_reason: overrideReason.trim() } : {}) },
      });
      if (res.status === 401) return;
      setFindings(res.status === 409 && Array.isArray(res.body.findings) ? res.body.findings : []);
      if (!res.ok) {
        const message = res.body.message || 'Edit failed.';
        setError(message);
        notify.error(message);
        return;
      }
      if (res.body.settings) setForm(toForm(res.body.settings));
      setOverrideReason('');
      notify.success(res.body.message || 'Settings updated successfully');
    } catch {
      setError('Edit failed.');
      notify.error('Edit failed.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <h1 className="h3 mb-3">Settings</h1>
      <Form noValidate onSubmit={save} aria-label="Site settings">
        <Card className="mb-3">
          <Card.Body>
            <h2 className="h5">Firm</h2>
            <Row>
              <Col md={6}>
                <Field id="set-firmName" label="Firm Name" value={form.firmName} onChange={(v) => set('firmName', v)} />
              </Col>
              <Col md={6}>
                <Field id="set-tagline" label="Tagline" value={form.tagline} onChange={(v) => set('tagline', v)} />
              </Col>
              <Col md={6}>
                <Field
                  id="set-founderName"
                  label="Founder Name"
                  value={form.founderName}
                  onChange={(v) => set('founderName', v)}
                />
              </Col>
              <Col md={6}>
                <Field
                  id="set-foundedYear"
                  label="Founded Year"
                  type="number"
                  value={form.foundedYear}
                  onChange={(v) => set('foundedYear', v)}
                />
              </Col>
            </Row>
            <Field
              id="set-founderQuote"
              label="Founder Quote"
              textarea
              value={form.founderQuote}
              onChange={(v) => set('founderQuote', v)}
            />
          </Card.Body>
        </Card>

        <Card className="mb-3">
          <Card.Body>
            <h2 className="h5">Contact</h2>
            <Row>
              <Col md={6}>
                <Field id="set-email" label="Email" type="email" value={form.email} onChange={(v) => set('email', v)} />
              </Col>
              <Col md={6}>
                <Field id="set-whatsapp" label="WhatsApp" value={form.whatsapp} onChange={(v) => set('whatsapp', v)} />
              </Col>
              {[0, 1, 2].map((i) => (
                <Col md={4} key={i}>
                  <Field
                    id={`set-phone-${i}`}
                    label={`Phone ${i + 1}`}
                    type="tel"
                    value={form.phones[i] ?? ''}
                    onChange={(v) => {
                      const phones = [0, 1, 2].map((j) => (j === i ? v : (form.phones[j] ?? '')));
                      set('phones', phones);
                    }}
                  />
                </Col>
              ))}
            </Row>
          </Card.Body>
        </Card>

        <Card className="mb-3">
          <Card.Body>
            <h2 className="h5">Offices</h2>
            <fieldset className="border rounded p-3 mb-3">
              <legend className="h6 float-none w-auto px-2 mb-0">Headquarters</legend>
              <Row>
                <Col md={4}>
                  <Field
                    id="set-hq-city"
                    label="Headquarters City"
                    value={form.headquarters.city}
                    onChange={(v) => set('headquarters', { ...form.headquarters, city: v })}
                  />
                </Col>
                <Col md={8}>
                  <Field
                    id="set-hq-address"
                    label="Headquarters Address"
                    value={form.headquarters.address}
                    onChange={(v) => set('headquarters', { ...form.headquarters, address: v })}
                  />
                </Col>
                <Col md={4}>
                  <Field
                    id="set-hq-phone"
                    label="Headquarters Phone"
                    type="tel"
                    value={form.headquarters.phone}
                    onChange={(v) => set('headquarters', { ...form.headquarters, phone: v })}
                  />
                </Col>
              </Row>
            </fieldset>
            {form.offices.map((o, i) => (
              <fieldset className="border rounded p-3 mb-3" key={o.key}>
                <legend className="h6 float-none w-auto px-2 mb-0">Office {i + 1}</legend>
                <Row>
                  <Col md={4}>
                    <Field
                      id={`set-office-${o.key}-city`}
                      label={`Office ${i + 1} City`}
                      value={o.city}
                      onChange={(v) => setOffice(o.key, { city: v })}
                    />
                  </Col>
                  <Col md={8}>
                    <Field
                      id={`set-office-${o.key}-address`}
                      label={`Office ${i + 1} Address`}
                      value={o.address}
                      onChange={(v) => setOffice(o.key, { address: v })}
                    />
                  </Col>
                  <Col md={4}>
                    <Field
                      id={`set-office-${o.key}-phone`}
                      label={`Office ${i + 1} Phone`}
                      type="tel"
                      value={o.phone}
                      onChange={(v) => setOffice(o.key, { phone: v })}
                    />
                  </Col>
                </Row>
                <Button
                  variant="outline-danger"
                  size="sm"
                  onClick={() =>
                    set(
                      'offices',
                      form.offices.filter((x) => x.key !== o.key),
                    )
                  }
                >
                  Remove office {i + 1}
                </Button>
              </fieldset>
            ))}
            <Button
              variant="outline-dark"
              size="sm"
              onClick={() => set('offices', [...form.offices, { key: nextKey++, city: '', address: '', phone: '' }])}
            >
              Add office
            </Button>
          </Card.Body>
        </Card>

        <Card className="mb-3">
          <Card.Body>
            <h2 className="h5">Consultation Hours</h2>
            <Row>
              <Col md={4}>
                <Field
                  id="set-hours-morning"
                  label="Morning"
                  value={form.hours.morning}
                  onChange={(v) => set('hours', { ...form.hours, morning: v })}
                />
              </Col>
              <Col md={4}>
                <Field
                  id="set-hours-evening"
                  label="Evening"
                  value={form.hours.evening}
                  onChange={(v) => set('hours', { ...form.hours, evening: v })}
                />
              </Col>
              <Col md={4}>
                <Field
                  id="set-hours-days"
                  label="Days"
                  value={form.hours.days}
                  onChange={(v) => set('hours', { ...form.hours, days: v })}
                />
              </Col>
            </Row>
          </Card.Body>
        </Card>

        <Card className="mb-3">
          <Card.Body>
            <h2 className="h5">Social Links</h2>
            <Row>
              {(
                [
                  ['facebook', 'Facebook'],
                  ['instagram', 'Instagram'],
                  ['linkedin', 'LinkedIn'],
                  ['x', 'X (Twitter)'],
                  ['youtube', 'YouTube'],
                ] as const
              ).map(([k, label]) => (
                <Col md={6} key={k}>
                  <Field
                    id={`set-social-${k}`}
                    label={label}
                    type="url"
                    value={form.socials[k]}
                    onChange={(v) => set('socials', { ...form.socials, [k]: v })}
                    help="A full https:// address, or empty."
                  />
                </Col>
              ))}
            </Row>
          </Card.Body>
        </Card>

        <Card className="mb-3">
          <Card.Body>
            <h2 className="h5">Legal Team</h2>
            {form.legalTeam.map((p, i) => (
              <fieldset className="border rounded p-3 mb-3" key={p.key}>
                <legend className="h6 float-none w-auto px-2 mb-0">Profile {i + 1}</legend>
                <Row>
                  <Col md={6}>
                    <Field
                      id={`set-profile-${p.key}-name`}
                      label="Name"
                      value={p.name}
                      onChange={(v) => setProfile(p.key, { name: v })}
                    />
                  </Col>
                  <Col md={6}>
                    <Field
                      id={`set-profile-${p.key}-role`}
                      label="Role"
                      value={p.role}
                      onChange={(v) => setProfile(p.key, { role: v })}
                    />
                  </Col>
                  <Col md={6}>
                    <Field
                      id={`set-profile-${p.key}-areas`}
                      label="Practice Areas"
                      textarea
                      value={p.practiceAreas}
                      onChange={(v) => setProfile(p.key, { practiceAreas: v })}
                      help="One per line."
                    />
                  </Col>
                  <Col md={6}>
                    <Field
                      id={`set-profile-${p.key}-phones`}
                      label="Phones"
                      textarea
                      value={p.phones}
                      onChange={(v) => setProfile(p.key, { phones: v })}
                      help="One per line, at most four."
                    />
                  </Col>
                  <Col md={12}>
                    <Field
                      id={`set-profile-${p.key}-bio`}
                      label="Biography"
                      textarea
                      value={p.bio}
                      onChange={(v) => setProfile(p.key, { bio: v })}
                    />
                  </Col>
                  <Col md={4}>
                    <Field
                      id={`set-profile-${p.key}-since`}
                      label="With the firm since (year)"
                      type="number"
                      value={p.since}
                      onChange={(v) => setProfile(p.key, { since: v })}
                    />
                  </Col>
                </Row>
                <ProfileParticulars idPrefix={`set-profile-${p.key}`} profile={p} onChange={(patch) => setProfile(p.key, patch)} />
                <Button
                  variant="outline-danger"
                  size="sm"
                  onClick={() =>
                    set(
                      'legalTeam',
                      form.legalTeam.filter((x) => x.key !== p.key),
                    )
                  }
                >
                  Remove profile {i + 1}
                </Button>
              </fieldset>
            ))}
            <Button
              variant="outline-dark"
              size="sm"
              onClick={() =>
                set('legalTeam', [
                  ...form.legalTeam,
                  {
                    key: nextKey++,
                    name: '',
                    role: '',
                    practiceAreas: '',
                    bio: '',
                    phones: '',
                    since: '',
                    enrolmentNumber: '',
                    enrolmentDate: '',
                    barCouncilFirst: '',
                    barCouncilCurrent: '',
                    barAssociation: '',
                    qualifications: '',
                  },
                ])
              }
            >
              Add profile
            </Button>
          </Card.Body>
        </Card>

        <Rule36Settings value={form.rule36} onChange={(v) => set('rule36', v)} />

        <Card className="mb-3">
          <Card.Body>
            <h2 className="h5">Footer Credit</h2>
            <Row>
              <Col md={6}>
                <Field
                  id="set-credit-text"
                  label="Credit Text"
                  value={form.footerCredit.text}
                  onChange={(v) => set('footerCredit', { ...form.footerCredit, text: v })}
                />
              </Col>
              <Col md={6}>
                <Field
                  id="set-credit-url"
                  label="Credit Link"
                  type="url"
                  value={form.footerCredit.url}
                  onChange={(v) => set('footerCredit', { ...form.footerCredit, url: v })}
                />
              </Col>
            </Row>
          </Card.Body>
        </Card>

        {/* Intake (issue 15): booking rules, data-protection contact and retention. */}
        <IntakeSettingsCards
          booking={form.booking}
          privacy={form.privacy}
          onBooking={(b) => set('booking', b)}
          onPrivacy={(p) => set('privacy', p)}
        />

        <FormError message={error} />
        {findings.length > 0 && (
          <Rule36Findings
            findings={findings}
            text={(f) => settingsFieldText(toDocument(form), f.field ?? '')}
            label={settingsFieldLabel}
            reason={overrideReason}
            onReason={setOverrideReason}
          />
        )}
        <Button type="submit" variant="dark" disabled={busy}>
          {busy ? 'Saving...' : 'Save Settings'}
        </Button>
      </Form>
    </>
  );
}
