import { describe, expect, it } from 'vitest';
import { eventPath } from '../../content/rules/slug';
import { pngBytes } from '../helpers/files';
import { signedInServer } from '../helpers/server';
import { api, EVENT_WHEN, multipart } from '../helpers/api-helpers';

// Old addresses keep working (decision 0057), over real HTTP on SQLite (and PostgreSQL with TEST_DATABASE_URL).
const { s, cookie } = await signedInServer({ pages: true });
const png = await pngBytes(40, 30, '#335577');

const when = EVENT_WHEN;

/** GET without following redirects. */
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${s.url}${path}`, { redirect: 'manual', headers });

async function addEvent(title: string): Promise<number> {
  const r = await api(s.url, '/api/event/addEvent', { cookie, ...multipart({ event_title: title, event_description: 'A talk.', ...when }, { event_image: [png, 'e.png'] }) });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.event.event_id as number;
}

async function rename(id: number, title: string): Promise<void> {
  const r = await api(s.url, '/api/event/updateevent', { cookie, ...multipart({ event_id: String(id), event_title: title, event_description: 'A talk.', ...when }) });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

const save = (json: Record<string, unknown>) => api(s.url, '/api/redirects/save', { cookie, json });

describe('renamed items', () => {
  it('answers 301 from both old addresses of an event renamed twice, each in one hop to the current one', async () => {
    const id = await addEvent('Tenancy Law Talk');
    const first = eventPath('Tenancy Law Talk');
    expect((await get(first)).status).toBe(200);
    await rename(id, 'Tenancy Law Evening');
    await rename(id, 'Rent Control Evening');
    const current = eventPath('Rent Control Evening');
    for (const old of [first, eventPath('Tenancy Law Evening')]) {
      const res = await get(old);
      expect(res.status, old).toBe(301);
      expect(res.headers.get('location')).toBe(current);
    }
    const page = await get(current);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Rent Control Evening');
    // The query of the old link (a campaign) goes along.
    expect((await get(`${first}?utm_campaign=news`)).headers.get('location')).toBe(`${current}?utm_campaign=news`);

    // The sitemap lists only the current address.
    const sitemap = await (await get('/sitemap.xml')).text();
    expect(sitemap).toContain(current);
    expect(sitemap).not.toContain(first);

    // Renaming back: the first address serves the page again (no loop); the others lead to it in one hop.
    await rename(id, 'Tenancy Law Talk');
    const back = await get(first);
    expect(back.status).toBe(200);
    expect(await back.text()).toContain('Tenancy Law Talk');
    for (const old of [eventPath('Tenancy Law Evening'), current]) {
      const res = await get(old);
      expect(res.status, old).toBe(301);
      expect(res.headers.get('location')).toBe(first);
    }
    const list = await api(s.url, '/api/redirects', { cookie });
    const auto = (list.body.redirects as { from_path: string; to_target: string; kind: string }[]).filter((r) => r.kind === 'auto');
    // Each locale's old addresses lead to its own prefix of the first (decision 0090).
    for (const prefix of ['', '/ml', '/hi']) {
      for (const old of [eventPath('Tenancy Law Evening'), current]) {
        expect(auto.find((r) => r.from_path === `${prefix}${old}`)?.to_target, `${prefix}${old}`).toBe(`${prefix}${first}`);
      }
      expect(auto.some((r) => r.from_path === `${prefix}${first}`)).toBe(false);
    }
  });

  it('keeps the page of another live event with the same title when one of them is renamed', async () => {
    const a = await addEvent('Legal Aid Clinic');
    await addEvent('Legal Aid Clinic');
    await rename(a, 'Legal Aid Clinic North');
    expect((await get(eventPath('Legal Aid Clinic'))).status).toBe(200);
  });
});

describe('renamed items under /ml/ and /hi/ (decision 0090)', () => {
  it("answers 301 from the old address in each locale to the locale's current address, in one hop", async () => {
    const id = await addEvent('Consumer Rights Camp');
    const first = eventPath('Consumer Rights Camp');
    expect((await get(`/ml${first}`)).status).toBe(200);
    await rename(id, 'Consumer Rights Clinic');
    await rename(id, 'Consumer Rights Day');
    const current = eventPath('Consumer Rights Day');
    for (const locale of ['ml', 'hi']) {
      for (const old of [first, eventPath('Consumer Rights Clinic')]) {
        const res = await get(`/${locale}${old}?utm_source=mail`);
        expect(res.status, `/${locale}${old}`).toBe(301);
        expect(res.headers.get('location')).toBe(`/${locale}${current}?utm_source=mail`);
      }
      const page = await get(`/${locale}${current}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Consumer Rights Day');
    }
    // The English addresses as before.
    expect((await get(first)).headers.get('location')).toBe(current);
  });

  it("leads to the translation's own address where it has one, and leaves another row's own address alone", async () => {
    const id = await addEvent('Rent Court Morning');
    const first = eventPath('Rent Court Morning');
    const own = await api(s.url, `/api/content/event/${id}/translations/hi`, {
      cookie,
      method: 'PUT',
      json: { event_title: 'किराया अदालत की सुबह', slug: 'kiraya-adalat-subah', status: 'published' },
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const mlOwn = await api(s.url, `/api/content/event/${id}/translations/ml`, {
      cookie,
      method: 'PUT',
      json: { event_title: 'വാടക കോടതി പ്രഭാതം', slug: 'vadaka-kodathi', status: 'published' },
    });
    expect(mlOwn.status, JSON.stringify(mlOwn.body)).toBe(200);
    // With that, another event's Malayalam translation may take the English slug as its own address there.
    const other = await addEvent('Family Court Morning');
    const taken = await api(s.url, `/api/content/event/${other}/translations/ml`, {
      cookie,
      method: 'PUT',
      json: { event_title: 'കുടുംബ കോടതി പ്രഭാതം', slug: 'rent-court-morning', status: 'published' },
    });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);

    await rename(id, 'Rent Court Afternoon');
    const hi = await get(`/hi${first}`);
    expect(hi.status).toBe(301);
    expect(hi.headers.get('location')).toBe('/hi/events/kiraya-adalat-subah');
    expect((await get('/hi/events/kiraya-adalat-subah')).status).toBe(200);
    // /ml/events/rent-court-morning is the other event's Malayalam page, not a redirect.
    const ml = await get(`/ml${first}`);
    expect(ml.status, String(ml.headers.get('location'))).toBe(200);
    expect(await ml.text()).toContain('കുടുംബ കോടതി പ്രഭാതം');
    // Its own Malayalam address did not move.
    const renamed = await get(`/ml${eventPath('Rent Court Afternoon')}`);
    expect(renamed.status).toBe(301);
    expect(renamed.headers.get('location')).toBe('/ml/events/vadaka-kodathi');
  });
});

