import { describe, expect, it } from 'vitest';
import { call } from '../helpers/server';
import { consultationForm, intakeServer, until, type Received } from '../helpers/mail-sink';

/**
 * Consultations in the visitor's language (decision 0071), through a real SMTP server: a request sent with
 * `locale: ml` gets every client mail in Malayalam (received, confirmed, reminder, cancelled) and its link
 * page in Malayalam, while the firm's mails stay English; Hindi for a declined request and the data-rights
 * link; the spec's call without `locale` is English as before; an unknown locale is refused.
 */
const { sink, s, cookie } = await intakeServer({ pages: true });
let clock = new Date('2030-03-02T00:00:00Z');
s.services.clock.now = () => new Date(clock);
/** Monday 4 March 2030, 03:00 IST. */
const SLOT = '2030-03-03T21:30:00.000Z';

const MALAYALAM = /[\u0D00-\u0D7F]/;
const DEVANAGARI = /[\u0900-\u097F]/;
const mailsTo = (addr: string) => sink.messages.filter((m: Received) => m.envelopeTo.includes(addr));
const waitMail = (addr: string, pred: (m: Received) => boolean, what: string) =>
  until(() => mailsTo(addr).find(pred), (m) => !!m, 10_000, what) as Promise<Received>;
const subjectHas = (text: string) => (m: Received) => (m.parsed.subject ?? '').includes(text);
const linkIn = (m: Received, path: string) => {
  const found = new RegExp(`https?://[^\\s"<>]+${path.replace('/', '\\/')}\\?t=[A-Za-z0-9_.-]+`).exec(m.parsed.text ?? '');
  expect(found, `a ${path} link in "${m.parsed.subject}"`).not.toBeNull();
  return found![0].replace(/^https?:\/\/[^/]+/, s.url);
};
const attachment = (m: Received, name: string) => {
  const a = m.parsed.attachments.find((x) => x.filename === name);
  expect(a, name).toBeDefined();
  const c = a!.content;
  return (typeof c === 'string' ? c : Buffer.from(c as ArrayBuffer).toString('utf8')).replace(/\r?\n /g, '');
};
const idOf = async (reference: string) =>
  Number((await s.services.store.db.selectFrom('consultations').select('consultation_id').where('reference', '=', reference).executeTakeFirstOrThrow()).consultation_id);

