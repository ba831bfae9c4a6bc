import { Form } from 'react-bootstrap';
import { RULE36_KIND_LABEL, type Rule36Finding } from '@content/rules/rule36';

/** Characters of context shown on each side of a flagged passage. */
const CONTEXT = 70;

/** The passage in its sentence, marked: "…before <mark>passage</mark> after…". */
function Passage({ text, finding }: { text: string; finding: Rule36Finding }) {
  const found = text.slice(finding.start, finding.end) === finding.excerpt;
  if (!found) return <mark className="rule36-mark">{finding.excerpt}</mark>;
  const from = Math.max(0, finding.start - CONTEXT);
  const to = Math.min(text.length, finding.end + CONTEXT);
  return (
    <>
      {from > 0 ? '…' : ''}
      {text.slice(from, finding.start)}
      <mark className="rule36-mark" data-rule={finding.rule}>
        {finding.excerpt}
      </mark>
      {text.slice(finding.end, to)}
      {to < text.length ? '…' : ''}
    </>
  );
}

/**
 * Findings of the Rule 36 check, shown in the form: each passage marked in its text with the reason,
 * and the field for a written override reason (stored in the audit log with the findings).
 */
export function Rule36Findings(props: {
  findings: readonly Rule36Finding[];
  /** The text a finding's start and end count in. */
  text(f: Rule36Finding): string;
  label(field: string): string;
  reason: string;
  onReason(v: string): void;
  idPrefix?: string;
}) {
  const { findings } = props;
  if (findings.length === 0) return null;
  const id = `${props.idPrefix ?? 'rule36'}-override`;
  return (
    <section className="rule36-findings alert alert-warning" aria-labelledby={`${id}-title`} role="region">
      <h3 id={`${id}-title`} className="h6 mb-2">
        Bar Council of India Rule 36: {findings.length === 1 ? '1 passage' : `${findings.length} passages`} to review
      </h3>
      <ol className="rule36-list small mb-3">
        {findings.map((f, i) => (
          <li key={`${f.field ?? ''}-${f.start}-${f.rule}-${i}`} className="mb-2" data-kind={f.kind}>
            {f.field ? <span className="fw-semibold">{props.label(f.field)}: </span> : null}
            <span className="rule36-context">
              <Passage text={props.text(f)} finding={f} />
            </span>
            <br />
            <span className="text-body-secondary">
              {RULE36_KIND_LABEL[f.kind][0]!.toUpperCase() + RULE36_KIND_LABEL[f.kind].slice(1)}. {f.reason}
            </span>
          </li>
        ))}
      </ol>
      <Form.Group controlId={id} className="mb-0">
        <Form.Label className="small fw-semibold">Reason for publishing anyway (override)</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          maxLength={1000}
          value={props.reason}
          onChange={(e) => props.onReason(e.target.value)}
          aria-describedby={`${id}-help`}
        />
        <Form.Text id={`${id}-help`} className="text-body-secondary">
          Reword the passages, or write why they may be published; the reason is kept in the audit log with these
          findings. In strict Rule 36 mode no override is accepted.
        </Form.Text>
      </Form.Group>
    </section>
  );
}
