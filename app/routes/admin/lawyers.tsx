import { useCallback, useEffect, useMemo, useState } from 'react';
import { Badge, Button, Card, Form, Table } from 'react-bootstrap';
import { DraftDialog } from '~/components/admin/ConfirmModal';
import { FilterSelect, TextField } from '~/components/admin/fields';
import { sendAction, sendAndReload } from '~/components/admin/notify';
import { useRole } from '~/components/admin/role';
import { EditDeleteButtons, RowButton } from '~/components/admin/row-buttons';
import { api } from '~/lib/api';
import { WEEKDAY_NAMES as DAY_NAMES } from '~/lib/weekday-names';
import { hoursLine, parseHoursLine, WEEKDAYS, type HoursWindow, type Weekday } from '@content/rules/slots';
import { MODE_LABELS, type Lawyer as LawyerRow, type LawyerWeek, type Mode } from '@content/lawyers';

export function meta() {
  return [{ title: 'Lawyers | Admin' }];
}

/** A lawyer as the admin's list answers it: the declared shape, with the feed link for the admin role. */
type Lawyer = LawyerRow & { feed_url: string | null };
interface Area {
  case_category_id: number;
  case_name: string;
}
interface Booking {
  consultation_id: number;
  reference: string;
  start: string;
  day: string;
  status: string;
  lawyer_id: number | null;
  lawyer: string | null;
  office: string | null;
  mode: Mode | null;
}
interface Week {
  from: string;
  timeZone: string;
  days: string[];
  bookings: Booking[];
}

/** The editor's form: hours as one line per office and day ('03:00-08:00, 18:00-20:00'). */
type Draft = Omit<Lawyer, 'lawyer_id' | 'feed_url' | 'hours'> & {
  lawyer_id?: number;
  hours: Record<string, Partial<Record<Weekday, string>>>;
};
/** The add and update calls' body: the draft with its hours read into windows. */
type LawyerBody = Omit<Draft, 'hours'> & { hours: Record<string, LawyerWeek> };

const EMPTY: Draft = {
  name: '',
  work_email: '',
  active: true,
  video: false,
  offices: [],
  practice_areas: [],
  hours: {},
};

function toDraft(l: Lawyer): Draft {
  const hours: Draft['hours'] = {};
  for (const [office, week] of Object.entries(l.hours)) {
    hours[office] = Object.fromEntries(WEEKDAYS.map((d) => [d, hoursLine(week[d] ?? [])]));
  }
  return {
    lawyer_id: l.lawyer_id,
    name: l.name,
    work_email: l.work_email,
    active: l.active,
    video: l.video,
    offices: l.offices,
    practice_areas: l.practice_areas,
    hours,
  };
}

/** The draft as the call's body, or the first line that does not read as hours. */
function fromDraft(d: Draft): { body: LawyerBody } | { error: string } {
  const hours: Record<string, LawyerWeek> = {};
  for (const office of d.offices) {
    const week: LawyerWeek = {};
    for (const day of WEEKDAYS) {
      const line = d.hours[office]?.[day] ?? '';
      const parsed: HoursWindow[] | null = parseHoursLine(line);
      if (parsed === null) return { error: `${office}, ${DAY_NAMES[day]}: use times like 09:00-13:00, 14:00-18:00.` };
      if (parsed.length) week[day] = parsed;
    }
    hours[office] = week;
  }
  const { lawyer_id, ...rest } = d;
  return { body: { ...(lawyer_id ? { lawyer_id } : {}), ...rest, hours } };
}

