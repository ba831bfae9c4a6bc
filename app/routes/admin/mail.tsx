import { useCallback, useEffect, useRef, useState } from 'react';
import { Badge, Button, Card, Col, Form, Row, Table } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import { FormError } from '~/components/admin/fields';
import { notify } from '~/components/admin/notify';
import { api } from '~/lib/api';
import { formatAdminTime as when } from '@content/rules/dates';

export function meta() {
  return [{ title: 'Mail | Admin' }];
}

const MAX_FILES = 10;
const TOO_MANY_FILES = 'You can upload up to 10 files.';
const REQUIRED = 'Email, subject and message are required.';

interface MailRow {
  mail_id: number;
  kind: 'consultation-firm' | 'consultation-client' | 'admin';
  to: string;
  subject: string;
  status: 'queued' | 'retrying' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  next_attempt_at: string;
  created_at: string;
  sent_at: string | null;
  attachments: string[];
}

const KIND_LABEL: Record<MailRow['kind'], string> = {
  'consultation-firm': 'Consultation (firm)',
  'consultation-client': 'Consultation (client)',
  admin: 'Admin mail',
};
const STATUS_VARIANT: Record<MailRow['status'], string> = {
  queued: 'secondary',
  retrying: 'warning',
  sent: 'success',
  failed: 'danger',
};


