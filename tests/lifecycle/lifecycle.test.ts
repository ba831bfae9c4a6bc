import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, type TestServer, signedInServer } from '../helpers/server';
import { api, multipart, onDisk, sampleBytes, storedFiles } from '../helpers/api-helpers';
import { until } from '../helpers/mail-sink';

/**
 * The content lifecycle (decision 0015) over real HTTP: drafts and pending drafts stay off every public read,
 * signed previews, publish, revisions, the spec's delete into the trash, restore with files, purge; the
 * admin list's paging, search, sort and states; the order the firm sets; scheduling on two instances.
 */
const { s, cookie } = await signedInServer({ pages: true, env: { ADMIN_WRITE_RATE_LIMIT: '0' } });
const b = await sampleBytes();

const page = async (p: string) => {
  const r = await fetch(`${s.url}${p}`);
  return { status: r.status, html: await r.text(), headers: r.headers };
};
const content = (group: string, rest = '') => `/api/content/${group}${rest}`;

async function preview(group: string, id: number): Promise<string> {
  const r = await api(s.url, content(group, `/${id}/preview`), { cookie, method: 'POST', json: {} });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.url).toMatch(/\/preview\/[A-Za-z0-9_-]{43}$/);
  return new URL(r.body.url).pathname;
}

describe('the lifecycle calls are in the API reference', () => {
  it('documents every operationId of the issue', async () => {
    const doc = (await fetch(`${s.url}/api/docs.json`).then((r) => r.json())) as { paths: Record<string, Record<string, { operationId?: string; security?: unknown[] }>> };
    const ops = new Map<string, unknown[] | undefined>();
    for (const methods of Object.values(doc.paths)) for (const op of Object.values(methods)) if (op.operationId) ops.set(op.operationId, op.security);
    for (const id of ['listContent', 'publishContent', 'unpublishContent', 'scheduleContent', 'previewContent', 'listRevisions', 'restoreRevision', 'restoreContent', 'purgeContent', 'reorderContent']) {
      expect(ops.has(id), id).toBe(true);
      expect(ops.get(id), `${id} needs the session`).toEqual([{ session: [] }]);
    }
  });

  it('answers 401 without the session', async () => {
    const r = await api(s.url, content('faqs'));
    expect(r.status).toBe(401);
  });
});

