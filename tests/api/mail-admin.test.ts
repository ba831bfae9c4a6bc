import { describe, expect, it } from 'vitest';
import { file, pdfBytes, pngBytes } from '../helpers/files';
import { call } from '../helpers/server';
import { bytesOf, mailServer } from './mail-sink';

const { sink: k, s, cookie } = await mailServer();

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
