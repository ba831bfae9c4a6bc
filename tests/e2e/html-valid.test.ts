/**
 * Every public page on the demo content, as a validator and a search engine read it: the HTML has no error
 * by the Nu HTML Checker (vnu-jar; one JVM over all pages saved to files), and the JSON-LD parses and uses
 * only the types Rule 36 leaves room for (decision 0055): the firm and its offices, the advocates, breadcrumbs
 * and events; no Attorney, no ratings or reviews.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDetailable } from '../../content/rules/event-timing';
import { eventPath } from '../../content/rules/slug';
import { JSON_LD_TYPES } from '../../app/components/public/seo';
import PUBLIC_PAGES from '../../content/rules/public-pages.json';
import { call, startServer, type Json, type TestServer } from '../helpers/server';
import { multipart, sampleBytes } from '../helpers/api-helpers';

const java = spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0;
const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

let s: TestServer;
let pages: { path: string; status: number; html: string }[] = [];
/** A blog whose title tries to close the JSON-LD script (and the page's markup). */
const HOSTILE = 'Tenancy </script><script>alert(1)</script> & "quotes"';

beforeAll(async () => {
  s = await startServer({ pages: true, demo: true });
  const cookie = await s.login();
  const get = async (p: string) => (await call(s.url, p)).body as Json;
  const categories = (await get('/api/caseCategory/getallcases')).cases as Json[];
  const b = await sampleBytes();
  const hostile = await call(s.url, '/api/blog/addblogs', {
    cookie,
    form: multipart({ title: HOSTILE, case_category_id: String(categories[0].case_category_id), description: '<p>Deposit rules.</p>' }, { blog_image: [b.jpg, 'c.jpg'] }).form,
  });
  expect(hostile.status, JSON.stringify(hostile.body)).toBe(200);
  const blogs = (await get('/api/blog/getblogs')).blogs as Json[];
  const events = ((await get('/api/event/getAllEvents')).data as Json[]).filter(isDetailable);
  const cases = (await call(s.url, '/api/cases/getcasesByCategory', { json: { case_category_id: categories[0].case_category_id } })).body.cases as Json[];
  const paths = [
    ...PUBLIC_PAGES,
    '/search?q=property',
    '/search?q=nothing-like-this',
    '/search?q=law&page=abc',
    `/our-case-details/${categories[0].case_category_id}`,
    ...cases.slice(0, 2).map((c) => `/our-case-details-view/${c.case_id}`),
    ...blogs.slice(0, 3).map((x) => `/blog-details/${x.blog_id}`),
    ...events.slice(0, 2).map((e) => eventPath(e.event_title)),
    '/no-such-page',
  ];
  // The Malayalam and Hindi versions of each (decision 0063), the untranslated row pages among them.
  paths.push(...['ml', 'hi'].flatMap((l) => paths.filter((p) => !p.includes('page=abc')).map((p) => `/${l}${p}`)));
  pages = [];
  for (const p of paths) {
    const res = await fetch(s.url + p);
    pages.push({ path: p, status: res.status, html: await res.text() });
  }
}, 180_000);
afterAll(() => s?.close());

/** The JSON-LD blocks of a page, parsed. */
const ldOf = (html: string): Json[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Json);

/** Every @type in a JSON-LD value, and every key, at any depth. */
function walk(v: unknown, types: Set<string>, keys: Set<string>): void {
  if (Array.isArray(v)) for (const x of v) walk(x, types, keys);
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      keys.add(k);
      if (k === '@type') for (const t of [x].flat()) types.add(String(t));
      walk(x, types, keys);
    }
  }
}

