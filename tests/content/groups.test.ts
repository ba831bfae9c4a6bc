/**
 * Every content group over real HTTP with the session cookie: add → list → update → list → delete → list,
 * the spec's paths and response keys (section 7), the entity fields (section 3) and every validation
 * message of section 5. Paths, keys and messages are written here literally, from the spec, never read
 * from the implementation, so a wrong declaration fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { api, multipart, onDisk, sampleBytes, type Bytes, type Payload, speakersField } from '../helpers/api-helpers';
import { addEventWithSpeakers } from '../helpers/events';

interface Ctx {
  b: Bytes;
  /** A category with one case (the parents of cases, case details and blogs). */
  categoryId: number;
  caseId: number;
  /** A second category with its own case. */
  otherCategoryId: number;
  otherCaseId: number;
}

interface Invalid {
  name: string;
  mode: 'add' | 'update';
  payload(c: Ctx, id: number): Payload;
  message: string;
}

interface Group {
  name: string;
  paths: { add: string; list: string; update: string; delete: string };
  id: string;
  keys: { list: string; add: string; update: string };
  /** The list needs the session (admin-only list); public lists are read without it. */
  adminList?: boolean;
  /** Entity fields of section 3 every listed row carries. */
  fields: string[];
  add(c: Ctx): Payload;
  /** Values the added row must show. */
  added: Record<string, unknown>;
  update(c: Ctx, id: number): Payload;
  updated: Record<string, unknown>;
  invalid: Invalid[];
}

const img = (dir: string, ext = 'png') => new RegExp(`^uploads/${dir}/[0-9a-f]{32}\\.${ext}$`);
const doc = (dir: string, ext = 'pdf') => new RegExp(`^uploads/${dir}/[0-9a-f]{32}\\.${ext}$`);

