import { describe, expect, it } from 'vitest';
import { call } from '../helpers/server';
import { consultationForm, intakeServer, until, type Received } from '../helpers/mail-sink';

/**
 * The confirmation flow (decision 0017) with a real SMTP server and a controlled clock: received → confirmed by
 * the firm's mailed link → invitation .ics → reminder 24 h before → cancelled by the client's link →
 * cancelling .ics (same UID). Plus the admin's decisions and the links' expiry and single use.
 */
const { sink, s, cookie } = await intakeServer();
let clock = new Date('2030-03-02T00:00:00Z');
s.services.clock.now = () => new Date(clock);
/** Monday 4 March 2030, 03:00 IST. */
const SLOT = '2030-03-03T21:30:00.000Z';

const to = (addr: string) => (m: Received) => m.envelopeTo.includes(addr);
const mailsTo = (addr: string) => sink.messages.filter(to(addr));
const waitMail = (addr: string, pred: (m: Received) => boolean, what: string) =>
  until(() => mailsTo(addr).find(pred), (m) => !!m, 10_000, what) as Promise<Received>;
const linkIn = (m: Received, path: string) => {
  const found = new RegExp(`https?://[^\\s"<>]+${path.replace('/', '\\/')}\\?t=[A-Za-z0-9_.-]+`).exec(m.parsed.text ?? '');
  expect(found, `a ${path} link in "${m.parsed.subject}"`).not.toBeNull();
  return found![0];
};
const icsOf = (m: Received, name: string) => {
  const a = m.parsed.attachments.find((x) => x.filename === name);
  expect(a, `${name} in "${m.parsed.subject}"`).toBeDefined();
  const c = a!.content;
  return (typeof c === 'string' ? c : Buffer.from(c as ArrayBuffer).toString('utf8')).replace(/\r?\n /g, '');
};
const postForm = async (url: string, fields: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(url, { method: 'POST', body: form, headers: { origin: s.url } });
  return { status: res.status, text: await res.text() };
};
const statusOf = async (reference: string) =>
  String((await s.services.store.db.selectFrom('consultations').select('status').where('reference', '=', reference).executeTakeFirstOrThrow()).status);
const local = (url: string) => url.replace(/^https?:\/\/[^/]+/, s.url);
/** A mailed link's page (200) and the token it carries. */
const openLink = async (link: string) => {
  const page = await fetch(local(link));
  expect(page.status).toBe(200);
  return { html: await page.text(), t: new URL(link).searchParams.get('t')! };
};

