import { useEffect, useState } from 'react';
import { Card, Col, Form, Row, Table } from 'react-bootstrap';
import type { SiteSettings } from '@content/settings';
import { api } from '~/lib/api';

type Rule36 = SiteSettings['rule36'];

/** The Rule 36 particulars of one legal-team profile, as the settings form keeps them (lists one per line). */
export interface ParticularsForm {
  enrolmentNumber: string;
  enrolmentDate: string;
  barCouncilFirst: string;
  barCouncilCurrent: string;
  barAssociation: string;
  qualifications: string;
}

function Text(props: {
  id: string;
  label: string;
  value: string;
  onChange(v: string): void;
  type?: string;
  rows?: number;
  help?: string;
}) {
  return (
    <Form.Group className="mb-3" controlId={props.id}>
      <Form.Label>{props.label}</Form.Label>
      {props.rows ? (
        <Form.Control
          as="textarea"
          rows={props.rows}
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

/** Enrolment, Bar Councils, Bar association and qualifications: the particulars Rule 36 allows. */
export function ProfileParticulars(props: {
  idPrefix: string;
  profile: ParticularsForm;
  onChange(patch: Partial<ParticularsForm>): void;
}) {
  const { idPrefix: id, profile: p, onChange } = props;
  return (
    <fieldset className="mb-3">
      <legend className="h6">Particulars (Bar Council of India Rule 36)</legend>
      <Row>
        <Col md={4}>
          <Text
            id={`${id}-enrolment-number`}
            label="Enrolment Number"
            value={p.enrolmentNumber}
            onChange={(v) => onChange({ enrolmentNumber: v })}
          />
        </Col>
        <Col md={4}>
          <Text
            id={`${id}-enrolment-date`}
            label="Date of Enrolment"
            type="date"
            value={p.enrolmentDate}
            onChange={(v) => onChange({ enrolmentDate: v })}
          />
        </Col>
        <Col md={4}>
          <Text
            id={`${id}-bar-association`}
            label="Bar Association"
            value={p.barAssociation}
            onChange={(v) => onChange({ barAssociation: v })}
          />
        </Col>
        <Col md={6}>
          <Text
            id={`${id}-bar-council-first`}
            label="State Bar Council of First Enrolment"
            value={p.barCouncilFirst}
            onChange={(v) => onChange({ barCouncilFirst: v })}
          />
        </Col>
        <Col md={6}>
          <Text
            id={`${id}-bar-council-current`}
            label="State Bar Council of Current Enrolment"
            value={p.barCouncilCurrent}
            onChange={(v) => onChange({ barCouncilCurrent: v })}
          />
        </Col>
        <Col md={12}>
          <Text
            id={`${id}-qualifications`}
            label="Professional and Academic Qualifications"
            rows={3}
            value={p.qualifications}
            onChange={(v) => onChange({ qualifications: v })}
            help="One per line."
          />
        </Col>
      </Row>
    </fieldset>
  );
}

/** The declaration, the disclaimer's texts and 'Leave this site' address, and strict Rule 36 mode. */
export function Rule36Settings({ value, onChange }: { value: Rule36; onChange(v: Rule36): void }) {
  const d = value.disclaimer;
  const setDisclaimer = (patch: Partial<Rule36['disclaimer']>) => onChange({ ...value, disclaimer: { ...d, ...patch } });
  return (
    <Card className="mb-3">
      <Card.Body>
        <h2 className="h5">Bar Council of India Rule 36</h2>
        <Form.Group className="mb-3" controlId="set-rule36-strict">
          <Form.Check
            type="switch"
            label="Strict Rule 36 mode"
            checked={value.strict}
            onChange={(e) => onChange({ ...value, strict: e.target.checked })}
            aria-describedby="set-rule36-strict-help"
          />
          <Form.Text id="set-rule36-strict-help" className="text-body-secondary">
            Text with Rule 36 findings cannot be published even with an override reason, and client reviews and ads
            are left out of the public pages (they stay in the admin).
          </Form.Text>
        </Form.Group>
        <Text
          id="set-rule36-declaration"
          label="Declaration (shown on the legal team page)"
          rows={3}
          value={value.declaration}
          onChange={(v) => onChange({ ...value, declaration: v })}
        />
        <Text
          id="set-rule36-leave"
          label="'Leave this site' address"
          type="url"
          value={value.leaveUrl}
          onChange={(v) => onChange({ ...value, leaveUrl: v })}
          help="A neutral page a visitor who does not agree to the disclaimer is sent to (https://…)."
        />
        <fieldset>
          <legend className="h6">Disclaimer popup</legend>
          <p className="small text-body-secondary">
            Write {'{firm}'} for the firm’s name. Changing any of these texts starts a new disclaimer version, which
            every visitor sees once more.
          </p>
          <Text
            id="set-rule36-statement"
            label="Statement"
            rows={3}
            value={d.statement}
            onChange={(v) => setDisclaimer({ statement: v })}
          />
          <Text
            id="set-rule36-acknowledgements"
            label="By visiting this website, you acknowledge that:"
            rows={5}
            value={d.acknowledgements.join('\n')}
            onChange={(v) => setDisclaimer({ acknowledgements: v.split(/\r?\n/) })}
            help="One point per line."
          />
          <Text id="set-rule36-advice" label="Advice" rows={2} value={d.advice} onChange={(v) => setDisclaimer({ advice: v })} />
        </fieldset>
        <DisclaimerAcceptances />
      </Card.Body>
    </Card>
  );
}

interface Acceptance {
  version: string;
  day: string;
  count: number;
}

/** How many visitors agreed to each disclaimer version (counts only; nothing about the visitors). */
function DisclaimerAcceptances() {
  const [data, setData] = useState<{ version: string; acceptances: Acceptance[] } | null>(null);
  useEffect(() => {
    api<{ version?: string; acceptances?: Acceptance[] }>('/api/disclaimer/getacceptances')
      .then((r) => {
        if (r.ok && r.body.version && r.body.acceptances) setData({ version: r.body.version, acceptances: r.body.acceptances });
      })
      .catch(() => undefined);
  }, []);
  if (!data) return null;
  const versions = [...new Set(data.acceptances.map((a) => a.version))];
  if (!versions.includes(data.version)) versions.unshift(data.version);
  const total = (v: string) => data.acceptances.filter((a) => a.version === v).reduce((n, a) => n + a.count, 0);
  const last = (v: string) => data.acceptances.find((a) => a.version === v)?.day ?? '—';
  return (
    <section aria-labelledby="rule36-acceptances-title">
      <h3 id="rule36-acceptances-title" className="h6">
        Disclaimer agreements (last 90 days)
      </h3>
      <Table size="sm" className="small mb-0" style={{ maxWidth: '32rem' }}>
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Agreements</th>
            <th scope="col">Last day</th>
          </tr>
        </thead>
        <tbody>
          {versions.map((v) => (
            <tr key={v}>
              <td>
                {v}
                {v === data.version ? ' (current)' : ''}
              </td>
              <td>{total(v)}</td>
              <td>{last(v)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </section>
  );
}