describe('a consultation booked in Malayalam', () => {
  let reference = '';
  let manage = '';

  it('stores the locale and mails the client in Malayalam, the firm in English', async () => {
    const r = await call(s.url, '/api/mail/contact', {
      form: consultationForm({ slot: SLOT, datetime: null, name: 'Lakshmi Nair', email: 'lakshmi@client.test', locale: 'ml' }),
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toMatch(MALAYALAM);
    reference = r.body.reference;
    const row = await s.services.store.db.selectFrom('consultations').select(['locale']).where('reference', '=', reference).executeTakeFirstOrThrow();
    expect(row.locale).toBe('ml');

    const client = await waitMail('lakshmi@client.test', subjectHas(reference), 'received (ml)');
    expect(client.parsed.subject).toBe(`നിങ്ങളുടെ കൺസൾട്ടേഷൻ അപേക്ഷ ലഭിച്ചു (${reference})`);
    expect(client.parsed.text).toContain('പ്രിയ Lakshmi Nair,');
    expect(client.parsed.text).toContain('തിങ്കളാഴ്'); // Monday, in the firm's zone
    expect(client.parsed.text).not.toContain('Thank you for contacting');
    expect(client.parsed.html).toContain('lang="ml"');
    expect(attachment(client, 'consultation.ics')).toMatch(/SUMMARY:.*കൺസൾട്ടേഷൻ/);
    manage = linkIn(client, '/consultation/manage');

    const firm = await waitMail('inbox@firm.test', subjectHas(reference), 'firm notification');
    expect(firm.parsed.subject).toBe(`New consultation request ${reference}: Lakshmi Nair`);
    expect(firm.parsed.text).not.toMatch(MALAYALAM);
  });

  it('the inbox shows the language', async () => {
    const inbox = await call(s.url, '/api/consultations/getall', { cookie });
    expect(inbox.status).toBe(200);
    const listed = inbox.body.consultations.find((c: { reference: string }) => c.reference === reference);
    expect(listed.locale).toBe('ml');
  });

  it('confirmed and reminder mails are in Malayalam, with a Malayalam invitation', async () => {
    const id = await idOf(reference);
    expect((await call(s.url, '/api/consultations/decide', { cookie, json: { consultation_id: id, action: 'confirm' } })).status).toBe(200);
    const confirmed = await waitMail('lakshmi@client.test', subjectHas('ഉറപ്പിച്ചു'), 'confirmed (ml)');
    expect(confirmed.parsed.subject).toContain(reference);
    expect(confirmed.parsed.text).toContain('ഫോൺ:');
    expect(attachment(confirmed, 'invite.ics')).toMatch(/SUMMARY:.*കൺസൾട്ടേഷൻ/);

    clock = new Date(Date.parse(SLOT) - 24 * 3600_000 + 60_000);
    await s.app.intake.sweep();
    const reminder = await waitMail('lakshmi@client.test', subjectHas('ഓർമ്മപ്പെടുത്തൽ'), 'reminder (ml)');
    expect(reminder.parsed.text).toContain('വിലാസം:');
    clock = new Date('2030-03-02T00:00:00Z');
  });

  it('the client’s link page is in Malayalam; cancelling mails the client in Malayalam and the firm in English', async () => {
    const page = await fetch(manage);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="ml">');
    expect(html).toContain('എന്റെ കൺസൾട്ടേഷൻ റദ്ദാക്കുക');
    const form = new FormData();
    form.append('t', new URL(manage).searchParams.get('t')!);
    form.append('action', 'cancel');
    const done = await fetch(`${s.url}/consultation/manage`, { method: 'POST', body: form, headers: { origin: s.url } });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('നിങ്ങളുടെ കൺസൾട്ടേഷൻ റദ്ദാക്കി');
    const cancelled = await waitMail('lakshmi@client.test', subjectHas('റദ്ദാക്കി'), 'cancelled (ml)');
    expect(cancelled.parsed.text).toContain('നിങ്ങൾ ആവശ്യപ്പെട്ടതുപോലെ');
    const firm = await waitMail('inbox@firm.test', subjectHas('cancelled the consultation'), 'firm told');
    expect(firm.parsed.subject).toContain(reference);
  });
});

describe('Hindi, English and refusals', () => {
  it('a declined Hindi request gets the Hindi mail with the firm’s note', async () => {
    const r = await call(s.url, '/api/mail/contact', {
      form: consultationForm({ slot: '2030-03-04T23:00:00.000Z', datetime: null, name: 'Ravi Sharma', email: 'ravi@client.test', locale: 'hi' }),
    });
    expect(r.status).toBe(200);
    await waitMail('ravi@client.test', subjectHas('परामर्श अनुरोध'), 'received (hi)');
    const id = await idOf(r.body.reference);
    await call(s.url, '/api/consultations/decide', { cookie, json: { consultation_id: id, action: 'decline', note: 'We do not handle maritime law.' } });
    const m = await waitMail('ravi@client.test', subjectHas('के बारे में'), 'declined (hi)');
    expect(m.parsed.text).toContain('प्रिय Ravi Sharma,');
    expect(m.parsed.text).toContain('We do not handle maritime law.');
    expect(m.parsed.text).toMatch(DEVANAGARI);
  });

  it('the data-rights link mail and its page follow the locale', async () => {
    expect((await call(s.url, '/api/privacy/request', { json: { email: 'ravi@client.test', kind: 'access', locale: 'hi' } })).status).toBe(200);
    const m = await waitMail('ravi@client.test', subjectHas('डेटा की प्रति'), 'data link (hi)');
    const link = /https?:\/\/[^\s"<>]+\/privacy\/data\?t=[A-Za-z0-9_.-]+/.exec(m.parsed.text ?? '')![0].replace(/^https?:\/\/[^/]+/, s.url);
    const page = await fetch(link);
    const html = await page.text();
    expect(html).toContain('<html lang="hi">');
    expect(html).toContain('मेरा डेटा डाउनलोड करें');
  });

  it('the spec’s call without locale is English, as before', async () => {
    const r = await call(s.url, '/api/mail/contact', { form: consultationForm({ datetime: '2030-03-06T10:30', name: 'Peter Thomas', email: 'peter@client.test' }) });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(`Thank you! Your consultation request has been received (reference ${r.body.reference}). We will contact you to confirm the time.`);
    const m = await waitMail('peter@client.test', subjectHas(r.body.reference), 'received (en)');
    expect(m.parsed.subject).toBe(`We received your consultation request (${r.body.reference})`);
    expect(m.parsed.text).toContain('Dear Peter Thomas,');
    const row = await s.services.store.db.selectFrom('consultations').select('locale').where('reference', '=', r.body.reference).executeTakeFirstOrThrow();
    expect(row.locale).toBeNull();
  });

  it('without the WhatsApp settings the form does not offer it and a ticked box sends nothing (decision 0072)', async () => {
    const html = await (await fetch(`${s.url}/book-consultation`)).text();
    expect(html).toContain('Legal Issue Summary');
    // The box and its label, not the islands' catalog that every page carries (decision 0063).
    expect(html).not.toContain('id="c-whatsapp"');
    expect(html).not.toContain('>Send me updates on WhatsApp<');
    const r = await call(s.url, '/api/mail/contact', { form: consultationForm({ datetime: '2030-03-06T10:30', name: 'Usha Menon', email: 'usha@client.test', whatsapp: 'true' }) });
    expect(r.status).toBe(200);
    const row = await s.services.store.db.selectFrom('consultations').select('whatsapp_to').where('reference', '=', r.body.reference).executeTakeFirstOrThrow();
    expect(row.whatsapp_to).toBeNull();
    expect(await s.services.store.db.selectFrom('mail_outbox').select('mail_id').where('channel', '=', 'whatsapp').execute()).toEqual([]);
  });

  it('refuses a language it has no catalog for, storing nothing', async () => {
    const before = (await s.services.store.db.selectFrom('consultations').select('consultation_id').execute()).length;
    const r = await call(s.url, '/api/mail/contact', { form: consultationForm({ datetime: '2030-03-06T10:30', locale: 'fr' }) });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('locale must be one of en, ml, hi.');
    expect((await s.services.store.db.selectFrom('consultations').select('consultation_id').execute()).length).toBe(before);
  });
});