const GROUPS: Group[] = [
  {
    name: 'carousel',
    paths: { add: '/carousel/addcarousel', list: '/carousel/getallcarousel', update: '/carousel/updateCarousel', delete: '/carousel/deletecarousel' },
    id: 'carousel_id',
    keys: { list: 'carousels', add: 'carousel', update: 'carousel' },
    fields: ['carousel_id', 'carousel_image'],
    add: (c) => multipart({}, { carousel_image: [c.b.png, 'slide.png'] }),
    added: { carousel_image: img('carousel') },
    update: (c, id) => multipart({ carousel_id: String(id) }, { carousel_image: [c.b.jpg, 'slide2.jpg'] }),
    updated: { carousel_image: img('carousel', 'jpg') },
    invalid: [
      { name: 'add without an image', mode: 'add', payload: () => multipart({}), message: 'Please fill the fields.' },
      { name: 'update without an image', mode: 'update', payload: (_c, id) => multipart({ carousel_id: String(id) }), message: 'Please fill the fields.' },
      { name: 'update without an id', mode: 'update', payload: (c) => multipart({}, { carousel_image: [c.b.png, 'x.png'] }), message: 'Please fill the fields.' },
    ],
  },
  {
    name: 'calendar',
    paths: { add: '/calendar/addCalendar', list: '/calendar/getAllCalendarsInDesc', update: '/calendar/updateCalendar', delete: '/calendar/deleteCalendarById' },
    id: 'calendar_id',
    keys: { list: 'calendar', add: 'calendar', update: 'calendar' },
    fields: ['calendar_id', 'calendar_img'],
    add: (c) => multipart({}, { calendar_img: [c.b.png, 'cal.png'] }),
    added: { calendar_img: img('calendar') },
    update: (c, id) => multipart({ calendar_id: String(id) }, { calendar_img: [c.b.jpg, 'cal.jpg'] }),
    updated: { calendar_img: img('calendar', 'jpg') },
    invalid: [
      { name: 'add without an image', mode: 'add', payload: () => multipart({}), message: 'Please select an image.' },
      { name: 'update without an image', mode: 'update', payload: (_c, id) => multipart({ calendar_id: String(id) }), message: 'Please select an image to update.' },
    ],
  },
  {
    name: 'about image',
    paths: { add: '/about/addAboutImage', list: '/about/getAllAboutImage', update: '/about/updateAboutById', delete: '/about/deleteAboutById' },
    id: 'about_id',
    keys: { list: 'abouts', add: 'about', update: 'updatedAbout' },
    adminList: true,
    fields: ['about_id', 'about_img'],
    add: (c) => multipart({}, { about_img: [c.b.png, 'about.png'] }),
    added: { about_img: img('about') },
    update: (c, id) => multipart({ about_id: String(id) }, { about_img: [c.b.png2, 'about2.png'] }),
    updated: { about_img: img('about') },
    invalid: [
      { name: 'add without an image', mode: 'add', payload: () => multipart({}), message: 'Please select an image to upload.' },
      { name: 'update without an image', mode: 'update', payload: (_c, id) => multipart({ about_id: String(id) }), message: 'Please select an image to update.' },
    ],
  },
  {
    name: 'case category',
    paths: { add: '/caseCategory/addcase', list: '/caseCategory/getallcases', update: '/caseCategory/updatecase', delete: '/caseCategory/deleteCase' },
    id: 'case_category_id',
    keys: { list: 'cases', add: 'case', update: 'case' },
    fields: ['case_category_id', 'case_name', 'case_image'],
    add: () => multipart({ case_name: 'Family Law' }),
    added: { case_name: 'Family Law', case_image: null },
    update: (c, id) => multipart({ case_category_id: String(id), case_name: 'Family & Divorce' }, { case_image: [c.b.png, 'fam.png'] }),
    updated: { case_name: 'Family & Divorce', case_image: img('casecategory') },
    invalid: [
      { name: 'add without a title', mode: 'add', payload: () => multipart({ case_name: '   ' }), message: 'Please enter a title.' },
      { name: 'update with a blank title', mode: 'update', payload: (_c, id) => multipart({ case_category_id: String(id), case_name: '' }), message: 'Please enter a title.' },
    ],
  },
  {
    name: 'cases',
    paths: { add: '/cases/addcase', list: '/cases/getallcases', update: '/cases/updatecase', delete: '/cases/deletecase' },
    id: 'case_id',
    keys: { list: 'cases', add: 'case', update: 'data' },
    adminList: true,
    fields: ['case_id', 'case_title_name', 'case_category_id', 'case_name'],
    add: (c) => ({ json: { case_title_name: 'Custody of two children', case_category_id: c.categoryId } }),
    added: { case_title_name: 'Custody of two children', case_name: 'Parent category' },
    update: (c, id) => ({ json: { case_id: id, case_title_name: 'Custody appeal', case_category_id: c.otherCategoryId } }),
    updated: { case_title_name: 'Custody appeal', case_name: 'Other category' },
    invalid: [
      { name: 'add without a title', mode: 'add', payload: (c) => ({ json: { case_title_name: '', case_category_id: c.categoryId } }), message: 'Please fill in all required fields' },
      { name: 'add without a category', mode: 'add', payload: () => ({ json: { case_title_name: 'A title' } }), message: 'Please fill in all required fields' },
      { name: 'update without an id', mode: 'update', payload: (c) => ({ json: { case_title_name: 'x', case_category_id: c.categoryId } }), message: 'Please fill in all required fields' },
      { name: 'update with a blank title', mode: 'update', payload: (c, id) => ({ json: { case_id: id, case_title_name: ' ', case_category_id: c.categoryId } }), message: 'Please fill in all required fields' },
    ],
  },
  {
    name: 'case details',
    paths: { add: '/casedetails/addcasedetails', list: '/casedetails/getcasedetails', update: '/casedetails/updateCasedetails', delete: '/casedetails/deletecasedetails' },
    id: 'case_details_id',
    keys: { list: 'cases', add: 'case', update: 'case' },
    adminList: true,
    fields: ['case_details_id', 'case_category_id', 'case_id', 'case_name', 'case_title_name', 'case_content', 'case_file'],
    add: (c) => multipart({ case_category_id: String(c.categoryId), case_id: String(c.caseId), case_content: '<p>The <strong>facts</strong></p>' }),
    added: { case_content: '<p>The <strong>facts</strong></p>', case_file: null, case_name: 'Parent category', case_title_name: 'Parent case' },
    update: (c, id) =>
      multipart(
        { case_details_id: String(id), case_category_id: String(c.otherCategoryId), case_id: String(c.otherCaseId), case_content: '<p></p>' },
        { case_file: [c.b.pdf, 'judgment.pdf'] },
      ),
    updated: { case_file: doc('casedetails'), case_name: 'Other category', case_title_name: 'Other case' },
    invalid: [
      {
        name: 'add with neither a file nor a description',
        mode: 'add',
        payload: (c) => multipart({ case_category_id: String(c.categoryId), case_id: String(c.caseId) }),
        message: 'Please upload a file or enter a description (at least one)',
      },
      {
        name: 'add with an empty rich-text description',
        mode: 'add',
        payload: (c) => multipart({ case_category_id: String(c.categoryId), case_id: String(c.caseId), case_content: '<p><br></p><p>&nbsp;</p>' }),
        message: 'Please upload a file or enter a description (at least one)',
      },
      {
        name: 'add with a case title of another category',
        mode: 'add',
        payload: (c) => multipart({ case_category_id: String(c.categoryId), case_id: String(c.otherCaseId), case_content: '<p>x</p>' }),
        message: 'Selected case title is invalid',
      },
      {
        name: 'add with an unknown case title',
        mode: 'add',
        payload: (c) => multipart({ case_category_id: String(c.categoryId), case_id: '987654', case_content: '<p>x</p>' }),
        message: 'Selected case title is invalid',
      },
      {
        name: 'update to a case title of another category',
        mode: 'update',
        payload: (c, id) => multipart({ case_details_id: String(id), case_category_id: String(c.categoryId), case_id: String(c.otherCaseId), case_content: '<p>x</p>' }),
        message: 'Selected case title is invalid',
      },
    ],
  },
  {
    name: 'blog',
    paths: { add: '/blog/addblogs', list: '/blog/getblogs', update: '/blog/updateBlog', delete: '/blog/deleteblog' },
    id: 'blog_id',
    keys: { list: 'blogs', add: 'blog', update: 'blog' },
    fields: ['blog_id', 'title', 'case_category_id', 'case_name', 'description', 'blog_image', 'blog_file'],
    add: (c) =>
      multipart(
        { title: 'Know your rights', case_category_id: String(c.categoryId), description: '<p>Tenants have <em>rights</em>.</p>' },
        { blog_image: [c.b.jpg, 'cover.jpg'] },
      ),
    added: { title: 'Know your rights', case_name: 'Parent category', description: '<p>Tenants have <em>rights</em>.</p>', blog_image: img('blog', 'jpg'), blog_file: null },
    update: (c, id) =>
      multipart(
        { blog_id: String(id), title: 'Know your rights (2nd ed.)', case_category_id: String(c.categoryId), description: '<p>Tenants have <em>rights</em>.</p>' },
        { blog_file: [c.b.docx, 'rights.docx'] },
      ),
    updated: { title: 'Know your rights (2nd ed.)', description: '<p>Tenants have <em>rights</em>.</p>', blog_image: img('blog', 'jpg'), blog_file: doc('blog', 'docx') },
    invalid: [
      {
        name: 'add without a title',
        mode: 'add',
        payload: (c) => multipart({ case_category_id: String(c.categoryId), description: '<p>x</p>' }, { blog_image: [c.b.png, 'a.png'] }),
        message: 'Please fill in the blog title and case category.',
      },
      {
        name: 'add without a category',
        mode: 'add',
        payload: (c) => multipart({ title: 'T', description: '<p>x</p>' }, { blog_image: [c.b.png, 'a.png'] }),
        message: 'Please fill in the blog title and case category.',
      },
      {
        name: 'add with neither description nor file',
        mode: 'add',
        payload: (c) => multipart({ title: 'T', case_category_id: String(c.categoryId), description: '<p></p>' }, { blog_image: [c.b.png, 'a.png'] }),
        message: 'Please provide a blog description or upload a file.',
      },
      {
        name: 'add without an image',
        mode: 'add',
        payload: (c) => multipart({ title: 'T', case_category_id: String(c.categoryId), description: '<p>x</p>' }),
        message: 'Please upload a blog image.',
      },
      {
        name: 'update without a blog id',
        mode: 'update',
        payload: (c) => multipart({ title: 'T', case_category_id: String(c.categoryId), description: '<p>x</p>' }),
        message: 'No blog selected for update.',
      },
    ],
  },
  {
    name: 'event',
    paths: { add: '/event/addEvent', list: '/event/getAllEvents', update: '/event/updateevent', delete: '/event/deleteEvent' },
    id: 'event_id',
    keys: { list: 'data', add: 'event', update: 'event' },
    fields: [
      'event_id',
      'event_title',
      'event_description',
      'event_image',
      'event_start_date',
      'event_start_time',
      'event_end_date',
      'event_end_time',
      'event_address',
      'speakers',
    ],
    add: (c) =>
      multipart(
        {
          event_title: 'Legal Aid Camp',
          event_description: 'Free advice for everyone',
          event_start_date: '2030-05-01',
          event_start_time: '09:30',
          event_end_date: '2030-05-01',
          event_end_time: '17:00',
          event_address: 'Town Hall, Kochi',
          speakers: speakersField({ speaker_name: 'Adv. Rao', designation: 'Senior Counsel', date: '2030-05-01', from_time: '10:00', to_time: '11:00' }, {}),
        },
        { event_image: [c.b.png, 'camp.png'], speaker_image_0: [c.b.jpg, 'rao.jpg'] },
      ),
    added: { event_title: 'Legal Aid Camp', event_start_time: '09:30', event_address: 'Town Hall, Kochi', event_image: img('event') },
    update: (_c, id) => multipart({ event_id: String(id), event_title: 'Legal Aid Camp 2030', event_description: 'Free advice for everyone', event_address: '' }),
    updated: { event_title: 'Legal Aid Camp 2030', event_description: 'Free advice for everyone', event_address: null, event_image: img('event') },
    invalid: [
      {
        name: 'add without an image or video',
        mode: 'add',
        payload: () => multipart({ event_title: 'T', event_description: 'D' }),
        message: 'Please provide Title, Description, and an image or video.',
      },
      {
        name: 'add without a description',
        mode: 'add',
        payload: (c) => multipart({ event_title: 'T' }, { event_image: [c.b.png, 'e.png'] }),
        message: 'Please provide Title, Description, and an image or video.',
      },
      {
        name: 'update with a blank title',
        mode: 'update',
        payload: (_c, id) => multipart({ event_id: String(id), event_title: ' ' }),
        message: 'Please provide Title, Description, and an image or video.',
      },
    ],
  },
  {
    name: 'client review',
    paths: { add: '/clientreview/addClientreviews', list: '/clientreview/getallreviews', update: '/clientreview/updateReview', delete: '/clientreview/deleteReview' },
    id: 'client_review_id',
    keys: { list: 'reviews', add: 'reviews', update: 'updatedreview' },
    fields: ['client_review_id', 'name', 'profession', 'message'],
    add: () => ({ json: { name: 'Anita', profession: 'Teacher', message: 'Clear and kind advice.' } }),
    added: { name: 'Anita', profession: 'Teacher', message: 'Clear and kind advice.' },
    update: (_c, id) => ({ json: { client_review_id: id, name: 'Anita K.', profession: 'Teacher', message: 'Clear advice.' } }),
    updated: { name: 'Anita K.', message: 'Clear advice.' },
    invalid: [
      { name: 'add without a profession', mode: 'add', payload: () => ({ json: { name: 'A', message: 'M' } }), message: 'Please fill all the fields' },
      { name: 'add with a blank feedback', mode: 'add', payload: () => ({ json: { name: 'A', profession: 'P', message: '  ' } }), message: 'Please fill all the fields' },
      { name: 'update with a blank name', mode: 'update', payload: (_c, id) => ({ json: { client_review_id: id, name: '' } }), message: 'Please fill all the fields' },
    ],
  },
  {
    name: 'team',
    paths: { add: '/ourteam/addTeam', list: '/ourteam/getallourteam', update: '/ourteam/updateTeam', delete: '/ourteam/deleteTeam' },
    id: 'team_id',
    keys: { list: 'team', add: 'team', update: 'updatedTeam' },
    fields: ['team_id', 'name', 'address'],
    add: () => ({ json: { name: 'Rahul Menon', address: 'Kochi' } }),
    added: { name: 'Rahul Menon', address: 'Kochi' },
    update: (_c, id) => ({ json: { team_id: id, name: 'Rahul Menon', address: 'Chennai' } }),
    updated: { address: 'Chennai' },
    invalid: [
      { name: 'add with a blank city', mode: 'add', payload: () => ({ json: { name: 'R', address: '   ' } }), message: 'Please fill in all fields.' },
      { name: 'add without a name', mode: 'add', payload: () => ({ json: { address: 'Kochi' } }), message: 'Please fill in all fields.' },
      { name: 'update with a blank name', mode: 'update', payload: (_c, id) => ({ json: { team_id: id, name: ' ', address: 'Kochi' } }), message: 'Please fill in all fields.' },
    ],
  },
  {
    name: 'FAQ',
    paths: { add: '/faqs/addFaqs', list: '/faqs/getallfaqs', update: '/faqs/updatefaqs', delete: '/faqs/deletefaq' },
    id: 'faqs_id',
    keys: { list: 'faq', add: 'faq', update: 'faq' },
    fields: ['faqs_id', 'question', 'answer'],
    add: () => ({ json: { question: 'Do you take cases outside Kerala?', answer: 'Yes, through our Bengaluru and Chennai offices.' } }),
    added: { question: 'Do you take cases outside Kerala?' },
    update: (_c, id) => ({ json: { faqs_id: id, question: 'Do you work outside Kerala?', answer: 'Yes.' } }),
    updated: { question: 'Do you work outside Kerala?', answer: 'Yes.' },
    invalid: [
      { name: 'add without an answer', mode: 'add', payload: () => ({ json: { question: 'Q?' } }), message: 'Please fill in both the question and description.' },
      { name: 'update with a blank question', mode: 'update', payload: (_c, id) => ({ json: { faqs_id: id, question: '', answer: 'A' } }), message: 'Please fill in both the question and description.' },
    ],
  },
  {
    name: 'partner',
    paths: { add: '/ourpatners/createPartner', list: '/ourpatners/getAllPartners', update: '/ourpatners/updatePartner', delete: '/ourpatners/deletepartner' },
    id: 'partner_id',
    keys: { list: 'partners', add: 'partners', update: 'partners' },
    fields: ['partner_id', 'partner_name', 'partner_image'],
    add: () => multipart({ partner_name: 'Kerala Bar Association' }),
    added: { partner_name: 'Kerala Bar Association', partner_image: null },
    update: (c, id) => multipart({ partner_id: String(id), partner_name: '' }, { partner_image: [c.b.png, 'logo.png'] }),
    updated: { partner_name: null, partner_image: img('partners') },
    invalid: [
      { name: 'add with neither name nor logo', mode: 'add', payload: () => multipart({ partner_name: ' ' }), message: 'Please provide either a partner name or logo.' },
      {
        name: 'update clearing the name of a partner without a logo',
        mode: 'update',
        payload: (_c, id) => multipart({ partner_id: String(id), partner_name: '' }),
        message: 'Please update either the partner name or logo.',
      },
    ],
  },
  {
    name: 'ad',
    paths: { add: '/ads/addAds', list: '/ads/getallads', update: '/ads/UpdateAds', delete: '/ads/deleteads' },
    id: 'ads_id',
    keys: { list: 'ads', add: 'ads', update: 'ads' },
    fields: ['ads_id', 'id', 'ads_image', 'ads_display', 'start_date', 'expiry_date'],
    add: (c) => multipart({ ads_display: 'Primary', start_date: '01/02/2030', expiry_date: '28/02/2030' }, { ads_image: [c.b.png, 'ad.png'] }),
    added: { ads_display: 'Primary', start_date: '2030-02-01', expiry_date: '2030-02-28', ads_image: img('ads') },
    update: (c, id) =>
      multipart({ ads_id: String(id), ads_display: 'Secondary', start_date: '5/3/2030', expiry_date: '31/12/2030' }, { ads_image: [c.b.jpg, 'ad.jpg'] }),
    updated: { ads_display: 'Secondary', start_date: '2030-03-05', expiry_date: '2030-12-31', ads_image: img('ads', 'jpg') },
    invalid: [
      {
        name: 'add without a display type',
        mode: 'add',
        payload: (c) => multipart({ start_date: '01/02/2030', expiry_date: '28/02/2030' }, { ads_image: [c.b.png, 'ad.png'] }),
        message: 'All fields are required.',
      },
      {
        name: 'add without an expiry date',
        mode: 'add',
        payload: (c) => multipart({ ads_display: 'Primary', start_date: '01/02/2030' }, { ads_image: [c.b.png, 'ad.png'] }),
        message: 'All fields are required.',
      },
      { name: 'add without an image', mode: 'add', payload: () => multipart({ ads_display: 'Primary', start_date: '01/02/2030', expiry_date: '28/02/2030' }), message: 'All fields are required.' },
      {
        name: 'update without an image',
        mode: 'update',
        payload: (_c, id) => multipart({ ads_id: String(id), ads_display: 'Primary', start_date: '01/02/2030', expiry_date: '28/02/2030' }),
        message: 'All fields are required.',
      },
    ],
  },
  {
    name: 'gallery',
    paths: { add: '/gallery/addgallery', list: '/gallery/getallGallery', update: '/gallery/updateGallery', delete: '/gallery/deletegallery' },
    id: 'gallery_id',
    keys: { list: 'gallery', add: 'gallery', update: 'gallery' },
    fields: ['gallery_id', 'title', 'gallery_image'],
    add: (c) => multipart({ title: 'Office opening' }, { gallery_image: [c.b.png, 'g.png'] }),
    added: { title: 'Office opening', gallery_image: img('gallery') },
    update: (_c, id) => multipart({ gallery_id: String(id), title: 'Kochi office opening' }),
    updated: { title: 'Kochi office opening', gallery_image: img('gallery') },
    invalid: [
      { name: 'add without a title', mode: 'add', payload: (c) => multipart({ title: '' }, { gallery_image: [c.b.png, 'g.png'] }), message: 'Please select an image and enter a title.' },
      { name: 'add without an image', mode: 'add', payload: () => multipart({ title: 'T' }), message: 'Please select an image and enter a title.' },
      { name: 'update with a blank title', mode: 'update', payload: (_c, id) => multipart({ gallery_id: String(id), title: ' ' }), message: 'Title is required.' },
    ],
  },
  {
    name: 'vacancy',
    paths: { add: '/vacancy/addVacancy', list: '/vacancy/getAllVacancyData', update: '/vacancy/updateVacancy', delete: '/vacancy/deleteVacancy' },
    id: 'vacancy_id',
    keys: { list: 'vacancies', add: 'vacancy', update: 'updatedVacancy' },
    fields: ['vacancy_id', 'vacancy_title', 'name_of_employment', 'number_of_vacancy'],
    add: () => ({ json: { vacancy_title: 'Junior Associate', name_of_employment: 'Full-time', number_of_vacancy: 2 } }),
    added: { vacancy_title: 'Junior Associate', name_of_employment: 'Full-time', number_of_vacancy: 2 },
    update: (_c, id) => ({ json: { vacancy_id: id, vacancy_title: 'Junior Associate', name_of_employment: 'Part-time', number_of_vacancy: '' } }),
    updated: { name_of_employment: 'Part-time', number_of_vacancy: null },
    invalid: [
      { name: 'add without an employment type', mode: 'add', payload: () => ({ json: { vacancy_title: 'Clerk', number_of_vacancy: 1 } }), message: 'Please fill all the fields' },
      { name: 'update with a blank title', mode: 'update', payload: (_c, id) => ({ json: { vacancy_id: id, vacancy_title: ' ' } }), message: 'Please fill all the fields' },
    ],
  },
];

