import { describe, expect, it } from 'vitest';
import { file, pdfBytes, pngBytes } from '../helpers/files';
import { expectRefused } from '../helpers/checks';
import { call } from '../helpers/server';
import { bytesOf, mailServer } from '../helpers/mail-sink';

const { sink: k, s, cookie } = await mailServer({}, { socket: false });

function mailForm(n: number, over: Record<string, string> = {}): FormData {
  const form = new FormData();
  const fields = {
    to: 'client@client.test',
    subject: 'Case papers',
    text: 'Dear client,\nplease find the papers attached.',
    ...over,
  };
  for (const [key, v] of Object.entries(fields)) form.append(key, v);
  for (let i = 0; i < n; i++)
    form.append('documents', file(pdfBytes(`Page ${i}`), `paper-${i + 1}.pdf`, 'application/pdf'));
  return form;
}

describe('POST /api/mail/sendmail', () => {
  it('answers 401 without a session', async () => {
    const r = await call(s.url, '/api/mail/sendmail', { form: mailForm(0) });
    expect(r.status).toBe(401);
    expect(r.body.success).toBe(false);
  });

  it('sends a message with 10 attachments through the outbox', async () => {
    const before = k.messages.length;
    const form = mailForm(9);
    form.append('documents', file(await pngBytes(), 'photo.png', 'image/png'));
    const r = await call(s.url, '/api/mail/sendmail', { cookie, form });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ statusCode: 200, success: true, message: 'Mail sent!' });
    const [m] = (await k.waitFor(before + 1)).slice(before);
    expect(m!.envelopeTo).toEqual(['client@client.test']);
    expect(m!.parsed.subject).toBe('Case papers');
    expect(m!.parsed.text).toContain('please find the papers attached.');
    expect(m!.parsed.text).toContain('Harrow & Vale Legal Consultants');
    expect(m!.parsed.html).toContain('Dear client,<br>please find the papers attached.');
    expect(m!.parsed.attachments).toHaveLength(10);
    expect(m!.parsed.attachments.map((a) => a.filename)).toContain('paper-9.pdf');
    const png = m!.parsed.attachments.find((a) => a.filename === 'photo.png')!;
    expect(png.mimeType).toBe('image/png');
    expect(bytesOf(png).equals(await pngBytes())).toBe(true);
    const log = await call(s.url, '/api/mail/outbox', { cookie });
    expect(log.body.messages[0]).toMatchObject({
      kind: 'admin',
      status: 'sent',
      to: 'client@client.test',
      subject: 'Case papers',
    });
    expect(log.body.messages[0].attachments).toHaveLength(10);
  });

  it('refuses 11 files with the spec message and queues nothing', async () => {
    const before = (await call(s.url, '/api/mail/outbox', { cookie })).body.messages.length;
    const r = await call(s.url, '/api/mail/sendmail', { cookie, form: mailForm(11) });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, message: 'You can upload up to 10 files.' });
    expect((await call(s.url, '/api/mail/outbox', { cookie })).body.messages.length).toBe(before);
  });

  it('requires email, subject and message, and a valid address', async () => {
    for (const over of [{ to: '' }, { subject: ' ' }, { text: '' }] as Array<Record<string, string>>) {
      const r = await call(s.url, '/api/mail/sendmail', { cookie, form: mailForm(0, over) });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('Email, subject and message are required.');
    }
    const bad = await call(s.url, '/api/mail/sendmail', { cookie, form: mailForm(0, { to: 'nobody' }) });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please enter a valid email address.');
  });
});

