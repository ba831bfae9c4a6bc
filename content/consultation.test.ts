import { describe, expect, it } from 'vitest';
import { CONSENT_REQUIRED_MESSAGE, consultationProblem, consultationSchema } from './consultation-schema';

const now = new Date('2026-11-24T10:00:00Z');
const ok = {
  name: 'Asha Nair',
  email: 'asha@example.com',
  contactNumber: '+91 98470 00000',
  LegalIssueSummary: 'A dispute over a boundary wall.',
  datetime: '2026-12-01T10:30:00Z',
};

describe('the consultation request schema (browser and server alike)', () => {
  it('passes a complete request and gives the stored values', () => {
    const r = consultationSchema(now).parse({ ...ok, consent: 'true' });
    expect(r).toMatchObject({ name: 'Asha Nair', email: 'asha@example.com' });
    expect(r.datetime.toISOString()).toBe('2026-12-01T10:30:00.000Z');
    expect(r.consent).toEqual(now);
    // The spec's client sends no consent: taken, recorded as none.
    expect(consultationSchema(now).parse(ok).consent).toBeNull();
  });

  it('names the first failing field in the form order, with the messages the server answers', () => {
    expect(consultationProblem({}, now)).toBe('Please enter your name.');
    expect(consultationProblem({ ...ok, name: ' ' }, now)).toBe('Please enter your name.');
    expect(consultationProblem({ ...ok, email: 'x@', contactNumber: '' }, now)).toBe(
      'Please enter a valid email address.',
    );
    expect(consultationProblem({ ...ok, contactNumber: '12' }, now)).toBe('Please enter a valid contact number.');
    expect(consultationProblem({ ...ok, LegalIssueSummary: 'x'.repeat(5001) }, now)).toBe(
      'The legal issue summary is too long (at most 5000 characters).',
    );
    expect(consultationProblem({ ...ok, datetime: '2026-02-30T10:00' }, now)).toBe(
      'Please choose a valid preferred date and time.',
    );
    expect(consultationProblem({ ...ok, datetime: '2026-11-01T10:00:00Z' }, now)).toBe(
      'The preferred date and time must be in the future.',
    );
    expect(consultationProblem({ ...ok, datetime: '2029-01-01T10:00:00Z' }, now)).toBe(
      'Please choose a preferred date within the next two years.',
    );
    expect(consultationProblem({ ...ok, consent: 'off' }, now)).toBe(CONSENT_REQUIRED_MESSAGE);
    expect(consultationProblem({ ...ok, consent: ['on'] }, now)).toBeNull();
  });
});
