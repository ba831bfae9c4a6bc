import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  CONSENT_FIELD,
  HONEYPOT_FIELD,
  LOCALE_FIELD,
  WHATSAPP_FIELD,
  WHATSAPP_LABEL,
  WHATSAPP_NUMBER_FIELD,
  WHATSAPP_NUMBER_LABEL,
  NOTICE_VERSION,
  NOTICE_VERSION_FIELD,
  OPPOSING_PARTY_FIELD,
  SLOT_FIELD,
} from '../../../content/consultation';
import { inZone, time12 } from '../../../content/rules/slots';
import { ROUTING_FIELDS, ROUTING_TEXT, type RoutingChoices } from '../../../content/booking-routing';
import { api } from '../../lib/api';
import { island } from './island';
import { toast } from './toasts';
import { formatDay, useT, type MessageKey, type Translate } from '../../lib/i18n';
import { isLocale, type Locale } from '../../../content/locales';

/**
 * The request's messages (content/consultation-schema.ts and the server's answers) are the spec's English
 * ones, word for word in the API; a visitor reading another language sees the catalog's text for each
 * (decision 0063). The English catalog holds each message as it is here (tests/i18n checks both).
 */
export const VISITOR_MESSAGES: Record<string, MessageKey> = {
  'Please enter your name.': 'form.error.nameRequired',
  'The name is too long (at most 120 characters).': 'form.error.nameLong',
  'Please enter your email address.': 'form.error.emailRequired',
  'Please enter a valid email address.': 'form.error.emailInvalid',
  'Please enter a contact number.': 'form.error.phoneRequired',
  'Please enter a valid contact number.': 'form.error.phoneInvalid',
  'Please describe your legal issue.': 'form.error.summaryRequired',
  'The legal issue summary is too long (at most 5000 characters).': 'form.error.summaryLong',
  'Please choose a preferred date and time.': 'form.error.datetimeRequired',
  'Please choose a valid preferred date and time.': 'form.error.datetimeInvalid',
  'The preferred date and time must be in the future.': 'form.error.datetimePast',
  'Please choose a preferred date within the next two years.': 'form.error.datetimeFar',
  'Please confirm that you understand this form does not create a lawyer–client relationship.': 'form.error.consent',
  'Please check the form.': 'form.error.check',
  'Mail sent successfully!': 'toast.sent',
  'Something went wrong.': 'toast.wrong',
  'Error sending message. Please try again.': 'toast.sendError',
};

/** A message for the visitor: the catalog's text for a known English message, else the message as it came. */
export const visitorMessage = (t: Translate, message: string): string => {
  const key = VISITOR_MESSAGES[message];
  return key ? t(key) : message;
};

/** Off-screen, out of the tab order and hidden from assistive technology: only bots fill the honeypot. */
const HONEYPOT_STYLE: React.CSSProperties = {
  position: 'absolute',
  left: '-10000px',
  top: 'auto',
  width: 1,
  height: 1,
  overflow: 'hidden',
};

/**
 * Posts the consultation request as multipart to /api/mail/contact with the spec's field names (plus the
 * consent and the honeypot `website`) and shows the server's message; success is judged by the
 * response's `success` flag.
 */
export async function sendConsultation(form: HTMLFormElement, t: Translate): Promise<boolean> {
  const fd = new FormData(form);
  const body = new FormData();
  for (const name of ['name', 'contactNumber', 'email', 'LegalIssueSummary', 'datetime', HONEYPOT_FIELD])
    if (fd.has(name)) body.append(name, String(fd.get(name) ?? ''));
  // Intake (decision 0017): the chosen slot, the opposing party and the notice version, when present.
  // The visitor's language and the WhatsApp opt-in (decisions 0071, 0072), when the page has them.
  for (const name of [SLOT_FIELD, OPPOSING_PARTY_FIELD, NOTICE_VERSION_FIELD, LOCALE_FIELD, WHATSAPP_FIELD, WHATSAPP_NUMBER_FIELD]) {
    const v = fd.get(name);
    if (typeof v === 'string' && v.trim()) body.append(name, v);
  }
  // Routing (decision 0067): office, mode and practice area go with a chosen slot only.
  if (typeof fd.get(SLOT_FIELD) === 'string' && String(fd.get(SLOT_FIELD)).trim()) {
    for (const name of Object.values(ROUTING_FIELDS)) {
      const v = fd.get(name);
      if (typeof v === 'string' && v.trim()) body.append(name, v);
    }
  }
  const consent = fd.get(CONSENT_FIELD);
  if (consent) body.append(CONSENT_FIELD, String(consent));
  const doc = fd.get('document');
  if (doc instanceof File && doc.size > 0) body.append('document', doc);
  try {
    const res = await api<{ success?: boolean }>('/api/mail/contact', { method: 'POST', form: body });
    if (res.body.success) {
      toast.success(visitorMessage(t, res.body.message || 'Mail sent successfully!'));
      form.reset();
      return true;
    }
    toast.error(visitorMessage(t, res.body.message || 'Something went wrong.'));
  } catch {
    toast.error(t('toast.sendError'));
  }
  return false;
}

