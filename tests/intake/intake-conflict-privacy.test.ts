import { existsSync } from 'node:fs';
import path from 'node:path';
import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { metaphone, metaphoneCacheSize } from '../../server/consultations/names.server';
import { file, pdfBytes } from '../helpers/files';
import { expectRefused } from '../helpers/checks';
import { call } from '../helpers/server';
import { consultationForm, intakeServer, until, type Received } from '../helpers/mail-sink';

/** The conflict check and the data rights of decision 0018, over real HTTP with a real SMTP server. */
const { sink, s, cookie } = await intakeServer();
let clock = new Date('2030-03-02T00:00:00Z');
s.services.clock.now = () => new Date(clock);

const db = () => s.services.store.db;
const book = async (over: Record<string, string | null>) => {
  const r = await call(s.url, '/api/mail/contact', { form: consultationForm({ datetime: '2030-03-20T10:00', ...over }) });
  expect(r.status).toBe(200);
  return db().selectFrom('consultations').selectAll().where('reference', '=', r.body.reference).executeTakeFirstOrThrow();
};
const waitMail = (addr: string, pred: (m: Received) => boolean, what: string) =>
  until(() => sink.messages.find((m) => m.envelopeTo.includes(addr) && pred(m)), (m) => !!m, 10_000, what) as Promise<Received>;

