/**
 * The spec's own client, call for call (decision 0011): every call of section 7 of the spec, sent exactly as the
 * spec describes it — the same paths, methods, body kinds (JSON or multipart) and field names, and no field
 * the spec does not name. The product may offer more than the spec; it may never require more than this.
 * (The one addition is the session cookie of the admin calls, which the outside contract requires.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { file, jpgBytes, pdfBytes, pngBytes } from '../helpers/files';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type TestServer } from '../helpers/server';
import { FAST_MAIL_ENV, startSink, type Sink } from '../helpers/mail-sink';

let sink: Sink;
let s: TestServer;
let cookie = '';
let png: Buffer;
let jpg: Buffer;
const pdf = pdfBytes('Spec client');

beforeAll(async () => {
  sink = await startSink();
  s = await startServer({ env: { ...FAST_MAIL_ENV, SMTP_URL: sink.url } });
  png = await pngBytes(40, 30, '#224466');
  jpg = await jpgBytes();
});
afterAll(async () => {
  await s?.close();
  await sink?.close();
});

type Body = Record<string, unknown>;
type Part = string | (Blob & { name: string });

/** One call as the spec's client makes it: GET, POST JSON, or POST multipart (form data with files). */
async function send(
  path: string,
  body?: { json: Body } | { multipart: [string, Part][] },
): Promise<{ status: number; ok: boolean; body: Body }> {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  let payload: BodyInit | undefined;
  if (body && 'json' in body) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body.json);
  } else if (body) {
    const form = new FormData();
    for (const [k, v] of body.multipart) {
      if (typeof v === 'string') form.append(k, v);
      else form.append(k, v, v.name);
    }
    payload = form;
  }
  const res = await fetch(`${s.url}/api${path}`, { method: body ? 'POST' : 'GET', headers, body: payload });
  expect(res.headers.get('content-type')).toContain('application/json');
  return { status: res.status, ok: res.ok, body: (await res.json()) as Body };
}

/** The spec's success: HTTP 200, statusCode 200 and a message; returns the body. */
async function ok(path: string, body?: { json: Body } | { multipart: [string, Part][] }): Promise<Body> {
  const r = await send(path, body);
  expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
  expect(r.ok).toBe(true);
  expect(r.body.statusCode).toBe(200);
  expect(typeof r.body.message).toBe('string');
  return r.body;
}

const list = async (path: string, key: string): Promise<Body[]> => {
  const b = await ok(path);
  expect(Array.isArray(b[key]), `${path} → ${key}[]`).toBe(true);
  return b[key] as Body[];
};
/** An add call the spec's way (see ok()): answers the row under `key` and its id, the field `idField`, as a number. */
async function addRow(
  path: string,
  key: string,
  idField: string,
  body: { json: Body } | { multipart: [string, Part][] },
): Promise<[Body, number]> {
  const row = (await ok(path, body))[key] as Body;
  return [row, num(row[idField])];
}
/** Each list (path → key) is empty: what the test added is all deleted. */
async function expectEmptyLists(lists: Record<string, string>): Promise<void> {
  for (const [path, key] of Object.entries(lists)) expect(await list(path, key), path).toEqual([]);
}
const img = (bytes: Buffer, name: string) => file(bytes, name, name.endsWith('.png') ? 'image/png' : 'image/jpeg');
const doc = (name: string) => file(pdf, name, 'application/pdf');
const num = (v: unknown) => Number(v);

