/** The spec's public reads (section 7) work without a session; unknown ids answer 404. */
import { describe, expect, it } from 'vitest';
import { signedInServer, type Json } from '../helpers/server';
import { api, multipart, sampleBytes, caseDetailsBody } from '../helpers/api-helpers';

const { s, cookie } = await signedInServer();
const b = await sampleBytes();
const addCategory = async (name: string): Promise<number> =>
  (await api(s.url, '/api/caseCategory/addcase', { cookie, json: { case_name: name } })).body.case.case_category_id;
const addCaseTo = async (category: number, title: string): Promise<number> =>
  (await api(s.url, '/api/cases/addcase', { cookie, json: { case_title_name: title, case_category_id: category } })).body.case.case_id;
const family = await addCategory('Family');
const empty = await addCategory('Empty');
const other = await addCategory('Other');
const custody = await addCaseTo(family, 'Custody');
await addCaseTo(family, 'Adoption');
await addCaseTo(other, 'Elsewhere');
const details = await api(s.url, '/api/casedetails/addcasedetails', {
  cookie,
  ...caseDetailsBody(family, custody, [b.pdf, 'order.pdf'], '<p>Joint custody granted.</p>'),
});
expect(details.status).toBe(200);
const blog = await api(s.url, '/api/blog/addblogs', {
  cookie,
  ...multipart({ title: 'Custody basics', case_category_id: String(family), description: '<p>Read this.</p>' }, { blog_image: [b.png, 'c.png'] }),
});
const blogId: number = blog.body.blog.blog_id;

describe('GET /api/about/getRecentAboutImage', () => {
  it('answers 404 while there is none, then the most recent about image without a session', async () => {
    expect((await api(s.url, '/api/about/getRecentAboutImage')).status).toBe(404);
    const first = await api(s.url, '/api/about/addAboutImage', { cookie, ...multipart({}, { about_img: [b.png, 'a.png'] }) });
    const second = await api(s.url, '/api/about/addAboutImage', { cookie, ...multipart({}, { about_img: [b.jpg, 'b.jpg'] }) });
    expect(first.status).toBe(200);
    const r = await api(s.url, '/api/about/getRecentAboutImage');
    expect(r.status).toBe(200);
    expect(r.body.about.about_img).toBe(second.body.about.about_img);
    expect((await fetch(`${s.url}/${r.body.about.about_img}`)).status).toBe(200);
  });
});

describe('POST /api/cases/getcasesByCategory', () => {
  it('lists the cases of a category given as a number, without a session', async () => {
    const r = await api(s.url, '/api/cases/getcasesByCategory', { json: { case_category_id: family } });
    expect(r.status).toBe(200);
    expect(r.body.cases.map((c: Json) => c.case_title_name).sort()).toEqual(['Adoption', 'Custody']);
    for (const c of r.body.cases) {
      expect(c.case_category_id).toBe(family);
      expect(c.case_id).toBeTypeOf('number');
    }
  });

  it('answers an empty list with the warning for a category without cases', async () => {
    const r = await api(s.url, '/api/cases/getcasesByCategory', { json: { case_category_id: empty } });
    expect(r.status).toBe(200);
    expect(r.body.cases).toEqual([]);
    expect(r.body.message).toBe('No case titles available for selected category.');
  });

  it('answers 400 without a category id', async () => {
    expect((await api(s.url, '/api/cases/getcasesByCategory', { json: {} })).status).toBe(400);
    expect((await api(s.url, '/api/cases/getcasesByCategory', { json: { case_category_id: 'abc' } })).status).toBe(400);
  });
});

describe('POST /api/casedetails/getCasedetailsByCaseId', () => {
  it('answers case[] for a case id sent as a string, without a session', async () => {
    const r = await api(s.url, '/api/casedetails/getCasedetailsByCaseId', { json: { case_id: String(custody) } });
    expect(r.status).toBe(200);
    expect(Array.isArray(r.body.case)).toBe(true);
    expect(r.body.case[0]).toMatchObject({
      case_id: custody,
      case_category_id: family,
      case_title_name: 'Custody',
      case_name: 'Family',
      case_content: '<p>Joint custody granted.</p>',
      case_file: expect.stringMatching(/^uploads\/casedetails\/[0-9a-f]{32}\.pdf$/),
    });
  });

  it('answers 404 for an unknown case id', async () => {
    expect((await api(s.url, '/api/casedetails/getCasedetailsByCaseId', { json: { case_id: '424242' } })).status).toBe(404);
  });
});

describe('POST /api/blog/getblogByid', () => {
  it('answers the blog with its category name, without a session', async () => {
    const r = await api(s.url, '/api/blog/getblogByid', { json: { blog_id: blogId } });
    expect(r.status).toBe(200);
    expect(r.body.blog).toMatchObject({ blog_id: blogId, title: 'Custody basics', case_category_id: family, case_name: 'Family' });
    const asString = await api(s.url, '/api/blog/getblogByid', { json: { blog_id: String(blogId) } });
    expect(asString.body.blog.blog_id).toBe(blogId);
  });

  it('answers 404 "Blog not found" for an unknown id', async () => {
    const r = await api(s.url, '/api/blog/getblogByid', { json: { blog_id: 424242 } });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('Blog not found');
  });
});

describe('public lists', () => {
  it.each([
    ['/api/calendar/getAllCalendarsInDesc', 'calendar'],
    ['/api/carousel/getallcarousel', 'carousels'],
    ['/api/ads/getallads', 'ads'],
    ['/api/caseCategory/getallcases', 'cases'],
    ['/api/clientreview/getallreviews', 'reviews'],
    ['/api/ourpatners/getAllPartners', 'partners'],
    ['/api/ourteam/getallourteam', 'team'],
    ['/api/blog/getblogs', 'blogs'],
    ['/api/event/getAllEvents', 'data'],
    ['/api/faqs/getallfaqs', 'faq'],
    ['/api/gallery/getallGallery', 'gallery'],
    ['/api/vacancy/getAllVacancyData', 'vacancies'],
  ])('GET %s answers %s[] without a session', async (p, key) => {
    const r = await api(s.url, p);
    expect(r.status).toBe(200);
    expect(Array.isArray(r.body[key])).toBe(true);
  });

  it('lists calendars newest first', async () => {
    const a = await api(s.url, '/api/calendar/addCalendar', { cookie, ...multipart({}, { calendar_img: [b.png, 'a.png'] }) });
    const c = await api(s.url, '/api/calendar/addCalendar', { cookie, ...multipart({}, { calendar_img: [b.png, 'b.png'] }) });
    const ids = (await api(s.url, '/api/calendar/getAllCalendarsInDesc')).body.calendar.map((x: Json) => x.calendar_id);
    expect(ids.indexOf(c.body.calendar.calendar_id)).toBeLessThan(ids.indexOf(a.body.calendar.calendar_id));
  });
});
