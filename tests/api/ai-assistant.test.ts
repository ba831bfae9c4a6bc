/**
 * The built-in assistant against data seeded through the API: every expected answer below is computed
 * from the rows this file adds (names, counts, dates), with today fixed at 15 March 2027, 10:00.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, type TestServer } from '../helpers/server';
import { file, jpgBytes, pngBytes } from '../helpers/files';

const NOW = new Date(2027, 2, 15, 10, 0, 0);

let s: TestServer;
let cookie: string;
const ids: Record<string, number> = {};

async function ok(path: string, opts: { json?: unknown; form?: FormData }) {
  const r = await call(s.url, path, { cookie, ...opts });
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

async function image(field: string, form = new FormData()) {
  form.append(field, file(await pngBytes(), 'a.png', 'image/png'));
  return form;
}

function form(fields: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

async function addEvent(title: string, f: Record<string, string>, speakers: Record<string, string>[]) {
  const fd = form({ event_title: title, event_description: `${title} description`, ...f });
  fd.append(
    'speakers',
    JSON.stringify(speakers.map((sp) => ({ designation: '', date: '', from_time: '', to_time: '', image: '', ...sp }))),
  );
  await image('event_image', fd);
  return (await ok('/api/event/addEvent', { form: fd })).event.event_id as number;
}

async function addAd(display: string, start: string, expiry: string) {
  const fd = form({ ads_display: display, start_date: start, expiry_date: expiry });
  await image('ads_image', fd);
  return (await ok('/api/ads/addAds', { form: fd })).ads.ads_id as number;
}

beforeAll(async () => {
  s = await startServer();
  cookie = await s.login();
  s.app.assistant.clock = () => NOW;

  for (const name of ['Family Law', 'Criminal Law', 'Property Disputes']) {
    ids[name] = (await ok('/api/caseCategory/addcase', { form: form({ case_name: name }) })).case.case_category_id;
  }
  const addCase = async (title: string, cat: string) =>
    (ids[title] = (
      await ok('/api/cases/addcase', { json: { case_title_name: title, case_category_id: ids[cat] } })
    ).case.case_id);
  await addCase('Custody of Minor Children', 'Family Law');
  await addCase('Divorce by Mutual Consent', 'Family Law');
  await addCase('Anticipatory Bail Granted', 'Criminal Law');
  await ok('/api/casedetails/addcasedetails', {
    form: form({
      case_category_id: String(ids['Family Law']),
      case_id: String(ids['Custody of Minor Children']),
      case_content: '<p>The court granted joint guardianship after mediation between the parents.</p>',
    }),
  });

  const blog = async (title: string, cat: string, description: string) => {
    const fd = form({ title, case_category_id: String(ids[cat]), description });
    fd.append('blog_image', file(await jpgBytes(), 'b.jpg', 'image/jpeg'));
    await ok('/api/blog/addblogs', { form: fd });
  };
  await blog(
    'Understanding Mutual Consent Divorce',
    'Family Law',
    '<p>Both spouses file together; the cooling-off period can be waived.</p>',
  );
  await blog('Bail Rights Explained', 'Criminal Law', '<p>What an arrested person should know about regular bail.</p>');

  await addEvent(
    'Law Day Conference 2027',
    {
      event_start_date: '2027-03-20',
      event_start_time: '10:00',
      event_end_date: '2027-03-20',
      event_end_time: '17:00',
      event_address: 'Kochi Bar Hall',
    },
    [
      { speaker_name: 'Justice Anil Kumar', designation: 'Judge' },
      { speaker_name: 'Adv. Priya Nair', designation: 'Senior Advocate' },
    ],
  );
  await addEvent(
    'Property Law Workshop',
    {
      event_start_date: '2027-04-10',
      event_start_time: '09:30',
      event_end_date: '2027-04-10',
      event_end_time: '13:00',
      event_address: 'Chennai Office',
    },
    [{ speaker_name: 'Adv. Ravi Menon', designation: 'Partner' }],
  );
  await addEvent(
    'Legal Aid Camp',
    {
      event_start_date: '2027-03-15',
      event_start_time: '09:00',
      event_end_date: '2027-03-15',
      event_end_time: '18:00',
      event_address: 'Kozhikode Town Hall',
    },
    [{ speaker_name: 'Adv. Sara Thomas', designation: 'Associate' }],
  );
  await addEvent(
    'Consumer Rights Seminar',
    {
      event_start_date: '2027-02-01',
      event_start_time: '10:00',
      event_end_date: '2027-02-01',
      event_end_time: '12:00',
      event_address: 'Online',
    },
    [{ speaker_name: 'Dr. Leela Das', designation: 'Professor' }],
  );
  await addEvent('Open House', {}, []);

  ids.adA = await addAd('Primary', '01/03/2027', '31/03/2027');
  ids.adB = await addAd('Secondary', '01/01/2027', '28/02/2027');
  ids.adC = await addAd('Primary', '01/04/2027', '30/04/2027');
  ids.adD = await addAd('Secondary', '10/03/2027', '20/03/2027');

  await ok('/api/vacancy/addVacancy', {
    json: { vacancy_title: 'Junior Associate', name_of_employment: 'Full-time', number_of_vacancy: 2 },
  });
  await ok('/api/vacancy/addVacancy', {
    json: { vacancy_title: 'Legal Intern', name_of_employment: 'Part-time', number_of_vacancy: 3 },
  });
  await ok('/api/vacancy/addVacancy', { json: { vacancy_title: 'Paralegal', name_of_employment: 'Full-time' } });

  await ok('/api/clientreview/addClientreviews', {
    json: { name: 'Anita Rao', profession: 'Teacher', message: 'Clear advice, quick replies.' },
  });
  await ok('/api/clientreview/addClientreviews', {
    json: { name: 'Vikram Shah', profession: 'Engineer', message: 'Very thorough.' },
  });
  for (const [name, address] of [
    ['Meera Harrow', 'Kochi'],
    ['Arjun Pillai', 'Chennai'],
    ['Nisha George', 'Kochi'],
  ]) {
    await ok('/api/ourteam/addTeam', { json: { name, address } });
  }
  await ok('/api/faqs/addFaqs', {
    json: { question: 'How do I book a consultation?', answer: 'Use the Book Now page and pick a time.' },
  });
  await ok('/api/faqs/addFaqs', {
    json: { question: 'Do you handle property disputes?', answer: 'Yes, including tenancy and partition suits.' },
  });
  await ok('/api/faqs/addFaqs', {
    json: { question: 'What documents should I bring?', answer: 'Identity proof and any notices you received.' },
  });
  await ok('/api/ourpatners/createPartner', { form: form({ partner_name: 'Kerala Traders Bank' }) });
  await ok('/api/ourpatners/createPartner', { form: form({ partner_name: 'Malabar Exports' }) });
  await ok('/api/gallery/addgallery', { form: await image('gallery_image', form({ title: 'Office Inauguration' })) });
  await ok('/api/gallery/addgallery', { form: await image('gallery_image', form({ title: 'Award Night' })) });
  await ok('/api/carousel/addcarousel', { form: await image('carousel_image') });
  await ok('/api/calendar/addCalendar', { form: await image('calendar_img') });
  await ok('/api/about/addAboutImage', { form: await image('about_img') });

  // No consultation API is needed here: the requests are rows of the consultations table.
  const db = s.services.store.db;
  const consult = (n: number, name: string, status: string, created: string) =>
    db
      .insertInto('consultations')
      .values({
        reference: `REF-${n}`,
        name,
        email: `c${n}@example.com`,
        contact_number: '+91 90000 0000' + n,
        legal_issue_summary: 'Boundary wall dispute',
        requested_at: '2027-03-18T11:00',
        status,
        created_at: created,
        updated_at: created,
      })
      .execute();
  await consult(1, 'Rahul Verma', 'new', new Date(2027, 2, 14, 9).toISOString());
  await consult(2, 'Fatima Khan', 'new', new Date(2027, 2, 12, 16).toISOString());
  await consult(3, 'John Mathew', 'replied', new Date(2027, 1, 20, 12).toISOString());
});
afterAll(() => s?.close());

const ask = (q: string) => s.app.assistant.builtin(q);

/** [question, strings the answer must contain, strings it must not contain] */
const TABLE: [string, string[], string[]?][] = [
  [
    'How many upcoming events?',
    ['There are 2 upcoming events', 'Law Day Conference 2027', 'Property Law Workshop', '/admin-side-bar/event'],
    ['Consumer Rights Seminar', 'Legal Aid Camp'],
  ],
  ['Which events are live right now?', ['1 live event', 'Legal Aid Camp'], ['Law Day Conference 2027']],
  ['how many past events', ['There is 1 past event', 'Consumer Rights Seminar'], ['Open House']],
  [
    'List the events this month',
    ['Law Day Conference 2027', 'Legal Aid Camp', '2 events this month'],
    ['Property Law Workshop', 'Consumer Rights Seminar'],
  ],
  ['How many events are there?', ['There are 5 events', 'Open House']],
  ['When is the next event?', ['The next event', 'Law Day Conference 2027', '20/03/2027 10:00 AM'], ['Legal Aid Camp']],
  ['Which ads expire this month?', ['2 ads expiring this month', 'Ad ADA ', 'Ad ADD '], ['Ad ADB ', 'Ad ADC ']],
  ['How many ads are showing today?', ['There are 2 ads showing today', 'Ad ADA ', 'Ad ADD '], ['Ad ADB ', 'Ad ADC ']],
  ['list expired ads', ['1 expired ad', 'Ad ADB (Secondary), 01/01/2027 to 28/02/2027'], ['Ad ADA ']],
  ['How many primary ads do we have', ['There are 2 Primary ads', '(4 ads in total.)']],
  [
    'List open vacancies',
    [
      '3 vacancies',
      'Junior Associate: Full-time, 2 openings',
      'Legal Intern: Part-time, 3 openings',
      'Paralegal',
      'Total openings: 5 (1 without a number)',
      '/admin-side-bar/vacancies',
    ],
  ],
  [
    'How many full-time vacancies are there?',
    ['There are 2 Full-time vacancies', 'Junior Associate', 'Paralegal'],
    ['Legal Intern'],
  ],
  [
    'How many new consultation requests?',
    ['There are 2 new consultation requests', 'Rahul Verma', 'Fatima Khan', '/admin-side-bar/consultations'],
    ['John Mathew'],
  ],
  [
    'how many consultation requests did we get this month',
    ['2 consultation requests received this month'],
    ['John Mathew'],
  ],
  ['How many consultations in total', ['There are 3 consultation requests']],
  [
    'How many blogs are there',
    ['There are 2 blogs', 'Understanding Mutual Consent Divorce (Family Law)', 'Bail Rights Explained (Criminal Law)'],
  ],
  [
    'Show blogs in Family Law',
    ['1 blog in Family Law', 'Understanding Mutual Consent Divorce'],
    ['Bail Rights Explained'],
  ],
  [
    'How many cases in Family Law?',
    ['There are 2 cases in Family Law', 'Custody of Minor Children', 'Divorce by Mutual Consent'],
    ['Anticipatory Bail'],
  ],
  ['How many cases are in Property Disputes', ['There are no cases in Property Disputes.', '(3 cases in total.)']],
  [
    'List case categories',
    ['3 case categories', 'Family Law', 'Criminal Law', 'Property Disputes', '/admin-side-bar/case-category'],
  ],
  ['how many team members do we have', ['There are 3 team members', 'Meera Harrow (Kochi)', 'Arjun Pillai (Chennai)']],
  ['How many FAQs are there?', ['There are 3 FAQs', 'Do you handle property disputes?', '/admin-side-bar/faqs']],
  ['How many partners?', ['There are 2 partners', 'Kerala Traders Bank', 'Malabar Exports']],
  ['How many client reviews', ['There are 2 client reviews', 'Anita Rao, Teacher']],
  ['How many gallery items are there', ['There are 2 gallery items', 'Office Inauguration', 'Award Night']],
  ['how many carousel slides', ['There is 1 carousel slide', '/admin-side-bar/carousel']],
  ['How many calendar images', ['There is 1 calendar image']],
  ['how many about images are there', ['There is 1 about image', '/admin-side-bar/about-img']],
  [
    'How many case details entries',
    ['There is 1 case details entry', 'Custody of Minor Children (Family Law): description'],
  ],
  [
    'How many speakers at the Law Day Conference 2027?',
    [
      'There are 2 speakers at Law Day Conference 2027',
      'Justice Anil Kumar (Judge)',
      'Adv. Priya Nair (Senior Advocate)',
    ],
    ['Ravi Menon'],
  ],
  ['Who are the speakers?', ['5 speakers', 'Across 4 events', 'Dr. Leela Das (Professor) at Consumer Rights Seminar']],
  [
    'When is the Property Law Workshop?',
    [
      "Event 'Property Law Workshop': 10/04/2027 9:30 AM to 10/04/2027 1:00 PM at Chennai Office",
      'Status: upcoming',
      'Speakers (1): Adv. Ravi Menon (Partner)',
    ],
  ],
  ['Tell me about the Junior Associate vacancy', ['Junior Associate: Full-time, 2 openings']],
  [
    'Tell me about Open House',
    [
      "Event 'Open House': no dates set",
      'No speakers yet.',
      "'Read More' link is hidden",
      'start date, start time, end date, end time, address, a speaker',
    ],
  ],
  ['Tell me about Family Law', ["Case category 'Family Law': 2 cases", '1 blog', `/our-case-details/ID:Family Law`]],
  ['How do I add a speaker to an event?', ['open Events (/admin-side-bar/event)', 'speaker', 'designation']],
  [
    'Why is my ad not showing?',
    [
      'between its start date and its expiry date, both included',
      'Today (15/03/2027) 2 ads are showing and 2 ads are hidden',
      'Ad ADB (Secondary), 01/01/2027 to 28/02/2027: expired',
      'Ad ADC (Primary), 01/04/2027 to 30/04/2027: not started yet',
    ],
  ],
  [
    'Why is the Read More link missing on my event?',
    [
      "'Read More' shows only when the event has start date, start time, end date, end time, address and at least one speaker",
      'Open House',
    ],
  ],
  ['Where do I change an FAQ answer?', ["FAQ's page, /admin-side-bar/faqs", 'edit icon']],
  [
    'What does "Please upload a blog image." mean?',
    ['/admin-side-bar/blog', "An image is required ('Please upload a blog image.')"],
  ],
  ['How do I log out?', ["'Yes,Logout'", 'Logged out successfully!!']],
  ['guardianship', ["Case details: 'Custody of Minor Children'", 'joint guardianship', '/admin-side-bar/case-details']],
  [
    'Do we have anything about the cooling-off period?',
    ["Blog: 'Understanding Mutual Consent Divorce'", 'cooling-off period', '/admin-side-bar/blog'],
  ],
  ['search tenancy', ["FAQ: 'Do you handle property disputes?'", '/admin-side-bar/faqs']],
  [
    'Give me an overview',
    [
      'Events: 5 events (2 upcoming, 1 live)',
      'Ads: 4 ads (2 showing today)',
      'Consultations: 3 consultation requests (2 new)',
    ],
  ],
  [
    'How many cases per category?',
    [
      'Cases per case category (3 in total)',
      '- Family Law: 2 cases',
      '- Criminal Law: 1 case',
      '- Property Disputes: 0 cases',
    ],
  ],
  ['Which events have no speakers?', ['1 event without speakers', 'Open House'], ['Legal Aid Camp']],
  ['delete a FAQ', ["FAQ's page, /admin-side-bar/faqs", "'Yes, Delete'"]],
  ['What can you do?', ['counts and lists for every section', 'I do not give legal advice']],
  ["What is the firm's phone number?", ['Phone numbers:', '/admin-side-bar/settings']],
];

