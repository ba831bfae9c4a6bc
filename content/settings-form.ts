/**
 * The admin's site-settings form as a declaration (decision 0027): which control edits which part of the
 * settings document (content/settings.ts), with its label, id, layout and help. The admin renders the
 * page from it (app/components/admin/settings-form.tsx) and turns the typed text back into the document
 * with the codecs below; number bounds come from `SiteSettingsSchema`. Isomorphic and pure.
 */
import { hoursLine, parseHoursLine, WEEKDAYS, type HoursWindow, type Weekday } from './rules/slots';
import { SiteSettingsSchema, type SiteSettings } from './settings';
import { DEFAULT_LOCALE, LOCALES } from './locales';

/** How a control shows a value and reads it back. */
export type SettingsKind = 'text' | 'email' | 'tel' | 'url' | 'date' | 'textarea' | 'number' | 'lines' | 'dates' | 'hours' | 'switch';

export interface SettingsField {
  /** Dotted path below the current scope (the document, or a list item). */
  field: string;
  /** The control's id after 'set-'; '{key}' stands for the list item's key. */
  id: string;
  /** '{n}' stands for the list item's number. */
  label: string;
  kind?: SettingsKind;
  /** Bootstrap column width (md) inside a row. */
  col?: number;
  rows?: number;
  help?: string;
  placeholder?: string;
  /** Shown under a control whose text does not read ('hours'). */
  invalid?: string;
  /** A number that may be left empty (then left out of the document). */
  optional?: boolean;
  /** Several controls for one list of strings: 'Phone 1', 'Phone 2'… ('{i}' in the id is the index). */
  slots?: number;
  /**
   * Other words administrators use for this setting in a question to the assistant ('mail id' for the email),
   * beside its label (or, for a part of a setting, the card's or fieldset's title).
   */
  asked?: string[];
}

export type SettingsNode =
  | SettingsField
  | { row: SettingsField[] }
  | { fieldset: string; framed?: boolean; intro?: string; body: SettingsNode[] }
  | { list: string; legend: string; add: string; remove: string; body: SettingsNode[] }
  | { slot: 'acceptances' };

export interface SettingsCard {
  title: string;
  intro?: string;
  /** Intake cards set their controls closer together. */
  compact?: boolean;
  body: SettingsNode[];
}

const DAY_NAMES: Record<Weekday, string> = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' };
/** Monday first. */
const WEEK: Weekday[] = [...WEEKDAYS.slice(1), WEEKDAYS[0]];
const SOCIALS = [
  ['facebook', 'Facebook'],
  ['instagram', 'Instagram'],
  ['linkedin', 'LinkedIn'],
  ['x', 'X (Twitter)'],
  ['youtube', 'YouTube'],
] as const;

/** An office's city, address and phone (the headquarters, or one of the offices). */
const officeRow = (path: string, id: string, label: string): SettingsNode => ({
  row: [
    { field: `${path}city`, id: `${id}-city`, label: `${label} City`, col: 4 },
    { field: `${path}address`, id: `${id}-address`, label: `${label} Address`, col: 8 },
    { field: `${path}phone`, id: `${id}-phone`, label: `${label} Phone`, kind: 'tel', col: 4 },
  ],
});

