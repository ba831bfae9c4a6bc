import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCESS, ROLES, type Role } from '../../content/roles';
import Fastify from 'fastify';
import { declaredAccess, registerRoleGuard } from '../../server/api/auth-hooks';
import { privateFileArea } from '../../server/api/files';
import { dynamic } from '../../server/db/schema';
import { pdfBytes } from '../helpers/files';
import { accountWithRole, signIn } from '../helpers/roles';
import { ADMIN_EMAIL, call, signedInServer } from '../helpers/server';

/**
 * Roles (decision 0040), over real HTTP on SQLite and (npm test's second pass) PostgreSQL: every route
 * declares the roles it allows, and every route is called with an account of every role.
 */
const { s, cookie: adminCookie } = await signedInServer({ demo: false });
const editor = await accountWithRole(s, adminCookie, 'editor');
const intake = await accountWithRole(s, adminCookie, 'intake');
const cookies: Record<Role, string> = { admin: adminCookie, editor: editor.cookie, intake: intake.cookie };

async function tableCounts(): Promise<Record<string, number>> {
  const db = s.services.store.db;
  const out: Record<string, number> = {};
  for (const t of await db.introspection.getTables()) {
    if (t.name.startsWith('kysely_') || t.name === 'sessions' || t.name === 'rate_limits') continue;
    const row = await dynamic(db).selectFrom(t.name).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    out[t.name] = Number(row.n);
  }
  return out;
}

const PRIVATE_FILE = 'consultations/x.pdf';
const concrete = (url: string) => url.replace('*', PRIVATE_FILE).replace(/:(\w+)/g, '1');
/** The roles a call allows: the route's, narrowed for a private file by where it is stored. */
function allowedFor(url: string, roles: readonly Role[]): readonly Role[] {
  if (url === '/private/*') return ACCESS[privateFileArea(`private/${PRIVATE_FILE}`)];
  return roles;
}
const JUNK = JSON.stringify({ question: 'x', answer: 'y', to: 'a@b.co', subject: 's', text: 't' });
const send = (method: string, url: string, cookie: string) =>
  fetch(`${s.url}${concrete(url)}`, {
    method,
    headers: { cookie, ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }) },
    body: method === 'GET' || method === 'DELETE' ? undefined : JUNK,
  });

const guarded = () =>
  s.routes
    .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
    .map((r) => ({ ...r, access: declaredAccess(r.schema) }))
    .filter((r): r is typeof r & { access: readonly Role[] } => Array.isArray(r.access));