describe('received → confirmed by link → reminder → cancelled by the client', () => {
  let reference = '';
  let confirmLink = '';
  let manageLink = '';

  it('mails the firm one-click links and the client a “received” mail with a manage link', async () => {
    const r = await call(s.url, '/api/mail/contact', { form: consultationForm({ slot: SLOT, datetime: null, name: 'Meera Pillai', email: 'meera@client.test', opposing_party: 'Kochi Builders Ltd' }) });
    expect(r.status).toBe(200);
    reference = r.body.reference;
    const firm = await waitMail('inbox@firm.test', (m) => (m.parsed.subject ?? '').includes(reference), 'firm mail');
    expect(firm.parsed.text).toContain('Opposing party: Kochi Builders Ltd');
    confirmLink = linkIn(firm, '/consultation/decide');
    expect(firm.parsed.html).toContain('Confirm consultation');
    const client = await waitMail('meera@client.test', (m) => (m.parsed.subject ?? '').includes('received'), 'client mail');
    manageLink = linkIn(client, '/consultation/manage');
    expect(await statusOf(reference)).toBe('new');
  });

  it('the firm’s link shows the request and confirms with one button, once, without signing in', async () => {
    const { html, t } = await openLink(confirmLink);
    expect(html).toContain('Meera Pillai');
    expect(html).toContain('Confirm consultation');
    expect(await statusOf(reference)).toBe('new'); // a GET (a mail scanner) changes nothing
    const done = await postForm(`${s.url}/consultation/decide`, { t });
    expect(done.status).toBe(200);
    expect(done.text).toContain('Confirmed');
    expect(await statusOf(reference)).toBe('confirmed');
    const again = await postForm(`${s.url}/consultation/decide`, { t });
    expect(again.status).toBe(409);
    expect(again.text).toContain('already been used');
  });

  it('sends the client an invitation .ics (REQUEST, CONFIRMED, the request’s UID)', async () => {
    const m = await waitMail('meera@client.test', (x) => (x.parsed.subject ?? '').includes('confirmed'), 'confirmation');
    expect(m.parsed.subject).toContain('Monday, 4 March 2030 at 3:00 am');
    const ics = icsOf(m, 'invite.ics');
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain('STATUS:CONFIRMED');
    expect(ics).toContain(`UID:${reference}@127.0.0.1`);
    expect(ics).toContain('DTSTART:20300303T213000Z');
    expect(ics).toContain('ATTENDEE;CN=Meera Pillai;ROLE=REQ-PARTICIPANT:mailto:meera@client.test');
    manageLink = linkIn(m, '/consultation/manage');
  });

  it('sends the reminder once, 24 hours before, even when two sweeps run at once', async () => {
    const start = Date.parse(SLOT);
    const reminders = () => mailsTo('meera@client.test').filter((m) => (m.parsed.subject ?? '').startsWith('Reminder'));
    clock = new Date(start - 24 * 3600_000 - 60_000);
    await s.app.intake.sweep();
    clock = new Date(start - 24 * 3600_000 + 60_000);
    await Promise.all([s.app.intake.sweep(), s.app.intake.sweep(), s.app.intake.queueReminders()]);
    await until(() => reminders().length, (n) => n >= 1, 10_000, 'reminder');
    await s.app.intake.sweep();
    await new Promise((r) => setTimeout(r, 300));
    expect(reminders()).toHaveLength(1);
    expect(reminders()[0]!.parsed.subject).toContain(reference);
    const rows = await s.services.store.db.selectFrom('mail_outbox').select('mail_id').where('kind', '=', 'consultation-reminder').execute();
    expect(rows).toHaveLength(1);
  });

  it('the client cancels by their link: cancelling .ics with the same UID, the firm is told, the slot is free again', async () => {
    const { html, t } = await openLink(manageLink);
    expect(html).toContain('Cancel my consultation');
    expect(html).toContain('Ask for another time');
    const done = await postForm(`${s.url}/consultation/manage`, { t, action: 'cancel' });
    expect(done.status).toBe(200);
    expect(done.text).toContain('Your consultation is cancelled');
    expect(await statusOf(reference)).toBe('cancelled');
    const m = await waitMail('meera@client.test', (x) => (x.parsed.subject ?? '').includes('cancelled'), 'cancellation');
    const ics = icsOf(m, 'cancel.ics');
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain('STATUS:CANCELLED');
    expect(ics).toContain(`UID:${reference}@127.0.0.1`);
    await waitMail('inbox@firm.test', (x) => (x.parsed.subject ?? '').includes('cancelled the consultation'), 'firm told');
    const slots = await call(s.url, '/api/consultations/slots?from=2030-03-04&to=2030-03-04');
    expect(slots.body.slots.map((x: { start: string }) => x.start)).toContain(SLOT);
    expect((await postForm(`${s.url}/consultation/manage`, { t, action: 'cancel' })).status).toBe(409);
  });
});