describe('the built-in assistant answers from the seeded data', () => {
  it('has a table of at least 30 questions', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(30);
  });

  const fill = (t: string) =>
    t
      .replace('ADA', String(ids.adA))
      .replace('ADB', String(ids.adB))
      .replace('ADC', String(ids.adC))
      .replace('ADD', String(ids.adD))
      .replace('ID:Family Law', String(ids['Family Law']));

  it.each(TABLE)('%s', async (q, want, not = []) => {
    const a = await ask(q);
    for (const w of want) expect(a.text).toContain(fill(w));
    for (const n of not) expect(a.text).not.toContain(fill(n));
    expect(a.kind).not.toBe('unknown');
  });
});

describe('questions it cannot answer', () => {
  it.each([
    'What is the capital of France?',
    'Can you predict the stock market for next year?',
    'Can my landlord evict me without notice?',
    'qwzx plorf',
    'Is the site working?',
    '   ',
  ])('says so honestly and suggests what it can answer: %s', async (q) => {
    const a = await ask(q);
    expect(a.kind).toBe('unknown');
    expect(a.text).toContain("I couldn't find anything about that in the site's data");
    expect(a.text).toContain('how many upcoming events');
    expect(a.text).toContain('how do I add a speaker to an event');
  });
});

describe('personal data of clients', () => {
  it('keeps names of consultation requests out of the facts a language model may see', async () => {
    const a = await ask('list new consultation requests');
    expect(a.text).toContain('Rahul Verma');
    expect(a.facts).not.toContain('Rahul Verma');
    expect(a.facts).toContain('status new');
  });
});
