/**
 * Bar Council of India Rule 36 over real HTTP (decision 0019): the checkCompliance call, the publish check
 * (409 naming the findings, an override with a reason kept in the audit log, strict mode refusing every
 * override), the Rule 36 settings, strict mode on the public pages, and the disclaimer's acceptance count.
 */
import { describe, expect, it } from 'vitest';
import { disclaimerTexts, disclaimerVersion } from '../../content/rules/disclaimer';
import { DEFAULT_SETTINGS, type SiteSettings } from '../../content/settings';
import { file, pngBytes } from '../helpers/files';
import { call, signedInServer } from '../helpers/server';

const ADVERT = "India's No. 1 divorce lawyer with a 100% success rate. Call now for a free consultation!";
const PLAIN = 'Our advocates advise on family and property disputes.';

const { s, cookie } = await signedInServer({ pages: true });

const settingsNow = async (): Promise<SiteSettings> => (await call(s.url, '/api/settings/getsettings')).body.settings;
const saveSettings = async (patch: (st: SiteSettings) => SiteSettings, extra: Record<string, unknown> = {}) =>
  call(s.url, '/api/settings/updatesettings', { cookie, json: { ...patch(await settingsNow()), ...extra } });
const setStrict = (strict: boolean) => saveSettings((st) => ({ ...st, rule36: { ...st.rule36, strict } }));
const reviews = async () => (await call(s.url, '/api/clientreview/getallreviews')).body.reviews as Record<string, unknown>[];
const auditEntries = async () => (await call(s.url, '/api/audit/getauditlog', { cookie })).body.entries as Record<string, string | null>[];
const page = async (path: string) => {
  const res = await fetch(`${s.url}${path}`);
  expect(res.status).toBe(200);
  return res.text();
};
const dmy = (d: Date) => `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;

describe('checkCompliance', () => {
  it('is in the API reference with its operationId, and the disclaimer calls beside it', async () => {
    const doc = (await call(s.url, '/api/docs.json')).body;
    const ops = Object.values(doc.paths as Record<string, Record<string, { operationId?: string; security?: unknown[] }>>).flatMap((p) =>
      Object.values(p),
    );
    const byId = (id: string) => ops.find((o) => o.operationId === id);
    expect(byId('checkCompliance')?.security).toEqual([{ session: [] }]);
    expect(byId('acceptDisclaimer')).toBeDefined();
    expect(byId('getDisclaimerAcceptances')?.security).toEqual([{ session: [] }]);
  });

  it('finds at least three kinds in the advertising text and none in the plain one', async () => {
    const bad = await call(s.url, '/api/compliance/check', { cookie, json: { text: ADVERT } });
    expect(bad.status).toBe(200);
    const findings = bad.body.findings as { rule: string; kind: string; excerpt: string; start: number; end: number; reason: string }[];
    expect(new Set(findings.map((f) => f.kind)).size).toBeGreaterThanOrEqual(3);
    for (const f of findings) {
      expect(ADVERT.slice(f.start, f.end)).toBe(f.excerpt);
      expect(f.reason).toContain('Rule 36');
      expect(f.rule).toBeTruthy();
    }
    const good = await call(s.url, '/api/compliance/check', { cookie, json: { text: PLAIN } });
    expect(good.body.findings).toEqual([]);
  });

  it('checks a stored item by group and id, and refuses what it cannot check', async () => {
    const added = await call(s.url, '/api/clientreview/addClientreviews', {
      cookie,
      json: { name: 'A. Client', profession: 'Teacher', message: 'They are the best lawyers in Kochi.', override_reason: 'Client’s own words' },
    });
    expect(added.status).toBe(200);
    const id = added.body.reviews.client_review_id;
    const res = await call(s.url, '/api/compliance/check', { cookie, json: { group: 'review', id } });
    expect(res.status).toBe(200);
    expect(res.body.findings).toEqual([expect.objectContaining({ field: 'message', kind: 'superlative', excerpt: 'best lawyers' })]);
    expect((await call(s.url, '/api/compliance/check', { cookie, json: { group: 'review', id: 999999 } })).status).toBe(404);
    expect((await call(s.url, '/api/compliance/check', { cookie, json: { group: 'faqs', id: 1 } })).status).toBe(400);
    expect((await call(s.url, '/api/compliance/check', { cookie, json: {} })).status).toBe(400);
    expect((await call(s.url, '/api/compliance/check', { json: { text: ADVERT } })).status).toBe(401);
    // A check changes nothing, so it is not an audit entry.
    expect((await auditEntries()).some((e) => e.target === '/api/compliance/check')).toBe(false);
    await call(s.url, '/api/clientreview/deleteReview', { cookie, json: { client_review_id: id } });
  });
});

describe('publishing with findings', () => {
  it('answers 409 naming the findings in its message, and changes nothing', async () => {
    const before = await reviews();
    const res = await call(s.url, '/api/clientreview/addClientreviews', {
      cookie,
      json: { name: 'R. Nair', profession: 'Engineer', message: ADVERT },
    });
    expect(res.status).toBe(409);
    expect(res.body.statusCode).toBe(409);
    expect(res.body.message).toMatch(/Rule 36/);
    expect(res.body.message).toContain('"Call now" (solicitation)');
    expect(res.body.message.trim().split(/(?<=[.!?])\s+(?=[A-Z])/)).toHaveLength(1);
    expect(res.body.findings.length).toBeGreaterThanOrEqual(3);
    expect(await reviews()).toEqual(before);
  });

  it('publishes with an override reason and keeps the reason and findings in the audit log', async () => {
    const reason = 'Quoted from a published judgment review; approved by the senior partner.';
    const res = await call(s.url, '/api/clientreview/addClientreviews', {
      cookie,
      json: { name: 'R. Nair', profession: 'Engineer', message: ADVERT, override_reason: reason },
    });
    expect(res.status).toBe(200);
    const id = res.body.reviews.client_review_id;
    expect((await reviews()).map((r) => r.client_review_id)).toContain(id);
    const entry = (await auditEntries()).find((e) => e.target === 'review' && e.record_id === String(id))!;
    expect(entry.action).toBe('add');
    const detail = JSON.parse(entry.detail!);
    expect(detail.rule36Override.reason).toBe(reason);
    expect(detail.rule36Override.findings.map((f: { excerpt: string }) => f.excerpt)).toEqual(
      expect.arrayContaining(['Call now', 'free consultation']),
    );
    // An update that keeps the findings needs a reason too; without one nothing changes.
    const upd = await call(s.url, '/api/clientreview/updateReview', {
      cookie,
      json: { client_review_id: id, name: 'R. Nair', profession: 'Architect', message: ADVERT },
    });
    expect(upd.status).toBe(409);
    expect((await reviews()).find((r) => r.client_review_id === id)?.profession).toBe('Engineer');
    await call(s.url, '/api/clientreview/deleteReview', { cookie, json: { client_review_id: id } });
  });

  it('checks the text of rich HTML (a blog body) and the settings’ About and legal-team texts', async () => {
    const catForm = new FormData();
    catForm.append('case_name', 'Family');
    const cat = await call(s.url, '/api/caseCategory/addcase', { cookie, form: catForm });
    expect(cat.status).toBe(200);
    const categoryId = String(cat.body.case.case_category_id);
    const png = await pngBytes(40, 30, '#112233');
    const blog = (extra: Record<string, string>) => {
      const form = new FormData();
      form.append('title', 'Mutual divorce in Kerala');
      form.append('case_category_id', categoryId);
      form.append('description', '<p>We have <strong>never lost a case</strong> &amp; guarantee results.</p>');
      for (const [k, v] of Object.entries(extra)) form.append(k, v);
      form.append('blog_image', file(png, 'b.png'));
      return form;
    };
    const refused = await call(s.url, '/api/blog/addblogs', { cookie, form: blog({}) });
    expect(refused.status).toBe(409);
    const text = 'We have never lost a case & guarantee results.';
    for (const f of refused.body.findings) {
      expect(f.field).toBe('description');
      expect(text.slice(f.start, f.end)).toBe(f.excerpt);
    }
    expect((await call(s.url, '/api/blog/getblogs')).body.blogs).toEqual([]);
    const ok = await call(s.url, '/api/blog/addblogs', { cookie, form: blog({ override_reason: 'Reviewed by counsel' }) });
    expect(ok.status).toBe(200);
    await call(s.url, '/api/blog/deleteblog', { cookie, json: { blog_id: ok.body.blog.blog_id } });

    const quote = await saveSettings((st) => ({ ...st, founderQuote: 'We are the most trusted advocates in Kerala.' }));
    expect(quote.status).toBe(409);
    expect(quote.body.findings[0].field).toBe('founderQuote');
    expect((await settingsNow()).founderQuote).toBe(DEFAULT_SETTINGS.founderQuote);
  });

  it('lets text without findings through exactly as the spec’s call sends it', async () => {
    const res = await call(s.url, '/api/clientreview/addClientreviews', {
      cookie,
      json: { name: 'Leela', profession: 'Teacher', message: 'They explained the leading case on top of the procedure, in my best interests.' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Review added successfully');
    await call(s.url, '/api/clientreview/deleteReview', { cookie, json: { client_review_id: res.body.reviews.client_review_id } });
  });

  it('in strict Rule 36 mode answers 409 whatever the reason', async () => {
    expect((await setStrict(true)).status).toBe(200);
    try {
      const before = await reviews();
      for (const extra of [{}, { override_reason: 'Approved by the senior partner' }]) {
        const res = await call(s.url, '/api/clientreview/addClientreviews', {
          cookie,
          json: { name: 'R. Nair', profession: 'Engineer', message: ADVERT, ...extra },
        });
        expect(res.status).toBe(409);
        expect(res.body.message).toContain('strict Rule 36 mode');
      }
      expect(await reviews()).toEqual(before);
    } finally {
      await setStrict(false);
    }
  });
});

describe('strict mode on the public site', () => {
  it('leaves client reviews and ads out of the pages while the spec’s list calls still answer', async () => {
    const review = await call(s.url, '/api/clientreview/addClientreviews', {
      cookie,
      json: { name: 'Devika Rao', profession: 'Architect', message: 'Clear advice at every step.' },
    });
    expect(review.status).toBe(200);
    const today = new Date();
    const form = new FormData();
    form.append('ads_display', 'Primary');
    form.append('start_date', dmy(new Date(today.getTime() - 86_400_000)));
    form.append('expiry_date', dmy(new Date(today.getTime() + 7 * 86_400_000)));
    form.append('ads_image', file(await pngBytes(60, 40, '#aa3311'), 'ad.png'));
    const ad = await call(s.url, '/api/ads/addAds', { cookie, form });
    expect(ad.status).toBe(200);

    const home = await page('/');
    expect(home).toContain('Clear advice at every step.');
    expect(home).toContain('ads-column');
    // The section's heading, not the islands' catalog that every page carries (decision 0063).
    expect(await page('/about-us')).toContain('>Client reviews</h2>');
    expect(await page('/blog')).toContain('ads-column');

    await setStrict(true);
    try {
      const strictHome = await page('/');
      expect(strictHome).not.toContain('Clear advice at every step.');
      expect(strictHome).not.toContain('What our clients say');
      expect(strictHome).not.toContain('ads-column');
      expect(strictHome).toContain('Reach Us');
      const about = await page('/about-us');
      expect(about).not.toContain('>Client reviews</h2>');
      expect(about).not.toContain('aria-labelledby="about-reviews-title"');
      expect(about).not.toContain('ads-column');
      expect(await page('/blog')).not.toContain('ads-column');
      // The spec's calls are unchanged.
      expect((await reviews()).map((r) => r.message)).toContain('Clear advice at every step.');
      const ads = await call(s.url, '/api/ads/getallads');
      expect(ads.status).toBe(200);
      expect(ads.body.ads.length).toBeGreaterThan(0);
    } finally {
      await setStrict(false);
    }
    expect(await page('/')).toContain('Clear advice at every step.');
  });
});

describe('legal team particulars and the disclaimer', () => {
  it('shows each profile’s enrolment particulars and the declaration', async () => {
    const html = await page('/our-legal-team');
    const p = DEFAULT_SETTINGS.legalTeam[0]!;
    expect(html).toContain(p.enrolmentNumber);
    expect(html).toContain('14/03/1993');
    expect(html).toContain('State Bar Council of first enrolment');
    expect(html).toContain(p.barAssociation);
    expect(html).toContain(p.qualifications[0]!);
    expect(html).toContain('accurate to the best of their knowledge');
  });

  it('counts agreements per version and day, nothing else; an edited text is a new version', async () => {
    const v1 = disclaimerVersion(disclaimerTexts(await settingsNow()));
    expect((await call(s.url, '/api/disclaimer/accept', { json: { version: v1 } })).status).toBe(200);
    expect((await call(s.url, '/api/disclaimer/accept', { json: { version: v1 } })).status).toBe(200);
    expect((await call(s.url, '/api/disclaimer/accept', { json: { version: 'vstale' } })).status).toBe(409);
    expect((await call(s.url, '/api/disclaimer/accept', { json: {} })).status).toBe(400);
    expect((await call(s.url, '/api/disclaimer/getacceptances')).status).toBe(401);
    const day = new Date().toISOString().slice(0, 10);
    let counts = (await call(s.url, '/api/disclaimer/getacceptances', { cookie })).body;
    expect(counts.version).toBe(v1);
    expect(counts.acceptances).toEqual([{ version: v1, day, count: 2 }]);

    await saveSettings((st) => ({
      ...st,
      rule36: { ...st.rule36, disclaimer: { ...st.rule36.disclaimer, advice: 'Please seek a formal consultation for advice.' } },
    }));
    const v2 = disclaimerVersion(disclaimerTexts(await settingsNow()));
    expect(v2).not.toBe(v1);
    expect((await call(s.url, '/api/disclaimer/accept', { json: { version: v1 } })).status).toBe(409);
    expect((await call(s.url, '/api/disclaimer/accept', { json: { version: v2 } })).status).toBe(200);
    counts = (await call(s.url, '/api/disclaimer/getacceptances', { cookie })).body;
    expect(counts.acceptances).toEqual(
      expect.arrayContaining([
        { version: v1, day, count: 2 },
        { version: v2, day, count: 1 },
      ]),
    );
  });
});