/** A local date-time as the spec's date-time input sends it (YYYY-MM-DDTHH:MM), `hours` from now. */
function localDateTime(hours: number): string {
  const d = new Date(Date.now() + hours * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const dmy = (d: Date) =>
  `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;

describe("the spec's client, call for call (section 7)", () => {
  it('Consultation: multipart name, contactNumber, email, LegalIssueSummary, datetime (no consent field) answers success and is stored and mailed', async () => {
    // Tomorrow, and in a few hours today: any date-time the client offers in the next few days.
    for (const [hours, doc1] of [
      [26, null],
      [3, doc('brief.pdf')],
    ] as const) {
      const parts: [string, Part][] = [
        ['name', `Spec Client ${hours}`],
        ['contactNumber', '+91 98470 12345'],
        ['email', 'spec@client.test'],
        ['LegalIssueSummary', 'A tenancy deposit was not returned.'],
        ['datetime', localDateTime(hours)],
      ];
      if (doc1) parts.push(['document', doc1]);
      const r = await send('/mail/contact', { multipart: parts });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.success).toBe(true);
      expect(typeof r.body.message).toBe('string');
      const row = await s.services.store.db
        .selectFrom('consultations')
        .selectAll()
        .where('name', '=', `Spec Client ${hours}`)
        .executeTakeFirstOrThrow();
      expect(row.consent_at).toBeNull();
      expect(Boolean(row.document_path)).toBe(doc1 !== null);
    }
    // The sanity limit on far-future dates stays, with its clear message.
    const far = await send('/mail/contact', {
      multipart: [
        ['name', 'Far Future'],
        ['contactNumber', '+91 98470 12345'],
        ['email', 'spec@client.test'],
        ['LegalIssueSummary', 'Much later.'],
        ['datetime', localDateTime(3 * 366 * 24)],
      ],
    });
    expect(far.status).toBe(400);
    expect(far.body).toMatchObject({
      success: false,
      message: 'Please choose a preferred date within the next two years.',
    });
    // Both requests reach the firm (and each client its confirmation), saying plainly no consent came.
    const mails = await sink.waitFor(4);
    const firm = mails.filter((m) => m.parsed.subject?.startsWith('New consultation request'));
    expect(firm).toHaveLength(2);
    for (const m of firm) expect(m.parsed.text).toContain('Consent: not recorded');
  });

  it('Admin login: POST JSON {email, password} answers statusCode, message and admin.email', async () => {
    const res = await fetch(`${s.url}/api/admin/adminlogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    const body = (await res.json()) as { statusCode: number; message: string; admin: { email: string } };
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ statusCode: 200, admin: { email: ADMIN_EMAIL } });
    expect(typeof body.message).toBe('string');
    cookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('lex_session='))!
      .split(';')[0]!;
  });

  it('Carousel, calendar and about image: add, list, update, delete as multipart / JSON, with the spec keys', async () => {
    const [c, cid] = await addRow('/carousel/addcarousel', 'carousel', 'carousel_id', {
      multipart: [['carousel_image', img(png, 'slide.png')]],
    });
    expect(await list('/carousel/getallcarousel', 'carousels')).toEqual([
      expect.objectContaining({ carousel_id: cid, carousel_image: c.carousel_image }),
    ]);
    await ok('/carousel/updateCarousel', {
      multipart: [
        ['carousel_image', img(jpg, 'slide2.jpg')],
        ['carousel_id', String(cid)],
      ],
    });
    const [c2] = await list('/carousel/getallcarousel', 'carousels');
    expect(c2!.carousel_image).not.toBe(c.carousel_image);
    await ok('/carousel/deletecarousel', { json: { carousel_id: cid } });
    expect(await list('/carousel/getallcarousel', 'carousels')).toEqual([]);

    const [, calId] = await addRow('/calendar/addCalendar', 'calendar', 'calendar_id', {
      multipart: [['calendar_img', img(png, 'cal.png')]],
    });
    await ok('/calendar/updateCalendar', {
      multipart: [
        ['calendar_img', img(jpg, 'cal2.jpg')],
        ['calendar_id', String(calId)],
      ],
    });
    const cals = await list('/calendar/getAllCalendarsInDesc', 'calendar');
    expect(cals).toEqual([
      expect.objectContaining({ calendar_id: calId, calendar_img: expect.stringMatching(/\.jpg$/) }),
    ]);
    await ok('/calendar/deleteCalendarById', { json: { calendar_id: calId } });
    expect(await list('/calendar/getAllCalendarsInDesc', 'calendar')).toEqual([]);

    const [about, aboutId] = await addRow('/about/addAboutImage', 'about', 'about_id', {
      multipart: [['about_img', img(png, 'about.png')]],
    });
    expect(await list('/about/getAllAboutImage', 'abouts')).toEqual([
      expect.objectContaining({ about_id: aboutId, about_img: about.about_img }),
    ]);
    const updated = (
      await ok('/about/updateAboutById', {
        multipart: [
          ['about_img', img(jpg, 'about2.jpg')],
          ['about_id', String(aboutId)],
        ],
      })
    ).updatedAbout as Body;
    expect((await ok('/about/getRecentAboutImage')).about).toMatchObject({ about_img: updated.about_img });
    await ok('/about/deleteAboutById', { json: { about_id: aboutId } });
    expect(await list('/about/getAllAboutImage', 'abouts')).toEqual([]);
  });

  it('Case categories, cases, case details and blogs, with the public reads that use them', async () => {
    const [cat, catId] = await addRow('/caseCategory/addcase', 'case', 'case_category_id', {
      multipart: [
        ['case_name', 'Property'],
        ['case_image', img(png, 'p.png')],
      ],
    });
    // Update without a new image keeps the stored one (the spec: the image is optional on update).
    const cat2 = (
      await ok('/caseCategory/updatecase', {
        multipart: [
          ['case_category_id', String(catId)],
          ['case_name', 'Property Law'],
        ],
      })
    ).case as Body;
    expect(cat2).toMatchObject({ case_name: 'Property Law', case_image: cat.case_image });
    expect(await list('/caseCategory/getallcases', 'cases')).toEqual([
      expect.objectContaining({ case_category_id: catId, case_name: 'Property Law' }),
    ]);

    const [, caseId] = await addRow('/cases/addcase', 'case', 'case_id', {
      json: { case_title_name: 'Boundary wall', case_category_id: catId },
    });
    const data = (
      await ok('/cases/updatecase', {
        json: { case_id: caseId, case_title_name: 'Boundary wall dispute', case_category_id: catId },
      })
    ).data as Body;
    expect(data).toMatchObject({ case_id: caseId, case_title_name: 'Boundary wall dispute', case_category_id: catId });
    expect(await list('/cases/getallcases', 'cases')).toEqual([
      expect.objectContaining({ case_id: caseId, case_title_name: 'Boundary wall dispute', case_category_id: catId }),
    ]);
    // Cases by category: POST JSON {case_category_id as number}.
    expect((await ok('/cases/getcasesByCategory', { json: { case_category_id: catId } })).cases).toEqual([
      expect.objectContaining({ case_id: caseId }),
    ]);

    const detailParts = (content: string): [string, Part][] => [
      ['case_category_id', String(catId)],
      ['case_id', String(caseId)],
      ['case_content', content],
      ['case_file', doc('judgment.pdf')],
    ];
    const [, detId] = await addRow('/casedetails/addcasedetails', 'case', 'case_details_id', {
      multipart: detailParts('<p>Facts</p>'),
    });
    await ok('/casedetails/updateCasedetails', {
      multipart: [...detailParts('<p>Facts, updated</p>'), ['case_details_id', String(detId)]],
    });
    expect(await list('/casedetails/getcasedetails', 'cases')).toEqual([
      expect.objectContaining({
        case_details_id: detId,
        case_content: '<p>Facts, updated</p>',
        case_file: expect.stringMatching(/\.pdf$/),
      }),
    ]);
    // Case details by case id: POST JSON {case_id as string}; the first item is used.
    const byCase = (await ok('/casedetails/getCasedetailsByCaseId', { json: { case_id: String(caseId) } }))
      .case as Body[];
    expect(byCase[0]).toMatchObject({
      case_details_id: detId,
      case_title_name: 'Boundary wall dispute',
      case_name: 'Property Law',
    });

    const blogParts = (title: string): [string, Part][] => [
      ['title', title],
      ['case_category_id', String(catId)],
      ['description', '<p>Know your boundary.</p>'],
      ['blog_image', img(jpg, 'cover.jpg')],
      ['blog_file', doc('guide.pdf')],
    ];
    const [, blogId] = await addRow('/blog/addblogs', 'blog', 'blog_id', {
      multipart: blogParts('Walls and neighbours'),
    });
    const blog2 = (
      await ok('/blog/updateBlog', {
        multipart: [...blogParts('Walls and neighbours, revised'), ['blog_id', String(blogId)]],
      })
    ).blog as Body;
    expect(blog2).toMatchObject({ blog_id: blogId, title: 'Walls and neighbours, revised', case_name: 'Property Law' });
    expect(await list('/blog/getblogs', 'blogs')).toEqual([expect.objectContaining({ blog_id: blogId })]);
    // Blog by id: POST JSON {blog_id}.
    expect((await ok('/blog/getblogByid', { json: { blog_id: blogId } })).blog).toMatchObject({
      blog_id: blogId,
      title: 'Walls and neighbours, revised',
    });

    await ok('/blog/deleteblog', { json: { blog_id: blogId } });
    await ok('/casedetails/deletecasedetails', { json: { case_details_id: detId } });
    await ok('/cases/deletecase', { json: { case_id: caseId } });
    await ok('/caseCategory/deleteCase', { json: { case_category_id: catId } });
    await expectEmptyLists({
      '/blog/getblogs': 'blogs',
      '/casedetails/getcasedetails': 'cases',
      '/cases/getallcases': 'cases',
      '/caseCategory/getallcases': 'cases',
    });
  });

  it('Events: multipart event fields, an image and speakers as a JSON string; success is HTTP ok and statusCode 200', async () => {
    const fields = (title: string): [string, Part][] => [
      ['event_title', title],
      ['event_description', 'Free legal advice for tenants.'],
      ['event_start_date', '2030-05-01'],
      ['event_start_time', '09:30'],
      ['event_end_date', '2030-05-01'],
      ['event_end_time', '17:00'],
      ['event_address', 'Town Hall, Kochi'],
      [
        'speakers',
        JSON.stringify([
          {
            speaker_name: 'Adv. Rao',
            designation: 'Senior Counsel',
            date: '2030-05-01',
            from_time: '10:00',
            to_time: '11:00',
            image: '',
          },
        ]),
      ],
    ];
    const [ev, id] = await addRow('/event/addEvent', 'event', 'event_id', {
      multipart: [...fields('Tenant Rights Camp'), ['event_image', img(png, 'camp.png')]],
    });
    // On edit the image is optional: the stored one stays.
    await ok('/event/updateevent', { multipart: [...fields('Tenant Rights Camp 2030'), ['event_id', String(id)]] });
    const events = await list('/event/getAllEvents', 'data');
    expect(events).toEqual([
      expect.objectContaining({ event_id: id, event_title: 'Tenant Rights Camp 2030', event_image: ev.event_image }),
    ]);
    expect(events[0]!.speakers).toEqual([
      expect.objectContaining({ speaker_name: 'Adv. Rao', designation: 'Senior Counsel' }),
    ]);
    await ok('/event/deleteEvent', { json: { event_id: id } });
    expect(await list('/event/getAllEvents', 'data')).toEqual([]);
  });

  it('Reviews, team, FAQs and vacancies: JSON add, update and delete with the spec keys', async () => {
    const [, revId] = await addRow('/clientreview/addClientreviews', 'reviews', 'client_review_id', {
      json: { name: 'Anita', profession: 'Teacher', message: 'Clear advice.' },
    });
    expect(
      (
        await ok('/clientreview/updateReview', {
          json: { client_review_id: revId, name: 'Anita K.', profession: 'Teacher', message: 'Clear advice.' },
        })
      ).updatedreview,
    ).toMatchObject({ name: 'Anita K.' });
    expect(await list('/clientreview/getallreviews', 'reviews')).toEqual([
      expect.objectContaining({
        client_review_id: revId,
        name: 'Anita K.',
        profession: 'Teacher',
        message: 'Clear advice.',
      }),
    ]);
    await ok('/clientreview/deleteReview', { json: { client_review_id: revId } });

    const [, teamId] = await addRow('/ourteam/addTeam', 'team', 'team_id', {
      json: { name: 'Rahul', address: 'Kochi' },
    });
    expect(
      (await ok('/ourteam/updateTeam', { json: { team_id: teamId, name: 'Rahul Menon', address: 'Chennai' } }))
        .updatedTeam,
    ).toMatchObject({ name: 'Rahul Menon', address: 'Chennai' });
    expect(await list('/ourteam/getallourteam', 'team')).toEqual([
      expect.objectContaining({ team_id: teamId, name: 'Rahul Menon', address: 'Chennai' }),
    ]);
    await ok('/ourteam/deleteTeam', { json: { team_id: teamId } });

    const [, faqId] = await addRow('/faqs/addFaqs', 'faq', 'faqs_id', {
      json: { question: 'Is parking available?', answer: 'Yes.' },
    });
    await ok('/faqs/updatefaqs', {
      json: { faqs_id: faqId, question: 'Is parking free?', answer: 'Yes, for clients.' },
    });
    expect(await list('/faqs/getallfaqs', 'faq')).toEqual([
      expect.objectContaining({ faqs_id: faqId, question: 'Is parking free?', answer: 'Yes, for clients.' }),
    ]);
    await ok('/faqs/deletefaq', { json: { faqs_id: faqId } });

    const [, vacId] = await addRow('/vacancy/addVacancy', 'vacancy', 'vacancy_id', {
      json: { vacancy_title: 'Clerk', name_of_employment: 'Full-time', number_of_vacancy: 2 },
    });
    const upd = await send('/vacancy/updateVacancy', {
      json: { vacancy_id: vacId, vacancy_title: 'Senior Clerk', name_of_employment: 'Part-time', number_of_vacancy: 1 },
    });
    expect(upd.status).toBe(200); // here success is the HTTP status 200
    expect(upd.body.updatedVacancy).toMatchObject({
      vacancy_title: 'Senior Clerk',
      name_of_employment: 'Part-time',
      number_of_vacancy: 1,
    });
    expect(await list('/vacancy/getAllVacancyData', 'vacancies')).toEqual([
      expect.objectContaining({ vacancy_id: vacId, vacancy_title: 'Senior Clerk' }),
    ]);
    await ok('/vacancy/deleteVacancy', { json: { vacancy_id: vacId } });

    await expectEmptyLists({
      '/clientreview/getallreviews': 'reviews',
      '/ourteam/getallourteam': 'team',
      '/faqs/getallfaqs': 'faq',
      '/vacancy/getAllVacancyData': 'vacancies',
    });
  });

  it('Partners, ads and gallery: multipart add, update (optional files kept) and JSON delete', async () => {
    const [p, pid] = await addRow('/ourpatners/createPartner', 'partners', 'partner_id', {
      multipart: [
        ['partner_name', 'Acme Bank'],
        ['partner_image', img(png, 'acme.png')],
      ],
    });
    // With a name, the logo is optional on update and the stored one stays.
    expect(
      (
        await ok('/ourpatners/updatePartner', {
          multipart: [
            ['partner_name', 'Acme Bank Ltd'],
            ['partner_id', String(pid)],
          ],
        })
      ).partners,
    ).toMatchObject({
      partner_name: 'Acme Bank Ltd',
      partner_image: p.partner_image,
    });
    // A logo alone is enough on add.
    const logoOnly = (await ok('/ourpatners/createPartner', { multipart: [['partner_image', img(jpg, 'logo.jpg')]] }))
      .partners as Body;
    expect(await list('/ourpatners/getAllPartners', 'partners')).toHaveLength(2);
    await ok('/ourpatners/deletepartner', { json: { partner_id: pid } });
    await ok('/ourpatners/deletepartner', { json: { partner_id: num(logoOnly.partner_id) } });

    const today = new Date();
    const later = new Date(Date.now() + 30 * 86400_000);
    const adParts = (display: string, name: string): [string, Part][] => [
      ['ads_image', img(png, name)],
      ['ads_display', display],
      ['start_date', dmy(today)],
      ['expiry_date', dmy(later)],
    ];
    const [, adId] = await addRow('/ads/addAds', 'ads', 'ads_id', { multipart: adParts('Primary', 'ad.png') });
    await ok('/ads/UpdateAds', { multipart: [...adParts('Secondary', 'ad2.png'), ['ads_id', String(adId)]] });
    expect(await list('/ads/getallads', 'ads')).toEqual([expect.objectContaining({ ads_display: 'Secondary' })]);
    await ok('/ads/deleteads', { json: { ads_id: adId } });
    expect(await list('/ads/getallads', 'ads')).toEqual([]);

    const [g, gid] = await addRow('/gallery/addgallery', 'gallery', 'gallery_id', {
      multipart: [
        ['gallery_image', img(png, 'office.png')],
        ['title', 'Office'],
      ],
    });
    // Update: multipart gallery_id, title and an optional gallery_image (left out: the stored image stays).
    await ok('/gallery/updateGallery', {
      multipart: [
        ['gallery_id', String(gid)],
        ['title', 'Front office'],
      ],
    });
    expect(await list('/gallery/getallGallery', 'gallery')).toEqual([
      expect.objectContaining({ gallery_id: gid, title: 'Front office', gallery_image: g.gallery_image }),
    ]);
    await ok('/gallery/deletegallery', { json: { gallery_id: gid } });
    expect(await list('/gallery/getallGallery', 'gallery')).toEqual([]);
  });

  it('Admin mail: multipart to, subject, text and repeated documents answers success and message', async () => {
    const before = sink.messages.length;
    const r = await send('/mail/sendmail', {
      multipart: [
        ['to', 'client@spec.test'],
        ['subject', 'Your documents'],
        ['text', 'Please find the documents attached.'],
        ['documents', doc('one.pdf')],
        ['documents', doc('two.pdf')],
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.success).toBe(true);
    expect(typeof r.body.message).toBe('string');
    const mails = await sink.waitFor(before + 1);
    const sent = mails.find((m) => m.parsed.subject === 'Your documents')!;
    expect(sent.parsed.attachments.map((a) => a.filename).sort()).toEqual(['one.pdf', 'two.pdf']);
  });

  it('Chat: POST JSON {prompt} answers response; GET history lists {prompt, response}', async () => {
    const a = await ok('/ai/createai', { json: { prompt: 'How many FAQs are there?' } });
    expect(typeof a.response).toBe('string');
    const h = await ok('/ai/getaichat');
    expect(h.history).toEqual([{ prompt: 'How many FAQs are there?', response: a.response }]);
  });

  it('Public reads: every list is a GET with the spec key, and FAQs answer an ok HTTP status', async () => {
    cookie = ''; // a visitor
    for (const [path, key] of [
      ['/calendar/getAllCalendarsInDesc', 'calendar'],
      ['/carousel/getallcarousel', 'carousels'],
      ['/ads/getallads', 'ads'],
      ['/caseCategory/getallcases', 'cases'],
      ['/clientreview/getallreviews', 'reviews'],
      ['/ourpatners/getAllPartners', 'partners'],
      ['/ourteam/getallourteam', 'team'],
      ['/blog/getblogs', 'blogs'],
      ['/event/getAllEvents', 'data'],
      ['/faqs/getallfaqs', 'faq'],
      ['/gallery/getallGallery', 'gallery'],
      ['/vacancy/getAllVacancyData', 'vacancies'],
    ] as const) {
      await list(path, key);
    }
    // Recent about image, with none stored: still the envelope the client reads.
    const about = await send('/about/getRecentAboutImage');
    expect(about.body.statusCode).toBe(about.status);
  });
});
