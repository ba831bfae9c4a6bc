import { useEffect, useState } from 'react';
import { Badge, Button, Card, Col, Form, Row } from 'react-bootstrap';
import { DataTable, LIST_TABLE, ListFilters, PageControls, usePagedRows, type Column } from '~/components/admin/DataTable';
import { useSearchParams } from 'react-router';
import { FormError, TextField } from '~/components/admin/fields';
import { notify, sendAction } from '~/components/admin/notify';
import { api } from '~/lib/api';
import type { MailStatus } from '../../../content/admin-views';
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
  status: MailStatus;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string;
  created_at: string;
  sent_at: string | null;
  attachments: string[];
  /** WhatsApp template messages share the log (decision 0073), with the webhook's last delivery status. */
  channel?: 'email' | 'whatsapp';
  delivery?: string | null;
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

/** The mail log's status filter: one option per status of the outbox (a new status must be named here). */
const STATUS_LABEL: Record<MailStatus, string> = { failed: 'Failed', retrying: 'Retrying', queued: 'Queued', sent: 'Sent' };
const STATUS_OPTIONS: ReadonlyArray<readonly [string, string]> = [['', 'All'], ...Object.entries(STATUS_LABEL)];

const COLUMNS: Column<MailRow>[] = [
  { key: 'to', header: 'To', className: 'text-break', render: (m) => m.to },
  {
    key: 'subject',
    header: 'Subject',
    className: 'text-break',
    render: (m) => (
      <>
        {m.subject}
        {m.attachments.length ? <div className="small text-muted">{m.attachments.length} attachment(s)</div> : null}
      </>
    ),
  },
  {
    key: 'kind',
    header: 'Type',
    render: (m) => (
      <>
        {KIND_LABEL[m.kind] ?? m.kind}
        {m.channel === 'whatsapp' ? <div className="small text-muted">WhatsApp{m.delivery ? `: ${m.delivery}` : ''}</div> : null}
      </>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    render: (m) => (
      <>
        <Badge bg={STATUS_VARIANT[m.status] ?? 'secondary'}>{m.status}</Badge>
        {m.status === 'retrying' ? <div className="small text-muted">next try {when(m.next_attempt_at)}</div> : null}
      </>
    ),
  },
  { key: 'attempts', header: 'Attempts', render: (m) => m.attempts },
  { key: 'error', header: 'Last error', className: 'small text-break', style: { maxWidth: 260 }, render: (m) => m.last_error ?? '' },
  { key: 'queued', header: 'Queued', className: 'text-nowrap', render: (m) => when(m.created_at) },
  { key: 'sent', header: 'Sent', className: 'text-nowrap', render: (m) => when(m.sent_at) },
];


export default function MailPage() {
  const [params] = useSearchParams();
  const [to, setTo] = useState(() => params.get('to') ?? '');
  const [subject, setSubject] = useState(() => params.get('subject') ?? '');
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [fileKey, setFileKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [retrying, setRetrying] = useState<number | null>(null);
  // Pages of 50, searched and filtered on the server: the log may hold tens of thousands of messages (decision 0030).
  const logList = usePagedRows<MailRow>('/mail/outbox', 'messages', 'Error fetching the mail log');
  const { rows: log, load: loadLog, page, pages, setPage, first } = logList;

  // A reply link (/admin-side-bar/mail?to=…) opened while the page is already shown.
  useEffect(() => {
    const t = params.get('to');
    if (t !== null) setTo(t);
    const s = params.get('subject');
    if (s !== null) setSubject(s);
  }, [params]);

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
    await sendAction('/mail/retry', { mail_id: row.mail_id }, { success: 'Message queued again', failure: 'Retry failed' });
    setRetrying(null);
    void loadLog();
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
                <TextField id="mail-to" label="Email" type="email" value={to} onChange={setTo} placeholder="client@example.com" required />
              </Col>
              <Col md={6}>
                <TextField id="mail-subject" label="Subject" value={subject} maxLength={300} onChange={setSubject} required />
              </Col>
            </Row>
            <TextField id="mail-text" label="Message" rows={6} value={text} onChange={setText} required />
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
          <ListFilters list={logList} searchLabel="Search the mail log" status={{ id: 'mail-status', options: STATUS_OPTIONS }} />
          <DataTable
            caption="Sent and queued messages, newest first"
            rows={log}
            asParagraph
            emptyText={logList.search.trim() || logList.filters.status ? 'No messages match.' : 'No mail yet.'}
            table={LIST_TABLE}
            numbered
            first={first}
            rowKey={(m) => m.mail_id}
            rowProps={(m) => ({ 'data-mail-id': m.mail_id })}
            columns={COLUMNS}
            actions={{
              header: 'Action',
              render: (m, sno) =>
                m.status === 'failed' || m.status === 'retrying' ? (
                  <Button
                    size="sm"
                    variant="outline-dark"
                    disabled={retrying === m.mail_id}
                    onClick={() => void retry(m)}
                    aria-label={`Retry message ${sno}`}
                  >
                    {retrying === m.mail_id ? 'Retrying...' : m.status === 'failed' ? 'Retry' : 'Send now'}
                  </Button>
                ) : null,
            }}
          />
          <PageControls label="Mail log pages" page={page} pages={pages} onPage={setPage} />
        </Card.Body>
      </Card>
    </>
  );
}
