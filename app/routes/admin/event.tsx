import { useMemo, useRef, useState } from 'react';
import { Button, Col, Row as BsRow } from 'react-bootstrap';
import { Dialog } from '~/components/admin/ConfirmModal';
import { event, SPEAKER_FIELDS, type Speaker } from '@content/resources/event';
import { format12h, isoToDmy } from '@content/rules/dates';
import { DataTable, textColumn, type Column } from '~/components/admin/DataTable';
import { editableRow } from '~/components/admin/lifecycle';
import { FileControl, TextField } from '~/components/admin/fields';
import { FileView } from '~/components/admin/FileView';
import { EyeIcon } from '~/components/admin/icons';
import { inputValue, type Row } from '~/components/admin/resource-form';
import { PageField, PageFile, ResourcePageLayout, useResourcePage } from '~/components/admin/ResourceManager';

export function meta() {
  return [{ title: 'Events | Admin' }];
}

/** Descriptions longer than this toggle between 'Read More' and 'Read Less' (spec section 9). */
const DESCRIPTION_TOGGLE = 100;

/** The speakers list as event.ts declares it: fields, labels, the photo's file field. */
const SPEAKERS = event.lists.speakers;
type SpeakerField = (typeof SPEAKER_FIELDS)[number];

/** A speaker row of the form: the declared fields, the stored photo path (kept when no new file is chosen), a new photo. */
type SpeakerRow = Record<SpeakerField, string> & { key: number; image: string; file: File | null };

/** The input type of a declared speaker field. */
const inputType = (name: SpeakerField) => {
  const t = SPEAKERS.fields[name].type;
  return t === 'date' || t === 'time' ? t : 'text';
};

let nextKey = 1;
function blankSpeaker(): SpeakerRow {
  const row = Object.fromEntries(SPEAKER_FIELDS.map((f) => [f, ''])) as Record<SpeakerField, string>;
  return { ...row, key: nextKey++, image: '', file: null };
}

function isEmptySpeaker(s: SpeakerRow): boolean {
  return SPEAKER_FIELDS.every((f) => s[f].trim() === '') && !s.file && !s.image;
}

function when(date: unknown, time: unknown): string {
  return [isoToDmy(date as string | null), format12h(time as string | null)].filter(Boolean).join(' ');
}

/** The speaker view's columns. */
const SPEAKER_COLUMNS: Column<Speaker>[] = [
  {
    key: 'image',
    header: 'Image',
    render: (s, i) => (s.image ? <FileView path={s.image} alt={`Photo of ${s.speaker_name || `speaker ${i + 1}`}`} /> : '—'),
  },
  { key: 'name', header: 'Name', render: (s) => s.speaker_name },
  { key: 'designation', header: 'Designation', render: (s) => s.designation },
  { key: 'date', header: 'Date', render: (s) => isoToDmy(s.date) },
  { key: 'time', header: 'Time', render: (s) => [format12h(s.from_time), format12h(s.to_time)].filter(Boolean).join(' - ') },
];

