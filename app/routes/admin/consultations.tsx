import { useCallback, useEffect, useMemo, useState } from 'react';
import { Badge, Button, ButtonGroup, Card, Form } from 'react-bootstrap';
import { Dialog, DialogButtons } from '~/components/admin/ConfirmModal';
import { FilterSelect, TextField } from '~/components/admin/fields';
import { DataTable, LIST_TABLE, type Column } from '~/components/admin/DataTable';
import { Link } from 'react-router';
import { notify, sendAction } from '~/components/admin/notify';
import { api, type ApiResult } from '~/lib/api';
import { formatAdminTime as when } from '@content/rules/dates';
import { CONSULTATION_STATUSES, MANUAL_STATUSES, type ConsultationStatus } from '@content/consultation';
import type { ReassignOverride } from '@content/lawyers';

export function meta() {
  return [{ title: 'Consultations | Admin' }];
}

const STATUSES = CONSULTATION_STATUSES;
type Status = ConsultationStatus;
/** The statuses set by hand with the status list; the others follow the confirmation flow (buttons, mail to the client). */
const MANUAL: readonly Status[] = MANUAL_STATUSES;
const STATUS_VARIANT: Record<Status, string> = {
  new: 'primary',
  contacted: 'info',
  scheduled: 'success',
  closed: 'secondary',
  conflict_review: 'danger',
  confirmed: 'success',
  declined: 'secondary',
  cancelled: 'secondary',
  completed: 'dark',
  no_show: 'warning',
};
const STATUS_LABEL: Record<Status, string> = {
  new: 'new',
  contacted: 'contacted',
  scheduled: 'scheduled',
  closed: 'closed',
  conflict_review: 'conflict review',
  confirmed: 'confirmed',
  declined: 'declined',
  cancelled: 'cancelled',
  completed: 'completed',
  no_show: 'no-show',
};

type Decision = 'confirm' | 'decline' | 'cancel' | 'complete' | 'no_show' | 'clear' | 'decline-conflict';
/** The flow's buttons for each status (decideConsultation, clearConflict). */
function decisionsFor(status: Status): Array<{ d: Decision; label: string; variant: string }> {
  if (status === 'conflict_review')
    return [
      { d: 'clear', label: 'Clear conflict', variant: 'outline-success' },
      { d: 'decline-conflict', label: 'Decline', variant: 'outline-danger' },
    ];
  if (status === 'confirmed')
    return [
      { d: 'complete', label: 'Completed', variant: 'outline-dark' },
      { d: 'no_show', label: 'No-show', variant: 'outline-warning' },
      { d: 'cancel', label: 'Cancel', variant: 'outline-danger' },
    ];
  if (MANUAL.includes(status) && status !== 'closed')
    return [
      { d: 'confirm', label: 'Confirm', variant: 'success' },
      { d: 'decline', label: 'Decline', variant: 'outline-danger' },
    ];
  return [];
}

interface ConflictMatch {
  field: string;
  source: string;
  matched: string;
  why: string;
}

interface Consultation {
  consultation_id: number;
  reference: string;
  name: string;
  email: string;
  contactNumber: string;
  LegalIssueSummary: string;
  datetime: string;
  status: Status;
  document: { name: string | null; type: string | null; url: string } | null;
  /** When the visitor confirmed the form does not create a lawyer–client relationship; null for older requests. */
  consent_at: string | null;
  created_at: string;
  /** Intake (decision 0017). */
  slot?: string | null;
  opposing_party?: string | null;
  consent_version?: string | null;
  decision_note?: string | null;
  conflicts?: ConflictMatch[];
  /** Routing (decisions 0067, 0068). */
  lawyer?: { lawyer_id: number; name: string } | null;
  office?: string | null;
  mode?: 'in_person' | 'video' | null;
  practice_area?: { case_category_id: number; case_name: string } | null;
  video_url?: string | null;
  /** The client's language and WhatsApp number (decisions 0071, 0072). */
  locale?: string | null;
  whatsapp_to?: string | null;
}

