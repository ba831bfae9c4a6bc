import { describe, expect, it } from 'vitest';
import { signedInServer } from '../helpers/server';
import { dynamic } from '../../server/db/schema';
import { NOT_SIGNED_IN, declaredAccess } from '../../server/api/auth-hooks';

/**
 * Walks every route the server registers. Only the routes that declare `roles: 'public'` in their schema
 * (decision 0040) are open to visitors: every other route (including one added later) must answer 401 without
 * a session and change nothing, and every public one must answer without one. The public set is checked
 * against the visitors' calls of the spec and the admin's writes, so a declaration made public by mistake
 * fails here.
 */
const { s, cookie } = await signedInServer({ demo: false });

const PUBLIC = new Set(s.routes.filter((r) => declaredAccess(r.schema) === 'public').map((r) => `${r.method} ${r.url}`));

async function tableCounts(): Promise<Record<string, number>> {
  const db = s.services.store.db;
  const tables = await db.introspection.getTables();
  const out: Record<string, number> = {};
  for (const t of tables) {
    // Sessions and rate-limit counters change with any request (a refused sign-in is still counted).
    if (t.name.startsWith('kysely_') || t.name === 'sessions' || t.name === 'rate_limits') continue;
    const row = await dynamic(db)
      .selectFrom(t.name)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    out[t.name] = Number(row.n);
  }
  return out;
}

const concrete = (url: string) => url.replace('*', 'private/consultations/x.pdf').replace(/:(\w+)/g, '1');

describe('every registered route', () => {
  it('declares public the calls visitors make, and none of the admin’s', () => {
    for (const call of [
      'GET /api/health',
      'GET /api/ready',
      'POST /api/admin/adminlogin',
      'POST /api/mail/contact',
      'GET /api/settings/getsettings',
      'GET /api/faqs/getallfaqs',
      'POST /api/blog/getblogByid',
      'GET /api/consultations/slots',
    ])
      expect(PUBLIC, call).toContain(call);
    const adminWrites = [...PUBLIC].filter((k) => /^\w+ \/api\/.*\/(add|update|delete|remove|save|upload|retry|reorder|restore|purge|publish)/i.test(k));
    expect(adminWrites).toEqual([]);
    for (const k of PUBLIC) expect(k, k).not.toMatch(/^\w+ \/api\/(audit|mail\/(outbox|sendmail|retry)|admins|account|content|redirects|not-found|insights\/summary)/);
  });

  it('answers 401 without a session unless it is explicitly public, and changes nothing', async () => {
    const routes = s.routes.filter(
      (r) =>
        r.method !== 'HEAD' && r.method !== 'OPTIONS' && (r.url.startsWith('/api') || r.url.startsWith('/private')),
    );
    expect(routes.length).toBeGreaterThan(60);
    const before = await tableCounts();
    const open: string[] = [];
    for (const r of routes) {
      const key = `${r.method} ${r.url}`;
      if (PUBLIC.has(key)) continue;
      const res = await fetch(`${s.url}${concrete(r.url)}`, {
        method: r.method,
        headers: r.method === 'GET' || r.method === 'DELETE' ? {} : { 'content-type': 'application/json' },
        body:
          r.method === 'GET' || r.method === 'DELETE'
            ? undefined
            : JSON.stringify({ question: 'x', answer: 'y', prompt: 'hi', to: 'a@b.co', subject: 's', text: 't' }),
      });
      if (res.status !== 401) open.push(`${key} → ${res.status}`);
    }
    expect(open).toEqual([]);
    expect(await tableCounts()).toEqual(before);
  });

  it('lets every public call through without a session', async () => {
    const refused: string[] = [];
    for (const key of PUBLIC) {
      const [method, url] = key.split(' ') as [string, string];
      if (!url.startsWith('/api') || method === 'HEAD') continue;
      const res = await fetch(`${s.url}${concrete(url)}`, {
        method,
        headers: method === 'GET' ? {} : { 'content-type': 'application/json' },
        body: method === 'GET' ? undefined : '{}',
      });
      // Refused by the guard (a call may answer 401 of its own, as the webhook does to a bad signature).
      const text = await res.text();
      if (res.status === 401 && text.includes(NOT_SIGNED_IN)) refused.push(`${key} → 401`);
    }
    expect(refused).toEqual([]);
  });

  it('refuses every state-changing route from another site with 403, even signed in', async () => {
    const writes = s.routes.filter(
      (r) => ['POST', 'PUT', 'DELETE', 'PATCH'].includes(r.method) && r.url.startsWith('/api'),
    );
    const before = await tableCounts();
    const accepted: string[] = [];
    for (const r of writes) {
      const res = await fetch(`${s.url}${concrete(r.url)}`, {
        method: r.method,
        headers: { cookie, origin: 'https://attacker.example', 'content-type': 'application/json' },
        body: JSON.stringify({ question: 'x', answer: 'y' }),
      });
      if (res.status !== 403) accepted.push(`${r.method} ${r.url} → ${res.status}`);
    }
    expect(accepted).toEqual([]);
    expect(await tableCounts()).toEqual(before);
  });
});