function Description({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  if (text.length <= DESCRIPTION_TOGGLE) return <div className="admin-scroll-cell">{text}</div>;
  return (
    <div className="admin-scroll-cell" tabIndex={0} role="group" aria-label="Description">
      {open ? text : `${text.slice(0, DESCRIPTION_TOGGLE)}...`}{' '}
      <Button
        variant="link"
        size="sm"
        className="p-0 align-baseline"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
      >
        {open ? 'Read Less' : 'Read More'}
      </Button>
    </div>
  );
}

/** Events: the generic form plus speaker rows (JSON `speakers`, photos as `speaker_image_<i>`) and a speaker view. */
export default function EventPage() {
  const def = event;
  const formRef = useRef<HTMLFormElement>(null);
  const page = useResourcePage(def, formRef);
  const [speakers, setSpeakers] = useState<SpeakerRow[]>(() => [blankSpeaker()]);
  const [viewing, setViewing] = useState<Row | null>(null);

  const reset = () => {
    setSpeakers([blankSpeaker()]);
    page.reset();
  };

  const startEdit = (stored: Row) => {
    const row = editableRow(stored);
    const list = (Array.isArray(row.speakers) ? (row.speakers as Speaker[]) : []).map((s) => ({
      ...(Object.fromEntries(SPEAKER_FIELDS.map((f) => [f, inputValue(SPEAKERS.fields[f], s[f])])) as Record<SpeakerField, string>),
      key: nextKey++,
      image: s.image ?? '',
      file: null,
    }));
    setSpeakers(list.length ? list : [blankSpeaker()]);
    page.startEdit(stored);
  };

  const updateSpeaker = (key: number, patch: Partial<SpeakerRow>) => {
    page.setDirty(true);
    setSpeakers((list) => list.map((s) => (s.key === key ? { ...s, ...patch } : s)));
  };

  const submit = (status?: 'draft' | 'published') => {
    const kept = speakers.filter((s) => !isEmptySpeaker(s));
    const json = kept.map((s) => ({
      ...Object.fromEntries(SPEAKER_FIELDS.map((f) => [f, s[f].trim()])),
      image: s.image,
    }));
    void page
      .submit({
        extra: { speakers: JSON.stringify(json) },
        extendForm: (form) => kept.forEach((s, i) => s.file && form.append(`${SPEAKERS.image.fileField}_${i}`, s.file, s.file.name)),
        status,
      })
      .then(() => undefined);
  };

  // A successful save resets the page's form; the speaker rows follow it.
  const [seenVersion, setSeenVersion] = useState(page.formVersion);
  if (seenVersion !== page.formVersion) {
    setSeenVersion(page.formVersion);
    if (page.mode === 'add') setSpeakers([blankSpeaker()]);
  }

  const columns = useMemo<Column<Row>[]>(
    () => [
      textColumn<Row>('title', 'Title', (r) => String(r.event_title ?? '')),
      {
        key: 'description',
        header: 'Description',
        text: (r) => String(r.event_description ?? ''),
        render: (r) => <Description text={String(r.event_description ?? '')} />,
      },
      {
        key: 'media',
        header: 'Image/Video',
        render: (r, i) => <FileView path={r.event_image as string | null} alt={`Event ${i + 1} media`} />,
      },
      textColumn<Row>('start', 'Start', (r) => when(r.event_start_date, r.event_start_time)),
      textColumn<Row>('end', 'End', (r) => when(r.event_end_date, r.event_end_time)),
      textColumn<Row>('address', 'Address', (r) => String(r.event_address ?? '')),
      {
        key: 'speakers',
        header: 'Speakers',
        text: (r) => ((r.speakers as Speaker[] | undefined) ?? []).map((s) => s.speaker_name).join(' '),
        render: (r, i) => (
          <span className="d-inline-flex align-items-center gap-2">
            <span>{((r.speakers as Speaker[] | undefined) ?? []).length}</span>
            <Button variant="outline-dark" size="sm" onClick={() => setViewing(r)} title="View speakers">
              <EyeIcon /> View<span className="visually-hidden"> speakers of event {i + 1}</span>
            </Button>
          </span>
        ),
      },
    ],
    [],
  );

  const idp = 'admin-event';
  const viewed = (viewing?.speakers as Speaker[] | undefined) ?? [];

  return (
    <>
      <ResourcePageLayout
        page={page}
        formRef={formRef}
        columns={columns}
        rowLabel={(r) => `event ${String(r.event_title ?? '')}`}
        onEdit={startEdit}
        reset={reset}
        submit={submit}
      >
        <PageField page={page} name="event_title" />
        <PageField page={page} name="event_description" />
        <PageFile page={page} name="event_image" removable={false} />
        <BsRow>
          {(['event_start_date', 'event_start_time', 'event_end_date', 'event_end_time'] as const).map((name) => (
            <Col md={3} key={name}>
              <PageField page={page} name={name} />
            </Col>
          ))}
        </BsRow>
        <PageField page={page} name="event_address" />
        <fieldset className="border rounded p-3 mb-3">
          <legend className="h6 float-none w-auto px-2 mb-0">{SPEAKERS.label}</legend>
          {speakers.map((s, i) => (
            <div key={s.key} className="border-bottom pb-2 mb-3" data-testid="speaker-row">
              <BsRow className="g-2">
                {SPEAKER_FIELDS.map((name) => (
                  <Col md={name === 'speaker_name' || name === 'designation' ? 6 : 4} key={name}>
                    <TextField
                      id={`${idp}-speaker-${s.key}-${name}`}
                      className=""
                      label={
                        <>
                          {SPEAKERS.fields[name].label}
                          <span className="visually-hidden"> of speaker {i + 1}</span>
                        </>
                      }
                      type={inputType(name)}
                      value={s[name]}
                      onChange={(v) => updateSpeaker(s.key, { [name]: v })}
                    />
                  </Col>
                ))}
              </BsRow>
              <div className="mt-2">
                <FileControl
                  id={`${idp}-speaker-${s.key}-image`}
                  def={{ kind: 'image', label: SPEAKERS.image.label, accept: 'image/*' }}
                  label={`Speaker ${i + 1} Image`}
                  file={s.file}
                  onFile={(file) => updateSpeaker(s.key, { file })}
                  stored={s.image || null}
                  onRemove={(r) => r && updateSpeaker(s.key, { image: '' })}
                />
              </div>
              <Button
                variant="outline-danger"
                size="sm"
                onClick={() =>
                  setSpeakers((list) => (list.length > 1 ? list.filter((x) => x.key !== s.key) : [blankSpeaker()]))
                }
              >
                Remove speaker {i + 1}
              </Button>
            </div>
          ))}
          <Button variant="outline-dark" size="sm" onClick={() => setSpeakers((list) => [...list, blankSpeaker()])}>
            {SPEAKERS.admin.add}
          </Button>
        </fieldset>
      </ResourcePageLayout>
      <Dialog
        show={!!viewing}
        onHide={() => setViewing(null)}
        size="lg"
        titleId="speaker-modal-title"
        title={`Speaker Details${viewing ? ` — ${String(viewing.event_title ?? '')}` : ''}`}
      >
        {viewed.length === 0 ? (
          <p className="mb-0">No speakers added.</p>
        ) : (
          <DataTable
            caption="Speakers"
            rows={viewed}
            numbered
            emptyText=""
            table={{ bordered: true, responsive: true, className: 'align-middle mb-0' }}
            rowKey={(s) => viewed.indexOf(s)}
            columns={SPEAKER_COLUMNS}
          />
        )}
      </Dialog>
    </>
  );
}