describe('manual redirects', () => {
  it('redirects a path with 301 or 302, to a path or an absolute URL, and deletes', async () => {
    const saved = await save({ from: '/old-practice-areas/', to: '/our-case', status_code: 301 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.redirect.from_path).toBe('/old-practice-areas/');
    // With or without the trailing slash.
    for (const p of ['/old-practice-areas', '/old-practice-areas/']) {
      const res = await get(p);
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe('/our-case');
    }
    const away = await save({ from: 'https://old-firm.example/contact-us.html', to: 'https://maps.example/firm', status_code: 302 });
    expect(away.status).toBe(200);
    const res = await get('/contact-us.html');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://maps.example/firm');

    const del = await api(s.url, '/api/redirects/delete', { cookie, json: { redirect_id: saved.body.redirect.redirect_id } });
    expect(del.status).toBe(200);
    expect((await get('/old-practice-areas')).status).toBe(404);
    expect((await api(s.url, '/api/redirects/delete', { cookie, json: { redirect_id: saved.body.redirect.redirect_id } })).status).toBe(404);
  });

  it('refuses a loop with a clear message and collapses chains', async () => {
    expect((await save({ from: '/a-one', to: '/a-two' })).status).toBe(200);
    const loop = await save({ from: '/a-two', to: '/a-one' });
    expect(loop.status).toBe(409);
    expect(loop.body.message).toBe('This would make a loop: /a-one already redirects to /a-two.');
    const self = await save({ from: '/a-three', to: '/a-three/' });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('A redirect cannot lead to the address it starts from (/a-three).');

    // /a-two → /blog: the redirect from /a-one now leads straight to /blog.
    const chain = await save({ from: '/a-two', to: '/blog' });
    expect(chain.status).toBe(200);
    expect(chain.body.message).toContain('The redirect from /a-one to /a-two now leads straight to /blog.');
    expect((await get('/a-one')).headers.get('location')).toBe('/blog');
    // A new redirect to an address that redirects points straight at its end.
    const ahead = await save({ from: '/a-zero', to: '/a-one' });
    expect(ahead.body.message).toContain('/a-one already redirects to /blog, so this redirect points straight there.');
    expect((await get('/a-zero')).headers.get('location')).toBe('/blog');
  });

  it('refuses bad addresses with a sentence (never a 5xx)', async () => {
    for (const [body, message] of [
      [{ from: 'old', to: '/blog' }, 'The old address must start with / (got "old").'],
      [{ from: '/api/faqs/getallfaqs', to: '/blog' }, '/api/faqs/getallfaqs belongs to the API, the admin or the site\'s files and cannot be redirected.'],
      [{ from: '/x', to: 'javascript:alert(1)' }, 'The new address must be a web address (http or https).'],
      [{ from: '/x', to: '/blog', status_code: 307 }, 'status_code must be 301 or 302.'],
    ] as const) {
      const r = await save(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toBe(message);
    }
    expect((await api(s.url, '/api/redirects/save', { json: { from: '/x', to: '/blog' } })).status).toBe(401);
  });

  it('imports a CSV from an old site and reports each refused line', async () => {
    const csv = [
      'old,new,status',
      'https://old-firm.example/services/family-law/,/our-case,301',
      '/team.php,/our-legal-team',
      'not-a-path,/blog',
      '/faq.html,/faqs,307',
      '/loop-b,/loop-a',
      '/loop-a,/loop-b',
    ].join('\n');
    const r = await api(s.url, '/api/redirects/import', { cookie, json: { csv } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.imported).toBe(3);
    expect(r.body.errors).toEqual([
      { line: 4, message: 'The old address must start with / (got "not-a-path").' },
      { line: 5, message: 'The status must be 301 or 302 (got "307").' },
      { line: 7, message: 'This would make a loop: /loop-b already redirects to /loop-a.' },
    ]);
    expect(r.body.message).toBe('3 redirects imported; 3 lines refused.');
    expect((await get('/services/family-law')).headers.get('location')).toBe('/our-case');
    expect((await get('/team.php')).headers.get('location')).toBe('/our-legal-team');
  });
});

describe('not-found report', () => {
  it('counts a missing path with its referrer domain, bots apart, and a redirect can be made from it', async () => {
    const path = `/old-blog/post-${Date.now()}`;
    for (let i = 0; i < 3; i++) expect((await get(path, { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0', referer: 'https://www.search.example/q?x=1' })).status).toBe(404);
    expect((await get(path, { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' })).status).toBe(404);
    // The query is not part of the counted path.
    expect((await get(`${path}?email=someone@example.com`, { 'user-agent': 'Mozilla/5.0 Firefox/120' })).status).toBe(404);
    const r = await api(s.url, '/api/not-found', { cookie });
    expect(r.status).toBe(200);
    const row = (r.body.paths as { path: string }[]).find((p) => p.path === path);
    expect(row).toMatchObject({ path, count: 4, bot_count: 1, referrer: 'www.search.example' });
    expect(JSON.stringify(r.body)).not.toContain('someone@example.com');

    expect((await save({ from: path, to: '/blog' })).status).toBe(200);
    expect((await get(path)).status).toBe(301);
    expect((await api(s.url, '/api/not-found', {})).status).toBe(401);
  });

  it('sets no cookie on a redirect or a missing page', async () => {
    await save({ from: '/no-cookie-old', to: '/faqs' });
    for (const p of ['/no-cookie-old', '/no-such-page']) expect((await get(p)).headers.get('set-cookie')).toBeNull();
  });
});