describe('FAQs (a JSON group): draft → preview → publish → pending draft → revisions → trash → restore → purge', () => {
  it('goes through the whole lifecycle with the spec’s calls and the lifecycle calls', async () => {
    const question = 'Do you handle maritime disputes?';
    const add = await api(s.url, '/api/faqs/addFaqs', { cookie, json: { question, answer: 'Yes, at the port office.', status: 'draft' } });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    expect(add.body.faq.status).toBe('draft');
    const id = add.body.faq.faqs_id as number;

    // A draft is on no public read.
    const publicList = async () => (await api(s.url, '/api/faqs/getallfaqs')).body.faq as { faqs_id: number; question: string }[];
    expect((await publicList()).some((f) => f.faqs_id === id)).toBe(false);
    expect((await page('/faqs')).html).not.toContain(question);
    const drafts = await api(s.url, content('faqs', '?status=draft'), { cookie });
    expect(drafts.body.rows.map((r: { faqs_id: number }) => r.faqs_id)).toContain(id);

    // The preview shows it without a session, marked, not indexed, not cached; a tampered token is a 404.
    const link = await preview('faqs', id);
    const shown = await page(link);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain(question);
    expect(shown.html).toContain('Preview: not published');
    expect(shown.headers.get('x-robots-tag')).toContain('noindex');
    expect(shown.headers.get('cache-control')).toContain('no-store');
    expect(shown.html).toMatch(/<meta name="robots" content="noindex/);
    const tampered = link.slice(0, -1) + (link.endsWith('A') ? 'B' : 'A');
    expect((await page(tampered)).status).toBe(404);
    expect((await page('/preview/not-a-token')).status).toBe(404);
    // The preview did not leak into the public page or its cache.
    expect((await page('/faqs')).html).not.toContain(question);

    // Publish: on the site.
    const pub = await api(s.url, content('faqs', `/${id}/publish`), { cookie, method: 'POST', json: {} });
    expect(pub.status, JSON.stringify(pub.body)).toBe(200);
    expect((await publicList()).find((f) => f.faqs_id === id)?.question).toBe(question);
    expect((await page('/faqs')).html).toContain(question);

    // A pending draft leaves the live page unchanged until it is published.
    const next = 'Do you handle maritime and fishing disputes?';
    const upd = await api(s.url, '/api/faqs/updatefaqs', { cookie, json: { faqs_id: id, question: next, answer: 'Yes, at the port office.', status: 'draft' } });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect((await publicList()).find((f) => f.faqs_id === id)?.question).toBe(question);
    const livePage = (await page('/faqs')).html;
    expect(livePage).toContain(question);
    expect(livePage).not.toContain(next);
    const listed = await api(s.url, content('faqs', `?q=${encodeURIComponent('maritime')}`), { cookie });
    const adminRow = listed.body.rows.find((r: { faqs_id: number }) => r.faqs_id === id);
    expect(adminRow.status).toBe('published');
    expect(adminRow.pending_draft.question).toBe(next);
    expect((await page(await preview('faqs', id))).html).toContain(next);
    await api(s.url, content('faqs', `/${id}/publish`), { cookie, method: 'POST', json: {} });
    expect((await publicList()).find((f) => f.faqs_id === id)?.question).toBe(next);
    expect((await page('/faqs')).html).toContain(next);

    // Revisions: who, when, what changed; restoring the first published text is itself a revision.
    const revs = await api(s.url, content('faqs', `/${id}/revisions`), { cookie });
    expect(revs.status).toBe(200);
    expect(revs.body.revisions.map((r: { action: string }) => r.action)).toEqual(['publish', 'draft', 'publish', 'create draft']);
    const draftRev = revs.body.revisions[1];
    expect(draftRev.changed).toEqual(['question']);
    expect(draftRev.admin_email).toBe('admin@test.example');
    const first = revs.body.revisions[3];
    const restored = await api(s.url, content('faqs', `/${id}/revisions/${first.revision_id}/restore`), { cookie, method: 'POST', json: {} });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect((await publicList()).find((f) => f.faqs_id === id)?.question).toBe(question);
    const after = await api(s.url, content('faqs', `/${id}/revisions`), { cookie });
    expect(after.body.revisions[0].action).toBe('restore');
    expect(after.body.revisions[0].changed).toEqual(['question']);

    // The spec's delete: off the site at once, into the trash.
    const del = await api(s.url, '/api/faqs/deletefaq', { cookie, json: { faqs_id: id } });
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('FAQ deleted successfully');
    expect((await publicList()).some((f) => f.faqs_id === id)).toBe(false);
    expect((await page('/faqs')).html).not.toContain(question);
    const trash = await api(s.url, content('faqs', '?status=trash'), { cookie });
    expect(trash.body.rows.map((r: { faqs_id: number }) => r.faqs_id)).toContain(id);
    // A row in the trash is not found by the spec's update.
    expect((await api(s.url, '/api/faqs/updatefaqs', { cookie, json: { faqs_id: id, question: 'x', answer: 'y' } })).status).toBe(404);

    const back = await api(s.url, content('faqs', `/${id}/restore`), { cookie, method: 'POST', json: {} });
    expect(back.status).toBe(200);
    expect((await publicList()).find((f) => f.faqs_id === id)?.question).toBe(question);

    await api(s.url, '/api/faqs/deletefaq', { cookie, json: { faqs_id: id } });
    // Purging asks for a row in the trash: a live one is refused.
    const purge = await api(s.url, content('faqs', `/${id}`), { cookie, method: 'DELETE' });
    expect(purge.status).toBe(200);
    expect((await api(s.url, content('faqs', '?status=trash'), { cookie })).body.rows.some((r: { faqs_id: number }) => r.faqs_id === id)).toBe(false);
    expect((await api(s.url, content('faqs', `/${id}/revisions`), { cookie })).status).toBe(404);
  });

  it('checks Rule 36 when a draft is published: 409 without a reason, an audited override with one', async () => {
    const advert = 'They are the best lawyers in Kochi, call now!';
    const add = await api(s.url, '/api/clientreview/addClientreviews', { cookie, json: { name: 'R. Menon', profession: 'Teacher', message: advert, status: 'draft' } });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const id = add.body.reviews.client_review_id as number;
    const refused = await api(s.url, content('review', `/${id}/publish`), { cookie, json: {} });
    expect(refused.status).toBe(409);
    expect((await api(s.url, '/api/clientreview/getallreviews')).body.reviews.some((x: { client_review_id: number }) => x.client_review_id === id)).toBe(false);
    const scheduled = await api(s.url, content('review', `/${id}/schedule`), { cookie, json: { publish_at: '2031-01-01T09:00:00Z' } });
    expect(scheduled.status).toBe(409);
    const ok = await api(s.url, content('review', `/${id}/publish`), { cookie, json: { override_reason: 'The client’s own words' } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await api(s.url, '/api/clientreview/getallreviews')).body.reviews.some((x: { client_review_id: number }) => x.client_review_id === id)).toBe(true);
    const log = await api(s.url, '/api/audit/getauditlog', { cookie });
    const entry = JSON.stringify(log.body).includes('The client’s own words');
    expect(entry).toBe(true);
  });

  it('refuses a status that is neither draft nor published, changing nothing', async () => {
    const r = await api(s.url, '/api/faqs/addFaqs', { cookie, json: { question: 'Q?', answer: 'A.', status: 'live' } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Status must be draft or published.');
  });
});

describe('Blogs (multipart with files): draft, pending draft with a new image, history restore, trash and purge with files', () => {
  it('keeps the files with the row through every step', async () => {
    const cat = await api(s.url, '/api/caseCategory/addcase', { cookie, json: { case_name: 'Shipping law' } });
    const categoryId = cat.body.case.case_category_id as number;
    const title = 'Salvage rights explained';
    const add = await api(s.url, '/api/blog/addblogs', {
      cookie,
      payload: multipart(
        { title, case_category_id: String(categoryId), description: '<p>What a salvor may claim.</p>', status: 'draft' },
        { blog_image: [b.jpg, 'cover.jpg'], blog_file: [b.pdf, 'guide.pdf'] },
      ),
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const id = add.body.blog.blog_id as number;
    const firstImage = add.body.blog.blog_image as string;
    const pdf = add.body.blog.blog_file as string;

    // Draft: not in the list call, the page or the sitemap.
    expect((await api(s.url, '/api/blog/getblogs')).body.blogs.some((x: { blog_id: number }) => x.blog_id === id)).toBe(false);
    expect((await page(`/blog-details/${id}`)).status).toBe(404);
    expect((await page('/sitemap.xml')).html).not.toContain(`/blog-details/${id}<`);
    expect((await api(s.url, '/api/blog/getblogByid', { json: { blog_id: id } })).status).toBe(404);

    const shown = await page(await preview('blog', id));
    expect(shown.status).toBe(200);
    expect(shown.html).toContain(title);
    expect(shown.html).toContain('Preview: not published');

    await api(s.url, content('blog', `/${id}/publish`), { cookie, method: 'POST', json: {} });
    expect((await page(`/blog-details/${id}`)).html).toContain(title);
    expect((await page('/sitemap.xml')).html).toContain(`/blog-details/${id}<`);

    // A pending draft with a new image: the live blog keeps its image until Publish.
    const upd = await api(s.url, '/api/blog/updateBlog', {
      cookie,
      payload: multipart(
        { blog_id: String(id), title: `${title} (2nd ed.)`, case_category_id: String(categoryId), description: '<p>What a salvor may claim.</p>', status: 'draft' },
        { blog_image: [b.png, 'new.png'] },
      ),
    });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    const live = (await api(s.url, '/api/blog/getblogByid', { json: { blog_id: id } })).body.blog;
    expect(live.title).toBe(title);
    expect(live.blog_image).toBe(firstImage);
    expect(onDisk(s.dataDir, firstImage)).toBe(true);
    const draftImage = upd.body.blog.pending_draft.blog_image as string;
    expect(draftImage).not.toBe(firstImage);
    const previewed = await page(await preview('blog', id));
    expect(previewed.html).toContain(`${title} (2nd ed.)`);
    expect(previewed.html).toContain(draftImage.split('/').pop()!.split('.')[0]);

    await api(s.url, content('blog', `/${id}/publish`), { cookie, method: 'POST', json: {} });
    const published = (await api(s.url, '/api/blog/getblogByid', { json: { blog_id: id } })).body.blog;
    expect(published.blog_image).toBe(draftImage);
    // The replaced image left the public folder (kept privately for History).
    expect(onDisk(s.dataDir, firstImage)).toBe(false);
    expect((await fetch(`${s.url}/${firstImage}`)).status).toBe(404);

    // History: restore the first published version: its image comes back and is served.
    const revs = (await api(s.url, content('blog', `/${id}/revisions`), { cookie })).body.revisions as { revision_id: number; action: string; snapshot: Record<string, unknown> }[];
    const firstPublish = revs.filter((r) => r.action === 'publish').pop()!;
    expect(firstPublish.snapshot.blog_image).toBe(firstImage);
    const restored = await api(s.url, content('blog', `/${id}/revisions/${firstPublish.revision_id}/restore`), { cookie, method: 'POST', json: {} });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect((await api(s.url, '/api/blog/getblogByid', { json: { blog_id: id } })).body.blog.blog_image).toBe(firstImage);
    expect((await fetch(`${s.url}/${firstImage}`)).status).toBe(200);
    expect((await page(`/blog-details/${id}`)).html).toContain(title);

    // The spec's delete: the files leave the public folder with the row.
    expect((await api(s.url, '/api/blog/deleteblog', { cookie, json: { blog_id: id } })).status).toBe(200);
    expect((await page(`/blog-details/${id}`)).status).toBe(404);
    for (const f of [firstImage, pdf]) {
      expect(onDisk(s.dataDir, f), f).toBe(false);
      expect((await fetch(`${s.url}/${f}`)).status).toBe(404);
    }
    // Restore: back as it was, files included and served.
    expect((await api(s.url, content('blog', `/${id}/restore`), { cookie, method: 'POST', json: {} })).status).toBe(200);
    for (const f of [firstImage, pdf]) expect((await fetch(`${s.url}/${f}`)).status, f).toBe(200);
    expect((await page(`/blog-details/${id}`)).html).toContain(title);

    // Delete forever: every file the row or its history used is gone.
    await api(s.url, '/api/blog/deleteblog', { cookie, json: { blog_id: id } });
    expect((await api(s.url, content('blog', `/${id}`), { cookie, method: 'DELETE' })).status).toBe(200);
    const everything = [...storedFiles(s.dataDir, 'uploads'), ...storedFiles(s.dataDir, 'private')].join('\n');
    for (const f of [firstImage, draftImage, pdf]) expect(everything, f).not.toContain(f.split('/').pop()!.split('.')[0]);
    // The category can now be deleted (nothing of it is left anywhere).
    expect((await api(s.url, '/api/caseCategory/deleteCase', { cookie, json: { case_category_id: categoryId } })).status).toBe(200);
  });

  it('says what deleting a case category with cases would do, and refuses it', async () => {
    const cat = await api(s.url, '/api/caseCategory/addcase', { cookie, json: { case_name: 'Tenancy' } });
    const categoryId = cat.body.case.case_category_id as number;
    await api(s.url, '/api/cases/addcase', { cookie, json: { case_category_id: categoryId, case_title_name: 'Eviction' } });
    await api(s.url, '/api/cases/addcase', { cookie, json: { case_category_id: categoryId, case_title_name: 'Deposit' } });
    const deps = await api(s.url, content('caseCategory', `/${categoryId}/dependents`), { cookie });
    expect(deps.body.dependents).toEqual([{ group: 'cases', title: 'cases', count: 2 }]);
    const del = await api(s.url, '/api/caseCategory/deleteCase', { cookie, json: { case_category_id: categoryId } });
    expect(del.status).toBe(409);
    expect(del.body.message).toContain('2 cases');
  });
});

describe('Events (multipart with speakers)', () => {
  it('keeps the speakers of a pending draft apart from the live event, and restores them from history and trash', async () => {
    const harbourDay = {
      event_title: 'Harbour Law Day',
      event_description: 'Talks on shipping law',
      event_start_date: '2031-05-01',
      event_start_time: '09:30',
      event_end_date: '2031-05-01',
      event_end_time: '17:00',
      event_address: 'Port Trust Hall, Kochi',
    };
    const add = await api(s.url, '/api/event/addEvent', {
      cookie,
      payload: multipart(
        {
          ...harbourDay,
          speakers: JSON.stringify([{ speaker_name: 'Adv. Rao', designation: 'Senior Counsel', date: '2031-05-01', from_time: '10:00', to_time: '11:00', image: '' }]),
        },
        { event_image: [b.png, 'day.png'], speaker_image_0: [b.jpg, 'rao.jpg'] },
      ),
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const id = add.body.event.event_id as number;
    const photo = add.body.event.speakers[0].image as string;
    const liveEvent = async () => ((await api(s.url, '/api/event/getAllEvents')).body.data as { event_id: number; speakers: { speaker_name: string; image: string }[] }[]).find((e) => e.event_id === id);

    const upd = await api(s.url, '/api/event/updateevent', {
      cookie,
      payload: multipart({
        event_id: String(id),
        status: 'draft',
        ...harbourDay,
        speakers: JSON.stringify([{ speaker_name: 'Adv. Meera Rao', designation: 'Senior Counsel', date: '2031-05-01', from_time: '10:00', to_time: '11:00', image: photo }]),
      }),
    });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect((await liveEvent())!.speakers[0]!.speaker_name).toBe('Adv. Rao');
    expect((await page('/events/harbour-law-day')).html).not.toContain('Adv. Meera Rao');
    const shown = await page(await preview('event', id));
    expect(shown.html).toContain('Adv. Meera Rao');
    expect(shown.html).toContain('Preview: not published');

    await api(s.url, content('event', `/${id}/publish`), { cookie, method: 'POST', json: {} });
    expect((await liveEvent())!.speakers[0]).toMatchObject({ speaker_name: 'Adv. Meera Rao', image: photo });
    expect((await page('/events/harbour-law-day')).html).toContain('Adv. Meera Rao');

    const revs = (await api(s.url, content('event', `/${id}/revisions`), { cookie })).body.revisions as { revision_id: number; action: string; changed: string[] }[];
    expect(revs[1]!.changed).toEqual(['speakers']);
    const original = revs.find((r) => r.action === 'create')!;
    await api(s.url, content('event', `/${id}/revisions/${original.revision_id}/restore`), { cookie, method: 'POST', json: {} });
    expect((await liveEvent())!.speakers[0]!.speaker_name).toBe('Adv. Rao');

    await api(s.url, '/api/event/deleteEvent', { cookie, json: { event_id: id } });
    expect(await liveEvent()).toBeUndefined();
    expect((await fetch(`${s.url}/${photo}`)).status).toBe(404);
    await api(s.url, content('event', `/${id}/restore`), { cookie, method: 'POST', json: {} });
    expect((await liveEvent())!.speakers[0]!.image).toBe(photo);
    expect((await fetch(`${s.url}/${photo}`)).status).toBe(200);
    await api(s.url, '/api/event/deleteEvent', { cookie, json: { event_id: id } });
    expect((await api(s.url, content('event', `/${id}`), { cookie, method: 'DELETE' })).status).toBe(200);
    expect(onDisk(s.dataDir, `private/trash/${photo}`)).toBe(false);
  });
});

describe('the dashboard work list', () => {
  it('lists drafts, scheduled items and what goes off the site within 7 days, with links', async () => {
    const draft = (await api(s.url, '/api/vacancy/addVacancy', { cookie, json: { vacancy_title: 'Paralegal', name_of_employment: 'Full time', status: 'draft' } })).body;
    expect(draft.statusCode, JSON.stringify(draft)).toBe(200);
    const live = await api(s.url, '/api/vacancy/addVacancy', { cookie, json: { vacancy_title: 'Clerk', name_of_employment: 'Part time' } });
    const liveId = Object.values(live.body).find((v): v is { vacancy_id: number } => !!v && typeof v === 'object' && 'vacancy_id' in v)!.vacancy_id;
    const closes = new Date(Date.now() + 3 * 86_400_000).toISOString();
    expect((await api(s.url, content('vacancy', `/${liveId}/schedule`), { cookie, json: { unpublish_at: closes } })).status).toBe(200);
    const w = await api(s.url, '/api/content-worklist', { cookie });
    expect(w.status).toBe(200);
    expect(w.body.drafts.map((i: { title: string }) => i.title)).toContain('Paralegal');
    expect(w.body.goingOff).toEqual([expect.objectContaining({ title: 'Clerk', adminPath: '/admin-side-bar/vacancies', unpublish_at: closes })]);
    expect(w.body.newConsultations).toBe(0);
    expect(w.body.failedMail).toBe(0);
    // The live vacancy stays on the site until then.
    expect((await api(s.url, '/api/vacancy/getAllVacancyData')).status).toBe(200);
  });
});

describe('admin lists at scale and the order the firm sets', () => {
  it('pages, searches, sorts and filters 200 reviews on the server, with the right counts', async () => {
    const db = s.services.store.db;
    const now = new Date().toISOString();
    for (let i = 1; i <= 200; i++) {
      await db
        .insertInto('client_reviews')
        .values({
          name: `Client ${String(i).padStart(3, '0')}`,
          profession: i % 10 === 0 ? 'Harbour pilot' : 'Teacher',
          message: `Review number ${i}`,
          status: i <= 30 ? 'draft' : 'published',
          position: 1000 + i,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    // Every query narrows to these 200 rows ("client" is in each name), whatever else the file added.
    const list = async (q: string) => (await api(s.url, content('review', `?q=client${q ? `&${q}` : ''}`), { cookie })).body;
    const all = await list('');
    expect(all.total).toBe(200);
    expect(all.rows).toHaveLength(50);
    expect(all.perPage).toBe(50);
    expect(all.counts).toMatchObject({ all: 200, published: 170, draft: 30, trash: 0 });
    const last = await list('page=4');
    expect(last.rows).toHaveLength(50);
    expect(last.rows[49].name).toBe('Client 200');
    expect((await list('page=5')).rows).toHaveLength(0);
    const pilots = await api(s.url, content('review', `?q=${encodeURIComponent('HARBOUR pilot')}`), { cookie });
    expect(pilots.body.total).toBe(20);
    const sorted = await list('sort=name&dir=desc&perPage=10');
    expect(sorted.rows.map((r: { name: string }) => r.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Client ${200 - i}`));
    expect((await list('status=draft')).total).toBe(30);
    expect((await api(s.url, content('review', '?status=published&q=pilot'), { cookie })).body.total).toBe(17);
    // The public list call has only the published ones.
    const publicRows = (await api(s.url, '/api/clientreview/getallreviews')).body.reviews as { name: string }[];
    expect(publicRows.filter((r) => r.name.startsWith('Client '))).toHaveLength(170);
    // A literal % in the search is a character, not a wildcard.
    expect((await api(s.url, content('review', '?q=%25'), { cookie })).body.total).toBe(0);
    const bad = await api(s.url, content('review', '?sort=password'), { cookie });
    expect(bad.status).toBe(400);
    // Every state counted in one pass (decision 0030): 5 in the trash, 3 published with a pending draft, 4
    // drafts scheduled; the counts follow the search too.
    const named = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `Client ${String(from + i).padStart(3, '0')}`);
    await db.updateTable('client_reviews').set({ deleted_at: now }).where('name', 'in', named(196, 200)).execute();
    await db.updateTable('client_reviews').set({ pending_draft: JSON.stringify({ message: 'Changed' }) }).where('name', 'in', named(191, 193)).execute();
    await db.updateTable('client_reviews').set({ publish_at: '2099-01-01T09:00:00.000Z' }).where('name', 'in', named(1, 4)).execute();
    const after = await list('');
    expect(after.counts).toEqual({ all: 195, published: 165, draft: 33, scheduled: 4, trash: 5 });
    expect(after.total).toBe(195);
    expect((await list('status=trash')).rows.map((r: { name: string }) => r.name).sort()).toEqual(named(196, 200));
    expect((await list('status=scheduled')).total).toBe(4);
    const pilotCounts = (await api(s.url, content('review', '?q=pilot'), { cookie })).body.counts;
    expect(pilotCounts).toEqual({ all: 19, published: 16, draft: 3, scheduled: 0, trash: 1 });
  });

  it('reorders: the public list call and page follow the new order', async () => {
    const ids: number[] = [];
    for (const q of ['First question?', 'Second question?', 'Third question?']) {
      ids.push((await api(s.url, '/api/faqs/addFaqs', { cookie, json: { question: q, answer: 'An answer.' } })).body.faq.faqs_id);
    }
    const order = [ids[2]!, ids[0]!, ids[1]!];
    const r = await api(s.url, content('faqs', '/reorder'), { cookie, json: { ids: order } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const listed = ((await api(s.url, '/api/faqs/getallfaqs')).body.faq as { faqs_id: number }[]).map((f) => f.faqs_id).filter((x) => ids.includes(x));
    expect(listed).toEqual(order);
    const html = (await page('/faqs')).html;
    expect(html.indexOf('Third question?')).toBeLessThan(html.indexOf('First question?'));
    expect(html.indexOf('First question?')).toBeLessThan(html.indexOf('Second question?'));
    const admin = (await api(s.url, content('faqs', '?q=question%3F'), { cookie })).body.rows.map((x: { faqs_id: number }) => x.faqs_id);
    expect(admin.filter((x: number) => ids.includes(x))).toEqual(order);
    // Refused: a repeated id, a group shown by date.
    expect((await api(s.url, content('faqs', '/reorder'), { cookie, json: { ids: [ids[0], ids[0]] } })).status).toBe(400);
    expect((await api(s.url, content('blog', '/reorder'), { cookie, json: { ids: [1] } })).status).toBe(400);
  });
});

describe('previews on paged lists (after the order test, which reads page 1)', () => {
  it('previews a draft FAQ on the page of the paged FAQs list it will be on', async () => {
    for (let i = 1; i <= 21; i++) await api(s.url, '/api/faqs/addFaqs', { cookie, json: { question: `Filler question ${i}?`, answer: 'Filler.' } });
    const add = await api(s.url, '/api/faqs/addFaqs', { cookie, json: { question: 'Is the last question previewed?', answer: 'On its own page.', status: 'draft' } });
    const first = await page('/faqs');
    expect(first.html).not.toContain('Is the last question previewed?');
    const shown = await page(await preview('faqs', add.body.faq.faqs_id));
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('Is the last question previewed?');
    expect(shown.html).toContain('Preview: not published');
    // The public pages still have no trace of it, and page 2 stays as it was.
    expect((await page('/faqs?page=2')).html).not.toContain('Is the last question previewed?');
  });
});

describe('scheduling and the trash’s retention on two instances sharing one database', () => {
  let dataDir: string;
  let a: TestServer;
  let c: TestServer;
  let ca: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexfirm-schedule-'));
    // CONTENT_VERSION_POLL_MS=0: each instance reads the shared content version before every cached answer,
    // so what one instance's scheduler publishes is on the other's next answer (decision 0020).
    const env = { CONTENT_SCHEDULE_MS: '150', CONTENT_TRASH_DAYS: '0.00004', ADMIN_WRITE_RATE_LIMIT: '0', CONTENT_VERSION_POLL_MS: '0' };
    a = await startServer({ dataDir, env });
    c = await startServer({ dataDir, env });
    ca = await a.login();
  });
  afterAll(async () => {
    await Promise.all([a?.close(), c?.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('publishes and takes off at the set times on both instances, without a restart', async () => {
    const add = await api(a.url, '/api/faqs/addFaqs', { cookie: ca, json: { question: 'Open on Saturdays?', answer: 'Until noon.', status: 'draft' } });
    const id = add.body.faq.faqs_id as number;
    const on = (srv: TestServer) => async () => ((await api(srv.url, '/api/faqs/getallfaqs')).body.faq as { faqs_id: number }[]).some((f) => f.faqs_id === id);
    // Both instances cache the list call before the time comes.
    expect(await on(a)()).toBe(false);
    expect(await on(c)()).toBe(false);
    const at = Date.now();
    const sch = await api(a.url, content('faqs', `/${id}/schedule`), {
      cookie: ca,
      json: { publish_at: new Date(at + 1200).toISOString(), unpublish_at: new Date(at + 3500).toISOString() },
    });
    expect(sch.status, JSON.stringify(sch.body)).toBe(200);
    expect((await api(a.url, content('faqs', '?status=scheduled'), { cookie: ca })).body.rows.map((r: { faqs_id: number }) => r.faqs_id)).toContain(id);
    expect(await on(a)()).toBe(false);
    expect(await on(c)()).toBe(false);
    await until(on(c), (v) => v, 5000, 'published on the second instance');
    expect(Date.now() - at).toBeGreaterThanOrEqual(1150);
    expect(await on(a)()).toBe(true);
    await until(on(a), (v) => !v, 6000, 'off the site on the first instance');
    expect(await on(c)()).toBe(false);
    const row = (await api(a.url, content('faqs', '?status=draft'), { cookie: ca })).body.rows.find((r: { faqs_id: number }) => r.faqs_id === id);
    expect(row).toMatchObject({ status: 'draft', publish_at: null, unpublish_at: null });
    // Exactly one instance published it (one revision per step).
    const actions = (await api(a.url, content('faqs', `/${id}/revisions`), { cookie: ca })).body.revisions.map((r: { action: string }) => r.action);
    expect(actions).toEqual(['unpublish', 'publish', 'create draft']);
  });

  it('refuses an off-the-site time before the publishing time', async () => {
    const add = await api(a.url, '/api/faqs/addFaqs', { cookie: ca, json: { question: 'Q1?', answer: 'A.', status: 'draft' } });
    const r = await api(a.url, content('faqs', `/${add.body.faq.faqs_id}/schedule`), {
      cookie: ca,
      json: { publish_at: '2031-01-02T10:00:00Z', unpublish_at: '2031-01-01T10:00:00Z' },
    });
    expect(r.status).toBe(400);
    const bad = await api(a.url, content('faqs', `/${add.body.faq.faqs_id}/schedule`), { cookie: ca, json: { publish_at: 'tomorrow' } });
    expect(bad.status).toBe(400);
  });

  it('purges rows and their files after the retention', async () => {
    const add = await api(a.url, '/api/gallery/addgallery', { cookie: ca, payload: multipart({ title: 'Old office' }, { gallery_image: [b.png, 'office.png'] }) });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const id = add.body.gallery.gallery_id as number;
    const img = add.body.gallery.gallery_image as string;
    await api(a.url, '/api/gallery/deletegallery', { cookie: ca, json: { gallery_id: id } });
    expect(onDisk(dataDir, `private/trash/${img}`)).toBe(true);
    const cc = await c.login();
    await until(async () => (await api(c.url, content('gallery', '?status=trash'), { cookie: cc })).body.total, (n) => n === 0, 8000, 'trash purged');
    // The files go right after the row (removed once its deletion is committed).
    await until(() => onDisk(dataDir, `private/trash/${img}`), (v) => !v, 3000, 'trashed file removed');
    expect(onDisk(dataDir, img)).toBe(false);
  });
});
