import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../content/settings';
import { ADMIN_EMAIL, call, signedInServer } from '../helpers/server';

const { s, cookie } = await signedInServer({ socket: false });

describe('audit log', () => {
  it('records every admin write with who, what, which record, when and from where, newest first', async () => {
    const add = await call(s.url, '/api/faqs/addFaqs', { cookie, json: { question: 'Audit me?', answer: 'Yes' } });
    const id = add.body.faq.faqs_id;
    await call(s.url, '/api/faqs/updatefaqs', { cookie, json: { faqs_id: id, question: 'Audited?', answer: 'Yes' } });
    await call(s.url, '/api/faqs/addFaqs', { cookie, json: { question: '', answer: '' } }); // refused: not logged
    await call(s.url, '/api/faqs/deletefaq', { cookie, json: { faqs_id: id } });
    await call(s.url, '/api/settings/updatesettings', { cookie, json: { ...DEFAULT_SETTINGS, firmName: 'Audit & Co' } });

    const log = await call(s.url, '/api/audit/getauditlog', { cookie });
    expect(log.status).toBe(200);
    const entries = log.body.entries as Record<string, string>[];
    expect(entries.map((e) => `${e.action} ${e.target}`)).toEqual([
      'update settings',
      'delete faqs',
      'update faqs',
      'add faqs',
    ]);
    expect(entries[1]).toMatchObject({ admin_email: ADMIN_EMAIL, record_id: String(id), summary: 'Audited?', ip: '127.0.0.1' });
    expect(Date.parse(entries[0]!.created_at!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('is searchable and refused without a session', async () => {
    const found = await call(s.url, '/api/audit/getauditlog?q=audited', { cookie });
    expect(found.body.entries.map((e: { action: string }) => e.action)).toEqual(['delete', 'update']);
    expect((await call(s.url, '/api/audit/getauditlog?q=%25_')).status).toBe(401);
    const none = await call(s.url, '/api/audit/getauditlog?q=%25_', { cookie });
    expect(none.body.entries).toEqual([]);
  });
});