let s: TestServer;
let cookie: string;
const ctx = {} as Ctx;

beforeAll(async () => {
  // This file makes a few hundred writes in one session within a minute; the per-session write limit
  // has its own test (abuse.test.ts), so it is off here.
  s = await startServer({ socket: false, env: { ADMIN_WRITE_RATE_LIMIT: '0' } });
  cookie = await s.login();
  ctx.b = await sampleBytes();
  const cat = await api(s.url, '/api/caseCategory/addcase', { cookie, json: { case_name: 'Parent category' } });
  ctx.categoryId = cat.body.case.case_category_id;
  const other = await api(s.url, '/api/caseCategory/addcase', { cookie, json: { case_name: 'Other category' } });
  ctx.otherCategoryId = other.body.case.case_category_id;
  ctx.caseId = (await api(s.url, '/api/cases/addcase', { cookie, json: { case_title_name: 'Parent case', case_category_id: ctx.categoryId } })).body.case.case_id;
  ctx.otherCaseId = (await api(s.url, '/api/cases/addcase', { cookie, json: { case_title_name: 'Other case', case_category_id: ctx.otherCategoryId } })).body.case
    .case_id;
});
afterAll(() => s.close());

it('covers all fifteen content groups', () => {
  expect(GROUPS).toHaveLength(15);
});

