/** Site settings (public read, administrator update), the health check and unknown API paths. */
import { describe, expect, it } from 'vitest';
import { signedInServer, type Json } from '../helpers/server';
import { api } from '../helpers/api-helpers';

const { s, cookie } = await signedInServer();

describe('site settings', () => {
  it('are read publicly', async () => {
    const r = await api(s.url, '/api/settings/getsettings');
    expect(r.status).toBe(200);
    expect(r.body.settings).toMatchObject({ foundedYear: 1993, hours: { morning: '3:00-8:00 AM', evening: '6:00-8:00 PM', days: 'Monday to Saturday' } });
    expect(r.body.settings.phones.length).toBeGreaterThanOrEqual(1);
    expect(r.body.settings.offices).toHaveLength(4);
  });

  it('are updated by the administrator only', async () => {
    const current = (await api(s.url, '/api/settings/getsettings')).body.settings;
    const next = { ...current, firmName: 'Vale & Partners', phones: ['+91 1', '+91 2', '+91 3'] };
    expect((await api(s.url, '/api/settings/updatesettings', { json: next })).status).toBe(401);
    expect((await api(s.url, '/api/settings/updatesettings', { cookie, json: next, headers: { origin: 'https://evil.example' } })).status).toBe(403);

    const r = await api(s.url, '/api/settings/updatesettings', { cookie, json: next });
    expect(r.status).toBe(200);
    expect(r.body.settings.firmName).toBe('Vale & Partners');
    expect((await api(s.url, '/api/settings/getsettings')).body.settings).toMatchObject({ firmName: 'Vale & Partners', phones: ['+91 1', '+91 2', '+91 3'] });

    const wrapped = await api(s.url, '/api/settings/updatesettings', { cookie, json: { settings: { ...next, tagline: 'Wrapped' } } });
    expect(wrapped.status).toBe(200);
    expect(wrapped.body.settings.tagline).toBe('Wrapped');
  });

  it.each([
    ['an invalid email', (c: Json) => ({ ...c, email: 'not-an-email' }), /email/],
    ['a blank firm name', (c: Json) => ({ ...c, firmName: '  ' }), /firmName/],
    ['too many phones', (c: Json) => ({ ...c, phones: ['1', '2', '3', '4'] }), /phones/],
    ['a javascript: social link', (c: Json) => ({ ...c, socials: { ...c.socials, facebook: 'javascript:alert(1)' } }), /socials/],
    ['a missing section', (c: Json) => ({ ...c, hours: undefined }), /hours/],
    ['a non-object', () => 'settings', /./],
  ])('refuse %s (400) and keep the stored settings', async (_n, change, pattern) => {
    const before = (await api(s.url, '/api/settings/getsettings')).body.settings;
    const r = await api(s.url, '/api/settings/updatesettings', { cookie, json: change(before) });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(pattern);
    expect((await api(s.url, '/api/settings/getsettings')).body.settings).toEqual(before);
  });
});

describe('GET /api/health', () => {
  it('answers 200 once the database is reachable', async () => {
    const r = await api(s.url, '/api/health');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ statusCode: 200, message: 'ok', database: process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite' });
  });
});

describe('unknown API paths and bodies', () => {
  it('answer 404 JSON for an unknown path, GET or POST', async () => {
    expect((await api(s.url, '/api/nothing/here')).status).toBe(404);
    expect((await api(s.url, '/api/faqs/nothing', { cookie, json: {} })).status).toBe(404);
  });

  it('answer 400 JSON for a malformed JSON body', async () => {
    const bad = await fetch(`${s.url}/api/faqs/addFaqs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: '{"question":' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ statusCode: 400, message: 'The request body is not valid JSON.' });
  });
});
