import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CONSENT_FIELD, SLOT_FIELD, WHATSAPP_FIELD, WHATSAPP_NUMBER_FIELD } from '../../../content/consultation';
import { inZone, time12 } from '../../../content/rules/slots';
import { ROUTING_FIELDS, type RoutingChoices } from '../../../content/booking-routing';
import type { Locale } from '../../../content/locales';
import { api } from '../../lib/api';
import { formatDay, useT, type MessageKey, type Translate } from '../../lib/i18n';
import { CONSULTATION_FORM_ID, sendConsultation, visitorMessage } from './consultation-send';
import { Field } from './field';
import { island } from './island';
import { toast } from './toasts';

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
function dayLabel(day: string, locale: Locale): string {
  if (locale !== 'en') return formatDay(locale, day, 'day');
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const dt = new Date(Date.UTC(y, m - 1, d));
  const wd = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][dt.getUTCDay()];
  const mon = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m - 1];
  return `${wd} ${d} ${mon}`;
}

/**
 * Runs `fn` once the browser is idle after hydration (decision 0085): the page's first paint and its
 * islands' hydration come first, the slots' call and their rendering after. Cancelled on unmount.
 */
function useIdle(fn: () => void): void {
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(fn, { timeout: 1500 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(fn, 50);
    return () => window.clearTimeout(id);
  }, [fn]);
}

/**
 * The offices, video and practice areas lawyers take (getConsultationRouting), asked for once the browser is
 * idle: undefined until answered, null when no lawyer is bookable (or the call failed).
 */
function useRouting(): RoutingChoices | null | undefined {
  const [choices, setChoices] = useState<RoutingChoices | null | undefined>(undefined);
  const load = useCallback(() => {
    void api<RoutingChoices>('/api/consultations/routing')
      .then((r) => startTransition(() => setChoices(r.ok && r.body.offices.length ? r.body : null)))
      .catch(() => startTransition(() => setChoices(null)));
  }, []);
  useIdle(load);
  return choices;
}

/**
 * The free slots (listConsultationSlots), fetched in the browser so they are always current (the page
 * itself is cached), once the routing is known (`query` null until then: one call, not one per guess).
 * Null until loaded; an empty list when none are free or the call failed. The answer renders as a
 * transition (decision 0085): React yields to the browser while it draws the times.
 */
function useSlots(query: string | null): { slots: FreeSlot[] | null; timeZone: string; reload: () => void } {
  const [slots, setSlots] = useState<FreeSlot[] | null>(null);
  const [timeZone, setTimeZone] = useState('');
  const reload = useCallback(() => {
    if (query === null) return;
    void api<{ slots?: FreeSlot[]; timeZone?: string }>(`/api/consultations/slots${query ? `?${query}` : ''}`)
      .then((r) =>
        startTransition(() => {
          setSlots(r.ok ? (r.body.slots ?? []) : []);
          if (r.body.timeZone) setTimeZone(r.body.timeZone);
        }),
      )
      .catch(() => startTransition(() => setSlots([])));
  }, [query]);
  useEffect(() => reload(), [reload]);
  return { slots, timeZone, reload };
}

/**
 * What the consultation form needs script for, and nothing else (decision 0085): the rest of the form is
 * server HTML (ConsultationForm). This island holds the routing choices and the free times, with the spec's
 * date-time field behind "Ask for another time" (it is also what the form shows before the times arrive,
 * and without JavaScript). Once hydrated it takes over the form's submit (the server's rules checked first,
 * then sent with fetch and answered with a toast), fills the WhatsApp number from the contact number when
 * the box is ticked, and loads the rules when the form is first focused. `defaultZone`: the firm's zone from
 * the settings until the slots call names it.
 */
export function BookingTimesView({ defaultZone }: { defaultZone: string }) {
  const { t, locale } = useT();
  const routing = useRouting();
  const [office, setOffice] = useState('');
  const [how, setHow] = useState<'in_person' | 'video'>('in_person');
  const [area, setArea] = useState('');
  const officeChoice = routing?.offices.find((o) => o.city === office);
  const videoOffered = office ? !!officeChoice?.video : !!routing?.video.offered;
  const mode = videoOffered ? how : 'in_person';
  const areaIds =
    mode === 'video' && !office
      ? (routing?.video.practice_areas ?? [])
      : officeChoice
        ? officeChoice.practice_areas
        : null;
  const areas = (routing?.practice_areas ?? []).filter((a) => !areaIds || areaIds.includes(a.case_category_id));
  const query =
    routing === undefined
      ? null
      : routing
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
  useFormBehaviour({
    t,
    pick,
    slot,
    done: () => {
      setSlot('');
      reload();
    },
  });
  const firmOffset = slots && slots[0] ? inZone(slots[0].start, firmZone).offset : '';
  return (
    <>
      {routing ? (
        <RoutingFields
          t={t}
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
            {zone && slots && slots[0] && inZone(slots[0].start, zone).offset !== firmOffset
              ? t('form.zoneOwn', { zone })
              : '.'}
          </p>
          <div className="row g-2 align-items-start">
            <Field id="c-day" label={t('form.date')} className="col-sm-4" labelClass="visually-hidden">
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
            </Field>
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
        <Field id="c-datetime" label={t('form.datetime')}>
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
        </Field>
      )}
    </>
  );
}