/** The request's rules, with zod: loaded when the visitor first focuses the form (or submits it), not with the page. */
let rules: Promise<typeof import('../../../content/consultation-schema')> | null = null;
const loadRules = () => (rules ??= import('../../../content/consultation-schema'));

interface FreeSlot {
  start: string;
  end: string;
  remaining: number;
}

/** The visitor's own zone (undefined on the server). */
function visitorZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** 'Mon 4 Mar' for a 'YYYY-MM-DD' day; in the Indian locales their own words (Intl, ml-IN / hi-IN). */
function dayLabel(day: string, locale: Locale = 'en'): string {
  if (locale !== 'en') return formatDay(locale, day, 'day');
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const dt = new Date(Date.UTC(y, m - 1, d));
  const wd = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][dt.getUTCDay()];
  const mon = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m - 1];
  return `${wd} ${d} ${mon}`;
}

/**
 * The free slots (listConsultationSlots), fetched in the browser so they are always current (the page
 * itself is cached). Null until loaded; an empty list when none are free or the call failed.
 */
function useSlots(query: string): { slots: FreeSlot[] | null; timeZone: string; reload: () => void } {
  const [slots, setSlots] = useState<FreeSlot[] | null>(null);
  const [timeZone, setTimeZone] = useState('');
  const reload = useCallback(() => {
    void api<{ slots?: FreeSlot[]; timeZone?: string }>(`/api/consultations/slots${query ? `?${query}` : ''}`)
      .then((r) => {
        setSlots(r.ok ? (r.body.slots ?? []) : []);
        if (r.body.timeZone) setTimeZone(r.body.timeZone);
      })
      .catch(() => setSlots([]));
  }, [query]);
  useEffect(() => reload(), [reload]);
  return { slots, timeZone, reload };
}

/** The offices, video and practice areas lawyers take (getConsultationRouting); null while loading or when none. */
function useRouting(): RoutingChoices | null {
  const [choices, setChoices] = useState<RoutingChoices | null>(null);
  useEffect(() => {
    void api<RoutingChoices>('/api/consultations/routing')
      .then((r) => setChoices(r.ok && r.body.offices.length ? r.body : null))
      .catch(() => setChoices(null));
  }, []);
  return choices;
}

/**
 * The Book Consultation form (an island, decision 0028): free slots first, the spec's date-time field
 * behind "Ask for another time" (and without JavaScript). `defaultZone`: the firm's zone from the
 * settings until the slots call names it; `notice`: the privacy notice's paragraphs.
 */