export default function MailPage() {
  const [params] = useSearchParams();
  const [to, setTo] = useState(() => params.get('to') ?? '');
  const [subject, setSubject] = useState(() => params.get('subject') ?? '');
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [fileKey, setFileKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [log, setLog] = useState<MailRow[] | null>(null);
  const [logError, setLogError] = useState<string | null>(null);
  const [retrying, setRetrying] = useState<number | null>(null);
  const live = useRef(true);

  // A reply link (/admin-side-bar/mail?to=…) opened while the page is already shown.
  useEffect(() => {
    const t = params.get('to');
    if (t !== null) setTo(t);
    const s = params.get('subject');
    if (s !== null) setSubject(s);
  }, [params]);

  const loadLog = useCallback(async () => {
    try {
      const r = await api<{ messages: MailRow[] }>('/mail/outbox');
      if (!live.current) return;
      if (r.ok) {
        setLog(r.body.messages);
        setLogError(null);
      } else setLogError(r.body.message ?? 'Error fetching the mail log');
    } catch {
      if (live.current) setLogError('Error fetching the mail log');
    }
  }, []);

  useEffect(() => {
    live.current = true;
    void loadLog();
    return () => {
      live.current = false;
    };
  }, [loadLog]);

  // While something waits to be sent, keep the log current.
  const pending = log?.some((m) => m.status === 'queued' || m.status === 'retrying') ?? false;
  useEffect(() => {
    if (!pending) return;
    const t = setInterval(() => void loadLog(), 5000);
    return () => clearInterval(t);
  }, [pending, loadLog]);

  function chooseFiles(list: FileList | null) {
    const chosen = list ? Array.from(list) : [];
    if (chosen.length > MAX_FILES) {
      notify.error(TOO_MANY_FILES);
      setError(TOO_MANY_FILES);
    } else setError(null);
    setFiles(chosen);
  }

  async function send(e: React.FormEvent) {
    e.preventDefault();
    if (!to.trim() || !subject.trim() || !text.trim()) {
      setError(REQUIRED);
      notify.error(REQUIRED);
      return;
    }
    if (files.length > MAX_FILES) {
      setError(TOO_MANY_FILES);
      notify.error(TOO_MANY_FILES);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const form = new FormData();
      form.append('to', to.trim());
      form.append('subject', subject.trim());
      form.append('text', text);
      for (const f of files) form.append('documents', f, f.name);
      const r = await api('/mail/sendmail', { form });
      if (r.body.success) {
        notify.success(r.body.message || 'Mail sent!');
        setTo('');
        setSubject('');
        setText('');
        setFiles([]);
        setFileKey((k) => k + 1);
      } else {
        const detail = r.body.message ?? `HTTP ${r.status}`;
        notify.error(`Error sending mail: ${detail}`);
        setError(detail);
      }
    } catch (err) {
      notify.error(`Error sending mail: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setBusy(false);
      void loadLog();
    }
  }

  async function retry(row: MailRow) {
    setRetrying(row.mail_id);
    try {
      const r = await api('/mail/retry', { json: { mail_id: row.mail_id } });
      if (r.ok) notify.success(r.body.message || 'Message queued again');
      else notify.error(r.body.message ?? 'Retry failed');
    } catch {
      notify.error('Retry failed');
    } finally {
      setRetrying(null);
      void loadLog();
    }
  }

  return (
    <>
      <h1 className="h3 mb-3">Mail</h1>
      <Card className="mb-4">
        <Card.Body>
          <h2 className="h5">Send mail</h2>
          <Form noValidate onSubmit={send} aria-label="Send mail">
            <FormError message={error} />
            <Row>
              <Col md={6}>
                <Form.Group className="mb-3" controlId="mail-to">
                  <Form.Label>Email</Form.Label>
                  <Form.Control
                    type="email"
                    value={to}
                    onChange={(e) => setTo(e.target.value)}
                    placeholder="client@example.com"
                    required
                  />
                </Form.Group>
              </Col>
              <Col md={6}>
                <Form.Group className="mb-3" controlId="mail-subject">
                  <Form.Label>Subject</Form.Label>
                  <Form.Control value={subject} maxLength={300} onChange={(e) => setSubject(e.target.value)} required />
                </Form.Group>
              </Col>
            </Row>
            <Form.Group className="mb-3" controlId="mail-text">
              <Form.Label>Message</Form.Label>
              <Form.Control as="textarea" rows={6} value={text} onChange={(e) => setText(e.target.value)} required />
            </Form.Group>
            <Form.Group className="mb-3" controlId="mail-documents">
              <Form.Label>Documents</Form.Label>
              <Form.Control
                key={fileKey}
                type="file"
                multiple
                onChange={(e) => chooseFiles((e.target as HTMLInputElement).files)}
                aria-describedby="mail-documents-help"
              />
              <Form.Text id="mail-documents-help">
                {TOO_MANY_FILES}
                {files.length ? ` ${files.length} selected.` : ''}
              </Form.Text>
            </Form.Group>
            <Button type="submit" variant="dark" disabled={busy}>
              {busy ? 'Sending...' : 'Send Mail'}
            </Button>
          </Form>
        </Card.Body>
      </Card>

      <Card>
        <Card.Body>
          <div className="d-flex align-items-center justify-content-between mb-2">
            <h2 className="h5 mb-0">Mail log</h2>
            <Button size="sm" variant="outline-secondary" onClick={() => void loadLog()}>
              Refresh
            </Button>
          </div>
          {logError ? <p className="text-danger">{logError}</p> : null}
          {log === null ? (
            <p>Loading...</p>
          ) : log.length === 0 ? (
            <p>No mail yet.</p>
          ) : (
            <Table responsive striped bordered hover size="sm" className="align-middle">
              <caption className="visually-hidden">Sent and queued messages, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">S.No</th>
                  <th scope="col">To</th>
                  <th scope="col">Subject</th>
                  <th scope="col">Type</th>
                  <th scope="col">Status</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Last error</th>
                  <th scope="col">Queued</th>
                  <th scope="col">Sent</th>
                  <th scope="col">Action</th>
                </tr>
              </thead>
              <tbody>
                {log.map((m, i) => (
                  <tr key={m.mail_id} data-mail-id={m.mail_id}>
                    <td>{i + 1}</td>
                    <td className="text-break">{m.to}</td>
                    <td className="text-break">
                      {m.subject}
                      {m.attachments.length ? (
                        <div className="small text-muted">{m.attachments.length} attachment(s)</div>
                      ) : null}
                    </td>
                    <td>{KIND_LABEL[m.kind] ?? m.kind}</td>
                    <td>
                      <Badge bg={STATUS_VARIANT[m.status] ?? 'secondary'}>{m.status}</Badge>
                      {m.status === 'retrying' ? (
                        <div className="small text-muted">next try {when(m.next_attempt_at)}</div>
                      ) : null}
                    </td>
                    <td>{m.attempts}</td>
                    <td className="small text-break" style={{ maxWidth: 260 }}>
                      {m.last_error ?? ''}
                    </td>
                    <td className="text-nowrap">{when(m.created_at)}</td>
                    <td className="text-nowrap">{when(m.sent_at)}</td>
                    <td>
                      {m.status === 'failed' || m.status === 'retrying' ? (
                        <Button
                          size="sm"
                          variant="outline-dark"
                          disabled={retrying === m.mail_id}
                          onClick={() => void retry(m)}
                          aria-label={`Retry message ${i + 1}`}
                        >
                          {retrying === m.mail_id ? 'Retrying...' : m.status === 'failed' ? 'Retry' : 'Send now'}
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </Card.Body>
      </Card>
    </>
  );
}
