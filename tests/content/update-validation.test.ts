/**
 * Update validation as the spec's section 5 says, group by group (decision 0011). The spec's client always sends
 * the whole form, so on update a required field that is missing, or sent blank, is refused with the spec's
 * message and changes nothing: the row read back from the database, its speakers and the stored files are
 * exactly as before (no silent "keep the old value"). The whole form as the spec sends it is accepted, and
 * where the spec lets a file be left out on update (event, gallery, case category and blog images, a
 * partner's logo when a name is given) the stored file stays.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { resourceByKey } from '../../content/resources/index';
import type { ResourceKey } from '../../content/kit';
import { file } from '../helpers/files';
import { type Json, signedInServer } from '../helpers/server';
import { api, sampleBytes, storedFiles, addCase, speakersField } from '../helpers/api-helpers';
import { dynamic } from '../../server/db/schema';

const { s, cookie } = await signedInServer({ socket: false, env: { ADMIN_WRITE_RATE_LIMIT: '0' } });
const b = await sampleBytes();
const { categoryId, caseId } = await addCase(s, cookie, 'Validation', 'Validated case');

type Upload = { upload: [Buffer, string] };
type Value = string | number | Upload;
/** The body of a call, in the order the spec's client sends it. */
type Entries = [string, Value][];

const up = (bytes: Buffer, name: string): Upload => ({ upload: [bytes, name] });
const isUpload = (v: Value): v is Upload => typeof v === 'object';

/** Sends entries as JSON (numbers kept) or multipart (files as file parts; a blank file has no name). */
function payload(kind: 'json' | 'multipart', entries: Entries): { json: Record<string, unknown> } | { form: FormData } {
  if (kind === 'json') return { json: Object.fromEntries(entries) };
  const form = new FormData();
  for (const [k, v] of entries) {
    if (!isUpload(v)) form.append(k, String(v));
    else if (v.upload[1] === '')
      form.append(k, new File([], ''), ''); // an empty file input
    else form.append(k, file(v.upload[0], v.upload[1]), v.upload[1]);
  }
  return { form };
}

interface Required {
  field: string;
  message: string;
  /** What "blank" means for this field (default ''). */
  blank?: Value;
}

interface GroupCase {
  key: ResourceKey;
  /** Adds the row the updates target (by the spec's add call); returns its id. */
  add(): Promise<number>;
  /** The whole update form as the spec's client sends it, with a changed value. */
  full(id: number): Entries;
  required: Required[];
  /** Checks on the accepted update (optional files kept, values changed). */
  accepted?(row: Record<string, unknown>, before: Record<string, unknown>): void;
}

const blankFile = (): Upload => up(Buffer.alloc(0), '');

