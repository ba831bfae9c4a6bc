import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../settings';
import { agreementHolds, DISCLAIMER_AGREEMENT_DAYS, disclaimerTexts, disclaimerVersion } from './disclaimer';

const DAY = 24 * 60 * 60 * 1000;

describe('disclaimer version and agreement', () => {
  it('fills in the firm name and keeps the spec’s four points', () => {
    const t = disclaimerTexts(DEFAULT_SETTINGS);
    expect(t.acknowledgements).toHaveLength(4);
    expect(t.acknowledgements[0]).toContain(DEFAULT_SETTINGS.firmName);
    expect(t.statement).toContain('Bar Council');
    expect(t.advice).toContain('formal consultation');
  });
  it('gives the same version for the same texts and a new one for any edit', () => {
    const v1 = disclaimerVersion(disclaimerTexts(DEFAULT_SETTINGS));
    expect(disclaimerVersion(disclaimerTexts(DEFAULT_SETTINGS))).toBe(v1);
    const edited = {
      ...DEFAULT_SETTINGS,
      rule36: { ...DEFAULT_SETTINGS.rule36, disclaimer: { ...DEFAULT_SETTINGS.rule36.disclaimer, advice: 'Please seek a formal consultation.' } },
    };
    expect(disclaimerVersion(disclaimerTexts(edited))).not.toBe(v1);
    expect(v1).toMatch(/^v[0-9a-z]+$/);
  });
  it('holds an agreement for 30 days, for its own version only', () => {
    const at = Date.UTC(2026, 10, 1);
    expect(agreementHolds({ version: 'v1', at }, 'v1', at + (DISCLAIMER_AGREEMENT_DAYS * DAY - 1))).toBe(true);
    expect(agreementHolds({ version: 'v1', at }, 'v1', at + DISCLAIMER_AGREEMENT_DAYS * DAY)).toBe(false);
    expect(agreementHolds({ version: 'v1', at }, 'v2', at + 1)).toBe(false);
    expect(agreementHolds(null, 'v1', at)).toBe(false);
    expect(agreementHolds({ version: 'v1', at: 'yesterday' }, 'v1', at)).toBe(false);
  });
});