/** Monday of the week of a day, and days added to a 'YYYY-MM-DD'. */
function shift(day: string, n: number): string {
  const [y, m, dd] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, dd + n)).toISOString().slice(0, 10);
}
const timeIn = (iso: string, tz: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/**
 * Bookable lawyers (decision 0067): their offices, practice areas, weekly hours per office, video and on/off
 * (administrators edit them); each lawyer's private calendar feed with rotate (decision 0069); and a week of
 * bookings per lawyer and office.
 */
export default function LawyersPage() {
  const isAdmin = useRole() === 'admin';
  const [lawyers, setLawyers] = useState<Lawyer[] | null>(null);
  const [offices, setOffices] = useState<string[]>([]);
  const [areas, setAreas] = useState<Area[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Draft | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [week, setWeek] = useState<Week | null>(null);
  const [weekFrom, setWeekFrom] = useState('');
  const [weekOffice, setWeekOffice] = useState('');
  const [weekLawyer, setWeekLawyer] = useState('');

  const load = useCallback(async () => {
    const r = await api<{ lawyers: Lawyer[]; offices: string[]; practice_areas: Area[] }>('/lawyers/getall');
    if (!r.ok) return setError(r.body.message ?? 'Failed to load the lawyers');
    setLawyers(r.body.lawyers);
    setOffices(r.body.offices);
    setAreas(r.body.practice_areas);
  }, []);
  const loadWeek = useCallback(async () => {
    const q = new URLSearchParams();
    if (weekFrom) q.set('from', weekFrom);
    if (weekOffice) q.set('office', weekOffice);
    if (weekLawyer) q.set('lawyer', weekLawyer);
    const r = await api<Week>(`/consultations/week?${q.toString()}`);
    if (r.ok) setWeek(r.body);
  }, [weekFrom, weekOffice, weekLawyer]);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    void loadWeek();
  }, [loadWeek]);

  const areaName = useMemo(() => new Map(areas.map((a) => [a.case_category_id, a.case_name])), [areas]);

  async function save() {
    if (!editing) return;
    const built = fromDraft(editing);
    if ('error' in built) return setFormError(built.error);
    setBusy(true);
    const r = await sendAction(editing.lawyer_id ? '/lawyers/update' : '/lawyers/add', built.body, {
      success: 'Saved',
      failure: 'Save failed',
    });
    setBusy(false);
    if (r?.ok) {
      setEditing(null);
      await load();
    } else if (r) setFormError(r.body.message ?? 'Save failed');
  }
  /** An action on one lawyer after a yes to `question`; the list reloads when it went through. */
  async function act(l: Lawyer, question: string, path: string, messages: { success: string; failure: string }) {
    if (window.confirm(question)) await sendAndReload(path, { lawyer_id: l.lawyer_id }, messages, load);
  }
  const rotate = (l: Lawyer) =>
    act(
      l,
      `Issue a new calendar link for ${l.name}? Calendars subscribed to the old link stop updating.`,
      '/lawyers/rotate-feed',
      { success: 'New link issued', failure: 'Failed' },
    );
  const remove = (l: Lawyer) =>
    act(l, `Delete ${l.name}?`, '/lawyers/delete', { success: 'Lawyer deleted', failure: 'Delete failed' });
  const toggle = <T,>(list: T[], v: T, on: boolean) => (on ? [...new Set([...list, v])] : list.filter((x) => x !== v));

  const tz = week?.timeZone ?? 'Asia/Kolkata';
  const rowsOfWeek = useMemo(() => {
    const keyed = new Map<string, { label: string; byDay: Map<string, Booking[]> }>();
    for (const b of week?.bookings ?? []) {
      const label = `${b.lawyer ?? 'Not assigned'} · ${b.mode === 'video' ? 'Video' : (b.office ?? 'Preferred time')}`;
      const row = keyed.get(label) ?? { label, byDay: new Map() };
      row.byDay.set(b.day, [...(row.byDay.get(b.day) ?? []), b]);
      keyed.set(label, row);
    }
    return [...keyed.values()].sort((a, b) => a.label.localeCompare(b.label));
  }, [week]);

  return (
    <>
      <h1 className="h3 mb-3">Lawyers</h1>
      <p className="text-muted">
        Who takes consultations, where, in which practice areas and when. A lawyer’s hours narrow the firm’s booking
        rules (Settings → Booking); the booking page routes a visitor by office or video and practice area to a free
        lawyer.
      </p>
      {error ? <p className="text-danger">{error}</p> : null}
      <Card className="mb-4">
        <Card.Body>
          {isAdmin ? (
            <Button className="mb-3" onClick={() => (setFormError(null), setEditing({ ...EMPTY }))}>
              Add lawyer
            </Button>
          ) : null}
          <Table responsive striped bordered size="sm">
            <caption>Bookable lawyers</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Offices and hours</th>
                <th scope="col">Practice areas</th>
                <th scope="col">Video</th>
                <th scope="col">Calendar feed</th>
                {isAdmin ? <th scope="col">Actions</th> : null}
              </tr>
            </thead>
            <tbody>
              {(lawyers ?? []).map((l) => (
                <tr key={l.lawyer_id} data-lawyer={l.lawyer_id}>
                  <td>
                    <div className="fw-semibold">{l.name}</div>
                    <div className="small">{l.work_email}</div>
                    {l.active ? <Badge bg="success">taking bookings</Badge> : <Badge bg="secondary">off</Badge>}
                  </td>
                  <td className="small">
                    {l.offices.map((o) => (
                      <div key={o}>
                        <strong>{o}</strong>:{' '}
                        {WEEKDAYS.filter((d) => (l.hours[o]?.[d] ?? []).length)
                          .map((d) => `${DAY_NAMES[d].slice(0, 3)} ${hoursLine(l.hours[o]![d]!)}`)
                          .join('; ') || 'no hours'}
                      </div>
                    ))}
                  </td>
                  <td className="small">{l.practice_areas.map((a) => areaName.get(a) ?? `#${a}`).join(', ')}</td>
                  <td>{l.video ? 'yes' : 'no'}</td>
                  <td className="small text-break">
                    {l.feed_url ? (
                      <>
                        <Form.Control
                          size="sm"
                          readOnly
                          value={l.feed_url}
                          aria-label={`Calendar feed of ${l.name}`}
                          onFocus={(e) => e.currentTarget.select()}
                        />
                        <RowButton
                          variant="outline-danger"
                          className="mt-1"
                          label={`Rotate link for ${l.name}`}
                          onClick={() => void rotate(l)}
                        >
                          Rotate link
                        </RowButton>
                      </>
                    ) : (
                      <span className="text-muted">administrators only</span>
                    )}
                  </td>
                  {isAdmin ? (
                    <td>
                      <EditDeleteButtons
                        name={l.name}
                        onEdit={() => (setFormError(null), setEditing(toDraft(l)))}
                        onDelete={() => void remove(l)}
                      />
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </Table>
          {lawyers && lawyers.length === 0 ? (
            <p>No bookable lawyers yet: bookings use the firm’s calendar only.</p>
          ) : null}
        </Card.Body>
      </Card>

      <h2 className="h4">Week of bookings</h2>
      <Card>
        <Card.Body>
          <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
            <Button size="sm" variant="outline-secondary" onClick={() => week && setWeekFrom(shift(week.from, -7))}>
              Previous week
            </Button>
            <span aria-live="polite">{week ? `${week.days[0]} to ${week.days[6]}` : ''}</span>
            <Button size="sm" variant="outline-secondary" onClick={() => week && setWeekFrom(shift(week.from, 7))}>
              Next week
            </Button>
            <FilterSelect
              label="Office of the week view"
              options={[['', 'All offices'], ...offices.map((o) => [o, o] as const)]}
              value={weekOffice}
              onChange={setWeekOffice}
            />
            <FilterSelect
              label="Lawyer of the week view"
              options={[['', 'All lawyers'], ...(lawyers ?? []).map((l) => [l.lawyer_id, l.name] as const)]}
              value={weekLawyer}
              onChange={setWeekLawyer}
            />
          </div>
          <Table responsive bordered size="sm" className="week-view">
            <caption>Bookings per lawyer and office</caption>
            <thead>
              <tr>
                <th scope="col">Lawyer · office</th>
                {(week?.days ?? []).map((d) => (
                  <th scope="col" key={d}>
                    {d}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rowsOfWeek.map((r) => (
                <tr key={r.label}>
                  <th scope="row">{r.label}</th>
                  {(week?.days ?? []).map((d) => (
                    <td key={d} className="small">
                      {(r.byDay.get(d) ?? []).map((b) => (
                        <div key={b.consultation_id}>
                          {timeIn(b.start, tz)} {b.reference} <span className="text-muted">{b.status}</span>
                        </div>
                      ))}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Table>
          {week && week.bookings.length === 0 ? <p>No bookings this week.</p> : null}
        </Card.Body>
      </Card>

      <DraftDialog
        draft={editing}
        title={editing?.lawyer_id ? 'Edit lawyer' : 'Add lawyer'}
        busy={busy}
        onClose={() => setEditing(null)}
        onSave={() => void save()}
      >
        {(editing) => (
          <>
            {formError ? (
              <p className="text-danger" role="alert">
                {formError}
              </p>
            ) : null}
            <TextField
              id="lawyer-name"
              className="mb-2"
              label="Name"
              required
              maxLength={120}
              value={editing.name}
              onChange={(v) => setEditing({ ...editing, name: v })}
            />
            <TextField
              id="lawyer-email"
              className="mb-2"
              label="Work email"
              type="email"
              required
              value={editing.work_email}
              onChange={(v) => setEditing({ ...editing, work_email: v })}
            />
            <Form.Check
              id="lawyer-active"
              className="mb-1"
              type="switch"
              label="Taking bookings"
              checked={editing.active}
              onChange={(e) => setEditing({ ...editing, active: e.target.checked })}
            />
            <Form.Check
              id="lawyer-video"
              className="mb-2"
              type="switch"
              label={`Takes ${MODE_LABELS.video.toLowerCase()} consultations`}
              checked={editing.video}
              onChange={(e) => setEditing({ ...editing, video: e.target.checked })}
            />
            <fieldset className="mb-2">
              <legend className="fs-6">Practice areas</legend>
              {areas.map((a) => (
                <Form.Check
                  inline
                  key={a.case_category_id}
                  id={`lawyer-area-${a.case_category_id}`}
                  label={a.case_name}
                  checked={editing.practice_areas.includes(a.case_category_id)}
                  onChange={(e) =>
                    setEditing({
                      ...editing,
                      practice_areas: toggle(editing.practice_areas, a.case_category_id, e.target.checked),
                    })
                  }
                />
              ))}
            </fieldset>
            <fieldset className="mb-2">
              <legend className="fs-6">Offices</legend>
              {offices.map((o) => (
                <Form.Check
                  inline
                  key={o}
                  id={`lawyer-office-${o}`}
                  label={o}
                  checked={editing.offices.includes(o)}
                  onChange={(e) => setEditing({ ...editing, offices: toggle(editing.offices, o, e.target.checked) })}
                />
              ))}
            </fieldset>
            {editing.offices.map((o) => (
              <fieldset key={o} className="mb-2 border rounded p-2">
                <legend className="fs-6">Hours at {o} (firm’s time zone; empty when not there)</legend>
                {WEEKDAYS.map((d) => (
                  <Form.Group key={d} className="row mb-1" controlId={`hours-${o}-${d}`}>
                    <Form.Label className="col-4 col-form-label-sm">{DAY_NAMES[d]}</Form.Label>
                    <div className="col-8">
                      <Form.Control
                        size="sm"
                        placeholder="03:00-08:00, 18:00-20:00"
                        value={editing.hours[o]?.[d] ?? ''}
                        onChange={(e) =>
                          setEditing({
                            ...editing,
                            hours: { ...editing.hours, [o]: { ...editing.hours[o], [d]: e.target.value } },
                          })
                        }
                      />
                    </div>
                  </Form.Group>
                ))}
              </fieldset>
            ))}
          </>
        )}
      </DraftDialog>
    </>
  );
}
