import { describe, expect, it } from 'vitest';
import { signedInServer } from '../helpers/server';
import { dynamic } from '../../server/db/schema';

/**
 * Walks every route the server registers. Only the routes named here are open to visitors; any other
 * route (including one added later) must answer 401 without a session and change nothing.
 */
const PUBLIC = new Set([
  'GET /api/health',
  // Readiness (decision 0051): states only, no addresses or paths.
  'GET /api/ready',
  'GET /api/docs',
  'GET /api/docs.json',
  'POST /api/admin/adminlogin',
  'POST /api/admin/logout',
  'POST /api/admin/forgotpassword',
  'POST /api/admin/resetpassword',
  // The second step of a sign-in and a passkey sign-in (decisions 0043, 0044): they start a session.
  'POST /api/admin/verifytotp',
  'POST /api/admin/passkeylogin/start',
  'POST /api/admin/passkeylogin/finish',
  'GET /api/settings/getsettings',
  'POST /api/mail/contact',
  // Intake (decision 0017): the free slots and a visitor's data-rights request (which only mails a one-time link).
  'GET /api/consultations/slots',
  // Routing (decision 0067): the booking page's choices of office, video and practice area.
  'GET /api/consultations/routing',
  'POST /api/privacy/request',
  // Rule 36 (decision 0019): counting an agreement to the public disclaimer.
  'POST /api/disclaimer/accept',
  // Insights (decision 0058): the public pages' beacon counts a page view (no cookie, nothing personal).
  'POST /api/insights/hit',
  // Site search (decision 0054): the same published items as the public pages.
  'GET /api/search',
  // The WhatsApp Cloud API's webhook (decision 0074): the handshake, and statuses signed with the app secret.
  'GET /api/whatsapp/webhook',
  'POST /api/whatsapp/webhook',
  'GET /api/carousel/getallcarousel',
  'GET /api/calendar/getAllCalendarsInDesc',
  'GET /api/about/getRecentAboutImage',
  'GET /api/caseCategory/getallcases',
  'POST /api/cases/getcasesByCategory',
  'POST /api/casedetails/getCasedetailsByCaseId',
  'GET /api/blog/getblogs',
  'POST /api/blog/getblogByid',
  'GET /api/event/getAllEvents',
  'GET /api/clientreview/getallreviews',
  'GET /api/ourteam/getallourteam',
  'GET /api/faqs/getallfaqs',
  'GET /api/ourpatners/getAllPartners',
  'GET /api/ads/getallads',
  'GET /api/gallery/getallGallery',
  'GET /api/vacancy/getAllVacancyData',
  'GET /uploads/*',
]);

const { s, cookie } = await signedInServer({ demo: false });

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
