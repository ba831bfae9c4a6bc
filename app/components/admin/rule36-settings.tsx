import { Card, Col, Form, Row } from 'react-bootstrap';
import type { SiteSettings } from '@content/settings';

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
      </Card.Body>
    </Card>
  );
}
