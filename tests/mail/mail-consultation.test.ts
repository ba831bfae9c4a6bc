import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { file, pdfBytes, pngBytes } from '../helpers/files';
import { call, startServer } from '../helpers/server';
import { bytesOf, consultationForm, FAST_MAIL_ENV, mailServer, until, type Received } from '../helpers/mail-sink';

const { sink, s, cookie } = await mailServer();

const recipient = (m: Received) => m.envelopeTo.join(',');

/** Unfolds an iCalendar document into its content lines, checking the line rules on the way. */
function icsLines(ics: string): string[] {
  expect(ics.endsWith('\r\n')).toBe(true);
  const physical = ics.slice(0, -2).split('\r\n');
  for (const l of physical) {
    expect(l).not.toMatch(/[\r\n]/);
    expect(Buffer.byteLength(l, 'utf8')).toBeLessThanOrEqual(75);
  }
  const lines: string[] = [];
  for (const l of physical) {
    if (l.startsWith(' ')) lines[lines.length - 1] += l.slice(1);
    else lines.push(l);
  }
  return lines;
}

describe('POST /api/mail/contact', () => {
  it('stores the request, answers its reference, and mails the firm (with the document) and the client (with an .ics)', async () => {
    const pdf = pdfBytes('Sale deed');
    const form = consultationForm(
      { LegalIssueSummary: 'Dispute over a sale deed; the seller refuses to register it.' },
      file(pdf, 'sale deed.pdf', 'application/pdf'),
    );
    const requested = String(form.get('datetime'));
    const r = await call(s.url, '/api/mail/contact', { form });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.statusCode).toBe(200);
    expect(r.body.reference).toMatch(/^CR-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(r.body.message).toContain(r.body.reference);

    const msgs = await sink.waitFor(2);
    const firm = msgs.find((m) => recipient(m) === 'inbox@firm.test')!;
    const client = msgs.find((m) => recipient(m) === 'asha@client.test')!;
    expect(firm).toBeDefined();
    expect(client).toBeDefined();

    expect(firm.parsed.subject).toContain(r.body.reference);
    expect(firm.parsed.text).toContain('Dispute over a sale deed; the seller refuses to register it.');
    expect(firm.parsed.html).toContain('Dispute over a sale deed');
    expect(firm.parsed.replyTo?.[0]).toMatchObject({ address: 'asha@client.test' });
    const doc = firm.parsed.attachments.find((a) => a.filename === 'sale deed.pdf');
    expect(doc?.mimeType).toBe('application/pdf');
    expect(bytesOf(doc!).equals(pdf)).toBe(true);

    expect(client.parsed.subject).toContain(r.body.reference);
    expect(client.parsed.text).toContain('Harrow & Vale Legal Consultants'); // firm details from the settings
    expect(client.parsed.text).toContain('contact@harrowvale.example');
    const icsAtt = client.parsed.attachments.find((a) => a.filename === 'consultation.ics');
    expect(icsAtt?.mimeType).toBe('text/calendar');
    // postal-mime hands text parts back with LF line ends; the line rules are checked on the bytes sent.
    const raw = client.raw.toString('latin1');
    const head = raw.indexOf('filename=consultation.ics');
    expect(head).toBeGreaterThan(0);
    const bodyStart = raw.indexOf('\r\n\r\n', head) + 4;
    const b64 = [raw, raw.slice(bodyStart, raw.indexOf('\r\n--', bodyStart))];
    expect(b64).not.toBeNull();
    const sent = Buffer.from(b64![1]!.replace(/\s/g, ''), 'base64').toString('utf8');
    expect(sent.replace(/\r\n/g, '\n')).toBe(bytesOf(icsAtt!).toString('utf8'));
    const lines = icsLines(sent);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines.some((l) => l.startsWith('PRODID:'))).toBe(true);
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines.filter((l) => l === 'END:VEVENT')).toHaveLength(1);
    expect(lines.some((l) => /^UID:.+@/.test(l))).toBe(true);
    expect(lines.some((l) => /^DTSTAMP:\d{8}T\d{6}Z$/.test(l))).toBe(true);
    const start = lines.find((l) => l.startsWith('DTSTART:'))!.slice(8);
    const expected = new Date(requested)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    expect(start).toBe(expected);
    expect(lines.find((l) => l.startsWith('DTEND:'))! > `DTEND:${start}`).toBe(true);
    expect(lines.find((l) => l.startsWith('SUMMARY:'))).toContain('Consultation');
    // Stable Message-IDs on both.
    expect(firm.parsed.messageId).toMatch(/^<[0-9a-f-]{36}@firm\.test>$/);

    // Stored before answering, with the document kept privately.
    const list = await call(s.url, '/api/consultations/getall', { cookie });
    const row = list.body.consultations.find((c: { reference: string }) => c.reference === r.body.reference);
    expect(row).toMatchObject({
      name: 'Asha Menon',
      email: 'asha@client.test',
      status: 'new',
      contactNumber: '+91 98470 12345',
    });
    expect(row.document.name).toBe('sale deed.pdf');
    expect(readdirSync(path.join(s.dataDir, 'private/consultations'))).toHaveLength(1);
    expect(existsSync(path.join(s.dataDir, 'uploads/consultations'))).toBe(false);
  });

  it('refuses bad input with a clear message and leaves nothing behind', async () => {
    const before = (await call(s.url, '/api/consultations/getall', { cookie })).body.consultations.length;
    const past = '2020-01-01T10:00';
    const cases: Array<[FormData, number, string]> = [
      [consultationForm({ name: ' ' }), 400, 'Please enter your name.'],
      [consultationForm({ email: 'not-an-email' }), 400, 'Please enter a valid email address.'],
      [consultationForm({ contactNumber: '' }), 400, 'Please enter a contact number.'],
      [consultationForm({ contactNumber: 'call me' }), 400, 'Please enter a valid contact number.'],
      [consultationForm({ LegalIssueSummary: '' }), 400, 'Please describe your legal issue.'],
      [consultationForm({ datetime: 'tomorrow' }), 400, 'Please choose a valid preferred date and time.'],
      [consultationForm({ datetime: '2031-02-30T10:00' }), 400, 'Please choose a valid preferred date and time.'],
      [consultationForm({ datetime: past }), 400, 'The preferred date and time must be in the future.'],
      [
        consultationForm({}, file(Buffer.from('MZ\x90\x00 not really a pdf'), 'evil.pdf', 'application/pdf')),
        415,
        'Document: this file type is not allowed. Please upload a PDF, DOC, DOCX, JPG or PNG file.',
      ],
      [
        consultationForm({}, file(Buffer.alloc(10 * 1024 * 1024 + 10, 1), 'big.pdf', 'application/pdf')),
        413,
        'The file is too large. The limit is 10 MB.',
      ],
    ];
    for (const [form, status, message] of cases) {
      const r = await call(s.url, '/api/mail/contact', { form });
      expect({ status: r.status, message: r.body.message, success: r.body.success }).toEqual({
        status,
        message,
        success: false,
      });
    }
    const after = (await call(s.url, '/api/consultations/getall', { cookie })).body.consultations.length;
    expect(after).toBe(before);
    expect(readdirSync(path.join(s.dataDir, 'private/consultations'))).toHaveLength(before);
    expect(readdirSync(path.join(s.dataDir, 'tmp'))).toHaveLength(0);
  });

  it('accepts a PNG document (re-encoded) and answers 401 to a visitor who asks for it, the file to the administrator', async () => {
    const png = await pngBytes(40, 30);
    const r = await call(s.url, '/api/mail/contact', {
      form: consultationForm({ name: 'Ravi K' }, file(png, 'photo.png', 'image/png')),
    });
    expect(r.status).toBe(200);
    const row = (await call(s.url, '/api/consultations/getall', { cookie })).body.consultations.find(
      (c: { reference: string }) => c.reference === r.body.reference,
    );
    expect(row.document.url).toBe(`/api/consultations/${row.consultation_id}/document`);

    const anon = await fetch(`${s.url}${row.document.url}`);
    expect(anon.status).toBe(401);
    const res = await fetch(`${s.url}${row.document.url}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toContain('photo.png');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.subarray(1, 4).toString()).toBe('PNG');
    // Nor is it reachable as a public or private file without the session.
    const stored = readdirSync(path.join(s.dataDir, 'private/consultations')).find((f) => f.endsWith('.png'))!;
    expect((await fetch(`${s.url}/private/consultations/${stored}`)).status).toBe(401);
    expect((await fetch(`${s.url}/uploads/consultations/${stored}`)).status).toBe(404);
  });
});

const CONSENT_MESSAGE = 'Please confirm that you understand this form does not create a lawyer–client relationship.';

describe('consent and honeypot of the consultation form (decision 0011)', () => {
  const state = async () => ({
    consultations: (await call(s.url, '/api/consultations/getall', { cookie })).body.consultations.length as number,
    outbox: (await call(s.url, '/api/mail/outbox', { cookie })).body.messages.length as number,
    documents: readdirSync(path.join(s.dataDir, 'private/consultations')).length,
  });

  it('refuses a consent sent but not ticked with 400 and stores nothing', async () => {
    const before = await state();
    for (const consent of ['false', 'off', '0', 'no']) {
      const r = await call(s.url, '/api/mail/contact', {
        form: consultationForm({ consent }, file(pdfBytes('No consent'), 'x.pdf', 'application/pdf')),
      });
      expect({ consent, status: r.status, message: r.body.message, success: r.body.success }).toEqual({
        consent,
        status: 400,
        message: CONSENT_MESSAGE,
        success: false,
      });
    }
    // JSON bodies too.
    const json = await call(s.url, '/api/mail/contact', {
      json: { ...Object.fromEntries(consultationForm({ consent: null }).entries()), consent: false },
    });
    expect(json.status).toBe(400);
    expect(json.body.message).toBe(CONSENT_MESSAGE);
    expect(await state()).toEqual(before);
    expect(readdirSync(path.join(s.dataDir, 'tmp'))).toHaveLength(0);
  });

  it("takes a request without the consent (the spec's client sends none), stores it with none recorded and tells the firm so", async () => {
    await until(
      async () => (await call(s.url, '/api/mail/outbox', { cookie })).body.messages as Array<{ status: string }>,
      (m) => m.every((x) => x.status === 'sent'),
    );
    sink.messages.length = 0;
    for (const consent of [null, '']) {
      const name = `No consent ${consent === null ? 'field' : 'value'}`;
      const r = await call(s.url, '/api/mail/contact', { form: consultationForm({ name, consent }) });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.success).toBe(true);
      const row = (await call(s.url, '/api/consultations/getall', { cookie })).body.consultations.find(
        (c: { reference: string }) => c.reference === r.body.reference,
      );
      expect(row).toMatchObject({ name, consent_at: null });
      const msgs = await sink.waitFor(2);
      const firm = msgs.find((m) => recipient(m) === 'inbox@firm.test' && m.parsed.subject?.includes(r.body.reference))!;
      expect(firm.parsed.text).toContain('Consent: not recorded');
      expect(firm.parsed.html).toContain('not recorded');
      sink.messages.length = 0;
    }
    // With the consent ticked the firm reads when it was given.
    const r = await call(s.url, '/api/mail/contact', { form: consultationForm({ name: 'Consent ticked' }) });
    expect(r.status).toBe(200);
    const firm = (await sink.waitFor(2)).find((m) => recipient(m) === 'inbox@firm.test')!;
    expect(firm.parsed.text).toMatch(/Consent: given \w+day, /);
    sink.messages.length = 0;
  });

  it('stores the time of the consent with the request and lists it for the administrator', async () => {
    for (const consent of ['true', 'on', '1']) {
      const start = Date.now();
      const r = await call(s.url, '/api/mail/contact', {
        form: consultationForm({ name: `Consent ${consent}`, consent }),
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const row = (await call(s.url, '/api/consultations/getall', { cookie })).body.consultations.find(
        (c: { reference: string }) => c.reference === r.body.reference,
      );
      expect(row.consent_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      const t = new Date(row.consent_at).getTime();
      expect(t).toBeGreaterThanOrEqual(start - 5);
      expect(t).toBeLessThanOrEqual(Date.now());
    }
    // A request stored before the consent existed lists consent_at null.
    await s.services.store.db
      .insertInto('consultations')
      .values({
        reference: 'CR-OLD0-0000',
        name: 'Older Request',
        email: 'old@client.test',
        contact_number: '+91 98470 00000',
        legal_issue_summary: 'Stored before the consent existed.',
        requested_at: new Date(Date.now() + 86400_000).toISOString(),
        status: 'new',
      })
      .execute();
    const old = (await call(s.url, '/api/consultations/getall', { cookie })).body.consultations.find(
      (c: { reference: string }) => c.reference === 'CR-OLD0-0000',
    );
    expect(old.consent_at).toBeNull();
  });

  it('answers a filled honeypot exactly like a success but stores, mails and keeps nothing', async () => {
    // Let the messages of the earlier tests reach the sink first.
    await until(
      async () => (await call(s.url, '/api/mail/outbox', { cookie })).body.messages as Array<{ status: string }>,
      (m) => m.every((x) => x.status === 'sent'),
      15_000,
      'earlier messages sent',
    );
    const before = await state();
    const sent = sink.messages.length;
    const trap = await call(s.url, '/api/mail/contact', {
      form: consultationForm(
        { name: 'Honey Bot', email: 'bot@spam.test', website: 'https://spam.example' },
        file(pdfBytes('Spam'), 'spam.pdf', 'application/pdf'),
      ),
    });
    const real = await call(s.url, '/api/mail/contact', { form: consultationForm({ name: 'Real After Bot' }) });
    expect(real.status).toBe(200);
    // Same status and shape as the real success; only the reference differs.
    expect(trap.status).toBe(200);
    expect(Object.keys(trap.body).sort()).toEqual(Object.keys(real.body).sort());
    expect(trap.body).toMatchObject({ statusCode: 200, success: true });
    expect(trap.body.reference).toMatch(/^CR-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(trap.body.message).toBe(real.body.message.replace(real.body.reference, trap.body.reference));

    // Only the real request was stored and mailed.
    const after = await state();
    expect(after).toEqual({
      consultations: before.consultations + 1,
      outbox: before.outbox + 2,
      documents: before.documents,
    });
    const list = (await call(s.url, '/api/consultations/getall', { cookie })).body.consultations;
    expect(
      list.some(
        (c: { name: string; reference: string }) => c.name === 'Honey Bot' || c.reference === trap.body.reference,
      ),
    ).toBe(false);
    const msgs = await sink.waitFor(sent + 2);
    await new Promise((r) => setTimeout(r, 300));
    expect(msgs.slice(sent).map(recipient).sort()).toEqual(['asha@client.test', 'inbox@firm.test']);
    expect(msgs.some((m) => recipient(m) === 'bot@spam.test' || m.parsed.subject?.includes(trap.body.reference))).toBe(
      false,
    );
    expect(readdirSync(path.join(s.dataDir, 'tmp'))).toHaveLength(0);
  });
});

describe('consultations inbox API', () => {
  it('lists requests, changes their status and counts new ones on the dashboard', async () => {
    const r = await call(s.url, '/api/mail/contact', { form: consultationForm({ name: 'Status Case' }) });
    expect(r.status).toBe(200);
    const counts = async () =>
      (await call(s.url, '/api/admin/counts', { cookie })).body.counts.newConsultations as number;
    const n = await counts();
    expect(n).toBeGreaterThanOrEqual(1);
    const list = await call(s.url, '/api/consultations/getall', { cookie });
    const row = list.body.consultations.find((c: { reference: string }) => c.reference === r.body.reference);
    const upd = await call(s.url, '/api/consultations/updatestatus', {
      cookie,
      json: { consultation_id: row.consultation_id, status: 'contacted' },
    });
    expect(upd.status).toBe(200);
    expect(upd.body.consultation.status).toBe('contacted');
    expect(await counts()).toBe(n - 1);
    const bad = await call(s.url, '/api/consultations/updatestatus', {
      cookie,
      json: { consultation_id: row.consultation_id, status: 'lost' },
    });
    expect(bad.status).toBe(400);
    const missing = await call(s.url, '/api/consultations/updatestatus', {
      cookie,
      json: { consultation_id: 999999, status: 'closed' },
    });
    expect(missing.status).toBe(404);
    const filtered = await call(s.url, '/api/consultations/getall?status=contacted', { cookie });
    expect(filtered.body.consultations.every((c: { status: string }) => c.status === 'contacted')).toBe(true);
    expect((await call(s.url, '/api/consultations/getall')).status).toBe(401);
    expect(
      (
        await call(s.url, '/api/consultations/updatestatus', {
          json: { consultation_id: row.consultation_id, status: 'closed' },
        })
      ).status,
    ).toBe(401);
  });
});

describe('rate limit of the consultation form', () => {
  it('answers 429 above CONSULTATION_RATE_LIMIT requests a minute', async () => {
    const limited = await startServer({ env: { ...FAST_MAIL_ENV, CONSULTATION_RATE_LIMIT: '2' } });
    try {
      const statuses: number[] = [];
      let last: { message?: string; success?: boolean } = {};
      for (let i = 0; i < 3; i++) {
        const r = await call(limited.url, '/api/mail/contact', { form: consultationForm() });
        statuses.push(r.status);
        last = r.body;
      }
      expect(statuses).toEqual([200, 200, 429]);
      expect(last.success).toBe(false);
      // Without SMTP_URL the two accepted requests became .eml files (four messages).
      await until(
        () =>
          existsSync(path.join(limited.dataDir, 'outbox'))
            ? readdirSync(path.join(limited.dataDir, 'outbox')).filter((f) => f.endsWith('.eml'))
            : [],
        (f) => f.length === 4,
        10_000,
        'eml files',
      );
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/consultations/getall, a page at a time', () => {
  it('pages the inbox newest first, counts every status, filters, and refuses a bad page number', async () => {
    const t = await startServer();
    try {
      const cookie = await t.login();
      const now = new Date().toISOString();
      const statuses = ['new', 'contacted', 'scheduled', 'closed'] as const;
      const values = Array.from({ length: 120 }, (_, i) => ({
        reference: `CR-PAGE-${String(i + 1).padStart(4, '0')}`,
        name: `Client ${i + 1}`,
        email: `client${i + 1}@example.com`,
        contact_number: '+91 98470 00000',
        legal_issue_summary: `Request number ${i + 1}.`,
        requested_at: now,
        status: statuses[i % 4],
        created_at: now,
        updated_at: now,
      }));
      await t.services.store.db.insertInto('consultations').values(values).execute();

      const first = (await call(t.url, '/api/consultations/getall', { cookie })).body;
      expect(first.consultations).toHaveLength(50);
      expect(first.consultations[0].reference).toBe('CR-PAGE-0120');
      expect(first).toMatchObject({ total: 120, page: 1, perPage: 50, pages: 3, counts: { new: 30, contacted: 30, scheduled: 30, closed: 30 } });
      const third = (await call(t.url, '/api/consultations/getall?page=3', { cookie })).body;
      expect(third.consultations.map((c: { reference: string }) => c.reference)).toEqual(
        Array.from({ length: 20 }, (_, i) => `CR-PAGE-${String(20 - i).padStart(4, '0')}`),
      );
      const closed = (await call(t.url, '/api/consultations/getall?status=closed&perPage=200', { cookie })).body;
      expect(closed.total).toBe(30);
      expect(closed.pages).toBe(1);
      expect(closed.consultations.every((c: { status: string }) => c.status === 'closed')).toBe(true);
      for (const q of ['page=0', 'page=abc', 'perPage=201', 'perPage=-1', 'page=1.5']) {
        const bad = await call(t.url, `/api/consultations/getall?${q}`, { cookie });
        expect(bad.status, q).toBe(400);
        expect(bad.body.message).toMatch(/must be a whole number from 1/);
      }
      expect((await call(t.url, '/api/consultations/getall?page=2')).status).toBe(401);
    } finally {
      await t.close();
    }
  });
});
