import { describe, expect, it } from 'vitest';
import { call, signedInServer } from '../helpers/server';
import { file, pdfBytes, pngBytes } from '../helpers/files';
import { speakersField } from '../helpers/api-helpers';

const { s, cookie } = await signedInServer();

describe('FAQ group over HTTP', () => {
  it('adds, lists, updates and deletes with the spec keys', async () => {
    const add = await call(s.url, '/api/faqs/addFaqs', { cookie, json: { question: 'Q1?', answer: 'A1' } });
    expect(add.status).toBe(200);
    expect(add.body.faq).toMatchObject({ question: 'Q1?', answer: 'A1' });
    const id = add.body.faq.faqs_id;
    const upd = await call(s.url, '/api/faqs/updatefaqs', { cookie, json: { faqs_id: id, question: 'Q2?', answer: 'A2' } });
    expect(upd.body.faq.question).toBe('Q2?');
    const list = await call(s.url, '/api/faqs/getallfaqs');
    expect(list.body.faq).toHaveLength(1);
    const del = await call(s.url, '/api/faqs/deletefaq', { cookie, json: { faqs_id: id } });
    expect(del.status).toBe(200);
    expect((await call(s.url, '/api/faqs/getallfaqs')).body.faq).toHaveLength(0);
  });

  it('rejects a blank question with the spec message', async () => {
    const r = await call(s.url, '/api/faqs/addFaqs', { cookie, json: { question: ' ', answer: 'x' } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Please fill in both the question and description.');
  });
});

describe('files', () => {
  it('stores an image under uploads/ and refuses a PDF named .png', async () => {
    const form = new FormData();
    form.append('carousel_image', file(await pngBytes(), 'slide.png', 'image/png'));
    const add = await call(s.url, '/api/carousel/addcarousel', { cookie, form });
    expect(add.status).toBe(200);
    expect(add.body.carousel.carousel_image).toMatch(/^uploads\/carousel\/[0-9a-f]{32}\.png$/);
    const img = await fetch(`${s.url}/${add.body.carousel.carousel_image}`);
    expect(img.headers.get('content-type')).toBe('image/png');

    const bad = new FormData();
    bad.append('carousel_image', file(pdfBytes(), 'evil.png', 'image/png'));
    const r = await call(s.url, '/api/carousel/addcarousel', { cookie, form: bad });
    expect(r.status).toBe(415);
  });

  it('stores event speakers from a JSON string with their photos', async () => {
    const form = new FormData();
    form.append('event_title', 'Law Day 2027');
    form.append('event_description', 'A day of talks');
    form.append('event_image', file(await pngBytes(), 'e.png'));
    form.append(
      'speakers',
      speakersField({ speaker_name: 'A', designation: 'Judge', date: '2027-01-02', from_time: '10:00', to_time: '11:00' }, {}, { speaker_name: 'B', designation: 'Advocate' }),
    );
    form.append('speaker_image_2', file(await pngBytes(), 'b.png'));
    const add = await call(s.url, '/api/event/addEvent', { cookie, form });
    expect(add.status).toBe(200);
    expect(add.body.event.speakers).toHaveLength(2);
    expect(add.body.event.speakers[1].image).toMatch(/^uploads\/speakers\//);
  });
});

it('refuses writes without a session and from another site', async () => {
  expect((await call(s.url, '/api/faqs/addFaqs', { json: { question: 'q', answer: 'a' } })).status).toBe(401);
  const cross = await call(s.url, '/api/faqs/addFaqs', {
    cookie,
    json: { question: 'q', answer: 'a' },
    headers: { origin: 'https://evil.example' },
  });
  expect(cross.status).toBe(403);
});
