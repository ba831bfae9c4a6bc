import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/server';
import { consultationForm, mailServer, until, type Received } from '../helpers/mail-sink';

/**
 * WhatsApp updates, opt-in (decisions 0072–0074), against a local HTTP server standing in for the Cloud API:
 * the template messages sent (name, language, number, parameters) through the outbox, a failure retried, a
 * refusal failed on the mail log, the webhook's handshake and signature check, delivery statuses, and STOP.
 */
interface ApiCall {
  path: string;
  auth: string | undefined;
  body: {
    to: string;
    type: string;
    template: { name: string; language: { code: string }; components: Array<{ type: string; parameters: Array<{ text: string }> }> };
  };
}
const calls: ApiCall[] = [];
/** Answers queued for the next calls (status, body); afterwards 200 with a message id. */
const answers: Array<[number, unknown]> = [];
let n = 0;
const api = createServer((req: IncomingMessage, res: ServerResponse) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    calls.push({ path: req.url ?? '', auth: req.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as ApiCall['body'] });
    const [status, body] = answers.shift() ?? [200, { messaging_product: 'whatsapp', messages: [{ id: `wamid.TEST${++n}` }] }];
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
});
await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())));
const apiPort = (api.address() as { port: number }).port;

const SECRET = 'app-secret-for-the-tests';
const { sink, s, cookie } = await mailServer({
  INTAKE_SWEEP_MS: '3600000',
  WHATSAPP_TOKEN: 'test-token',
  WHATSAPP_PHONE_NUMBER_ID: '1234567890',
  WHATSAPP_API_URL: `http://127.0.0.1:${apiPort}/v21.0/`,
  WHATSAPP_APP_SECRET: SECRET,
  WHATSAPP_VERIFY_TOKEN: 'verify-token-123',
}, { pages: true });
let clock = new Date('2030-03-02T00:00:00Z');
s.services.clock.now = () => new Date(clock);
const SLOT = '2030-03-03T21:30:00.000Z';
const NUMBER = '919847012345';
const db = s.services.store.db;

