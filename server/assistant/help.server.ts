/**
 * The admin help, as index documents: one per content page, written from its declaration (form fields
 * and their kinds, file formats, empty-table text), one per validation message, found by running the
 * declaration's own `validate` over every combination of filled and missing fields, and a few pages
 * that are not content groups.
 */
import type { ColumnValue, FieldDef, FileFieldDef, Mode, ResourceDef, Values } from '../../content/kit';
import { DEFAULT_FORMATS } from '../../content/kit';
import { resources } from '../../content/resources/index';
import { SiteSettingsSchema } from '../../content/settings';
import { CONSENT_LABEL } from '../../content/consultation';
import type { Doc, Group } from './types.server';
import { words } from './text.server';

const ADMIN = '/admin-side-bar';

const KIND: Partial<Record<FieldDef['type'], string>> = {
  html: 'rich text',
  date: 'a date',
  dmy: 'a date, DD/MM/YYYY',
  time: 'a time',
  int: 'a number',
};

function fieldHint([, f]: [string, FieldDef]): string {
  const hint = f.values ? `one of ${f.values.join(', ')}` : f.ref ? 'chosen from a list' : KIND[f.type];
  return hint ? `${f.label} (${hint})` : f.label;
}

const fileHint = ([, f]: [string, FileFieldDef]) => `${f.label} (${(f.formats ?? DEFAULT_FORMATS[f.kind]).join(', ')})`;

function sample(f: FieldDef, day: number): ColumnValue {
  if (f.values) return f.values[0] ?? null;
  if (f.type === 'int' || f.type === 'ref') return 1;
  if (f.type === 'date' || f.type === 'dmy') return `2027-01-${String(day).padStart(2, '0')}`;
  if (f.type === 'time') return '10:00';
  return f.type === 'html' ? '<p>x</p>' : 'x';
}

/** Each message `validate` gives, with when: the smallest sets of missing fields that cause it. */
export function validationMessages(r: ResourceDef): { message: string; when: string }[] {
  const slots = [...Object.entries(r.fields), ...Object.entries(r.files)];
  const seen = new Map<string, { modes: Set<Mode>; missing: string[][] }>();
  for (const mode of ['add', 'update'] as const)
    for (let mask = 0; mask < 1 << slots.length; mask++)
      for (const reversed of [false, true]) {
        const values: Values = {};
        const given = new Set<string>();
        let day = reversed ? 28 : 1;
        const missing: string[] = [];
        slots.forEach(([name, def], i) => {
          if (!(mask & (1 << i))) return void missing.push(def.label);
          given.add(name);
          if (name in r.fields) values[name] = sample(def as FieldDef, reversed ? day-- : day++);
        });
        const message = r.validate(values, { mode, hasNewFile: (n) => given.has(n), hasStoredFile: () => false });
        if (!message) continue;
        const m = seen.get(message) ?? { modes: new Set(), missing: [] };
        m.modes.add(mode);
        if (!m.missing.some((x) => x.join() === missing.join())) m.missing.push(missing);
        seen.set(message, m);
      }
  return [...seen].map(([message, { modes, missing }]) => {
    const minimal = missing.filter((a) => !missing.some((b) => b.length < a.length && b.every((x) => a.includes(x))));
    const causes = minimal.map((m) =>
      !m.length
        ? 'the dates are in the wrong order'
        : m.length === 1
          ? `${m[0]} is missing`
          : `${m.join(' and ')} are all missing`,
    );
    const mode = modes.size === 1 ? ` when ${modes.has('add') ? 'adding' : 'updating'}` : '';
    return { message, when: `${mode} if ${causes.slice(0, 6).join(', or if ')}` };
  });
}

function doc(id: string, title: string, path: string, text: string, keywords = ''): Doc {
  return {
    id: `help:${id}`,
    kind: 'help',
    group: id.split(':')[0]!,
    title,
    text: `${text} ${keywords}`,
    facts: text,
    path,
  };
}