export function ConsultationFormView({
  defaultZone,
  notice,
  whatsapp = false,
  locale: localeProp,
}: {
  defaultZone: string;
  notice: string[];
  /** Offer WhatsApp updates (only when the Cloud API is configured, decision 0072). */
  whatsapp?: boolean;
  /** The page's language, sent with the request when not English (decision 0071). */
  locale?: string;
}) {
  const [sending, setSending] = useState(false);
  const { t, locale: pageLocale } = useT();
  // The page's language (decision 0063) unless told otherwise; sent with the request when not English.
  const locale: Locale = localeProp && isLocale(localeProp) ? localeProp : pageLocale;
  const formRef = useRef<HTMLFormElement>(null);
  const routing = useRouting();
  const [office, setOffice] = useState('');
  const [how, setHow] = useState<'in_person' | 'video'>('in_person');
  const [area, setArea] = useState('');
  const officeChoice = routing?.offices.find((o) => o.city === office);
  const videoOffered = office ? !!officeChoice?.video : !!routing?.video.offered;
  const mode = videoOffered ? how : 'in_person';
  const areaIds = mode === 'video' && !office ? (routing?.video.practice_areas ?? []) : officeChoice ? officeChoice.practice_areas : null;
  const areas = (routing?.practice_areas ?? []).filter((a) => !areaIds || areaIds.includes(a.case_category_id));
  const query = routing
    ? new URLSearchParams([
        ...(office ? [['office', office]] : []),
        ['mode', mode],
        ...(area && areas.some((a) => String(a.case_category_id) === area) ? [['practice_area', area]] : []),
      ]).toString()
    : '';
  const { slots, timeZone, reload } = useSlots(query);
  // 'other' (the spec's date-time field) until the slots arrive: it is also the form without JavaScript.
  const [pick, setPick] = useState<'slot' | 'other'>('other');
  const [day, setDay] = useState('');
  const [slot, setSlot] = useState('');
  const [zone, setZone] = useState<string | undefined>(undefined);
  /** The visitor started on the date-time field before the slots arrived: leave them there. */
  const typed = useRef(false);
  const firmZone = timeZone || defaultZone;
  useEffect(() => setZone(visitorZone()), []);
  const days = useMemo(() => {
    const by = new Map<string, FreeSlot[]>();
    for (const sl of slots ?? []) {
      const d = inZone(sl.start, firmZone).day;
      by.set(d, [...(by.get(d) ?? []), sl]);
    }
    return by;
  }, [slots, firmZone]);
  useEffect(() => {
    if (slots === null) return;
    if (slots.length > 0 && !typed.current) setPick((m) => (m === 'other' && !day ? 'slot' : m));
    const first = [...days.keys()][0] ?? '';
    if (!days.has(day)) setDay(first);
    if (slot && !slots.some((x) => x.start === slot)) setSlot('');
  }, [slots, days, day, slot]);
  const onSubmit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (sending) return;
    if (pick === 'slot' && !slot) {
      toast.error(t('form.pickTime'));
      return;
    }
    // The server's own rules and messages (content/consultation-schema.ts), before anything is sent; a
    // chosen slot stands for the date-time, as on the server.
    const form = e.currentTarget;
    const fd = new FormData(form);
    const { consultationProblem } = await loadRules();
    const problem = consultationProblem(
      {
        name: fd.get('name'),
        email: fd.get('email'),
        contactNumber: fd.get('contactNumber'),
        LegalIssueSummary: fd.get('LegalIssueSummary'),
        datetime: pick === 'slot' ? slot : fd.get('datetime'),
        [CONSENT_FIELD]: fd.get(CONSENT_FIELD),
      },
      new Date(),
    );
    if (problem) {
      toast.error(visitorMessage(t, problem));
      return;
    }
    setSending(true);
    try {
      await sendConsultation(form, t);
      setSlot('');
      reload();
    } finally {
      setSending(false);
    }
  };
  const firmOffset = slots && slots[0] ? inZone(slots[0].start, firmZone).offset : '';
  return (
    <form
      ref={formRef}
      className="consultation-form card card-body"
      onSubmit={onSubmit}
      onFocus={() => void loadRules()}
      action="/api/mail/contact"
      method="post"
      encType="multipart/form-data"
      noValidate={false}
      aria-busy={sending}
    >
      <div className="row g-3">
        <div className="col-md-6">
          <label htmlFor="c-name" className="form-label">
            {t('form.name')}
          </label>
          <input id="c-name" name="name" type="text" className="form-control" autoComplete="name" />
        </div>
        <div className="col-md-6">
          <label htmlFor="c-email" className="form-label">
            {t('form.email')}
          </label>
          <input id="c-email" name="email" type="email" className="form-control" autoComplete="email" />
        </div>
        <div className="col-md-6">
          <label htmlFor="c-phone" className="form-label">
            {t('form.phone')}
          </label>
          <input id="c-phone" name="contactNumber" type="tel" className="form-control" autoComplete="tel" />
        </div>
        {routing ? (
          <RoutingFields
            routing={routing}
            office={office}
            setOffice={setOffice}
            videoOffered={videoOffered}
            mode={mode}
            setHow={setHow}
            area={area}
            setArea={setArea}
            areas={areas}
            none={slots !== null && slots.length === 0}
          />
        ) : null}
        {pick === 'slot' ? (
          <fieldset className="col-12 slot-picker" aria-describedby="slot-zone">
            <legend className="form-label fs-6 mb-1">{t('form.chooseSlot')}</legend>
            <p id="slot-zone" className="form-text mt-0">
              {t('form.zone', { zone: firmZone, offset: firmOffset ? `, UTC${firmOffset}` : '' })}
              {zone && slots && slots[0] && inZone(slots[0].start, zone).offset !== firmOffset ? t('form.zoneOwn', { zone }) : '.'}
            </p>
            <div className="row g-2 align-items-start">
              <div className="col-sm-4">
                <label htmlFor="c-day" className="visually-hidden">
                  {t('form.date')}
                </label>
                <select
                  id="c-day"
                  className="form-select"
                  value={day}
                  onChange={(e) => {
                    setDay(e.target.value);
                    setSlot('');
                  }}
                >
                  {[...days.keys()].map((d) => (
                    <option key={d} value={d}>
                      {dayLabel(d, locale)}
                    </option>
                  ))}
                </select>
              </div>
              <div className="col-sm-8 d-flex flex-wrap gap-2" role="radiogroup" aria-label={t('form.freeTimes')}>
                {(days.get(day) ?? []).map((sl) => {
                  const firm = inZone(sl.start, firmZone);
                  const mine = zone ? inZone(sl.start, zone) : null;
                  const differs = mine && mine.offset !== firm.offset;
                  const id = `slot-${sl.start.replace(/[^0-9]/g, '')}`;
                  return (
                    <div key={sl.start} className="slot-choice">
                      <input
                        type="radio"
                        className="btn-check"
                        name={SLOT_FIELD}
                        id={id}
                        value={sl.start}
                        checked={slot === sl.start}
                        onChange={() => setSlot(sl.start)}
                      />
                      <label className="btn btn-outline-primary btn-sm" htmlFor={id}>
                        {time12(firm.time)}
                        {differs ? (
                          <span className="d-block small">
                            {mine.day !== firm.day ? `${dayLabel(mine.day, locale)}, ` : ''}
                            {t('form.yourTime', { time: time12(mine.time), offset: mine.offset })}
                          </span>
                        ) : null}
                      </label>
                    </div>
                  );
                })}
              </div>
            </div>
            <button
              type="button"
              className="btn btn-link px-0"
              onClick={() => {
                typed.current = true;
                setSlot('');
                setPick('other');
              }}
            >
              {t('form.otherTime')}
            </button>
          </fieldset>
        ) : (
          <div className="col-md-6">
            <label htmlFor="c-datetime" className="form-label">
              {t('form.datetime')}
            </label>
            <input
              id="c-datetime"
              name="datetime"
              type="datetime-local"
              className="form-control"
              onFocus={() => (typed.current = true)}
            />
            {slots && slots.length > 0 ? (
              <button type="button" className="btn btn-link px-0" onClick={() => setPick('slot')}>
                {t('form.slotsInstead')}
              </button>
            ) : null}
          </div>
        )}
        <div className="col-12">
          <label htmlFor="c-summary" className="form-label">
            {t('form.summary')}
          </label>
          <textarea id="c-summary" name="LegalIssueSummary" rows={5} className="form-control" />
        </div>
        <div className="col-md-6">
          <label htmlFor="c-opposing" className="form-label">
            {t('form.opposing')}
          </label>
          <input
            id="c-opposing"
            name={OPPOSING_PARTY_FIELD}
            type="text"
            maxLength={200}
            className="form-control"
            aria-describedby="c-opposing-help"
          />
          <p id="c-opposing-help" className="form-text mb-0">
            {t('form.opposingHelp')}
          </p>
        </div>
        <div className="col-12">
          <label htmlFor="c-document" className="form-label">
            {t('form.document')}
          </label>
          <input
            id="c-document"
            name="document"
            type="file"
            className="form-control"
            aria-describedby="c-document-help"
          />
          <p id="c-document-help" className="form-text mb-0">
            {t('form.documentHelp')}
          </p>
        </div>
        {whatsapp ? (
          <div className="col-md-6">
            <div className="form-check">
              <input
                id="c-whatsapp"
                name={WHATSAPP_FIELD}
                type="checkbox"
                value="true"
                className="form-check-input"
                onChange={(e) => {
                  // Prefilled from the contact number when ticked (the server does the same for a blank number).
                  const f = e.currentTarget.form;
                  const number = f?.elements.namedItem(WHATSAPP_NUMBER_FIELD);
                  const contact = f?.elements.namedItem('contactNumber');
                  if (e.currentTarget.checked && number instanceof HTMLInputElement && contact instanceof HTMLInputElement && !number.value) {
                    number.value = contact.value;
                  }
                }}
              />
              <label htmlFor="c-whatsapp" className="form-check-label">
                {WHATSAPP_LABEL}
              </label>
            </div>
            <label htmlFor="c-whatsapp-number" className="form-label mt-1">
              {WHATSAPP_NUMBER_LABEL}
            </label>
            <input
              id="c-whatsapp-number"
              name={WHATSAPP_NUMBER_FIELD}
              type="tel"
              className="form-control"
              autoComplete="tel"
              aria-describedby="c-whatsapp-help"
            />
            <p id="c-whatsapp-help" className="form-text mb-0">
              With the country code; left blank, your contact number is used. Reply STOP on WhatsApp to end the updates.
            </p>
          </div>
        ) : null}
        {locale && locale !== 'en' ? <input type="hidden" name={LOCALE_FIELD} value={locale} /> : null}
        <div style={HONEYPOT_STYLE} aria-hidden="true">
          <label htmlFor="c-website">Website</label>
          <input id="c-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" aria-hidden="true" />
        </div>
        <div className="col-12">
          <section className="privacy-notice small border rounded p-2" aria-labelledby="notice-title">
            <h3 id="notice-title" className="h6 mb-1">
              {t('form.notice', { version: NOTICE_VERSION })}
            </h3>
            {notice.map((p, i) => (
              // The notice is the firm's English text (content/consultation.ts), marked as such on other pages.
              <p key={i} className="mb-1" lang={locale === 'en' ? undefined : 'en'}>
                {p}
              </p>
            ))}
            <input type="hidden" name={NOTICE_VERSION_FIELD} value={String(NOTICE_VERSION)} />
          </section>
        </div>
        <div className="col-12">
          <div className="form-check">
            <input
              id="c-consent"
              name={CONSENT_FIELD}
              type="checkbox"
              value="true"
              className="form-check-input"
              required
            />
            <label htmlFor="c-consent" className="form-check-label">
              {t('form.consent')}
            </label>
          </div>
        </div>
      </div>
      <div className="mt-4">
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {t('form.send')}
        </button>
      </div>
    </form>
  );
}