describe('public pages on the demo content', () => {
  it('answer as expected (the routes checked below are real pages)', () => {
    for (const p of pages) expect(p.status, p.path).toBe(p.path.endsWith('/no-such-page') ? 404 : p.path.includes('page=abc') ? 400 : 200);
    expect(pages.length).toBeGreaterThan(20);
  });

  it('carry JSON-LD that parses and uses only the allowed types: no Attorney, no ratings, no reviews', () => {
    const allowed = new Set<string>(JSON_LD_TYPES);
    const problems: string[] = [];
    for (const p of pages) {
      const types = new Set<string>();
      const keys = new Set<string>();
      walk(ldOf(p.html), types, keys);
      for (const t of types) if (!allowed.has(t)) problems.push(`${p.path}: type ${t}`);
      for (const k of keys) if (/rating|review/i.test(k)) problems.push(`${p.path}: key ${k}`);
    }
    expect(problems).toEqual([]);
    expect(JSON_LD_TYPES).not.toContain('Attorney');
  });

  it('describe the firm with each office (address, telephone, opening hours), the advocates, breadcrumbs and events', () => {
    const on = (p: string) => ldOf(pages.find((x) => x.path === p)!.html);
    const firm = on('/').find((x) => x['@type'] === 'LegalService');
    expect(firm.address['@type']).toBe('PostalAddress');
    expect(firm.department.length).toBeGreaterThan(0);
    for (const office of firm.department) {
      expect(office['@type']).toBe('LegalService');
      expect(office.address).toMatchObject({ '@type': 'PostalAddress', streetAddress: expect.any(String), addressLocality: expect.any(String) });
      expect(office.telephone).toMatch(/^\+\d/);
      expect(office.openingHoursSpecification.length).toBeGreaterThan(0);
      for (const h of office.openingHoursSpecification) {
        expect(h['@type']).toBe('OpeningHoursSpecification');
        expect(h.opens).toMatch(/^\d\d:\d\d$/);
        expect(h.dayOfWeek[0]).toMatch(/^https:\/\/schema\.org\/[A-Z][a-z]+day$/);
      }
    }
    const people = on('/our-legal-team').filter((x) => x['@type'] === 'Person');
    expect(people.length).toBeGreaterThan(1);
    for (const person of people) expect(person.worksFor).toMatchObject({ '@type': 'LegalService', name: firm.name });
    for (const p of pages.filter((x) => /^\/(blog-details|our-case-details|our-case-details-view|events)\//.test(x.path))) {
      const trail = ldOf(p.html).find((x) => x['@type'] === 'BreadcrumbList');
      expect(trail?.itemListElement[0], p.path).toMatchObject({ '@type': 'ListItem', position: 1, name: 'Home', item: `${s.services.config.publicUrl}/` });
    }
    const event = pages.find((x) => x.path.startsWith('/events/'))!;
    expect(ldOf(event.html).find((x) => x['@type'] === 'Event')?.organizer).toMatchObject({ '@type': 'LegalService' });
  });

  it('keep a hostile title inside the JSON-LD string (< escaped)', () => {
    const page = pages.find((p) => p.html.includes('Tenancy &lt;/script&gt;') && p.path.startsWith('/blog-details/'));
    expect(page, 'the hostile blog is among the checked pages').toBeTruthy();
    expect(page!.html.includes('</script><script>alert(1)')).toBe(false);
    const trail = ldOf(page!.html).find((x) => x['@type'] === 'BreadcrumbList');
    expect(trail.itemListElement.at(-1).name).toBe(HOSTILE);
  });

  it.skipIf(!java)(`have no error by the Nu HTML Checker${java ? '' : ' (skipped: no java; apt-get install default-jre-headless)'}`, () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lexfirm-vnu-'));
    try {
      const files = pages.map((p, i) => {
        const file = path.join(dir, `${String(i).padStart(2, '0')}.html`);
        writeFileSync(file, p.html);
        return file;
      });
      // A control document with the two faults the pages used to have: proof that the run reports errors.
      const control = path.join(dir, 'control.html');
      writeFileSync(
        control,
        '<!DOCTYPE html><html lang="en"><head><title>control</title></head><body><div aria-roledescription="slide" aria-label="1 of 3">a</div><iframe title="t" width="100%"></iframe></body></html>',
      );
      const run = spawnSync('java', ['-Xss8m', '-jar', vnuJar, '--errors-only', '--format', 'json', ...files, control], { encoding: 'utf8', timeout: 150_000 });
      expect(run.error, String(run.error)).toBeUndefined();
      const report = JSON.parse(run.stderr) as { messages: { type: string; url: string; message: string; extract?: string }[] };
      const faults = report.messages.filter((m) => m.type === 'error' || m.type === 'non-document-error');
      expect(faults.filter((m) => m.url.endsWith('/control.html')).map((m) => m.message.slice(0, 40))).toEqual([
        'The “aria-label” attribute must not be s',
        'Bad value “100%” for attribute “width” o',
      ]);
      const errors = faults
        .filter((m) => !m.url.endsWith('/control.html'))
        .map((m) => `${pages[Number(path.basename(m.url).slice(0, 2))]?.path}: ${m.message} [${m.extract ?? ''}]`);
      expect(errors).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