function pageDocs(r: ResourceDef, g: Group): Doc[] {
  const messages = validationMessages(r);
  const text = [
    `${r.admin.title} page, ${g.path} (menu '${r.admin.nav}').`,
    `Its form has: ${[...Object.entries(r.fields).map(fieldHint), ...Object.entries(r.files).map(fileHint)].join('; ')}.`,
    `To add a new ${g.one}, fill in the form and press Add. To change one, click its edit (pencil) icon in the table, change the form and press Update (Cancel goes back). To remove one, click its delete (bin) icon and confirm with 'Yes, Delete'. With none the table says '${r.admin.empty}'.`,
    messages.length ? `Messages: ${messages.map((m) => `'${m.message}'${m.when}`).join('; ')}.` : '',
    r.assistant?.note ?? '',
  ].join(' ');
  const note = r.assistant?.note;
  return [
    doc(
      r.key,
      `${r.admin.title} page: add, edit, delete ${g.many}`,
      g.path,
      text,
      `how add new create edit change update delete remove upload ${g.vocab.flat().join(' ')}`,
    ),
    ...(note
      ? [
          doc(
            `${r.key}:note`,
            `${r.admin.title}: where they show, and why one is not shown`,
            g.path,
            `${note} (${r.admin.title}: ${g.path}.)`,
            'why not showing visible hidden missing public site',
          ),
        ]
      : []),
    ...[...messages, { message: r.missingIdMessage, when: ' when Update is pressed without a row chosen' }].map(
      (m, i) =>
        doc(
          `${r.key}:message${i}`,
          m.message,
          g.path,
          `'${m.message}' is shown on the ${r.admin.title} page (${g.path})${m.when}.`,
          'message error why',
        ),
    ),
  ];
}

const settingsList = Object.keys(SiteSettingsSchema.shape).map(words).join(', ');

/** Pages that are not content groups. */
const PAGES: [id: string, title: string, path: string, text: string, keywords: string][] = [
  [
    'dashboard',
    'Dashboard',
    `${ADMIN}/dashboard`,
    `The Dashboard, ${ADMIN}/dashboard, has one card per section; click a card to open it. It opens after signing in.`,
    'home start overview cards',
  ],
  [
    'mail',
    'Sending mail',
    `${ADMIN}/mail`,
    `Mail, ${ADMIN}/mail: fill in the recipient's email, subject and message (all required), attach up to 10 files and press Send Mail.`,
    'send email message attachment',
  ],
  [
    'consultations',
    'Consultation requests inbox',
    `${ADMIN}/consultations`,
    `Visitors book a consultation on /book-consultation (name, email, contact number, preferred date and time, a summary of the legal issue, an optional document and the consent box '${CONSENT_LABEL}'). Each request arrives in Consultations, ${ADMIN}/consultations, with the status 'new'; there you see when consent was given ('Consent: not recorded' for a request sent by a program without the box), set its status (new, contacted, scheduled, closed), open its document and reply.`,
    'booking appointment request inbox status reply',
  ],
  [
    'settings',
    'Site settings: firm details, offices, contact, hours, legal team',
    `${ADMIN}/settings`,
    `Settings, ${ADMIN}/settings, holds the firm's details that the public pages show: ${settingsList}. Change a value and press Save Settings.`,
    'change edit update phone number email address office hours whatsapp founder logo social footer where',
  ],
  [
    'admins',
    'Administrators and passwords',
    `${ADMIN}/admins`,
    `Administrators, ${ADMIN}/admins: invite an administrator by email, remove one, or change your own password. 'Forgot Password?' on /admin-login emails a link to set a new password.`,
    'invite add user account password forgot reset change login',
  ],
  [
    'audit',
    'Audit log',
    `${ADMIN}/audit`,
    `The Audit Log, ${ADMIN}/audit, lists who changed what and when, page by page.`,
    'history who changed log activity',
  ],
  [
    'logout',
    'Log out (logout, sign out)',
    `${ADMIN}/dashboard`,
    "Click Logout at the bottom of the sidebar and confirm with 'Yes,Logout'; you return to /admin-login.",
    'logout log out sign out',
  ],
  [
    'files',
    'Files and images',
    `${ADMIN}/dashboard`,
    `Images: ${DEFAULT_FORMATS.image.join(', ')}; documents: ${DEFAULT_FORMATS.document.join(', ')}; event media also ${DEFAULT_FORMATS.media.filter((f) => !DEFAULT_FORMATS.image.includes(f)).join(', ')} videos. Files are checked by their content, so a renamed file is refused, and a file over the size limit is refused.`,
    'upload file image format type size big large pdf video',
  ],
  [
    'assistant',
    'This assistant',
    `${ADMIN}/dashboard`,
    "I answer from the site's own data: counts and lists of every section ('how many upcoming events', 'list the vacancies'), details of one item ('find the blog about divorce'), the firm's settings ('phone number of the Bengaluru office'), and how to do things in the admin ('how do I add a new ad', 'why is my ad not showing'). I do not give legal advice.",
    'what can you do help questions',
  ],
];

export function helpDocs(groups: readonly Group[]): Doc[] {
  const byKey = new Map(groups.map((g) => [g.key, g]));
  return [
    ...resources.flatMap((r) => pageDocs(r, byKey.get(r.key)!)),
    ...PAGES.map(([id, title, path, text, keywords]) => doc(id, title, path, text, keywords)),
  ];
}