const templateCalls = (name: string) => calls.filter((c) => c.body.template.name === name);
const waitCall = (name: string, count = 1) => until(() => templateCalls(name), (c) => c.length >= count, 10_000, `${count} × ${name}`);
const params = (c: ApiCall) => c.body.template.components[0]!.parameters.map((p) => p.text);
const idOf = async (reference: string) => Number((await db.selectFrom('consultations').select('consultation_id').where('reference', '=', reference).executeTakeFirstOrThrow()).consultation_id);
const sign = (raw: string, secret = SECRET) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
const hook = (body: unknown, signature?: string | null, contentType = 'application/json') => {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': contentType };
  if (signature !== null) headers['x-hub-signature-256'] = signature ?? sign(raw);
  return fetch(`${s.url}/api/whatsapp/webhook`, { method: 'POST', headers, body: raw });
};
const statusPayload = (id: string, status: string, extra: Record<string, unknown> = {}) => ({
  object: 'whatsapp_business_account',
  entry: [{ id: 'WABA', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', statuses: [{ id, status, timestamp: '1900000000', recipient_id: NUMBER, ...extra }] } }] }],
});
const inbound = (from: string, text: string) => ({
  object: 'whatsapp_business_account',
  entry: [{ id: 'WABA', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', messages: [{ from, id: 'wamid.IN', timestamp: '1900000000', type: 'text', text: { body: text } }] } }] }],
});
const outboxRow = (template: string) =>
  db.selectFrom('mail_outbox').selectAll().where('channel', '=', 'whatsapp').where('subject', 'like', `%${template}%`).orderBy('mail_id', 'desc').executeTakeFirst();

let reference = '';

describe('template messages through the outbox', () => {
  it('the booking page offers the opt-in', async () => {
    const html = await (await fetch(`${s.url}/book-consultation`)).text();
    expect(html).toContain('Send me updates on WhatsApp');
    expect(html).toContain('name="whatsapp_number"');
  });

  it('a request with the box ticked gets the “received” template in its language, at the contact number', async () => {
    const r = await call(s.url, '/api/mail/contact', {
      form: consultationForm({ slot: SLOT, datetime: null, name: 'Lakshmi Nair', email: 'lakshmi@client.test', locale: 'ml', whatsapp: 'true' }),
    });
    expect(r.status).toBe(200);
    reference = r.body.reference;
    const [sent] = await waitCall('consultation_received');
    expect(sent!.path).toBe('/v21.0/1234567890/messages');
    expect(sent!.auth).toBe('Bearer test-token');
    expect(sent!.body).toMatchObject({ messaging_product: 'whatsapp', to: NUMBER, type: 'template', template: { name: 'consultation_received', language: { code: 'ml' } } });
    expect(params(sent!)[0]).toBe('Lakshmi Nair');
    expect(params(sent!)[1]).toBe(reference);
    expect(params(sent!)[2]).toMatch(/തിങ്കളാഴ്/);
    const row = await until(() => outboxRow('consultation_received'), (x) => x?.status === 'sent', 10_000, 'received row sent');
    expect(row!.external_id).toBe('wamid.TEST1');
    expect((await db.selectFrom('consultations').select('whatsapp_to').where('reference', '=', reference).executeTakeFirstOrThrow()).whatsapp_to).toBe(NUMBER);
    // The mail goes too.
    await until(() => sink.messages.filter((m: Received) => m.envelopeTo.includes('lakshmi@client.test')), (m) => m.length >= 1, 10_000, 'client mail');
  });

  it('confirmed carries the time and the office address', async () => {
    const id = await idOf(reference);
    expect((await call(s.url, '/api/consultations/decide', { cookie, json: { consultation_id: id, action: 'confirm' } })).status).toBe(200);
    const [sent] = await waitCall('consultation_confirmed');
    const settings = await s.services.settings.get();
    expect(sent!.body.template.language.code).toBe('ml');
    expect(params(sent!)).toEqual(['Lakshmi Nair', expect.stringMatching(/തിങ്കളാഴ്/), settings.headquarters.address.replace(/\s+/g, ' ').trim(), reference]);
  });

  it('a failure (500) is retried through the outbox and recorded on the mail log meanwhile', async () => {
    answers.push([500, { error: { message: 'Service temporarily unavailable', code: 2 } }]);
    clock = new Date(Date.parse(SLOT) - 24 * 3600_000 + 60_000);
    await s.app.intake.sweep();
    const row = await until(() => outboxRow('consultation_reminder'), (x) => x?.status === 'sent', 10_000, 'reminder sent after a retry');
    expect(row!.attempts).toBe(2);
    expect(templateCalls('consultation_reminder')).toHaveLength(2);
    expect(row!.kind).toBe('consultation-reminder');
    clock = new Date('2030-03-02T00:00:00Z');
  });

  it('a refusal is a failure on the mail log, not retried', async () => {
    answers.push([400, { error: { message: '(#132001) Template name does not exist in the translation', code: 132001 } }]);
    const r = await call(s.url, '/api/mail/contact', {
      form: consultationForm({ slot: '2030-03-04T23:00:00.000Z', datetime: null, name: 'Ravi Sharma', email: 'ravi@client.test', locale: 'hi', whatsapp: 'on', whatsapp_number: '98470 55555' }),
    });
    expect(r.status).toBe(200);
    const [sent] = await waitCall('consultation_received', 2);
    expect(templateCalls('consultation_received')[1]!.body).toMatchObject({ to: '919847055555', template: { language: { code: 'hi' } } });
    expect(sent).toBeDefined();
    const row = await until(() => outboxRow('consultation_received'), (x) => x?.status === 'failed', 10_000, 'failed row');
    expect(row!.attempts).toBe(1);
    const log = await call(s.url, '/api/mail/outbox?page=1&status=failed', { cookie });
    const listed = log.body.messages.find((m: { mail_id: number }) => m.mail_id === row!.mail_id);
    expect(listed).toMatchObject({ channel: 'whatsapp', status: 'failed', to: '919847055555' });
    expect(listed.last_error).toContain('132001');
  });

  it('refuses a WhatsApp number that cannot be one', async () => {
    const r = await call(s.url, '/api/mail/contact', { form: consultationForm({ datetime: '2030-03-06T10:30', whatsapp: 'true', whatsapp_number: '12' }) });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Please enter a valid WhatsApp number, with the country code.');
  });
});

describe('the webhook', () => {
  it('answers the subscription handshake only with the verify token', async () => {
    const ok = await fetch(`${s.url}/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=verify-token-123&hub.challenge=1158201444`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    const wrong = await fetch(`${s.url}/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1158201444`);
    expect(wrong.status).toBe(403);
  });

  it('refuses a missing or wrong signature and stores nothing', async () => {
    const count = async () => (await db.selectFrom('whatsapp_events').select('event_id').execute()).length;
    const before = await count();
    const body = statusPayload('wamid.TEST1', 'delivered');
    expect((await hook(body, null)).status).toBe(401);
    expect((await hook(body, sign(JSON.stringify(body), 'another-secret'))).status).toBe(401);
    expect((await hook(body, 'sha256=zz')).status).toBe(401);
    // Signed, then changed: the signature covers the exact bytes.
    expect((await hook(JSON.stringify(body).replace('delivered', 'read'), sign(JSON.stringify(body)))).status).toBe(401);
    expect((await hook('status=delivered', sign('status=delivered'), 'text/plain')).status).toBe(415);
    expect(await count()).toBe(before);
    expect((await outboxRow('consultation_received'))?.external_status).not.toBe('delivered');
  });

  it('stores a signed status; a late “delivered” does not hide “read”', async () => {
    expect((await hook(statusPayload('wamid.TEST1', 'delivered'))).status).toBe(200);
    expect((await hook(statusPayload('wamid.TEST1', 'read'))).status).toBe(200);
    expect((await hook(statusPayload('wamid.TEST1', 'delivered'))).status).toBe(200);
    const row = await db.selectFrom('mail_outbox').select(['external_status', 'status']).where('external_id', '=', 'wamid.TEST1').executeTakeFirstOrThrow();
    expect(row).toEqual({ external_status: 'read', status: 'sent' });
    const events = await db.selectFrom('whatsapp_events').select(['status', 'phone', 'kind']).where('external_id', '=', 'wamid.TEST1').orderBy('event_id').execute();
    expect(events.map((e) => e.status)).toEqual(['delivered', 'read', 'delivered']);
    expect(events.every((e) => e.phone === NUMBER && e.kind === 'status')).toBe(true);
  });

  it('a “failed” status marks the message failed on the mail log', async () => {
    expect((await hook(statusPayload('wamid.TEST2', 'failed', { errors: [{ code: 131026, title: 'Message undeliverable' }] }))).status).toBe(200);
    const row = await db.selectFrom('mail_outbox').select(['status', 'last_error', 'external_status']).where('external_id', '=', 'wamid.TEST2').executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    expect(row.external_status).toBe('failed');
    expect(row.last_error).toContain('131026');
  });

  it('STOP turns WhatsApp off for that number: the cancellation goes by mail only', async () => {
    expect((await hook(inbound(NUMBER, ' Stop '))).status).toBe(200);
    expect(await db.selectFrom('whatsapp_optouts').select('phone').where('phone', '=', NUMBER).executeTakeFirst()).toBeDefined();
    expect((await db.selectFrom('consultations').select('whatsapp_to').where('reference', '=', reference).executeTakeFirstOrThrow()).whatsapp_to).toBeNull();
    const before = calls.length;
    const id = await idOf(reference);
    expect((await call(s.url, '/api/consultations/decide', { cookie, json: { consultation_id: id, action: 'cancel' } })).status).toBe(200);
    await until(() => sink.messages.filter((m: Received) => m.envelopeTo.includes('lakshmi@client.test') && (m.parsed.subject ?? '').includes('റദ്ദാക്കി')), (m) => m.length >= 1, 10_000, 'cancel mail');
    await new Promise((r) => setTimeout(r, 300));
    expect(calls.length).toBe(before);
    expect(await outboxRow('consultation_cancelled')).toBeUndefined();
    // Any other message changes nothing.
    expect((await hook(inbound('919847055555', 'Thank you'))).status).toBe(200);
    expect(await db.selectFrom('whatsapp_optouts').select('phone').where('phone', '=', '919847055555').executeTakeFirst()).toBeUndefined();
  });
});

describe('a video consultation', () => {
  it('the confirmed template carries the meeting link as the place, at the number given with its country code', async () => {
    const area = Number((await call(s.url, '/api/caseCategory/addcase', { cookie, json: { case_name: 'Employment Law' } })).body.case.case_category_id);
    const lawyer = await call(s.url, '/api/lawyers/add', {
      cookie,
      json: { name: 'Adv. Asha Rao', work_email: 'asha@lawyers.test', video: true, offices: ['Bengaluru'], practice_areas: [area], hours: { Bengaluru: { mon: [{ from: '03:00', to: '08:00' }] } } },
    });
    expect(lawyer.status, JSON.stringify(lawyer.body)).toBe(200);
    const r = await call(s.url, '/api/mail/contact', {
      form: consultationForm({
        slot: '2030-03-04T00:30:00.000Z', // Monday 06:00 IST
        datetime: null,
        office: 'Bengaluru',
        mode: 'video',
        practice_area: String(area),
        name: 'Meera Pillai',
        email: 'meera@client.test',
        whatsapp: 'true',
        whatsapp_number: '+44 7700 900123',
      }),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const id = await idOf(r.body.reference);
    expect((await call(s.url, '/api/consultations/decide', { cookie, json: { consultation_id: id, action: 'confirm' } })).status).toBe(200);
    const room = String((await db.selectFrom('consultations').select('video_room').where('consultation_id', '=', id).executeTakeFirstOrThrow()).video_room);
    const sent = await until(
      () => templateCalls('consultation_confirmed').find((c) => c.body.to === '447700900123'),
      (c) => !!c,
      10_000,
      'confirmed (video)',
    );
    expect(sent!.body.template.language.code).toBe('en');
    expect(params(sent!)[2]).toBe(`https://meet.jit.si/${room}`);
    expect(params(sent!)[3]).toBe(r.body.reference);
  });
});