/** The stored file paths a row holds (top-level file fields and speakers' photos). */
function filesOf(row: Record<string, unknown>): string[] {
  const out = Object.values(row).filter((v): v is string => typeof v === 'string' && v.startsWith('uploads/'));
  for (const sp of (row.speakers as { image: string }[] | undefined) ?? []) if (sp.image) out.push(sp.image);
  return out;
}

function expectRow(row: Record<string, unknown>, expected: Record<string, unknown>) {
  for (const [k, v] of Object.entries(expected)) {
    if (v instanceof RegExp) expect(row[k], k).toMatch(v);
    else expect(row[k], k).toEqual(v);
  }
}

describe.each(GROUPS)('$name', (g) => {
  const list = async () => {
    const r = await api(s.url, `/api${g.paths.list}`, g.adminList ? { cookie } : {});
    expect(r.status).toBe(200);
    expect(Array.isArray(r.body[g.keys.list]), `list key ${g.keys.list}`).toBe(true);
    return r.body[g.keys.list] as Record<string, unknown>[];
  };
  const find = async (id: number) => (await list()).find((row) => row[g.id] === id);

  it(`adds, lists, updates, lists, deletes and lists with the spec's keys (${g.keys.add}, ${g.keys.list}, ${g.keys.update})`, async () => {
    const add = await api(s.url, `/api${g.paths.add}`, { cookie, payload: g.add(ctx) });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const added = add.body[g.keys.add];
    expect(added, `add answers the row under "${g.keys.add}"`).toBeTypeOf('object');
    expect(added[g.id]).toBeTypeOf('number');
    expectRow(added, g.added);
    const id = added[g.id] as number;
    const addedFiles = filesOf(added);
    for (const f of addedFiles) expect(onDisk(s.dataDir, f), `${f} stored`).toBe(true);

    const listed = await find(id);
    expect(listed, 'the new row is listed').toBeDefined();
    for (const f of g.fields) expect(listed, `listed rows carry ${f}`).toHaveProperty(f);
    expectRow(listed!, g.added);

    const upd = await api(s.url, `/api${g.paths.update}`, { cookie, payload: g.update(ctx, id) });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    const updated = upd.body[g.keys.update];
    expect(updated, `update answers the row under "${g.keys.update}"`).toBeTypeOf('object');
    expect(updated[g.id]).toBe(id);
    expectRow(updated, g.updated);
    const relisted = await find(id);
    expectRow(relisted!, g.updated);

    // A replaced file is gone from disk; a kept one stays.
    const nowFiles = filesOf(updated);
    for (const f of addedFiles) expect(onDisk(s.dataDir, f), `${f} ${nowFiles.includes(f) ? 'kept' : 'removed'}`).toBe(nowFiles.includes(f));
    for (const f of nowFiles) expect(onDisk(s.dataDir, f), `${f} stored`).toBe(true);

    const del = await api(s.url, `/api${g.paths.delete}`, { cookie, json: { [g.id]: id } });
    expect(del.status).toBe(200);
    expect(await find(id), 'the deleted row is no longer listed').toBeUndefined();
    for (const f of nowFiles) expect(onDisk(s.dataDir, f), `${f} removed with its row`).toBe(false);
  });

  it('answers 404 for an unknown id on update and delete', async () => {
    const upd = await api(s.url, `/api${g.paths.update}`, { cookie, json: { [g.id]: 999_999 } });
    expect(upd.status).toBe(404);
    const del = await api(s.url, `/api${g.paths.delete}`, { cookie, json: { [g.id]: 999_999 } });
    expect(del.status).toBe(404);
  });

  it.each(g.invalid)('rejects $name with "$message"', async (inv) => {
    let id = 0;
    if (inv.mode === 'update') {
      const add = await api(s.url, `/api${g.paths.add}`, { cookie, payload: g.add(ctx) });
      expect(add.status).toBe(200);
      id = add.body[g.keys.add][g.id];
    }
    const before = (await list()).length;
    const r = await api(s.url, `/api${inv.mode === 'add' ? g.paths.add : g.paths.update}`, { cookie, payload: inv.payload(ctx, id) });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(inv.message);
    expect((await list()).length, 'nothing was added').toBe(before);
    if (id) {
      expect((await api(s.url, `/api${g.paths.delete}`, { cookie, json: { [g.id]: id } })).status).toBe(200);
    }
  });
});