/**
 * The form's behaviour, on the server-rendered <form> around this island: its submit (the server's own
 * rules and messages, content/consultation-schema.ts, before anything is sent; a chosen slot stands for
 * the date-time, as on the server), the WhatsApp number filled from the contact number when the box is
 * ticked (the server does the same for a blank number), and the rules loaded on the first focus.
 */
function useFormBehaviour(p: { t: Translate; pick: 'slot' | 'other'; slot: string; done: () => void }): void {
  // The latest render's values, read by listeners added once.
  const latest = useRef(p);
  useEffect(() => {
    latest.current = p;
  });
  useEffect(() => {
    const form = document.getElementById(CONSULTATION_FORM_ID);
    if (!(form instanceof HTMLFormElement)) return;
    let sending = false;
    const setSending = (on: boolean) => {
      sending = on;
      form.setAttribute('aria-busy', String(on));
      for (const b of form.querySelectorAll<HTMLButtonElement>('button[type="submit"]')) b.disabled = on;
    };
    const onSubmit = async (e: SubmitEvent) => {
      e.preventDefault();
      if (sending) return;
      const { t, pick, slot } = latest.current;
      if (pick === 'slot' && !slot) {
        toast.error(t('form.pickTime'));
        return;
      }
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
        latest.current.done();
      } finally {
        setSending(false);
      }
    };
    const onChange = (e: Event) => {
      const box = e.target;
      if (!(box instanceof HTMLInputElement) || box.name !== WHATSAPP_FIELD || !box.checked) return;
      const number = form.elements.namedItem(WHATSAPP_NUMBER_FIELD);
      const contact = form.elements.namedItem('contactNumber');
      if (number instanceof HTMLInputElement && contact instanceof HTMLInputElement && !number.value)
        number.value = contact.value;
    };
    const onFocus = () => void loadRules();
    const submit = (e: SubmitEvent) => void onSubmit(e);
    form.addEventListener('submit', submit);
    form.addEventListener('change', onChange);
    form.addEventListener('focusin', onFocus, { once: true });
    return () => {
      form.removeEventListener('submit', submit);
      form.removeEventListener('change', onChange);
      form.removeEventListener('focusin', onFocus);
    };
  }, []);
}

/** Office, in person or by video, and practice area (decision 0067): the free times follow the choices. */
function RoutingFields(p: {
  t: Translate;
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
  const { t } = p;
  const offices = p.routing.offices.map((o) => [o.city, o.city] as const);
  const areas = p.areas.map((a) => [String(a.case_category_id), a.case_name] as const);
  return (
    <fieldset className="col-12 routing">
      <legend className="form-label fs-6 mb-1">{t('routing.legend')}</legend>
      <div className="row g-2">
        <RoutingSelect t={t} kind="office" value={p.office} onChange={p.setOffice} options={offices} />
        <div className="col-sm-4" role="radiogroup" aria-label={t('routing.how')}>
          <span className="form-label small d-block mb-0">{t('routing.how')}</span>
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
                {m === 'video' ? t('routing.video') : t('routing.inPerson')}
              </label>
            </div>
          ))}
        </div>
        <RoutingSelect t={t} kind="practiceArea" value={p.area} onChange={p.setArea} options={areas} />
      </div>
      {p.mode === 'video' ? <p className="form-text mb-0">{t('routing.videoHelp')}</p> : null}
      {p.none ? (
        <p className="form-text mb-0" role="status">
          {t('routing.noTimes')}
        </p>
      ) : null}
    </fieldset>
  );
}

export const BookingTimes = island('booking-times', BookingTimesView);

/** The routing choices made with a select: their ids, form fields and labels. */
const ROUTING_SELECTS = {
  office: { id: 'c-office', name: ROUTING_FIELDS.office, label: 'routing.office', any: 'routing.anyOffice' },
  practiceArea: {
    id: 'c-area',
    name: ROUTING_FIELDS.practiceArea,
    label: 'routing.practiceArea',
    any: 'routing.anyArea',
  },
} as const satisfies Record<string, { id: string; name: string; label: MessageKey; any: MessageKey }>;

/** One routing choice: a labelled select whose first option is "any" (the empty value). */
function RoutingSelect(p: {
  t: Translate;
  kind: keyof typeof ROUTING_SELECTS;
  value: string;
  onChange: (v: string) => void;
  options: readonly (readonly [value: string, text: string])[];
}) {
  const { id, name, label, any } = ROUTING_SELECTS[p.kind];
  return (
    <Field id={id} label={p.t(label)} className="col-sm-4" labelClass="form-label small mb-0">
      <select id={id} name={name} className="form-select" value={p.value} onChange={(e) => p.onChange(e.target.value)}>
        <option value="">{p.t(any)}</option>
        {p.options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </Field>
  );
}