const groups: GroupCase[] = [
  {
    key: 'carousel',
    add: async () => (await add('carousel', [['carousel_image', up(b.png, 'c.png')]])).carousel_id,
    full: (id) => [
      ['carousel_image', up(b.jpg, 'c2.jpg')],
      ['carousel_id', String(id)],
    ],
    required: [{ field: 'carousel_image', message: 'Please fill the fields.', blank: blankFile() }],
  },
  {
    key: 'calendar',
    add: async () => (await add('calendar', [['calendar_img', up(b.png, 'cal.png')]])).calendar_id,
    full: (id) => [
      ['calendar_img', up(b.jpg, 'cal2.jpg')],
      ['calendar_id', String(id)],
    ],
    required: [{ field: 'calendar_img', message: 'Please select an image to update.', blank: blankFile() }],
  },
  {
    key: 'about',
    add: async () => (await add('about', [['about_img', up(b.png, 'a.png')]])).about_id,
    full: (id) => [
      ['about_img', up(b.jpg, 'a2.jpg')],
      ['about_id', String(id)],
    ],
    required: [{ field: 'about_img', message: 'Please select an image to update.', blank: blankFile() }],
  },
  {
    key: 'caseCategory',
    add: async () =>
      (
        await add('caseCategory', [
          ['case_name', 'Tenancy'],
          ['case_image', up(b.png, 't.png')],
        ])
      ).case_category_id,
    full: (id) => [
      ['case_category_id', String(id)],
      ['case_name', 'Tenancy law'],
    ],
    required: [{ field: 'case_name', message: 'Please enter a title.' }],
    accepted: (row, before) => expect(row).toMatchObject({ case_name: 'Tenancy law', case_image: before.case_image }),
  },
  {
    key: 'cases',
    add: async () =>
      (
        await add('cases', [
          ['case_title_name', 'Deposit'],
          ['case_category_id', categoryId],
        ])
      ).case_id,
    full: (id) => [
      ['case_id', id],
      ['case_title_name', 'Deposit refund'],
      ['case_category_id', categoryId],
    ],
    required: [
      { field: 'case_title_name', message: 'Please fill in all required fields' },
      { field: 'case_category_id', message: 'Please fill in all required fields' },
    ],
  },
  {
    key: 'caseDetails',
    add: async () =>
      (
        await add('caseDetails', [
          ['case_category_id', String(categoryId)],
          ['case_id', String(caseId)],
          ['case_content', '<p>Facts</p>'],
        ])
      ).case_details_id,
    full: (id) => [
      ['case_category_id', String(categoryId)],
      ['case_id', String(caseId)],
      ['case_content', '<p>Facts, revised</p>'],
      ['case_details_id', String(id)],
    ],
    required: [
      { field: 'case_category_id', message: 'Please select a case category and a case title.' },
      { field: 'case_id', message: 'Please select a case category and a case title.' },
      // No file stored or sent: the description is required; an empty editor counts as empty.
      {
        field: 'case_content',
        message: 'Please upload a file or enter a description (at least one)',
        blank: '<p></p>',
      },
    ],
  },
  {
    key: 'blog',
    add: async () =>
      (
        await add('blog', [
          ['title', 'Deposits'],
          ['case_category_id', String(categoryId)],
          ['description', '<p>Your deposit.</p>'],
          ['blog_image', up(b.jpg, 'cover.jpg')],
        ])
      ).blog_id,
    full: (id) => [
      ['title', 'Deposits, revised'],
      ['case_category_id', String(categoryId)],
      ['description', '<p>Your deposit, again.</p>'],
      ['blog_id', String(id)],
    ],
    required: [
      { field: 'title', message: 'Please fill in the blog title and case category.' },
      { field: 'case_category_id', message: 'Please fill in the blog title and case category.' },
      { field: 'description', message: 'Please provide a blog description or upload a file.', blank: '<p><br></p>' },
    ],
    accepted: (row, before) => expect(row).toMatchObject({ title: 'Deposits, revised', blog_image: before.blog_image }),
  },
  {
    key: 'event',
    add: async () =>
      (
        await add('event', [
          ['event_title', 'Camp'],
          ['event_description', 'Advice'],
          ['event_address', 'Town Hall'],
          [
            'speakers',
            speakersField({ speaker_name: 'Adv. Rao', designation: 'Counsel' }),
          ],
          ['event_image', up(b.png, 'e.png')],
        ])
      ).event_id,
    full: (id) => [
      ['event_title', 'Camp 2030'],
      ['event_description', 'Advice for all'],
      ['event_start_date', '2030-05-01'],
      ['event_start_time', '09:30'],
      ['event_end_date', '2030-05-01'],
      ['event_end_time', '17:00'],
      ['event_address', 'Town Hall'],
      [
        'speakers',
        speakersField({ speaker_name: 'Adv. Das', designation: 'Counsel' }),
      ],
      ['event_id', String(id)],
    ],
    required: [
      { field: 'event_title', message: 'Please provide Title, Description, and an image or video.' },
      { field: 'event_description', message: 'Please provide Title, Description, and an image or video.' },
    ],
    accepted: (row, before) => expect(row).toMatchObject({ event_title: 'Camp 2030', event_image: before.event_image }),
  },
  {
    key: 'review',
    add: async () =>
      (
        await add('review', [
          ['name', 'Anita'],
          ['profession', 'Teacher'],
          ['message', 'Clear.'],
        ])
      ).client_review_id,
    full: (id) => [
      ['client_review_id', id],
      ['name', 'Anita K.'],
      ['profession', 'Teacher'],
      ['message', 'Very clear.'],
    ],
    required: ['name', 'profession', 'message'].map((field) => ({ field, message: 'Please fill all the fields' })),
  },
  {
    key: 'team',
    add: async () =>
      (
        await add('team', [
          ['name', 'Rahul'],
          ['address', 'Kochi'],
        ])
      ).team_id,
    full: (id) => [
      ['team_id', id],
      ['name', 'Rahul Menon'],
      ['address', 'Chennai'],
    ],
    required: [
      { field: 'name', message: 'Please fill in all fields.' },
      { field: 'address', message: 'Please fill in all fields.', blank: '   ' },
    ],
  },
  {
    key: 'faqs',
    add: async () =>
      (
        await add('faqs', [
          ['question', 'Parking?'],
          ['answer', 'Yes.'],
        ])
      ).faqs_id,
    full: (id) => [
      ['faqs_id', id],
      ['question', 'Free parking?'],
      ['answer', 'Yes, for clients.'],
    ],
    required: ['question', 'answer'].map((field) => ({
      field,
      message: 'Please fill in both the question and description.',
    })),
  },
  {
    key: 'partners',
    add: async () =>
      (
        await add('partners', [
          ['partner_name', 'Acme'],
          ['partner_image', up(b.png, 'acme.png')],
        ])
      ).partner_id,
    full: (id) => [
      ['partner_name', 'Acme Ltd'],
      ['partner_id', String(id)],
    ],
    // With neither a non-blank name nor a new logo (a stored logo does not count).
    required: [{ field: 'partner_name', message: 'Please update either the partner name or logo.' }],
    accepted: (row, before) =>
      expect(row).toMatchObject({ partner_name: 'Acme Ltd', partner_image: before.partner_image }),
  },
  {
    key: 'ads',
    add: async () =>
      (
        await add('ads', [
          ['ads_image', up(b.png, 'ad.png')],
          ['ads_display', 'Primary'],
          ['start_date', '01/01/2030'],
          ['expiry_date', '31/01/2030'],
        ])
      ).ads_id,
    full: (id) => [
      ['ads_image', up(b.jpg, 'ad2.jpg')],
      ['ads_display', 'Secondary'],
      ['start_date', '01/02/2030'],
      ['expiry_date', '28/02/2030'],
      ['ads_id', String(id)],
    ],
    required: [
      { field: 'ads_image', message: 'All fields are required.', blank: blankFile() },
      { field: 'ads_display', message: 'All fields are required.' },
      { field: 'start_date', message: 'All fields are required.' },
      { field: 'expiry_date', message: 'All fields are required.' },
    ],
  },
  {
    key: 'gallery',
    add: async () =>
      (
        await add('gallery', [
          ['gallery_image', up(b.png, 'g.png')],
          ['title', 'Office'],
        ])
      ).gallery_id,
    full: (id) => [
      ['gallery_id', String(id)],
      ['title', 'Front office'],
    ],
    required: [{ field: 'title', message: 'Title is required.' }],
    accepted: (row, before) =>
      expect(row).toMatchObject({ title: 'Front office', gallery_image: before.gallery_image }),
  },
  {
    key: 'vacancy',
    add: async () =>
      (
        await add('vacancy', [
          ['vacancy_title', 'Clerk'],
          ['name_of_employment', 'Full-time'],
          ['number_of_vacancy', 2],
        ])
      ).vacancy_id,
    full: (id) => [
      ['vacancy_id', id],
      ['vacancy_title', 'Senior clerk'],
      ['name_of_employment', 'Part-time'],
      ['number_of_vacancy', 1],
    ],
    required: ['vacancy_title', 'name_of_employment'].map((field) => ({
      field,
      message: 'Please fill all the fields',
    })),
  },
];