describe('every registered route declares its roles', () => {
  it('has roles or public on every route (API, pages behind links, built files), and admin in every non-public one', () => {
    const none = s.routes.filter((r) => !declaredAccess(r.schema)).map((r) => `${r.method} ${r.url}`);
    expect(none).toEqual([]);
    const withoutAdmin = guarded().filter((r) => !r.access.includes('admin')).map((r) => `${r.method} ${r.url}`);
    expect(withoutAdmin).toEqual([]);
    expect(guarded().length).toBeGreaterThan(100);
  });

  it('stops a server whose route declares no roles from starting', async () => {
    const app = Fastify({ logger: false });
    registerRoleGuard(app, s.services);
    app.get('/forgotten', async () => 'open');
    app.get('/declared', { schema: { roles: ['admin'] } }, async () => 'guarded');
    const err = await app.ready().then(() => null, (e: Error) => e);
    expect(err?.message).toMatch(/^Routes that declare no roles \(schema\.roles, decision 0040\): .*GET[^;]* \/forgotten/);
    expect(err?.message).not.toContain('/declared');
  });

  it('answers each role it does not allow 403 with a plain sentence, and changes nothing', async () => {
    const before = await tableCounts();
    const wrong: string[] = [];
    let refused = 0;
    for (const r of guarded()) {
      for (const role of ROLES) {
        if (allowedFor(r.url, r.access).includes(role)) continue;
        const res = await send(r.method, r.url, cookies[role]);
        const body = (await res.json().catch(() => null)) as { statusCode?: number; message?: unknown } | null;
        const message = typeof body?.message === 'string' ? body.message : '';
        refused += 1;
        if (res.status !== 403 || body?.statusCode !== 403 || !/^[A-Z][^{}<>\n]+\.$/.test(message) || /error|exception|stack/i.test(message)) {
          wrong.push(`${role} ${r.method} ${r.url} → ${res.status} ${JSON.stringify(body)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(refused).toBeGreaterThan(100);
    expect(await tableCounts()).toEqual(before);
  });

  it('lets every role it allows past the guard (neither 401 nor 403)', async () => {
    const wrong: string[] = [];
    for (const r of guarded()) {
      for (const role of allowedFor(r.url, r.access)) {
        const res = await send(r.method, r.url, cookies[role]);
        if (res.status === 401 || res.status === 403) wrong.push(`${role} ${r.method} ${r.url} → ${res.status} ${await res.text()}`);
      }
    }
    expect(wrong).toEqual([]);
    // The junk calls above end no session.
    for (const role of ROLES) expect((await call(s.url, '/api/admin/me', { cookie: cookies[role] })).body.admin.role).toBe(role);
  });

  it('answers 401 before the role without a session, on every guarded route', async () => {
    const open: string[] = [];
    for (const r of guarded()) {
      const res = await send(r.method, r.url, '');
      if (res.status !== 401) open.push(`${r.method} ${r.url} → ${res.status}`);
    }
    expect(open).toEqual([]);
  });

  it('shows the roles of every call in the API reference', async () => {
    const doc = (await call(s.url, '/api/docs.json')).body;
    const ops = Object.values(doc.paths as Record<string, Record<string, Record<string, unknown>>>).flatMap((m) => Object.values(m));
    expect(ops.length).toBeGreaterThan(100);
    expect(ops.filter((o) => o['x-roles'] === undefined).map((o) => o.operationId)).toEqual([]);
    const byId = Object.fromEntries(ops.map((o) => [o.operationId, o]));
    expect(byId.listConsultations!['x-roles']).toEqual(['admin', 'intake']);
    expect(byId.faqsAddFaqs!['x-roles']).toEqual(['admin', 'editor']);
    expect(byId.setAdminRole!['x-roles']).toEqual(['admin']);
    expect(byId.faqsGetallfaqs!['x-roles']).toBe('public');
    const html = await (await fetch(`${s.url}/api/docs`)).text();
    expect(html).toContain('admin, intake');
  });
});

describe('what each role sees', () => {
  it('answers /api/admin/me with the role beside the email', async () => {
    const me = await call(s.url, '/api/admin/me', { cookie: editor.cookie });
    expect(me.body.admin).toEqual({ email: editor.email, role: 'editor' });
  });

  it('counts and work list: content for admin and editor, consultations and mail for admin and intake', async () => {
    const counts = async (c: string) => Object.keys((await call(s.url, '/api/admin/counts', { cookie: c })).body.counts as object);
    expect(await counts(adminCookie)).toEqual(expect.arrayContaining(['faqs', 'newConsultations']));
    expect(await counts(editor.cookie)).toContain('faqs');
    expect(await counts(editor.cookie)).not.toContain('newConsultations');
    expect(await counts(intake.cookie)).toEqual(['newConsultations']);
    const work = async (c: string) => (await call(s.url, '/api/content-worklist', { cookie: c })).body;
    expect(await work(editor.cookie)).not.toHaveProperty('newConsultations');
    expect(await work(intake.cookie)).toMatchObject({ newConsultations: 0, failedMail: 0, drafts: [] });
    expect(await work(adminCookie)).toHaveProperty('failedMail', 0);
  });

  it('private files by where they are stored: consultation documents for intake, the trash for editors', async () => {
    const store = async (rel: string, text: string) => {
      const tmp = path.join(s.dataDir, `upload-${Math.random().toString(36).slice(2)}`);
      writeFileSync(tmp, pdfBytes(text));
      await s.services.files.put(tmp, rel);
    };
    await store('private/consultations/doc.pdf', 'consultation');
    await store('private/trash/old.pdf', 'trash');
    const get = async (p: string, c: string) => (await call(s.url, `/${p}`, { cookie: c })).status;
    expect(await get('private/consultations/doc.pdf', intake.cookie)).toBe(200);
    expect(await get('private/consultations/doc.pdf', adminCookie)).toBe(200);
    expect(await get('private/consultations/doc.pdf', editor.cookie)).toBe(403);
    expect(await get('private/trash/old.pdf', editor.cookie)).toBe(200);
    expect(await get('private/trash/old.pdf', intake.cookie)).toBe(403);
  });
});

describe('settings: an editor changes the website texts only', () => {
  const read = async () => (await call(s.url, '/api/settings/getsettings')).body.settings as Record<string, Record<string, unknown>>;
  const save = (c: string, settings: unknown) => call(s.url, '/api/settings/updatesettings', { cookie: c, json: settings });

  it('saves an editor’s change of the texts (the rest sent back as it was)', async () => {
    const settings = await read();
    const res = await save(editor.cookie, { ...settings, tagline: 'Counsel you can reach', rule36: { ...settings.rule36, declaration: 'A declaration edited by the editor.' } });
    expect(res.status).toBe(200);
    expect((await read()).tagline).toBe('Counsel you can reach');
  });

  it('refuses an editor’s change of booking, privacy or strict Rule 36 mode with 403 naming them, and keeps them', async () => {
    const settings = await read();
    const changed = {
      ...settings,
      tagline: 'Changed with the rest',
      booking: { ...settings.booking, capacity: 7 },
      rule36: { ...settings.rule36, strict: !settings.rule36!.strict },
    };
    const res = await save(editor.cookie, changed);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Your account's role (Editor) may change the website texts of the settings only. Ask an administrator to change: Strict Rule 36 mode, Booking rules.");
    expect(await read()).toEqual(settings);
    expect((await save(adminCookie, changed)).status).toBe(200);
    expect((await read()).booking!.capacity).toBe(7);
  });

  it('refuses intake any settings save', async () => {
    const res = await save(intake.cookie, await read());
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/^Your account's role \(Intake\) does not allow this\./);
  });
});

describe('the assistant', () => {
  it('does not show consultation requests to an editor; intake and admin see them', async () => {
    const created = new Date().toISOString();
    await s.services.store.db
      .insertInto('consultations')
      .values({ reference: 'REF-R1', name: 'Meera Pillai', email: 'meera@example.com', contact_number: '+91 90000 00001', legal_issue_summary: 'Tenancy', requested_at: '2027-03-18T11:00', status: 'new', created_at: created, updated_at: created })
      .execute();
    const ask = async (c: string, prompt: string) => String((await call(s.url, '/api/ai/createai', { cookie: c, json: { prompt } })).body.response);
    for (const prompt of ['List the new consultation requests', 'How many consultations are there?', 'Who booked a consultation?']) {
      const a = await ask(editor.cookie, prompt);
      expect(a).not.toContain('Meera');
      expect(a).toContain("your account's role does not show them");
      expect(await ask(intake.cookie, prompt)).toContain('Meera Pillai');
    }
    expect(await ask(adminCookie, 'List the new consultation requests')).toContain('Meera Pillai');
    const overview = await ask(editor.cookie, 'Give me an overview of the site content');
    expect(overview).not.toMatch(/consultation request/i);
  });
});

describe('accounts and roles', () => {
  it('invites with a role (default admin), lists roles, refuses an unknown role', async () => {
    const plain = await call(s.url, '/api/admins/invite', { cookie: adminCookie, json: { email: 'partner@test.example' } });
    expect(plain.status).toBe(200);
    expect(plain.body.admin.role).toBe('admin');
    const bad = await call(s.url, '/api/admins/invite', { cookie: adminCookie, json: { email: 'x@test.example', role: 'owner' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('role must be one of admin, editor, intake.');
    const list = (await call(s.url, '/api/admins/list', { cookie: adminCookie })).body.admins as { email: string; role: string }[];
    expect(Object.fromEntries(list.map((a) => [a.email, a.role]))).toMatchObject({ [ADMIN_EMAIL]: 'admin', [editor.email]: 'editor', [intake.email]: 'intake', 'partner@test.example': 'admin' });
  });

  it('setAdminRole changes the role, ends that account’s sessions at once and is in the audit log', async () => {
    const other = await accountWithRole(s, adminCookie, 'editor', 'moves@test.example');
    const second = await signIn(s.url, other.email);
    const res = await call(s.url, '/api/admins/role', { cookie: adminCookie, json: { admin_id: other.adminId, role: 'intake' } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('moves@test.example now has the role Intake. Their sessions have ended.');
    expect(res.body.admin.role).toBe('intake');
    for (const c of [other.cookie, second]) expect((await call(s.url, '/api/admin/me', { cookie: c })).status).toBe(401);
    const again = await signIn(s.url, other.email);
    expect((await call(s.url, '/api/consultations/getall', { cookie: again })).status).toBe(200);
    expect((await call(s.url, '/api/faqs/addFaqs', { cookie: again, json: { question: 'q', answer: 'a' } })).status).toBe(403);
    const log = (await call(s.url, '/api/audit/getauditlog?q=moves', { cookie: adminCookie })).body.entries as Record<string, string>[];
    expect(log[0]).toMatchObject({ action: 'change-role', target: 'admins', summary: 'moves@test.example: editor → intake' });
    const bad = await call(s.url, '/api/admins/role', { cookie: adminCookie, json: { admin_id: other.adminId, role: 'boss' } });
    expect(bad.status).toBe(400);
    expect((await call(s.url, '/api/admins/role', { cookie: adminCookie, json: { admin_id: 99999, role: 'editor' } })).status).toBe(404);
  });

  it('never demotes or removes the last active administrator (409 with a sentence)', async () => {
    const list = (await call(s.url, '/api/admins/list', { cookie: adminCookie })).body.admins as { admin_id: number; email: string; role: string; status: string }[];
    const me = list.find((a) => a.email === ADMIN_EMAIL)!;
    // The only other account with the role admin is still invited: it does not count.
    expect(list.filter((a) => a.role === 'admin' && a.status === 'active').map((a) => a.email)).toEqual([ADMIN_EMAIL]);
    const res = await call(s.url, '/api/admins/role', { cookie: adminCookie, json: { admin_id: me.admin_id, role: 'editor' } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('The last administrator cannot be given another role. Make another account an administrator first.');
    const removed = await call(s.url, '/api/admins/remove', { cookie: adminCookie, json: { admin_id: me.admin_id } });
    expect(removed.status).toBe(409);
    expect((await call(s.url, '/api/admin/me', { cookie: adminCookie })).body.admin.role).toBe('admin');

    // With a second active administrator, the first may step down; its own session stays, its role applies at once.
    const partner = await accountWithRole(s, adminCookie, 'admin', 'second-admin@test.example');
    const other = await signIn(s.url, ADMIN_EMAIL, 'correct horse battery staple');
    const down = await call(s.url, '/api/admins/role', { cookie: adminCookie, json: { admin_id: me.admin_id, role: 'editor' } });
    expect(down.status).toBe(200);
    expect(down.body.message).toContain('Your other sessions have ended.');
    expect((await call(s.url, '/api/admin/me', { cookie: other })).status).toBe(401);
    expect((await call(s.url, '/api/admin/me', { cookie: adminCookie })).body.admin.role).toBe('editor');
    expect((await call(s.url, '/api/admins/list', { cookie: adminCookie })).status).toBe(403);
    const back = await call(s.url, '/api/admins/role', { cookie: partner.cookie, json: { admin_id: me.admin_id, role: 'admin' } });
    expect(back.status).toBe(200);
    // Changed by another administrator: every session of the account ended.
    expect((await call(s.url, '/api/admin/me', { cookie: adminCookie })).status).toBe(401);
    const fresh = await signIn(s.url, ADMIN_EMAIL, 'correct horse battery staple');
    expect((await call(s.url, '/api/admins/role', { cookie: fresh, json: { admin_id: partner.adminId, role: 'editor' } })).status).toBe(200);
  });
});