describe('GET /api/mail/outbox, paged (the mail log screen asks for pages of 50)', () => {
  type Row = { mail_id: number; to: string; subject: string; status: string; attachments: string[] };
  const log = async (query = '') => call(s.url, `/api/mail/outbox${query}`, { cookie });
  const subjects = (body: { messages: Row[] }) => body.messages.map((m) => m.subject);

  it('pages, searches recipient and subject literally, filters by status; without page answers as before', async () => {
    // 230 logged messages (every tenth failed, every one with its calendar file) and three with a '%' or '_' in the subject.
    const now = new Date().toISOString();
    const row = (i: number, subject: string, status: 'sent' | 'failed') => ({
      kind: 'admin',
      to_address: `paged${i}@log.test`,
      reply_to: null,
      subject,
      text_body: 'body',
      html_body: null,
      attachments: JSON.stringify([{ filename: `case-${i}.ics`, contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' }]),
      status,
      attempts: 1,
      next_attempt_at: now,
      message_id: `<paged-${i}@log.test>`,
      consultation_id: null,
      created_at: now,
      sent_at: status === 'sent' ? now : null,
      updated_at: now,
      last_error: status === 'failed' ? 'mailbox unavailable' : null,
    });
    const rows = Array.from({ length: 230 }, (_, i) => row(i, `Paged log ${String(i).padStart(3, '0')}`, i % 10 === 0 ? 'failed' : 'sent'));
    rows.push(row(900, 'Fee 100% refund', 'sent'), row(901, 'Fee 1000 refund', 'sent'), row(902, 'Fee_schedule', 'sent'));
    await s.services.store.db.insertInto('mail_outbox').values(rows).execute();

    // Without page: the latest 200, newest first, with the same keys as before paging.
    const whole = await log();
    expect(whole.status).toBe(200);
    expect(Object.keys(whole.body).sort()).toEqual(['message', 'messages', 'statusCode']);
    expect(whole.body.messages).toHaveLength(200);
    expect(subjects(whole.body).slice(0, 3)).toEqual(['Fee_schedule', 'Fee 1000 refund', 'Fee 100% refund']);
    const ids = whole.body.messages.map((m: Row) => m.mail_id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    expect(whole.body.messages[3]).toMatchObject({ subject: 'Paged log 229', to: 'paged229@log.test', attachments: ['case-229.ics'] });

    // Pages of 50 of the search: the total, the newest first, the last page short; the same rows as the whole list.
    const p1 = (await log('?page=1&size=50&q=PAGED LOG')).body;
    expect(p1).toMatchObject({ statusCode: 200, total: 230, page: 1, size: 50 });
    expect(p1.messages).toHaveLength(50);
    expect(p1.messages[0]).toMatchObject({ subject: 'Paged log 229', attachments: ['case-229.ics'] });
    const p5 = (await log('?page=5&size=50&q=paged log')).body;
    expect(subjects(p5)).toEqual(Array.from({ length: 30 }, (_, i) => `Paged log ${String(29 - i).padStart(3, '0')}`));
    const firstFour = [];
    for (let p = 1; p <= 4; p++) firstFour.push(...(await log(`?page=${p}&size=50`)).body.messages.map((m: Row) => m.mail_id));
    expect(firstFour).toEqual(ids);
    expect((await log('?page=1')).body.size).toBe(50);
    expect((await log('?page=9&size=50&q=paged log')).body).toMatchObject({ total: 230, messages: [] });

    // The recipient is searched too; '%' and '_' are literal.
    expect(subjects((await log('?page=1&q=paged7@LOG')).body)).toEqual(['Paged log 007']);
    expect(subjects((await log('?page=1&q=100%25')).body)).toEqual(['Fee 100% refund']);
    expect(subjects((await log('?page=1&q=fee_')).body)).toEqual(['Fee_schedule']);
    expect((await log('?page=1&q=f%25refund')).body.total).toBe(0);

    // Only the failed ones (the administrator's "what needs a retry"), searched and paged.
    const failed = (await log('?page=1&size=10&status=failed&q=paged')).body;
    expect(failed.total).toBe(23);
    expect(failed.messages).toHaveLength(10);
    expect(failed.messages.every((m: Row) => m.status === 'failed')).toBe(true);
    expect(subjects(failed).slice(0, 2)).toEqual(['Paged log 220', 'Paged log 210']);
    expect((await log('?page=3&size=10&status=failed&q=paged')).body.messages).toHaveLength(3);
    expect((await log('?page=1&status=queued&q=paged')).body.total).toBe(0);
    // A filter without page narrows the old answer (at most 200, no total).
    const failedWhole = (await log('?status=failed&q=paged')).body;
    expect(failedWhole.messages).toHaveLength(23);
    expect(failedWhole.total).toBeUndefined();
  });

  it('refuses bad parameters with a 400 that says what is wrong, and anyone signed out with a 401', async () => {
    await expectRefused(log, [
      ['?page=0', 'page must be a whole number from 1.'],
      ['?page=1.5', 'page must be a whole number from 1.'],
      ['?page=two', 'page must be a whole number from 1.'],
      ['?page=1&size=201', 'size must be a whole number from 1 to 200.'],
      ['?page=1&size=0', 'size must be a whole number from 1 to 200.'],
      ['?page=1&status=lost', 'status must be one of queued, retrying, sent, failed.'],
      ['?status=FAILED', 'status must be one of queued, retrying, sent, failed.'],
      [`?page=1&q=${'x'.repeat(201)}`, 'The search is too long (at most 200 characters).'],
    ]);
    expect((await call(s.url, '/api/mail/outbox?page=1&status=failed')).status).toBe(401);
    expect((await call(s.url, '/api/mail/outbox?page=0')).status).toBe(401);
  });

  it('documents page, size, q and status in the API reference under the same operationId', async () => {
    const doc = (await call(s.url, '/api/docs.json')).body;
    const op = doc.paths['/api/mail/outbox'].get;
    expect(op.operationId).toBe('listMailOutbox');
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(['page', 'size', 'q', 'status']);
    expect(JSON.stringify(op.parameters)).toContain('"enum":["queued","retrying","sent","failed"]');
    expect(op.responses['400']).toBeDefined();
  });
});