describe('group specifics', () => {
  it('lists ads with id as well as ads_id, dates as ISO', async () => {
    const add = await api(s.url, '/api/ads/addAds', {
      cookie,
      ...multipart({ ads_display: 'secondary', start_date: '1/1/2031', expiry_date: '01/01/2031' }, { ads_image: [ctx.b.png, 'a.png'] }),
    });
    expect(add.status).toBe(200);
    expect(add.body.ads).toMatchObject({ ads_display: 'Secondary', start_date: '2031-01-01', expiry_date: '2031-01-01' });
    const list = (await api(s.url, '/api/ads/getallads')).body.ads as Record<string, unknown>[];
    const row = list.find((a) => a.ads_id === add.body.ads.ads_id)!;
    expect(row.id).toBe(row.ads_id);
    await api(s.url, '/api/ads/deleteads', { cookie, json: { ads_id: row.ads_id } });
  });

  it('refuses an ad date that is not a DD/MM/YYYY date', async () => {
    const r = await api(s.url, '/api/ads/addAds', {
      cookie,
      ...multipart({ ads_display: 'Primary', start_date: '31/02/2030', expiry_date: '01/03/2030' }, { ads_image: [ctx.b.png, 'a.png'] }),
    });
    expect(r.status).toBe(400);
  });

  it('drops entirely empty speaker rows and keeps a speaker photo whose path is repeated', async () => {
    const add = await addEventWithSpeakers(
      s.url,
      cookie,
      {
        title: 'Moot court',
        description: 'Students argue',
        speakers: [{}, { speaker_name: 'Judge Iyer', designation: 'Retd. Justice' }, { speaker_name: ' ' }],
      },
      { event_image: [ctx.b.png, 'm.png'], speaker_image_1: [ctx.b.jpg, 'iyer.jpg'] },
    );
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const ev = add.body.event;
    expect(ev.speakers).toHaveLength(1);
    expect(ev.speakers[0]).toMatchObject({ speaker_name: 'Judge Iyer', designation: 'Retd. Justice', image: img('speakers', 'jpg') });
    for (const f of ['speaker_name', 'designation', 'date', 'from_time', 'to_time', 'image']) expect(ev.speakers[0]).toHaveProperty(f);
    const photo = ev.speakers[0].image as string;

    // Resending the list with the stored path keeps the photo; adding a second speaker with a photo.
    const upd = await api(s.url, '/api/event/updateevent', {
      cookie,
      ...multipart(
        {
          event_id: String(ev.event_id),
          event_title: 'Moot court',
          event_description: 'Students argue',
          speakers: JSON.stringify([
            { ...ev.speakers[0], designation: 'Former Justice' },
            { speaker_name: 'Adv. Das', designation: '', date: '2030-01-01', from_time: '9:00', to_time: '10:15', image: '' },
          ]),
        },
        { speaker_image_1: [ctx.b.png, 'das.png'] },
      ),
    });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(upd.body.event.speakers).toHaveLength(2);
    expect(upd.body.event.speakers[0]).toMatchObject({ designation: 'Former Justice', image: photo });
    expect(upd.body.event.speakers[1]).toMatchObject({ from_time: '09:00', to_time: '10:15', image: img('speakers') });
    expect(onDisk(s.dataDir, photo)).toBe(true);
    const second = upd.body.event.speakers[1].image as string;

    // Dropping the first speaker removes its photo from disk.
    const upd2 = await api(s.url, '/api/event/updateevent', {
      cookie,
      ...multipart({
        event_id: String(ev.event_id),
        event_title: 'Moot court',
        event_description: 'Students argue',
        speakers: JSON.stringify([upd.body.event.speakers[1]]),
      }),
    });
    expect(upd2.status).toBe(200);
    expect(upd2.body.event.speakers).toHaveLength(1);
    expect(onDisk(s.dataDir, photo)).toBe(false);
    expect(onDisk(s.dataDir, second)).toBe(true);

    // Deleting the event removes the remaining speaker's photo and the event image.
    await api(s.url, '/api/event/deleteEvent', { cookie, json: { event_id: ev.event_id } });
    expect(onDisk(s.dataDir, second)).toBe(false);
    expect(onDisk(s.dataDir, ev.event_image)).toBe(false);
  });

  it('keeps the stored value of an optional field absent from an update; a required one absent is refused', async () => {
    const add = await api(s.url, '/api/vacancy/addVacancy', { cookie, json: { vacancy_title: 'Clerk', name_of_employment: 'Full-time', number_of_vacancy: '3' } });
    expect(add.body.vacancy.number_of_vacancy).toBe(3);
    const id = add.body.vacancy.vacancy_id;
    const upd = await api(s.url, '/api/vacancy/updateVacancy', { cookie, json: { vacancy_id: id, vacancy_title: 'Senior Clerk', name_of_employment: 'Part-time' } });
    expect(upd.status).toBe(200);
    expect(upd.body.updatedVacancy).toMatchObject({ vacancy_title: 'Senior Clerk', name_of_employment: 'Part-time', number_of_vacancy: 3 });
    const missing = await api(s.url, '/api/vacancy/updateVacancy', { cookie, json: { vacancy_id: id, vacancy_title: 'Head Clerk' } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please fill all the fields');
  });

  it('removes a stored optional file with remove_<field>', async () => {
    const add = await api(s.url, '/api/caseCategory/addcase', { cookie, ...multipart({ case_name: 'Tax' }, { case_image: [ctx.b.png, 't.png'] }) });
    const path = add.body.case.case_image as string;
    expect(onDisk(s.dataDir, path)).toBe(true);
    const upd = await api(s.url, '/api/caseCategory/updatecase', {
      cookie,
      json: { case_category_id: add.body.case.case_category_id, case_name: 'Tax', remove_case_image: 'true' },
    });
    expect(upd.status).toBe(200);
    expect(upd.body.case).toMatchObject({ case_name: 'Tax', case_image: null });
    expect(onDisk(s.dataDir, path)).toBe(false);
  });

  it('refuses to delete a category still used by cases (409) and keeps it', async () => {
    const r = await api(s.url, '/api/caseCategory/deleteCase', { cookie, json: { case_category_id: ctx.categoryId } });
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(/cases/i);
    const cats = (await api(s.url, '/api/caseCategory/getallcases')).body.cases as Record<string, unknown>[];
    expect(cats.some((c) => c.case_category_id === ctx.categoryId)).toBe(true);
  });

  it('accepts ids sent as strings and answers 400 without an id on delete', async () => {
    const add = await api(s.url, '/api/faqs/addFaqs', { cookie, json: { question: 'q', answer: 'a' } });
    expect((await api(s.url, '/api/faqs/deletefaq', { cookie, json: {} })).status).toBe(400);
    expect((await api(s.url, '/api/faqs/deletefaq', { cookie, json: { faqs_id: String(add.body.faq.faqs_id) } })).status).toBe(200);
  });
});