describe('links', () => {
  it('after the cutoff the client’s page says to call the office and shows its numbers', async () => {
    clock = new Date('2030-03-02T00:00:00Z');
    const slot = '2030-03-04T22:00:00.000Z'; // Tuesday 5 March 03:30 IST
    const r = await call(s.url, '/api/mail/contact', { form: consultationForm({ slot, name: 'Late Client', email: 'late@client.test' }) });
    expect(r.status).toBe(200);
    const m = await waitMail('late@client.test', (x) => (x.parsed.subject ?? '').includes(r.body.reference), 'received');
    const link = linkIn(m, '/consultation/manage');
    clock = new Date(Date.parse(slot) - 11 * 3600_000);
    const res = await fetch(local(link));
    expect(res.status).toBe(410);
    const html = await res.text();
    expect(html).toContain('call the office');
    expect(html).toContain('+91 484 400 1993');
    clock = new Date('2030-03-02T00:00:00Z');
  });

  it('refuses a tampered link and an expired firm link', async () => {
    const r = await call(s.url, '/api/mail/contact', { form: consultationForm({ slot: '2030-03-04T22:30:00.000Z', name: 'Dev Anand', email: 'dev@client.test' }) });
    const firm = await waitMail('inbox@firm.test', (x) => (x.parsed.subject ?? '').includes(r.body.reference), 'firm');
    const link = linkIn(firm, '/consultation/decide');
    const t = new URL(link).searchParams.get('t')!;
    const [body, mac] = t.split('.') as [string, string];
    const forged = `${body}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await postForm(`${s.url}/consultation/decide`, { t: forged })).status).toBe(400);
    clock = new Date(Date.parse('2030-03-02T00:00:00Z') + 7 * 86_400_000 + 1000);
    const expired = await postForm(`${s.url}/consultation/decide`, { t });
    expect(expired.status).toBe(410);
    expect(expired.text).toContain('expired');
    clock = new Date('2030-03-02T00:00:00Z');
    expect(await statusOf(r.body.reference)).toBe('new');
  });
});

describe('POST /api/consultations/decide (decideConsultation)', () => {
  it('declines with the firm’s note, mailed to the client; refuses an impossible step with 409', async () => {
    const r = await call(s.url, '/api/mail/contact', { form: consultationForm({ slot: '2030-03-04T23:00:00.000Z', name: 'Nora Joseph', email: 'nora@client.test' }) });
    const row = await s.services.store.db.selectFrom('consultations').select('consultation_id').where('reference', '=', r.body.reference).executeTakeFirstOrThrow();
    const id = Number(row.consultation_id);
    expect((await call(s.url, '/api/consultations/decide', { json: { consultation_id: id, action: 'decline' } })).status).toBe(401);
    expect((await call(s.url, '/api/consultations/decide', { cookie, json: { consultation_id: id, action: 'maybe' } })).status).toBe(400);
    expect((await call(s.url, '/api/consultations/decide', { cookie, json: { consultation_id: id, action: 'complete' } })).status).toBe(409);
    const d = await call(s.url, '/api/consultations/decide', { cookie, json: { consultation_id: id, action: 'decline', note: 'We do not handle maritime law.' } });
    expect(d.status).toBe(200);
    expect(d.body.consultation.status).toBe('declined');
    const m = await waitMail('nora@client.test', (x) => (x.parsed.subject ?? '').startsWith('About your consultation request'), 'declined');
    expect(m.parsed.text).toContain('We do not handle maritime law.');
    const again = await call(s.url, '/api/consultations/decide', { cookie, json: { consultation_id: id, action: 'confirm' } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This request is declined, so it cannot be confirmed.');
  });

  it('confirms, then marks completed; the inbox lists the slot and status', async () => {
    const r = await call(s.url, '/api/mail/contact', { form: consultationForm({ slot: '2030-03-04T23:30:00.000Z', name: 'Omar Sheikh', email: 'omar@client.test' }) });
    const id = Number((await s.services.store.db.selectFrom('consultations').select('consultation_id').where('reference', '=', r.body.reference).executeTakeFirstOrThrow()).consultation_id);
    expect((await call(s.url, '/api/consultations/decide', { cookie, json: { consultation_id: id, action: 'confirm' } })).body.consultation.status).toBe('confirmed');
    expect((await call(s.url, '/api/consultations/decide', { cookie, json: { consultation_id: id, action: 'complete' } })).body.consultation.status).toBe('completed');
    const inbox = await call(s.url, '/api/consultations/getall?status=completed', { cookie });
    const listed = inbox.body.consultations.find((c: { reference: string }) => c.reference === r.body.reference);
    expect(listed).toMatchObject({ status: 'completed', slot: '2030-03-04T23:30:00.000Z', conflicts: [] });
    // The spec-era status call cannot bypass the flow.
    expect((await call(s.url, '/api/consultations/updatestatus', { cookie, json: { consultation_id: id, status: 'new' } })).status).toBe(409);
  });
});