describe('conflict check', () => {
  it('holds a request whose name is a spelling variant of a past client; an unrelated name is not held', async () => {
    const past = await book({ name: 'John Smith', email: 'john.smith@client.test', contactNumber: '+91 90000 00001' });
    expect(past.status).toBe('new');
    const variant = await book({ name: 'Jon Smyth', email: 'jon@other.test', contactNumber: '+91 90000 00002' });
    expect(variant.status).toBe('conflict_review');
    const conflicts = JSON.parse(String(variant.conflict)) as Array<{ field: string; why: string }>;
    expect(conflicts[0]).toMatchObject({ field: 'name', source: 'consultation', matched: past.reference });
    expect(conflicts[0]!.why).toContain('John Smith');
    const unrelated = await book({ name: 'Lakshmi Iyer', email: 'lakshmi@client.test', contactNumber: '+91 90000 00003' });
    expect(unrelated.status).toBe('new');
    expect(unrelated.conflict).toBeNull();

    // Nothing beyond "received" goes to the held client; the firm's mail says what matched, without one-click links.
    const firm = await waitMail('inbox@firm.test', (m) => (m.parsed.subject ?? '').includes(variant.reference), 'firm mail');
    expect(firm.parsed.subject).toMatch(/^\[Conflict review\]/);
    expect(firm.parsed.text).toContain('John Smith');
    expect(firm.parsed.text).not.toContain('/consultation/decide');
    await waitMail('jon@other.test', (m) => (m.parsed.subject ?? '').includes('received'), 'received');

    // The inbox shows the hold and why; the administrator cannot confirm it before clearing.
    const inbox = await call(s.url, '/api/consultations/getall?status=conflict_review', { cookie });
    expect(inbox.body.consultations[0]).toMatchObject({ reference: variant.reference, status: 'conflict_review' });
    expect(inbox.body.consultations[0].conflicts[0].why).toContain('John Smith');
    const id = Number(variant.consultation_id);
    expect((await call(s.url, '/api/consultations/decide', { cookie, json: { consultation_id: id, action: 'confirm' } })).status).toBe(409);
    const cleared = await call(s.url, '/api/consultations/clear-conflict', { cookie, json: { consultation_id: id, action: 'clear' } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.consultation.status).toBe('new');
    expect((await call(s.url, '/api/consultations/decide', { cookie, json: { consultation_id: id, action: 'confirm' } })).status).toBe(200);
    expect((await call(s.url, '/api/consultations/clear-conflict', { cookie, json: { consultation_id: id, action: 'clear' } })).status).toBe(409);
  });

  it('holds an opposing party that matches the firm’s client list (initials), and declines from the hold', async () => {
    const add = await call(s.url, '/api/conflict-parties/add', { cookie, json: { name: 'Ravi Kumar Menon', kind: 'client', email: 'ravi@menon.test' } });
    expect(add.status).toBe(200);
    const held = await book({ name: 'Thomas Kurian', email: 'thomas@client.test', contactNumber: '+91 90000 00004', opposing_party: 'R. K. Menon' });
    expect(held.status).toBe('conflict_review');
    expect(String(held.conflict)).toContain('Ravi Kumar Menon');
    const d = await call(s.url, '/api/consultations/clear-conflict', { cookie, json: { consultation_id: Number(held.consultation_id), action: 'decline', note: 'We act for the other side.' } });
    expect(d.body.consultation.status).toBe('declined');
    const m = await waitMail('thomas@client.test', (x) => (x.parsed.subject ?? '').startsWith('About your consultation'), 'declined');
    expect(m.parsed.text).toContain('We act for the other side.');
  });

  it('keeps the list: edit, delete, CSV import (all or nothing)', async () => {
    const bad = await call(s.url, '/api/conflict-parties/import', { cookie, json: { csv: 'name,kind\nAcme Corp,adverse\nNobody,friend\n' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Row 3: kind must be client or adverse.');
    const ok = await call(s.url, '/api/conflict-parties/import', { cookie, json: { csv: 'name,kind,email,phone,note\n"Acme Builders",adverse,,,"suit, 2029"\nPriya Nair,client,priya@nair.test,+91 90000 11111,\n' } });
    expect(ok.status).toBe(200);
    expect(ok.body.imported).toBe(2);
    const list = await call(s.url, '/api/conflict-parties/getall', { cookie });
    expect(list.body.parties.map((p: { name: string }) => p.name)).toEqual(['Acme Builders', 'Priya Nair', 'Ravi Kumar Menon']);
    const acme = list.body.parties[0];
    expect(acme.note).toBe('suit, 2029');
    expect((await call(s.url, '/api/conflict-parties/update', { cookie, json: { ...acme, name: 'Acme Builders Pvt Ltd' } })).body.party.name).toBe('Acme Builders Pvt Ltd');
    expect((await call(s.url, '/api/conflict-parties/delete', { cookie, json: { party_id: acme.party_id } })).status).toBe(200);
    expect((await call(s.url, '/api/conflict-parties/delete', { cookie, json: { party_id: acme.party_id } })).status).toBe(404);
    expect((await call(s.url, '/api/conflict-parties/getall')).status).toBe(401);
  });

  it('pages and searches the list on the server (the admin screen asks for pages of 50)', async () => {
    const csv = ['name,kind,email,phone,note', ...Array.from({ length: 60 }, (_, i) => `Paged Party ${String(i).padStart(2, '0')},adverse,p${i}@paged.test,,`)].join('\n');
    expect((await call(s.url, '/api/conflict-parties/import', { cookie, json: { csv } })).status).toBe(200);
    const all = (await call(s.url, '/api/conflict-parties/getall', { cookie })).body;
    const p1 = (await call(s.url, '/api/conflict-parties/getall?page=1&size=50&q=PAGED', { cookie })).body;
    expect(p1.total).toBe(60);
    expect(p1.parties).toHaveLength(50);
    expect(p1.parties[0].name).toBe('Paged Party 00');
    const p2 = (await call(s.url, '/api/conflict-parties/getall?page=2&size=50&q=paged', { cookie })).body;
    expect(p2.parties.map((p: { name: string }) => p.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Paged Party ${50 + i}`));
    // The search reaches email and is literal: '%' and '_' are not wildcards.
    expect((await call(s.url, '/api/conflict-parties/getall?page=1&q=p%25paged', { cookie })).body.total).toBe(0);
    expect((await call(s.url, '/api/conflict-parties/getall?page=1&q=p7@paged', { cookie })).body.parties.map((p: { name: string }) => p.name)).toEqual(['Paged Party 07']);
    expect((await call(s.url, '/api/conflict-parties/getall?page=1&q=Party_0', { cookie })).body.total).toBe(0);
    // Without page: the whole list, as before; the total counts it.
    expect(all.parties.length).toBe(all.total);
    expect(all.parties.length).toBeGreaterThanOrEqual(60);
    const bad = await call(s.url, '/api/conflict-parties/getall?page=0', { cookie });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('page must be a whole number from 1.');
  });

  it('records at most 20 matches, in order: earlier requests first, then the firm’s list as it was entered', async () => {
    const past = await book({ name: 'Mira Zephyrine', email: 'mira@zeph.test', contactNumber: '+91 90000 00031' });
    expect(past.status).toBe('new');
    // 25 list entries that all match "Mira Zephyrine" (a middle initial is allowed), none by email or phone.
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXY'.split('');
    const csv = ['name,kind,email,phone,note', ...letters.map((l) => `Mira ${l}. Zephyrine,${l < 'M' ? 'client' : 'adverse'},,,`)].join('\n');
    expect((await call(s.url, '/api/conflict-parties/import', { cookie, json: { csv } })).status).toBe(200);
    const held = await book({ name: 'Omar Haddad', email: 'omar@client.test', contactNumber: '+91 90000 00032', opposing_party: 'Mira Zephyrine' });
    expect(held.status).toBe('conflict_review');
    const conflicts = JSON.parse(String(held.conflict)) as Array<{ field: string; source: string; matched: string; why: string }>;
    expect(conflicts).toHaveLength(20);
    expect(conflicts[0]).toEqual({
      field: 'opposing_party',
      source: 'consultation',
      matched: past.reference,
      why: `The opposing party “Mira Zephyrine” is like the client of request ${past.reference} (Mira Zephyrine).`,
    });
    expect(conflicts.slice(1).map((c) => c.matched)).toEqual(letters.slice(0, 19).map((l) => `Mira ${l}. Zephyrine`));
    expect(conflicts[1]!.why).toBe('The opposing party “Mira Zephyrine” is like the firm’s client “Mira A. Zephyrine”.');
    expect(conflicts[19]!.why).toBe('The opposing party “Mira Zephyrine” is like the firm’s adverse party “Mira S. Zephyrine”.');
  });
});

describe('data rights', () => {
  const linkIn = (m: Received) => /https?:\/\/[^\s"<>]+\/privacy\/data\?t=[A-Za-z0-9_.-]+/.exec(m.parsed.text ?? '')![0].replace(/^https?:\/\/[^/]+/, s.url);
  const postForm = async (url: string, fields: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const res = await fetch(url, { method: 'POST', body: form, headers: { origin: s.url } });
    return { status: res.status, text: await res.text(), type: res.headers.get('content-type') ?? '' };
  };

  it('answers the same whether or not the address is known', async () => {
    const known = await call(s.url, '/api/privacy/request', { json: { email: 'john.smith@client.test', kind: 'access' } });
    const unknown = await call(s.url, '/api/privacy/request', { json: { email: 'nobody@nowhere.test', kind: 'access' } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body.message).toBe(known.body.message);
    expect((await call(s.url, '/api/privacy/request', { json: { email: 'not-an-address' } })).status).toBe(400);
    const m = await waitMail('nobody@nowhere.test', () => true, 'unknown address mail');
    expect(m.parsed.text).toContain('We hold no consultation requests for this address');
  });

  it('the copy, after the mailed one-time link, holds exactly that visitor’s requests', async () => {
    await book({ name: 'Anita Das', email: 'anita@client.test', contactNumber: '+91 90000 00005', LegalIssueSummary: 'Tenancy deposit not returned.' });
    await book({ name: 'Anita Das', email: 'Anita@Client.test', contactNumber: '+91 90000 00005', LegalIssueSummary: 'A second matter.' });
    await call(s.url, '/api/privacy/request', { json: { email: 'anita@client.test', kind: 'access' } });
    const m = await waitMail('anita@client.test', (x) => (x.parsed.subject ?? '').includes('copy of your data'), 'access link');
    const link = linkIn(m);
    expect((await fetch(link)).status).toBe(200);
    const t = new URL(link).searchParams.get('t')!;
    const dl = await postForm(`${s.url}/privacy/data`, { t });
    expect(dl.status).toBe(200);
    expect(dl.type).toContain('application/json');
    const copy = JSON.parse(dl.text) as { consultation_requests: Array<{ name: string; legal_issue_summary: string; email: string }> };
    expect(copy.consultation_requests.map((r) => r.legal_issue_summary).sort()).toEqual(['A second matter.', 'Tenancy deposit not returned.']);
    expect(copy.consultation_requests.every((r) => r.email.toLowerCase() === 'anita@client.test')).toBe(true);
    expect((await postForm(`${s.url}/privacy/data`, { t })).status).toBe(409);
  });

  it('erasure leaves no row, file or stored mail of the visitor; a hold stops it; the audit keeps a hash', async () => {
    const pdf = pdfBytes('Secret deed');
    const form = consultationForm({ name: 'Erin Cole', email: 'erin@client.test', contactNumber: '+91 90000 00006', datetime: '2030-03-21T10:00' }, file(pdf, 'deed.pdf', 'application/pdf'));
    const r = await call(s.url, '/api/mail/contact', { form });
    expect(r.status).toBe(200);
    const row = await db().selectFrom('consultations').selectAll().where('reference', '=', r.body.reference).executeTakeFirstOrThrow();
    const docPath = path.join(s.dataDir, String(row.document_path));
    expect(existsSync(docPath)).toBe(true);
    await waitMail('erin@client.test', (x) => (x.parsed.subject ?? '').includes('received'), 'received');

    await call(s.url, '/api/privacy/request', { json: { email: 'erin@client.test', kind: 'erasure' } });
    const m = await waitMail('erin@client.test', (x) => (x.parsed.subject ?? '').includes('erase'), 'erasure link');
    const t = new URL(linkIn(m)).searchParams.get('t')!;
    const confirmed = await postForm(`${s.url}/privacy/data`, { t });
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain('will be carried out by');

    const list = await call(s.url, '/api/privacy/requests', { cookie });
    const req = list.body.requests.find((x: { email: string | null }) => x.email === 'erin@client.test');
    expect(req.status).toBe('verified');
    expect(Date.parse(req.due_at) - clock.getTime()).toBe(30 * 86_400_000);
    expect((await call(s.url, '/api/privacy/requests/hold', { cookie, json: { request_id: req.request_id, reason: '' } })).status).toBe(400);
    expect((await call(s.url, '/api/privacy/requests/hold', { cookie, json: { request_id: req.request_id, reason: 'Live matter: appeal pending' } })).status).toBe(200);
    // Held: not erased even when due.
    clock = new Date(clock.getTime() + 31 * 86_400_000);
    await s.app.intake.sweep();
    expect(await db().selectFrom('consultations').select('consultation_id').where('email', '=', 'erin@client.test').execute()).toHaveLength(1);
    expect((await call(s.url, '/api/privacy/requests/erase', { cookie, json: { request_id: req.request_id } })).status).toBe(409);
    metaphone('erin'); // as a conflict check comparing "Erin" with a name that sounds alike would
    expect(metaphoneCacheSize()).toBeGreaterThan(0);
    // Released: the sweep carries it out.
    expect((await call(s.url, '/api/privacy/requests/release', { cookie, json: { request_id: req.request_id } })).status).toBe(200);
    await s.app.intake.sweep();

    expect(await db().selectFrom('consultations').select('consultation_id').where('email', '=', 'erin@client.test').execute()).toHaveLength(0);
    expect(existsSync(docPath)).toBe(false);
    // The conflict check's remembered name words went too.
    expect(metaphoneCacheSize()).toBe(0);
    const mails = await db().selectFrom('mail_outbox').selectAll().execute();
    expect(mails.filter((x) => String(x.to_address).includes('erin@client.test') || String(x.text_body).includes('Erin Cole') || x.consultation_id === row.consultation_id)).toEqual([]);
    const reqs = await db().selectFrom('data_requests').selectAll().execute();
    expect(reqs.filter((x) => x.email === 'erin@client.test')).toEqual([]);
    expect(reqs.find((x) => Number(x.request_id) === req.request_id)).toMatchObject({ status: 'done', email: null });
    const audit = await db().selectFrom('audit_log').selectAll().where('action', '=', 'erase').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain('erin');
    expect(audit[0]!.summary).toMatch(/email hash [0-9a-f]{16}/);
    clock = new Date('2030-03-02T00:00:00Z');
  });

  it('retention purges only unconfirmed requests older than the setting, with their documents, and logs it', async () => {
    clock = new Date('2030-03-02T00:00:00Z');
    const old = await book({ name: 'Old Request', email: 'old@client.test', contactNumber: '+91 90000 00007' });
    const oldConfirmed = await book({ name: 'Old Confirmed', email: 'oldc@client.test', contactNumber: '+91 90000 00008' });
    await call(s.url, '/api/consultations/decide', { cookie, json: { consultation_id: Number(oldConfirmed.consultation_id), action: 'confirm' } });
    await call(s.url, '/api/consultations/decide', { cookie, json: { consultation_id: Number(oldConfirmed.consultation_id), action: 'complete' } });
    clock = new Date('2030-03-02T00:00:00Z');
    clock.setUTCMonth(clock.getUTCMonth() + 24);
    clock = new Date(clock.getTime() - 3600_000); // a little under 24 months: nothing goes
    expect(await s.app.rights.purge(clock)).toBe(0);
    clock = new Date(clock.getTime() + 2 * 3600_000); // just over
    const fresh = await book({ name: 'Fresh Request', email: 'fresh@client.test', contactNumber: '+91 90000 00009', datetime: '2032-03-20T10:00' });
    const purged = await s.app.rights.purge(clock);
    expect(purged).toBeGreaterThanOrEqual(1);
    const left = (await db().selectFrom('consultations').select('reference').execute()).map((x) => x.reference);
    expect(left).not.toContain(old.reference);
    expect(left).toContain(oldConfirmed.reference);
    expect(left).toContain(fresh.reference);
    const log = await db().selectFrom('audit_log').selectAll().where('action', '=', 'retention-purge').execute();
    expect(log).toHaveLength(1);
    expect(log[0]!.summary).toContain('older than 24 months');
    // Its stored mails went with it.
    expect(await db().selectFrom('mail_outbox').select('mail_id').where('consultation_id', '=', old.consultation_id).execute()).toEqual([]);
    clock = new Date('2030-03-02T00:00:00Z');
  });
});

describe('the erasure requests, paged (the Data requests screen asks for pages of 50)', () => {
  type Req = { request_id: number; email: string | null; status: string };
  const list = async (query = '') => call(s.url, `/api/privacy/requests${query}`, { cookie });
  const emails = (body: { requests: Req[] }) => body.requests.map((r) => r.email);

  it('pages, searches the address literally, filters by status; without page answers as before', async () => {
    const now = new Date().toISOString();
    const row = (kind: 'erasure' | 'access', email: string | null, status: 'pending' | 'verified' | 'held' | 'done') => ({
      kind,
      email,
      email_hash: `hash-${email ?? Math.random()}`,
      status,
      created_at: now,
      verified_at: status === 'pending' ? null : now,
      due_at: status === 'pending' ? null : now,
      hold_reason: status === 'held' ? 'Live matter' : null,
      completed_at: status === 'done' ? now : null,
      removed: status === 'done' ? 2 : null,
    });
    await db()
      .insertInto('data_requests')
      .values([
        ...Array.from({ length: 60 }, (_, i) => row('erasure', `v${String(i).padStart(2, '0')}@paged.test`, 'verified')),
        ...Array.from({ length: 5 }, (_, i) => row('erasure', `h${i}@paged.test`, 'held')),
        ...Array.from({ length: 4 }, () => row('erasure', null, 'done')),
        // Never listed: unconfirmed erasures and requests for a copy.
        ...Array.from({ length: 3 }, (_, i) => row('erasure', `p${i}@paged.test`, 'pending')),
        row('access', 'a0@paged.test', 'pending'),
        row('access', 'a1@paged.test', 'verified'),
        row('erasure', 'under_1@paged.test', 'verified'),
        row('erasure', 'pct%1@paged.test', 'verified'),
      ])
      .execute();

    // Without page: the confirmed erasures, newest first, at most 500, with the same keys as before paging.
    const whole = await list();
    expect(whole.status).toBe(200);
    expect(Object.keys(whole.body).sort()).toEqual(['message', 'requests', 'statusCode']);
    const expected = await db().selectFrom('data_requests').select('request_id').where('kind', '=', 'erasure').where('status', '<>', 'pending').orderBy('request_id', 'desc').limit(500).execute();
    expect(whole.body.requests.map((r: Req) => r.request_id)).toEqual(expected.map((r) => Number(r.request_id)));
    expect(whole.body.requests[0]).toEqual({ request_id: expect.any(Number), email: 'pct%1@paged.test', status: 'verified', created_at: now, verified_at: now, due_at: now, hold_reason: null, completed_at: null, removed: null });

    // Pages of 50 of the search (the done ones keep no address, so the search cannot find them).
    const p1 = (await list('?page=1&size=50&q=PAGED.TEST')).body;
    expect(p1).toMatchObject({ statusCode: 200, total: 67, page: 1, size: 50 });
    expect(emails(p1).slice(0, 4)).toEqual(['pct%1@paged.test', 'under_1@paged.test', 'h4@paged.test', 'h3@paged.test']);
    const p2 = (await list('?page=2&size=50&q=paged.test')).body;
    expect(p2.requests).toHaveLength(17);
    expect(emails(p2).at(-1)).toBe('v00@paged.test');
    expect(emails(p2)).not.toContain('p0@paged.test');
    expect(emails(p2)).not.toContain('a1@paged.test');

    // '%' and '_' are literal.
    expect(emails((await list('?page=1&q=v1%25')).body)).toEqual([]);
    expect(emails((await list('?page=1&q=%251@')).body)).toEqual(['pct%1@paged.test']);
    expect(emails((await list('?page=1&q=_1@')).body)).toEqual(['under_1@paged.test']);

    // By status: the held ones; a hold made now shows at once under it.
    const held = (await list('?page=1&status=held&q=paged.test')).body;
    expect(held.total).toBe(5);
    expect(emails(held)).toEqual(['h4@paged.test', 'h3@paged.test', 'h2@paged.test', 'h1@paged.test', 'h0@paged.test']);
    const v59 = p1.requests.find((r: Req) => r.email === 'v59@paged.test')!;
    expect((await call(s.url, '/api/privacy/requests/hold', { cookie, json: { request_id: v59.request_id, reason: 'Appeal pending' } })).status).toBe(200);
    const heldNow = (await list('?page=1&status=held&q=paged.test')).body;
    expect(heldNow.total).toBe(6);
    expect(emails(heldNow).at(-1)).toBe('v59@paged.test'); // the oldest request of the six
    expect((await list('?page=1&status=verified&q=paged.test')).body.total).toBe(61);
    const done = (await list('?page=1&size=200&status=done')).body;
    const doneCount = await db().selectFrom('data_requests').select((eb) => eb.fn.countAll<number | string>().as('n')).where('kind', '=', 'erasure').where('status', '=', 'done').executeTakeFirstOrThrow();
    expect(done.total).toBe(Number(doneCount.n));
    expect(done.total).toBeGreaterThanOrEqual(4);
    expect(done.requests.every((r: Req) => r.status === 'done' && r.email === null)).toBe(true);
  });

  it('refuses bad parameters with a 400 that says what is wrong; documents them under the same operationId', async () => {
    await expectRefused(list, [
      ['?page=0', 'page must be a whole number from 1.'],
      ['?page=1&size=500', 'size must be a whole number from 1 to 200.'],
      ['?page=1&status=pending', 'status must be one of verified, held, done.'],
      ['?status=due', 'status must be one of verified, held, done.'],
    ]);
    expect((await call(s.url, '/api/privacy/requests?page=1')).status).toBe(401);
    const op = (await call(s.url, '/api/docs.json')).body.paths['/api/privacy/requests'].get;
    expect(op.operationId).toBe('listDataRequests');
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(['page', 'size', 'q', 'status']);
    expect(JSON.stringify(op.parameters)).toContain('"enum":["verified","held","done"]');
  });
});

describe('due erasures at scale', () => {
  it('carries out fifty a sweep, the longest due first, and answers visitors between two erasures', async () => {
    clock = new Date('2030-03-02T00:00:00Z');
    while ((await s.app.rights.eraseDue(clock)) > 0); // whatever earlier tests left due
    const at = (days: number) => new Date(clock.getTime() - days * 86_400_000).toISOString();
    await db()
      .insertInto('data_requests')
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          kind: 'erasure' as const,
          email: `due${String(i).padStart(2, '0')}@scale.test`,
          email_hash: `scale-hash-${i}`,
          status: 'verified' as const,
          created_at: at(40),
          verified_at: at(35),
          // due00 fell due 60 days ago, due59 one day ago
          due_at: at(60 - i),
        })),
      )
      .execute();
    const left = async () =>
      (await db().selectFrom('data_requests').select('email').where('email', 'like', '%@scale.test').where('status', '=', 'verified').orderBy('email').execute()).map((r) => r.email);

    // A visitor's request that arrives while the sweep runs is answered before the sweep ends.
    const order: string[] = [];
    const sweep = s.app.rights.eraseDue(clock).then((n) => (order.push('sweep'), n));
    const page = fetch(`${s.url}/api/health`).then((r) => (order.push('visitor'), r.status));
    expect(await Promise.all([sweep, page])).toEqual([50, 200]);
    expect(order).toEqual(['visitor', 'sweep']);

    expect(await left()).toEqual(Array.from({ length: 10 }, (_, i) => `due${50 + i}@scale.test`));
    expect(await s.app.rights.eraseDue(clock)).toBe(10);
    expect(await left()).toEqual([]);
    expect(await s.app.rights.eraseDue(clock)).toBe(0);
    const done = await db().selectFrom('data_requests').select(['status', 'email', 'completed_at']).where('email_hash', 'like', 'scale-hash-%').execute();
    expect(done).toHaveLength(60);
    expect(done.every((r) => r.status === 'done' && r.email === null && r.completed_at)).toBe(true);
  });

  it('finds a visitor’s requests and stored mail by index, whatever the case of the address', async () => {
    const lookups = [
      db().selectFrom('consultations').select('consultation_id').where((eb) => eb(eb.fn('lower', ['email']), '=', 'anita@client.test')),
      db().selectFrom('mail_outbox').select('mail_id').where((eb) => eb(eb.fn('lower', ['to_address']), '=', 'anita@client.test')),
    ];
    const indexes = ['consultations_email_lower', 'mail_outbox_to_lower'];
    for (const [i, q] of lookups.entries()) {
      const { sql: text, parameters } = q.compile();
      const plan = await db()
        .connection()
        .execute(async (c) => {
          if (s.services.store.dialect === 'sqlite') return c.executeQuery(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${text}`, [...parameters]));
          // The planner would scan a table this small whatever the indexes; forbid that to see which it can use.
          await c.executeQuery(CompiledQuery.raw('SET enable_seqscan = off'));
          try {
            return await c.executeQuery(CompiledQuery.raw(`EXPLAIN ${text}`, [...parameters]));
          } finally {
            await c.executeQuery(CompiledQuery.raw('RESET enable_seqscan'));
          }
        });
      expect(JSON.stringify(plan.rows)).toContain(indexes[i]);
    }
  });
});