/** Office, in person or by video, and practice area (decision 0067): the free times follow the choices. */
function RoutingFields(p: {
  routing: RoutingChoices;
  office: string;
  setOffice: (v: string) => void;
  videoOffered: boolean;
  mode: 'in_person' | 'video';
  setHow: (v: 'in_person' | 'video') => void;
  area: string;
  setArea: (v: string) => void;
  areas: RoutingChoices['practice_areas'];
  none: boolean;
}) {
  const t = ROUTING_TEXT;
  return (
    <fieldset className="col-12 routing">
      <legend className="form-label fs-6 mb-1">{t.legend}</legend>
      <div className="row g-2">
        <div className="col-sm-4">
          <label htmlFor="c-office" className="form-label small mb-0">
            {t.office}
          </label>
          <select id="c-office" name={ROUTING_FIELDS.office} className="form-select" value={p.office} onChange={(e) => p.setOffice(e.target.value)}>
            <option value="">{t.anyOffice}</option>
            {p.routing.offices.map((o) => (
              <option key={o.city} value={o.city}>
                {o.city}
              </option>
            ))}
          </select>
        </div>
        <div className="col-sm-4" role="radiogroup" aria-label={t.how}>
          <span className="form-label small d-block mb-0">{t.how}</span>
          {(['in_person', 'video'] as const).map((m) => (
            <div className="form-check form-check-inline" key={m}>
              <input
                className="form-check-input"
                type="radio"
                id={`c-mode-${m}`}
                name={ROUTING_FIELDS.mode}
                value={m}
                disabled={m === 'video' && !p.videoOffered}
                checked={p.mode === m}
                onChange={() => p.setHow(m)}
              />
              <label className="form-check-label" htmlFor={`c-mode-${m}`}>
                {m === 'video' ? t.video : t.inPerson}
              </label>
            </div>
          ))}
        </div>
        <div className="col-sm-4">
          <label htmlFor="c-area" className="form-label small mb-0">
            {t.practiceArea}
          </label>
          <select id="c-area" name={ROUTING_FIELDS.practiceArea} className="form-select" value={p.area} onChange={(e) => p.setArea(e.target.value)}>
            <option value="">{t.anyArea}</option>
            {p.areas.map((a) => (
              <option key={a.case_category_id} value={a.case_category_id}>
                {a.case_name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {p.mode === 'video' ? <p className="form-text mb-0">{t.videoHelp}</p> : null}
      {p.none ? (
        <p className="form-text mb-0" role="status">
          {t.noTimes}
        </p>
      ) : null}
    </fieldset>
  );
}

export const ConsultationForm = island('consultation-form', ConsultationFormView);