/** 'Malayalam' for 'ml': the language the client reads their mails in. */
function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

interface LawyerOption {
  lawyer_id: number;
  name: string;
  active: boolean;
  video: boolean;
  offices: string[];
}
interface Routing {
  lawyers: LawyerOption[];
  offices: string[];
  practice_areas: Array<{ case_category_id: number; case_name: string }>;
}
/** The inbox's routing filters (listConsultations' lawyer, office, mode, practice_area). */
type RoutingFilter = { lawyer: string; office: string; mode: string; practice_area: string };
const NO_FILTER: RoutingFilter = { lawyer: '', office: '', mode: '', practice_area: '' };


/**
 * 'Consent: given 24/11/2026 10:15 AM' (the admin's date format), or 'Consent: not recorded' for a request
 * that carried none (sent by another client than the site's form, or stored before the consent existed).
 */
function consentText(iso: string | null | undefined): string {
  const at = when(iso);
  return at ? `Consent: given ${at}` : 'Consent: not recorded';
}

function replyLink(c: Consultation): string {
  const q = new URLSearchParams({ to: c.email, subject: `Your consultation request ${c.reference}` });
  return `/admin-side-bar/mail?${q.toString()}`;
}

/** The request's own columns (the status column, with its buttons, is the page's). */
const COLUMNS: Column<Consultation>[] = [
  {
    key: 'reference',
    header: 'Reference',
    className: 'text-nowrap',
    render: (c) => (
      <>
        {c.reference}
        <div className="small text-muted">received {when(c.created_at)}</div>
        <div className={`small ${c.consent_at ? 'text-success' : 'text-warning-emphasis'}`}>{consentText(c.consent_at)}</div>
      </>
    ),
  },
  {
    key: 'client',
    header: 'Client',
    className: 'text-break',
    render: (c) => (
      <>
        <div className="fw-semibold">{c.name}</div>
        <a href={`mailto:${c.email}`}>{c.email}</a>
        <div>
          <a href={`tel:${c.contactNumber.replace(/[^\d+]/g, '')}`}>{c.contactNumber}</a>
        </div>
        {c.opposing_party ? <div className="small">Opposing party: {c.opposing_party}</div> : null}
        {c.locale ? <div className="small">Language: {languageName(c.locale)}</div> : null}
        {c.whatsapp_to ? <div className="small">WhatsApp updates: +{c.whatsapp_to}</div> : null}
        {c.conflicts && c.conflicts.length > 0 ? (
          <div className="small border border-danger rounded p-1 mt-1" role="note" aria-label={`Conflict check of ${c.reference}`}>
            <strong className="text-danger">Possible conflict</strong>
            <ul className="mb-0 ps-3">
              {c.conflicts.map((m, k) => (
                <li key={k}>{m.why}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </>
    ),
  },
  {
    key: 'datetime',
    header: 'Requested time',
    className: 'text-nowrap',
    render: (c) => (
      <>
        {when(c.datetime)}
        <div className="small text-muted">{c.slot ? 'booked slot' : 'preferred time'}</div>
      </>
    ),
  },
  {
    key: 'summary',
    header: 'Legal issue summary',
    style: { minWidth: 220 },
    render: (c, i) => (
      <div style={{ maxHeight: 150, overflowY: 'auto', whiteSpace: 'pre-wrap' }} tabIndex={0} aria-label={`Summary ${i + 1}`}>
        {c.LegalIssueSummary}
      </div>
    ),
  },
  {
    key: 'document',
    header: 'Document',
    className: 'text-break',
    render: (c) =>
      c.document ? (
        <a href={c.document.url} download={c.document.name ?? undefined}>
          {c.document.name ?? 'Document'}
        </a>
      ) : (
        <span className="text-muted">none</span>
      ),
  },
];

interface InboxPage {
  consultations: Consultation[];
  total: number;
  page: number;
  perPage: number;
  pages: number;
  counts: Record<Status, number>;
}

export default function ConsultationsPage() {
  const [data, setData] = useState<InboxPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [filter, setFilter] = useState<'' | Status>('');
  const [routingFilter, setRoutingFilter] = useState<RoutingFilter>(NO_FILTER);
  const [routing, setRouting] = useState<Routing | null>(null);
  const [page, setPage] = useState(1);
  const [saving, setSaving] = useState<number | null>(null);
  /** The decision waiting for its note (decline, cancel). */
  const [asking, setAsking] = useState<{ c: Consultation; d: Decision } | null>(null);
  const [note, setNote] = useState('');
  const rows = data?.consultations ?? null;

  const load = useCallback(async () => {
    try {
      const q = new URLSearchParams({ page: String(page) });
      if (filter) q.set('status', filter);
      for (const [k, v] of Object.entries(routingFilter)) if (v) q.set(k, v);
      const r = await api<InboxPage>(`/consultations/getall?${q.toString()}`);
      if (r.ok) {
        // A page emptied by status changes elsewhere: show the last one that has requests.
        if (r.body.consultations.length === 0 && page > r.body.pages) setPage(r.body.pages);
        else setData(r.body);
        setError(null);
      } else setError(r.body.message ?? 'Error fetching consultations');
    } catch {
      setError('Error fetching consultations');
    }
  }, [page, filter, routingFilter]);

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    void api<Routing>('/lawyers/getall').then((r) => (r.ok ? setRouting(r.body) : undefined));
  }, []);

  async function reassign(c: Consultation, lawyerId: number) {
    setSaving(c.consultation_id);
    const body = { consultation_id: c.consultation_id, lawyer_id: lawyerId };
    const messages = { success: 'Reassigned', failure: 'Reassign failed' };
    type Answer = { overridable?: ReassignOverride[] };
    let r: ApiResult<Answer> | null = await api<Answer>('/consultations/reassign', { json: body }).catch(() => null);
    // Decision 0084: a lawyer outside the office, practice area or hours of the consultation takes it only
    // once the administrator confirms past the reasons the server named.
    const overridable = r?.status === 409 ? (r.body.overridable ?? []) : [];
    if (overridable.length) {
      r = window.confirm(`${r?.body.message ?? ''}\n\nReassign anyway?`)
        ? await sendAction<Answer>('/consultations/reassign', { ...body, override: overridable }, messages)
        : null;
    } else if (r?.ok) notify.success(r.body.message || messages.success);
    else notify.error(r?.body.message || messages.failure);
    if (r?.ok) await load();
    setSaving(null);
  }
  const setRoutingPart = (k: keyof RoutingFilter, v: string) => {
    setRoutingFilter((f) => ({ ...f, [k]: v }));
    setPage(1);
  };

  const visible = useMemo(() => (rows ?? []).filter((c) => !filter || c.status === filter), [rows, filter]);
  const all = data ? Object.values(data.counts).reduce((a, b) => a + b, 0) : 0;
  const newCount = data?.counts.new ?? 0;
  const first = data ? (data.page - 1) * data.perPage : 0;

  async function changeStatus(c: Consultation, status: Status) {
    setSaving(c.consultation_id);
    const r = await sendAction<{ consultation: Consultation }>(
      '/consultations/updatestatus',
      { consultation_id: c.consultation_id, status },
      { success: 'Status updated', failure: 'Edit failed.' },
    );
    setSaving(null);
    if (!r?.ok) return;
    setData((prev) =>
      prev
        ? {
            ...prev,
            consultations: prev.consultations.map((x) => (x.consultation_id === c.consultation_id ? r.body.consultation : x)),
            counts: { ...prev.counts, [c.status]: prev.counts[c.status] - 1, [status]: prev.counts[status] + 1 },
          }
        : prev,
    );
  }

  async function decide(c: Consultation, d: Decision, withNote = '') {
    setSaving(c.consultation_id);
    const conflict = d === 'clear' || d === 'decline-conflict';
    const r = await sendAction(
      conflict ? '/consultations/clear-conflict' : '/consultations/decide',
      {
        consultation_id: c.consultation_id,
        action: conflict ? (d === 'clear' ? 'clear' : 'decline') : d,
        ...(withNote.trim() ? { note: withNote.trim() } : {}),
      },
      { success: 'Saved', failure: 'Edit failed.' },
    );
    if (r?.ok) await load();
    setSaving(null);
  }

  function onDecision(c: Consultation, d: Decision) {
    if (d === 'decline' || d === 'decline-conflict' || d === 'cancel') {
      setNote('');
      setAsking({ c, d });
    } else void decide(c, d);
  }

  return (
    <>
      <Dialog
        show={!!asking}
        onHide={() => setAsking(null)}
        title={`${asking?.d === 'cancel' ? 'Cancel consultation' : 'Decline request'} ${asking?.c.reference ?? ''}`}
        onSubmit={() => {
          if (asking) void decide(asking.c, asking.d, note);
          setAsking(null);
        }}
        footer={<DialogButtons cancel="Back" submit={asking?.d === 'cancel' ? 'Cancel consultation' : 'Decline request'} variant="danger" onCancel={() => setAsking(null)} />}
      >
        <TextField
          id="decision-note"
          className=""
          label="Note to the client (optional)"
          rows={4}
          maxLength={2000}
          value={note}
          onChange={setNote}
          help={
            asking?.d === 'cancel'
              ? 'The client is mailed a cancellation with a calendar update.'
              : 'The client is mailed that the firm cannot take up the request, with this note.'
          }
        />
      </Dialog>
      <h1 className="h3 mb-3">Consultations</h1>
      <Card>
        <Card.Body>
          <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
            <p className="mb-0">{data ? `${all} request(s), ${newCount} new.` : ''}</p>
            <div className="d-flex align-items-center gap-2">
              <FilterSelect
                id="consultation-filter"
                label="Show"
                options={[['', 'All'], ...STATUSES.map((s) => [s, STATUS_LABEL[s]] as const)]}
                value={filter}
                onChange={(v) => {
                  setFilter(v as '' | Status);
                  setPage(1);
                }}
              />
              <Button size="sm" variant="outline-secondary" onClick={() => void load()}>
                Refresh
              </Button>
            </div>
          </div>
          {routing && routing.lawyers.length > 0 ? (
            <div className="d-flex flex-wrap align-items-center gap-2 mb-3" role="group" aria-label="Filter by lawyer, office, mode and practice area">
              <FilterSelect label="Lawyer" options={[['', 'Any lawyer'], ...routing.lawyers.map((l) => [l.lawyer_id, l.name] as const)]} value={routingFilter.lawyer} onChange={(v) => setRoutingPart('lawyer', v)} />
              <FilterSelect label="Office" options={[['', 'Any office'], ...routing.offices.map((o) => [o, o] as const)]} value={routingFilter.office} onChange={(v) => setRoutingPart('office', v)} />
              <FilterSelect label="Mode" options={[['', 'In person or video'], ['in_person', 'In person'], ['video', 'Video']]} value={routingFilter.mode} onChange={(v) => setRoutingPart('mode', v)} />
              <FilterSelect
                label="Practice area"
                options={[['', 'Any practice area'], ...routing.practice_areas.map((a) => [a.case_category_id, a.case_name] as const)]}
                value={routingFilter.practice_area}
                onChange={(v) => setRoutingPart('practice_area', v)}
              />
            </div>
          ) : null}
          {error ? <p className="text-danger">{error}</p> : null}
          <DataTable
            caption="Consultation requests, newest first"
            rows={rows === null ? null : visible}
            asParagraph
            emptyText="No consultation requests."
            table={LIST_TABLE}
            numbered
            first={first}
            rowKey={(c) => c.consultation_id}
            rowProps={(c) => ({ 'data-reference': c.reference })}
            columns={[
              ...COLUMNS,
              {
                key: 'lawyer',
                header: 'Lawyer',
                render: (c) =>
                  c.lawyer || c.mode ? (
                    <div className="small" data-lawyer={c.lawyer?.lawyer_id ?? ''}>
                      <div className="fw-semibold">{c.lawyer?.name ?? 'Not assigned'}</div>
                      <div>{c.mode === 'video' ? `Video${c.office ? ` (${c.office} office)` : ''}` : `In person, ${c.office ?? ''}`}</div>
                      {c.practice_area ? <div>{c.practice_area.case_name}</div> : null}
                      {c.video_url ? (
                        <a href={c.video_url} target="_blank" rel="noreferrer">
                          Video meeting
                        </a>
                      ) : null}
                      {routing && c.lawyer && ['new', 'contacted', 'scheduled', 'conflict_review', 'confirmed'].includes(c.status) ? (
                        <Form.Select
                          size="sm"
                          className="mt-1"
                          aria-label={`Reassign ${c.reference}`}
                          value=""
                          disabled={saving === c.consultation_id}
                          onChange={(e) => e.target.value && void reassign(c, Number(e.target.value))}
                        >
                          <option value="">Reassign to…</option>
                          {routing.lawyers
                            .filter(
                              (l) =>
                                l.active &&
                                l.lawyer_id !== c.lawyer?.lawyer_id &&
                                // The server refuses video for a lawyer who does not take it; another office only until confirmed (decision 0084).
                                (c.mode !== 'video' || l.video),
                            )
                            .map((l) => (
                              <option key={l.lawyer_id} value={l.lawyer_id}>
                                {l.name}
                                {c.mode !== 'video' && c.office && !l.offices.includes(c.office)
                                  ? ' (another office)'
                                  : ''}
                              </option>
                            ))}
                        </Form.Select>
                      ) : null}
                    </div>
                  ) : (
                    <span className="text-muted small">firm calendar</span>
                  ),
              },
              {
                key: 'status',
                header: 'Status',
                render: (c) => (
                  <>
                    <Badge bg={STATUS_VARIANT[c.status] ?? 'secondary'} className="mb-1">
                      {STATUS_LABEL[c.status] ?? c.status}
                    </Badge>
                    {c.decision_note ? <div className="small text-muted">Note: {c.decision_note}</div> : null}
                    {decisionsFor(c.status).length > 0 ? (
                      <ButtonGroup size="sm" className="d-flex flex-wrap mb-1" aria-label={`Decide ${c.reference}`}>
                        {decisionsFor(c.status).map((b) => (
                          <Button
                            key={b.d}
                            variant={b.variant}
                            disabled={saving === c.consultation_id}
                            onClick={() => onDecision(c, b.d)}
                            aria-label={`${b.label} ${c.reference}`}
                          >
                            {b.label}
                          </Button>
                        ))}
                      </ButtonGroup>
                    ) : null}
                    {MANUAL.includes(c.status) ? (
                      <Form.Select
                        size="sm"
                        aria-label={`Status of ${c.reference}`}
                        value={c.status}
                        disabled={saving === c.consultation_id}
                        onChange={(e) => void changeStatus(c, e.target.value as Status)}
                      >
                        {MANUAL.map((st) => (
                          <option key={st} value={st}>
                            {STATUS_LABEL[st]}
                          </option>
                        ))}
                      </Form.Select>
                    ) : null}
                  </>
                ),
              },
            ]}
            actions={{
              header: 'Reply',
              render: (c) => (
                <Link className="btn btn-sm btn-outline-dark" to={replyLink(c)} aria-label={`Reply to ${c.name}`}>
                  Reply
                </Link>
              ),
            }}
          />
          {data && data.pages > 1 ? (
            <nav className="d-flex align-items-center justify-content-end gap-2" aria-label="Consultation pages">
              <Button size="sm" variant="outline-secondary" disabled={data.page <= 1} onClick={() => setPage(data.page - 1)}>
                Previous
              </Button>
              <span aria-live="polite">
                Page {data.page} of {data.pages}
              </span>
              <Button
                size="sm"
                variant="outline-secondary"
                disabled={data.page >= data.pages}
                onClick={() => setPage(data.page + 1)}
              >
                Next
              </Button>
            </nav>
          ) : null}
        </Card.Body>
      </Card>
    </>
  );
}