/** The spec's add call of a group; returns the added row. */
async function add(key: ResourceKey, entries: Entries): Promise<Record<string, Json>> {
  const r = resourceByKey[key];
  const res = await api(s.url, `/api${r.base}${r.paths.add}`, { cookie, ...payload(r.body, entries) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body[r.keys.add];
}

/** The stored row (every column), its speakers (events) and every stored file. */
async function snapshot(key: ResourceKey, id: number) {
  const r = resourceByKey[key];
  const db = s.services.store.db;
  return {
    row: await dynamic(db).selectFrom(r.table).selectAll().where(r.id, '=', id).executeTakeFirst(),
    speakers:
      key === 'event' ? await db.selectFrom('event_speakers').selectAll().where('event_id', '=', id).execute() : [],
    files: storedFiles(s.dataDir),
    tmp: storedFiles(s.dataDir, 'tmp'),
  };
}

describe.each(groups)('update of $key', (g) => {
  const r = resourceByKey[g.key];
  const path = `/api${r.base}${r.paths.update}`;
  let id: number;
  beforeAll(async () => {
    id = await g.add();
  });

  /** Every refused variant: the id and each required field, left out and sent blank. */
  const variants = (): { name: string; entries: Entries; message: string }[] => {
    const full = g.full(id);
    const without = (field: string) => full.filter(([k]) => k !== field);
    const blanked = (field: string, blank: Value) =>
      full.map(([k, v]): [string, Value] => [k, k === field ? blank : v]);
    return [{ field: r.id, message: r.missingIdMessage, blank: '' as Value }, ...g.required].flatMap((req) => [
      { name: `without ${req.field}`, entries: without(req.field), message: req.message },
      { name: `with ${req.field} blank`, entries: blanked(req.field, req.blank ?? ''), message: req.message },
    ]);
  };

  it("refuses each required field missing or blank with the spec's message and changes nothing", async () => {
    const before = await snapshot(g.key, id);
    expect(before.row).toBeDefined();
    const seen: string[] = [];
    for (const v of variants()) {
      const res = await api(s.url, path, { cookie, ...payload(r.body, v.entries) });
      expect({ variant: v.name, status: res.status, message: res.body.message }).toEqual({
        variant: v.name,
        status: 400,
        message: v.message,
      });
      expect(await snapshot(g.key, id), v.name).toEqual(before);
      seen.push(v.name);
    }
    expect(seen.length).toBe(2 * (1 + g.required.length));
  });

  it('accepts the whole form as the spec sends it', async () => {
    const before = (await snapshot(g.key, id)).row as Record<string, unknown>;
    const res = await api(s.url, path, { cookie, ...payload(r.body, g.full(id)) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = (await snapshot(g.key, id)).row as Record<string, unknown>;
    expect(row).not.toEqual(before);
    g.accepted?.(row, before);
  });
});
