/**
 * The built-in assistant against data seeded through the API: every expected answer below is computed
 * from the rows this file adds (names, counts, dates), with today fixed at 15 March 2027, 10:00. Also:
 * every declared group and validation message is answerable, the index follows content and settings
 * changes (made here or by another instance), and legal advice is refused before anything else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../content/resources/index';
import { validationMessages } from '../../server/assistant/help.server';
import { pluralOf } from '../../server/assistant/knowledge.server';
import { bumpContentVersion } from '../../server/cluster/version';
import { call, startServer, type TestServer } from '../helpers/server';
import { file, jpgBytes, pngBytes } from '../helpers/files';
import { speakersField } from '../helpers/api-helpers';
import type { Speaker } from '../../content/resources/event';

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

async function addEvent(title: string, f: Record<string, string>, speakers: Partial<Speaker>[]) {
  const fd = form({ event_title: title, event_description: `${title} description`, ...f });
  fd.append('speakers', speakersField(...speakers));
  await image('event_image', fd);
  return (await ok('/api/event/addEvent', { form: fd })).event.event_id as number;
}

async function addAd(display: string, start: string, expiry: string) {
  const fd = form({ ads_display: display, start_date: start, expiry_date: expiry });
  await image('ads_image', fd);
  return (await ok('/api/ads/addAds', { form: fd })).ads.ads_id as number;
}

beforeAll(async () => {
  s = await startServer({ socket: false });
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

  // One-day events: title, day, from, to, address, speakers.
  const events: [string, string, string, string, string, Partial<Speaker>[]][] = [
    ['Law Day Conference 2027', '2027-03-20', '10:00', '17:00', 'Kochi Bar Hall', [
      { speaker_name: 'Justice Anil Kumar', designation: 'Judge' },
      { speaker_name: 'Adv. Priya Nair', designation: 'Senior Advocate' },
    ]],
    ['Property Law Workshop', '2027-04-10', '09:30', '13:00', 'Chennai Office', [{ speaker_name: 'Adv. Ravi Menon', designation: 'Partner' }]],
    ['Legal Aid Camp', '2027-03-15', '09:00', '18:00', 'Kozhikode Town Hall', [{ speaker_name: 'Adv. Sara Thomas', designation: 'Associate' }]],
    ['Consumer Rights Seminar', '2027-02-01', '10:00', '12:00', 'Online', [{ speaker_name: 'Dr. Leela Das', designation: 'Professor' }]],
  ];
  for (const [title, day, from, to, address, speakers] of events) {
    const when = { event_start_date: day, event_start_time: from, event_end_date: day, event_end_time: to };
    await addEvent(title, { ...when, event_address: address }, speakers);
  }
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
  ['Which events are live right now?', ['There is 1 event running now', 'Legal Aid Camp'], ['Law Day Conference 2027']],
  ['how many past events', ['There is 1 ended event', 'Consumer Rights Seminar'], ['Open House']],
  [
    'List the events this month',
    ['2 events this month', 'Law Day Conference 2027', 'Legal Aid Camp'],
    ['Property Law Workshop', 'Consumer Rights Seminar'],
  ],
  ['How many events are there?', ['There are 5 events', 'Open House']],
  [
    'When is the next event?',
    ['The next event', 'Law Day Conference 2027', 'Start Date: 20/03/2027'],
    ['Legal Aid Camp'],
  ],
  ['wen is the next evnet', ['The next event', 'Law Day Conference 2027']],
  ['Which ads run this month?', ['2 ads this month', 'Ad ADA,', 'Ad ADD,'], ['Ad ADB,', 'Ad ADC,']],
  ['How many ads are showing?', ['There are 2 ads running now', 'Ad ADA,', 'Ad ADD,'], ['Ad ADB,', 'Ad ADC,']],
  ['list expired ads', ['There is 1 ended ad', 'Ad ADB, 01/01/2027 to 28/02/2027 (ended)'], ['Ad ADA,']],
  ['How many primary ads do we have', ['There are 2 ads with Display Primary', '(4 ads in total.)']],
  [
    'List open vacancies',
    [
      '3 vacancies',
      'Junior Associate, Employment Type Full-time, Number of Vacancies 2',
      'Legal Intern, Employment Type Part-time, Number of Vacancies 3',
      'Paralegal',
      'Number of Vacancies in all: 5.',
      '/admin-side-bar/vacancies',
    ],
  ],
  [
    'How many full-time vacancies are there?',
    ['There are 2 vacancies with Employment Type Full-time', 'Junior Associate', 'Paralegal'],
    ['Legal Intern'],
  ],
  [
    'How many new consultation requests?',
    [
      'There are 2 consultation requests with Status new',
      'Rahul Verma',
      'Fatima Khan',
      '/admin-side-bar/consultations',
    ],
    ['John Mathew'],
  ],
  [
    'how many consultation requests did we get this month',
    ['There are 2 consultation requests this month'],
    ['John Mathew'],
  ],
  ['How many consultations in total', ['There are 3 consultation requests']],
  ['How many blogs are there', ['There are 2 blogs', 'Understanding Mutual Consent Divorce, Case Category Family Law']],
  [
    'Show blogs in Family Law',
    ['There is 1 blog with Case Category Family Law', 'Understanding Mutual Consent Divorce'],
    ['Bail Rights Explained'],
  ],
  [
    'How many cases in Family Law?',
    ['There are 2 cases with Case Category Family Law', 'Custody of Minor Children', 'Divorce by Mutual Consent'],
    ['Anticipatory Bail'],
  ],
  [
    'How many cases are in Property Disputes',
    ['There are no cases with Case Category Property Disputes.', '(3 cases in total.)'],
  ],
  [
    'List case categories',
    ['3 case categories', 'Family Law', 'Criminal Law', 'Property Disputes', '/admin-side-bar/case-category'],
  ],
  [
    'how many team members do we have',
    ['There are 3 team members', 'Meera Harrow, City Kochi', 'Arjun Pillai, City Chennai'],
  ],
  ['How many FAQs are there?', ['There are 3 FAQs', 'Do you handle property disputes?', '/admin-side-bar/faqs']],
  ['How many partners?', ['There are 2 partners', 'Kerala Traders Bank', 'Malabar Exports']],
  ['How many client reviews', ['There are 2 reviews', 'Anita Rao, Profession Teacher']],
  ['How many gallery items are there', ['There are 2 gallery items', 'Office Inauguration', 'Award Night']],
  ['how many carousel slides', ['There is 1 carousel', '/admin-side-bar/carousel']],
  ['how many about images are there', ['There is 1 about image', '/admin-side-bar/about-img']],
  [
    'Who is speaking at the Law Day Conference 2027?',
    ['Justice Anil Kumar', 'Adv. Priya Nair, Senior Advocate'],
    ['Ravi Menon'],
  ],
  [
    'When is the Property Law Workshop?',
    [
      "Event 'Property Law Workshop' (upcoming)",
      'Start Date: 10/04/2027',
      'Start Time: 9:30 AM',
      'Chennai Office',
      'Adv. Ravi Menon, Partner',
    ],
  ],
  [
    'Tell me about the Junior Associate vacancy',
    ["Vacancy 'Junior Associate'", 'Employment Type: Full-time', 'Number of Vacancies: 2'],
  ],
  ['Tell me about Family Law', ["Case category 'Family Law'", '/admin-side-bar/case-category']],
  [
    'How do I add a speaker to an event?',
    ['/admin-side-bar/event', 'Speakers are added in the event form', 'designation'],
  ],
  [
    'Why is my ad not showing?',
    [
      'between its start date and its expiry date, both included',
      'Where each stands today (15/03/2027): 2 of 4 ads running with every field filled; the others:',
      'Ad ADB: ended',
      'Ad ADC: not started yet',
    ],
    ['Ad ADA:'],
  ],
  [
    'Why is the Read More link missing on my event?',
    ['at least one speaker', 'Open House: missing Start Date, Start Time, End Date, End Time, Address, no speakers'],
  ],
  ['Where do I change an FAQ answer?', ["FAQ's page, /admin-side-bar/faqs", 'edit (pencil) icon']],
  [
    'What does "Please upload a blog image." mean?',
    ["'Please upload a blog image.' is shown on the Blogs page (/admin-side-bar/blog)"],
  ],
  ['How do I log out?', ["'Yes,Logout'"]],
  ['guardianship', ['joint guardianship', '/admin-side-bar/case-details']],
  [
    'Do we have anything about the cooling-off period?',
    ['Understanding Mutual Consent Divorce', '/admin-side-bar/blog'],
  ],
  ['search tenancy', ["FAQ 'Do you handle property disputes?'", '/admin-side-bar/faqs']],
  ['Give me an overview', ['Events: 5 events', 'Consultations: 3 consultation requests', 'Ads: 4 ads']],
  ['delete a FAQ', ["FAQ's page, /admin-side-bar/faqs", "'Yes, Delete'"]],
  ['What can you do?', ['counts and lists of every section', 'I do not give legal advice']],
  ["What is the firm's phone number?", ['Phone numbers:', '/admin-side-bar/settings']],
  ['What are our consultation hours?', ['Consultation hours:', '/admin-side-bar/settings'], ['Rahul Verma']],
];

describe('the built-in assistant answers from the seeded data', () => {
  const fill = (t: string) =>
    t
      .replace('ADA', String(ids.adA))
      .replace('ADB', String(ids.adB))
      .replace('ADC', String(ids.adC))
      .replace('ADD', String(ids.adD));

  it.each(TABLE)('%s', async (q, want, not = []) => {
    const a = await ask(q);
    for (const w of want) expect(a.text).toContain(fill(w));
    for (const n of not) expect(a.text).not.toContain(fill(n));
    expect(a.kind).not.toBe('unknown');
  });

  it('marks answers holding consultation requests as personal (never sent to a model)', async () => {
    expect((await ask('list new consultation requests')).personal).toBe(true);
    expect((await ask('How many FAQs are there?')).personal).toBeFalsy();
  });
});

describe('every declaration is answerable without assistant code of its own', () => {
  it.each(resources.map((r) => [r.admin.title, r] as const))('counts %s by its declared name', async (_, r) => {
    const a = await ask(`how many ${pluralOf(r.label)} are there?`);
    expect(a.kind).toBe('data');
    expect(a.text).toMatch(/^There (is|are) /);
    expect(a.text).toContain(`/admin-side-bar/${r.admin.path}`);
  });

  it('explains every validation message of every declaration, on its page', async () => {
    // A message several pages share ('Please select an image to update.') is explained on one of them.
    const pages = new Map<string, string[]>();
    for (const r of resources)
      for (const { message } of validationMessages(r))
        pages.set(message, [...(pages.get(message) ?? []), `${r.admin.title} page (/admin-side-bar/${r.admin.path})`]);
    expect(pages.size).toBeGreaterThanOrEqual(resources.length);
    for (const [message, on] of pages) {
      const a = await ask(`What does '${message}' mean?`);
      expect(
        on.some((p) => a.text.includes(`'${message}' is shown on the ${p}`)),
        `${message} → ${a.text}`,
      ).toBe(true);
    }
  });

  it('finds each message by probing the declaration, with what causes it', () => {
    const ads = validationMessages(resources.find((r) => r.key === 'ads')!);
    expect(ads).toContainEqual({
      message: 'All fields are required.',
      when: expect.stringContaining('if Start Date is missing'),
    });
    expect(ads.map((m) => m.message)).toContain('The expiry date must not be before the start date.');
  });
});

describe('the index follows changes', () => {
  it('answers from content added, through the API, after the last question', async () => {
    expect((await ask('faq about parking')).text).not.toContain('Is parking available?');
    await ok('/api/faqs/addFaqs', { json: { question: 'Is parking available?', answer: 'Yes, behind the office.' } });
    expect((await ask('faq about parking')).text).toContain('Is parking available?');
    expect((await ask('How many FAQs are there?')).text).toContain('There are 4 FAQs');
    // The rebuilt index still holds the help and the settings.
    expect((await ask('How do I add a new ad?')).text).toContain('Ads page, /admin-side-bar/ads');
    expect((await ask('What are our consultation hours?')).text).toContain('Consultation hours:');
  });

  it('leaves drafts out until they are published (the public reads)', async () => {
    const add = await call(s.url, '/api/faqs/addFaqs', {
      cookie,
      json: { question: 'Do you handle maritime disputes?', answer: 'Yes, at the port office.', status: 'draft' },
    });
    expect(add.status).toBe(200);
    const id = add.body.faq.faqs_id as number;
    expect((await ask('faq about maritime disputes')).text).not.toContain('maritime');
    expect((await ask('How many FAQs are there?')).text).toContain('There are 4 FAQs');
    const pub = await call(s.url, `/api/content/faqs/${id}/publish`, { cookie, json: {} });
    expect(pub.status).toBe(200);
    expect((await ask('faq about maritime disputes')).text).toContain('Do you handle maritime disputes?');
    expect((await ask('How many FAQs are there?')).text).toContain('There are 5 FAQs');
  });

  it('answers a new setting field by field: an office added in the settings', async () => {
    const settings = (await call(s.url, '/api/settings/getsettings')).body.settings;
    const offices = [
      ...settings.offices,
      { city: 'Mumbai', address: '1 Marine Drive, Mumbai 400020', phone: '+91 22 4000 7788' },
    ];
    const r = await call(s.url, '/api/settings/updatesettings', { cookie, json: { ...settings, offices } });
    expect(r.status).toBe(200);
    const a = await ask('phone number of the Bombay office');
    expect(a.text).toContain('+91 22 4000 7788');
    expect(a.text).toContain('/admin-side-bar/settings');
  });

  it('notices a write by another instance through the shared content version', async () => {
    const db = s.services.store.db;
    await db
      .insertInto('faqs')
      .values({
        question: 'Do you take legal aid cases?',
        answer: 'Yes, on Saturdays.',
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    expect((await ask('faq about legal aid cases')).text).not.toContain('on Saturdays');
    await bumpContentVersion(db);
    expect((await ask('faq about legal aid cases')).text).toContain('on Saturdays');
  });
});

describe('legal advice', () => {
  it.each([
    'My husband wants a divorce, what should I do legally?',
    'Can my landlord evict me without notice?',
    'Will I win my case against the builder?',
    'what are my chances of winning a custody case',
    'Should I file for divorce?',
    'Is it legal to record my boss without telling him?',
  ])('is refused first, with a pointer to a consultation: %s', async (q) => {
    const a = await ask(q);
    expect(a.kind).toBe('refusal');
    expect(a.text.split('\n')[0]).toContain("I can't give legal advice");
    expect(a.text).toContain('/book-consultation');
  });

  it('shows site content after the refusal only as what the site says', async () => {
    const a = await ask('My husband wants a divorce, what should I do legally?');
    const [refusal, label, item] = a.text.split('\n');
    expect(refusal).toContain("I can't give legal advice");
    expect(label).toBe('What the site says (general information, not advice):');
    expect(item).toMatch(/^- (Blog|Case|FAQ)/);
    expect(a.text).toContain('Mutual Consent');
  });

  it.each([
    'Should I add an image to the blog?',
    'What should I do if my ad is not showing?',
    'How do I add a case about divorce?',
  ])('does not refuse questions about running the site: %s', async (q) => {
    expect((await ask(q)).kind).not.toBe('refusal');
  });
});

describe('questions it cannot answer', () => {
  it.each(['What is the capital of France?', 'qwzx plorf', '   '])(
    'says so honestly and suggests what it can answer: %s',
    async (q) => {
      const a = await ask(q);
      expect(a.kind).toBe('unknown');
      expect(a.text).toContain("I couldn't find that in the site's data");
      expect(a.text).toContain('how many upcoming events');
    },
  );
});