/** The settings page, card by card, in order. */
export const SETTINGS_FORM: SettingsCard[] = [
  {
    title: 'Firm',
    body: [
      {
        row: [
          { field: 'firmName', id: 'firmName', label: 'Firm Name', col: 6, asked: ['name of the firm', 'name of our firm'] },
          { field: 'tagline', id: 'tagline', label: 'Tagline', col: 6, asked: ['slogan'] },
          { field: 'founderName', id: 'founderName', label: 'Founder Name', col: 6 },
          { field: 'foundedYear', id: 'foundedYear', label: 'Founded Year', kind: 'number', col: 6, asked: ['founded', 'established'] },
        ],
      },
      { field: 'founderQuote', id: 'founderQuote', label: 'Founder Quote', kind: 'textarea' },
      // Decision 0063: the languages of the public site (content/locales.ts lists those the site can have).
      {
        field: 'locales',
        id: 'locales',
        label: 'Languages of the public site',
        kind: 'lines',
        rows: 3,
        help: `One language code per line, among ${LOCALES.join(', ')}; ${DEFAULT_LOCALE} is always published.`,
      },
    ],
  },
  {
    title: 'Contact',
    body: [
      {
        row: [
          { field: 'email', id: 'email', label: 'Email', kind: 'email', col: 6, asked: ['e mail', 'mail id', 'email address'] },
          { field: 'whatsapp', id: 'whatsapp', label: 'WhatsApp', col: 6 },
          { field: 'phones', id: 'phone-{i}', label: 'Phone {n}', kind: 'tel', col: 4, slots: 3, asked: ['phone', 'telephone', 'contact number', 'mobile'] },
        ],
      },
    ],
  },
  {
    title: 'Offices',
    body: [
      {
        fieldset: 'Headquarters',
        framed: true,
        body: [officeRow('headquarters.', 'hq', 'Headquarters')],
      },
      {
        list: 'offices',
        legend: 'Office {n}',
        remove: 'Remove office {n}',
        add: 'Add office',
        body: [officeRow('', 'office-{key}', 'Office {n}')],
      },
    ],
  },
  {
    title: 'Consultation Hours',
    body: [
      {
        row: [
          { field: 'hours.morning', id: 'hours-morning', label: 'Morning', col: 4, asked: ['hours', 'timing', 'timings', 'opening time', 'working time', 'open'] },
          { field: 'hours.evening', id: 'hours-evening', label: 'Evening', col: 4 },
          { field: 'hours.days', id: 'hours-days', label: 'Days', col: 4 },
        ],
      },
    ],
  },
  {
    title: 'Social Links',
    body: [
      {
        row: SOCIALS.map(([k, label]) => ({ field: `socials.${k}`, id: `social-${k}`, label, kind: 'url' as const, col: 6, help: 'A full https:// address, or empty.' })),
      },
    ],
  },
  {
    title: 'Legal Team',
    body: [
      {
        list: 'legalTeam',
        legend: 'Profile {n}',
        remove: 'Remove profile {n}',
        add: 'Add profile',
        body: [
          {
            row: [
              { field: 'name', id: 'profile-{key}-name', label: 'Name', col: 6 },
              { field: 'role', id: 'profile-{key}-role', label: 'Role', col: 6 },
              { field: 'practiceAreas', id: 'profile-{key}-areas', label: 'Practice Areas', kind: 'lines', col: 6, help: 'One per line.' },
              { field: 'phones', id: 'profile-{key}-phones', label: 'Phones', kind: 'lines', col: 6, help: 'One per line, at most four.' },
              { field: 'bio', id: 'profile-{key}-bio', label: 'Biography', kind: 'textarea', col: 12 },
              { field: 'since', id: 'profile-{key}-since', label: 'With the firm since (year)', kind: 'number', optional: true, col: 4 },
            ],
          },
          // Bar Council of India Rule 36 (decision 0019): the particulars the rule allows.
          {
            fieldset: 'Particulars (Bar Council of India Rule 36)',
            body: [
              {
                row: [
                  { field: 'enrolmentNumber', id: 'profile-{key}-enrolment-number', label: 'Enrolment Number', col: 4 },
                  { field: 'enrolmentDate', id: 'profile-{key}-enrolment-date', label: 'Date of Enrolment', kind: 'date', col: 4 },
                  { field: 'barAssociation', id: 'profile-{key}-bar-association', label: 'Bar Association', col: 4 },
                  { field: 'barCouncilFirst', id: 'profile-{key}-bar-council-first', label: 'State Bar Council of First Enrolment', col: 6 },
                  { field: 'barCouncilCurrent', id: 'profile-{key}-bar-council-current', label: 'State Bar Council of Current Enrolment', col: 6 },
                  {
                    field: 'qualifications',
                    id: 'profile-{key}-qualifications',
                    label: 'Professional and Academic Qualifications',
                    kind: 'lines',
                    rows: 3,
                    col: 12,
                    help: 'One per line.',
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  // Bar Council of India Rule 36 (decision 0019): the declaration, the disclaimer and strict mode.
  {
    title: 'Bar Council of India Rule 36',
    body: [
      {
        field: 'rule36.strict',
        id: 'rule36-strict',
        label: 'Strict Rule 36 mode',
        kind: 'switch',
        help: 'Text with Rule 36 findings cannot be published even with an override reason, and client reviews and ads are left out of the public pages (they stay in the admin).',
      },
      { field: 'rule36.declaration', id: 'rule36-declaration', label: 'Declaration (shown on the legal team page)', kind: 'textarea', rows: 3 },
      {
        field: 'rule36.leaveUrl',
        id: 'rule36-leave',
        label: "'Leave this site' address",
        kind: 'url',
        help: 'A neutral page a visitor who does not agree to the disclaimer is sent to (https://…).',
      },
      {
        fieldset: 'Disclaimer popup',
        intro:
          'Write {firm} for the firm’s name. Changing any of these texts starts a new disclaimer version, which every visitor sees once more.',
        body: [
          { field: 'rule36.disclaimer.statement', id: 'rule36-statement', label: 'Statement', kind: 'textarea', rows: 3 },
          {
            field: 'rule36.disclaimer.acknowledgements',
            id: 'rule36-acknowledgements',
            label: 'By visiting this website, you acknowledge that:',
            kind: 'lines',
            rows: 5,
            help: 'One point per line.',
          },
          { field: 'rule36.disclaimer.advice', id: 'rule36-advice', label: 'Advice', kind: 'textarea', rows: 2 },
        ],
      },
      { slot: 'acceptances' },
    ],
  },
  {
    title: 'Footer Credit',
    body: [
      {
        row: [
          { field: 'footerCredit.text', id: 'credit-text', label: 'Credit Text', col: 6 },
          { field: 'footerCredit.url', id: 'credit-url', label: 'Credit Link', kind: 'url', col: 6 },
        ],
      },
    ],
  },
  // Intake (decision 0017): booking rules (weekly hours in the firm's time zone), the data-protection contact and retention.
  {
    title: 'Booking',
    compact: true,
    intro:
      'Visitors book the free slots these rules make, in the firm’s time zone (visitors elsewhere also see their own time). Opening hours per day as 03:00-08:00, 18:00-20:00; leave a day empty when closed.',
    body: [
      {
        row: WEEK.map((d) => ({
          field: `booking.weeklyHours.${d}`,
          id: `hours-${d}`,
          label: DAY_NAMES[d],
          kind: 'hours' as const,
          col: 6,
          placeholder: 'closed',
          invalid: 'Use times like 09:00-13:00, 14:00-18:00.',
        })),
      },
      {
        row: [
          { field: 'booking.timeZone', id: 'timezone', label: 'Time zone', col: 4, help: 'For example Asia/Kolkata.' },
          { field: 'booking.slotMinutes', id: 'slot', label: 'Slot length (minutes)', kind: 'number', col: 4 },
          { field: 'booking.bufferMinutes', id: 'buffer', label: 'Buffer between slots (minutes)', kind: 'number', col: 4 },
          { field: 'booking.minNoticeHours', id: 'notice', label: 'Minimum notice (hours)', kind: 'number', col: 4 },
          { field: 'booking.horizonDays', id: 'horizon', label: 'Bookable ahead (days)', kind: 'number', col: 4 },
          { field: 'booking.capacity', id: 'capacity', label: 'Bookings per slot', kind: 'number', col: 4 },
          {
            field: 'booking.closedDates',
            id: 'closed',
            label: 'Closed dates',
            kind: 'dates',
            rows: 3,
            col: 6,
            placeholder: '2027-01-26',
            help: 'One date per line, like 2027-01-26.',
          },
          { field: 'privacy.cancelCutoffHours', id: 'cutoff', label: 'Clients may cancel or move online until (hours before)', kind: 'number', col: 6 },
        ],
      },
      // Routing (decision 0067): whether the booking page may name the free lawyers.
      {
        field: 'routing.showLawyerNames',
        id: 'routing-names',
        label: 'Show the free lawyers’ names on the booking page',
        kind: 'switch',
        help: 'Off: visitors choose an office, video and a practice area, and see free times without names.',
      },
    ],
  },
  {
    title: 'Data protection',
    compact: true,
    intro: 'Shown in the privacy notice of the consultation form and on the privacy policy page.',
    body: [
      {
        row: [
          { field: 'privacy.grievanceName', id: 'grievance-name', label: 'Grievance officer', col: 4 },
          { field: 'privacy.grievanceEmail', id: 'grievance-email', label: 'Grievance email', kind: 'email', col: 4 },
          { field: 'privacy.grievancePhone', id: 'grievance-phone', label: 'Grievance phone', col: 4 },
          {
            field: 'privacy.retentionMonths',
            id: 'retention',
            label: 'Keep unconfirmed requests (months)',
            kind: 'number',
            col: 4,
            help: 'Older requests that never became a confirmed consultation are deleted, with their documents.',
          },
          {
            field: 'privacy.insightsRetentionMonths',
            id: 'insights-retention',
            label: 'Keep daily visit figures (months)',
            kind: 'number',
            col: 4,
            help: 'Insights keeps only daily totals (no cookies, no personal data); older days are deleted.',
          },
        ],
      },
    ],
  },
];

// ── Codecs: the text a control shows for a value, and the value its text stands for ──

/** A control's text that does not read as a value (an 'hours' line that is not HH:MM-HH:MM). */
export const UNREADABLE = Symbol('unreadable');

const lines = (t: string) =>
  t
    .split(/\r?\n/)
    .map((x) => x.trim())
    .filter(Boolean);

/** The text of a control for a stored value. */
export function formatSetting(f: SettingsField, v: unknown): string {
  switch (f.kind) {
    case 'lines':
    case 'dates':
      return Array.isArray(v) ? v.join('\n') : '';
    case 'hours':
      return Array.isArray(v) ? hoursLine(v as HoursWindow[]) : '';
    case 'switch':
      return v === true ? '1' : '';
    default:
      return v === undefined || v === null ? '' : String(v);
  }
}

/** The value a control's text stands for; undefined leaves the field out, UNREADABLE keeps the stored one. */
export function parseSetting(f: SettingsField, t: string): unknown {
  switch (f.kind) {
    case 'number':
      return f.optional && !t.trim() ? undefined : Number(t);
    case 'lines':
      return lines(t);
    case 'dates':
      return t.split(/[\s,]+/).filter(Boolean);
    case 'hours':
      return parseHoursLine(t) ?? UNREADABLE;
    case 'switch':
      return t === '1';
    default:
      return t;
  }
}

// ── Paths ──

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null;

export function getPath(o: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, k) => (isObj(v) ? v[k] : undefined), o);
}

/** A copy of `o` with `value` at `path` (undefined removes the key); objects on the way are copied. */
export function setPath<T>(o: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.') as [string, ...string[]];
  // A list is copied as a list (its items by index), an object as an object.
  const copy: object = Array.isArray(o) ? [...(o as unknown[])] : { ...(o as Obj) };
  if (rest.length) {
    const inner: unknown = Reflect.get(copy, head);
    Reflect.set(copy, head, setPath(isObj(inner) ? inner : {}, rest.join('.'), value));
  } else if (value === undefined) Reflect.deleteProperty(copy, head);
  else Reflect.set(copy, head, value);
  return copy as T;
}

interface ZodLike {
  def: { type: string };
  shape?: Record<string, ZodLike>;
  element?: ZodLike;
  unwrap?: () => ZodLike;
  minValue?: number | null;
  maxValue?: number | null;
}

/** The schema of a dotted path of the settings document ('legalTeam.since' for an item's field). */
function schemaAt(path: string): ZodLike | undefined {
  let s: ZodLike | undefined = SiteSettingsSchema as unknown as ZodLike;
  const open = (x: ZodLike | undefined): ZodLike | undefined => {
    while (x && (x.def.type === 'default' || x.def.type === 'optional') && x.unwrap) x = x.unwrap();
    return x;
  };
  for (const k of path.split('.')) {
    s = open(s);
    if (s?.def.type === 'array') s = open(s.element);
    s = s?.shape?.[k];
  }
  return open(s);
}

/** The schema's bounds of a number field, for the input's min and max. */
export function numberBounds(path: string): { min?: number; max?: number } {
  const s = schemaAt(path);
  if (s?.def.type !== 'number') return {};
  return { min: s.minValue ?? undefined, max: s.maxValue ?? undefined };
}

// ── The form's state: the loaded document, the text of every touched control, the keys of list items ──

export interface ListItem {
  key: number;
  /** The stored item (undefined for an item added in the form). */
  base?: Obj;
}

export interface SettingsFormState {
  base: SiteSettings;
  /** Text of the controls typed in, by raw key ('firmName', 'offices.7.city', 'phones.1'). */
  text: Record<string, string>;
  lists: Record<string, ListItem[]>;
}

let nextKey = 1;
export const newItem = (base?: Obj): ListItem => ({ key: nextKey++, base });

function listsOf(nodes: SettingsNode[], doc: Obj, into: Record<string, ListItem[]>) {
  for (const n of nodes) {
    if ('list' in n) {
      const items = getPath(doc, n.list);
      into[n.list] = (Array.isArray(items) ? items : []).map((b) => newItem(b as Obj));
    } else if ('fieldset' in n) listsOf(n.body, doc, into);
  }
}

/** The form state of a loaded settings document. */
export function settingsFormState(doc: SiteSettings): SettingsFormState {
  const lists: Record<string, ListItem[]> = {};
  for (const card of SETTINGS_FORM) listsOf(card.body, doc, lists);
  return { base: doc, text: {}, lists };
}

/** Where a node's controls read and write: the raw-key prefix, the scope object and the item's key and number. */
export interface SettingsScope {
  prefix: string;
  object: Obj;
  key?: number;
  n?: number;
}

/**
 * The firm's settings as a question names them, in the page's order: each setting (the first part of a
 * field's path; lists of items aside) with the phrases that name it: its label, or for a part of a setting
 * the card's or fieldset's title, and the words in `asked`. The assistant answers a value question with
 * the setting it names (decision 0075: a new setting on the page is named without another list).
 */
export function settingPhrases(): { key: string; phrases: string[] }[] {
  const named = new Map<string, Set<string>>();
  const phrase = (text: string) => text.replace(/\{n\}/g, '').trim().toLowerCase();
  const walk = (nodes: SettingsNode[], title: string) => {
    for (const n of nodes) {
      if ('fieldset' in n) walk(n.body, n.fieldset);
      else if ('row' in n || 'field' in n)
        for (const f of fieldsOf(n)) {
          const [key, ...rest] = f.field.split('.');
          if (!key) continue;
          const set = named.get(key) ?? new Set<string>();
          for (const p of [rest.length ? title : f.label, ...(f.asked ?? [])]) if (phrase(p)) set.add(phrase(p));
          named.set(key, set);
        }
    }
  };
  for (const card of SETTINGS_FORM) walk(card.body, card.title);
  return [...named].map(([key, phrases]) => ({ key, phrases: [...phrases] }));
}

export const fieldsOf = (n: SettingsNode): SettingsField[] => ('row' in n ? n.row : 'field' in n ? [n] : []);

/** The raw key of a field's control (slot `i` of a slots field). */
export const rawKey = (scope: SettingsScope, f: SettingsField, i?: number) => `${scope.prefix}${f.field}${i === undefined ? '' : `.${i}`}`;

/** The text a control shows: what was typed, else the stored value's. */
export function controlText(state: SettingsFormState, scope: SettingsScope, f: SettingsField, i?: number): string {
  const typed = state.text[rawKey(scope, f, i)];
  if (typed !== undefined) return typed;
  const stored = getPath(scope.object, f.field);
  return i === undefined ? formatSetting(f, stored) : formatSetting(f, Array.isArray(stored) ? stored[i] : undefined);
}

function build(state: SettingsFormState, nodes: SettingsNode[], scope: SettingsScope, out: Obj): Obj {
  let doc = out;
  for (const n of nodes) {
    if ('fieldset' in n) doc = build(state, n.body, scope, doc);
    else if ('list' in n) {
      const items = (state.lists[n.list] ?? []).map((item) =>
        build(state, n.body, { prefix: `${scope.prefix}${n.list}.${item.key}.`, object: item.base ?? {}, key: item.key }, { ...item.base }),
      );
      doc = setPath(doc, n.list, items);
    } else
      for (const f of fieldsOf(n)) {
        if (f.slots) {
          const texts = Array.from({ length: f.slots }, (_, i) => controlText(state, scope, f, i).trim());
          doc = setPath(doc, f.field, texts.filter(Boolean));
          continue;
        }
        // An untouched control keeps the stored value; a field an added item lacks reads as an empty control.
        const typed = state.text[rawKey(scope, f)] ?? (getPath(scope.object, f.field) === undefined ? '' : undefined);
        if (typed === undefined) continue;
        const v = parseSetting(f, typed);
        if (v !== UNREADABLE) doc = setPath(doc, f.field, v);
      }
  }
  return doc;
}

/** The settings document the form stands for (what Save sends). */
export function settingsDocument(state: SettingsFormState): SiteSettings {
  const root: SettingsScope = { prefix: '', object: state.base };
  return SETTINGS_FORM.reduce<Obj>((doc, card) => build(state, card.body, root, doc), { ...state.base }) as SiteSettings;
}
