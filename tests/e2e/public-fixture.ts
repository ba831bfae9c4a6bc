/**
 * Content for the public browser tests, created through the API so the tests control every date:
 * an upcoming, a live, an ended and an incomplete event; a current, an expired and a future ad; etc.
 */
import { eventPath } from '../../content/rules/slug';
import { file, jpgBytes, pdfBytes, pngBytes } from '../helpers/files';
import { call, type TestServer, type Json } from '../helpers/server';
import STATIC_PAGES from '../../content/rules/public-pages.json';

const pad = (n: number) => String(n).padStart(2, '0');
export const localDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
export const localTime = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;
export const dmy = (d: Date) => `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
const MIN = 60_000;
const DAY = 86_400_000;

/** 400 characters of plain text (blog preview: longer than 250 → cut at 350 + '...'). */
export const LONG_BLOG_TEXT = 'The law of easements decides who may cross whose land. '.repeat(8).slice(0, 400);

export interface Seeded {
  categoryId: number;
  caseId: number;
  emptyCaseId: number;
  blogId: number;
  events: { upcoming: string; live: string; ended: string; incomplete: string; soon: string };
  ads: { current: number; expired: number; future: number };
  faqs: string[];
  /** Base time (ms) the relative dates were computed from. */
  base: number;
}

async function ok(p: Promise<{ status: number; body: Json }>, what: string): Promise<Json> {
  const r = await p;
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

export async function seedPublicContent(s: TestServer): Promise<Seeded> {
  const cookie = await s.login();
  const form = (fields: Record<string, string | Blob>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.append(k, v);
    return f;
  };
  const post = (path: string, body: { json?: unknown; form?: FormData }) =>
    ok(call(s.url, path, { cookie, ...body }), path);
  const png = async (name: string, color = '#1d2b44') => file(await pngBytes(320, 200, color), name, 'image/png');

  for (const c of ['#1d2b44', '#6b4f2a'])
    await post('/api/carousel/addcarousel', { form: form({ carousel_image: await png('slide.png', c) }) });
  await post('/api/calendar/addCalendar', { form: form({ calendar_img: await png('calendar.png', '#eeeeee') }) });
  await post('/api/about/addAboutImage', { form: form({ about_img: await png('about.png') }) });

  const cat = await post('/api/caseCategory/addcase', {
    form: form({ case_name: 'Property Law', case_image: await png('cat.png') }),
  });
  const categoryId = cat.case.case_category_id as number;
  await post('/api/caseCategory/addcase', { form: form({ case_name: 'Consumer Protection' }) });
  const theCase = await post('/api/cases/addcase', {
    json: { case_title_name: 'Boundary dispute over a shared well', case_category_id: categoryId },
  });
  const caseId = theCase.case.case_id as number;
  const empty = await post('/api/cases/addcase', {
    json: { case_title_name: 'Right of way through a plantation', case_category_id: categoryId },
  });
  await post('/api/casedetails/addcasedetails', {
    form: form({
      case_category_id: String(categoryId),
      case_id: String(caseId),
      case_content: '<h2>Background</h2><p>Two neighbours had shared a well for forty years.</p>',
      case_file: file(pdfBytes('Order'), 'order.pdf', 'application/pdf'),
    }),
  });

  const blog = await post('/api/blog/addblogs', {
    form: form({
      title: 'Easements explained',
      case_category_id: String(categoryId),
      description: `<p><strong>${LONG_BLOG_TEXT.slice(0, 100)}</strong>${LONG_BLOG_TEXT.slice(100)}</p>`,
      blog_image: file(await jpgBytes(320, 200), 'blog.jpg', 'image/jpeg'),
      blog_file: file(pdfBytes('Notes'), 'notes.pdf', 'application/pdf'),
    }),
  });

  const base = Date.now();
  const at = (ms: number) => new Date(base + ms);
  const speaker = JSON.stringify([
    { speaker_name: 'Justice K. Menon', designation: 'Retired Judge', date: '', from_time: '', to_time: '', image: '' },
  ]);
  const addEvent = async (title: string, start: Date | null, end: Date | null, extra: Record<string, string> = {}) =>
    post('/api/event/addEvent', {
      form: form({
        event_title: title,
        event_description: `${title}: an evening on the rights of tenants and landlords. `.repeat(5),
        event_image: await png('event.png', '#334455'),
        ...(start ? { event_start_date: localDate(start), event_start_time: localTime(start) } : {}),
        ...(end ? { event_end_date: localDate(end), event_end_time: localTime(end) } : {}),
        event_address: 'Town Hall, Kochi',
        speakers: speaker,
        ...extra,
      }),
    });
  const events = {
    upcoming: 'Tenancy Law Clinic',
    live: 'Consumer Rights Live Session',
    ended: 'Property Registration Workshop',
    incomplete: 'Cyber Safety Talk',
    soon: 'Starting   Soon Seminar',
  };
  await addEvent(events.upcoming, at(2 * DAY + 3 * 60 * MIN), at(2 * DAY + 5 * 60 * MIN));
  await addEvent(events.live, at(-60 * MIN), at(2 * 60 * MIN));
  await addEvent(events.ended, at(-2 * DAY), at(-2 * DAY + 2 * 60 * MIN));
  await addEvent(events.incomplete, null, null);
  // Starts at the next whole minute at least 2 minutes ahead.
  const soon = new Date(Math.ceil((base + 2 * MIN) / MIN) * MIN);
  await addEvent(events.soon, soon, new Date(soon.getTime() + 60 * MIN));

  const reviews = [
    ['Anita R.', 'Teacher', 'They explained every option before we filed anything.'],
    ['Joseph M.', 'Engineer', 'Clear fees, clear advice, and a fair settlement in the end.'],
    ['Farah K.', 'Shop owner', 'My consumer complaint was drafted and heard within months.'],
    ['Vikram S.', 'Retired officer', 'Patient with an old man and his many questions.'],
  ];
  for (const [name, profession, message] of reviews)
    await post('/api/clientreview/addClientreviews', { json: { name, profession, message } });
  await post('/api/ourpatners/createPartner', { form: form({ partner_name: 'Kerala Traders Association' }) });
  await post('/api/ourpatners/createPartner', {
    form: form({ partner_name: 'Malabar Co-operative', partner_image: await png('p.png', '#888888') }),
  });
  await post('/api/ourteam/addTeam', { json: { name: 'Rahul Das', address: 'Kochi' } });
  const faqs = ['How do I book a consultation?', 'What documents should I bring?', 'Do you take cases outside Kerala?'];
  for (const q of faqs) await post('/api/faqs/addFaqs', { json: { question: q, answer: `Answer to: ${q}` } });
  await post('/api/gallery/addgallery', {
    form: form({
      title: 'Legal awareness camp, Aluva',
      gallery_image: file(await pngBytes(1000, 750, '#556677'), 'g.png', 'image/png'),
    }),
  });
  await post('/api/vacancy/addVacancy', {
    json: { vacancy_title: 'Junior Associate', name_of_employment: 'Full-time', number_of_vacancy: 2 },
  });

  const addAd = async (start: Date, expiry: Date, display: string) =>
    (
      await post('/api/ads/addAds', {
        form: form({
          ads_image: await png('ad.png', '#aa5500'),
          ads_display: display,
          start_date: dmy(start),
          expiry_date: dmy(expiry),
        }),
      })
    ).ads.ads_id as number;
  const ads = {
    current: await addAd(at(-DAY), at(0), 'Primary'),
    expired: await addAd(at(-10 * DAY), at(-DAY), 'Secondary'),
    future: await addAd(at(DAY), at(5 * DAY), 'Secondary'),
  };

  return { categoryId, caseId, emptyCaseId: empty.case.case_id, blogId: blog.blog.blog_id, events, ads, faqs, base };
}

/** Every public page of the spec without an id in its path, in the site's order (the sitemap's list). */
export const PUBLIC_PAGES: readonly string[] = STATIC_PAGES;

/** Every public page, with the detail pages of the given rows right after their list page. */
export function publicPages(rows: { categoryId: number; caseId?: number; eventTitles: string[]; blogId: number }): string[] {
  const details: Record<string, string[]> = {
    '/our-case': [`/our-case-details/${rows.categoryId}`, ...(rows.caseId ? [`/our-case-details-view/${rows.caseId}`] : [])],
    '/event': rows.eventTitles.map((title) => eventPath(title)),
    '/blog': [`/blog-details/${rows.blogId}`],
  };
  return PUBLIC_PAGES.flatMap((p) => [p, ...(details[p] ?? [])]);
}
