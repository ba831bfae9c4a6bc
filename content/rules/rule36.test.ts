import { describe, expect, it } from 'vitest';
import { checkRule36, RULE36_RULES, rule36Message, type Rule36Kind } from './rule36';

const kinds = (text: string, scope?: 'case-write-up') => checkRule36(text, { scope }).map((f) => f.kind);
const excerpts = (text: string, scope?: 'case-write-up') => checkRule36(text, { scope }).map((f) => f.excerpt);

describe('Rule 36 checker', () => {
  it('finds at least three kinds in the issue’s advertising sentence, each with its exact passage', () => {
    const text = "India's No. 1 divorce lawyer with a 100% success rate. Call now for a free consultation!";
    const findings = checkRule36(text);
    expect(new Set(findings.map((f) => f.kind)).size).toBeGreaterThanOrEqual(3);
    expect(findings.map((f) => f.kind)).toEqual(
      expect.arrayContaining<Rule36Kind>(['superlative', 'success-claim', 'solicitation']),
    );
    for (const f of findings) {
      expect(text.slice(f.start, f.end)).toBe(f.excerpt);
      expect(f.reason).toMatch(/Rule 36 of the Bar Council of India Rules/);
      expect(f.rule).toMatch(/^[a-z0-9-]+$/);
    }
    expect(excerpts(text)).toEqual(
      expect.arrayContaining(["India's No. 1", '100% success', 'Call now', 'free consultation']),
    );
  });

  it('finds nothing in the issue’s plain sentence', () => {
    expect(checkRule36('Our advocates advise on family and property disputes.')).toEqual([]);
  });

  it.each([
    ['the best divorce lawyer in Kochi', 'superlative'],
    ['We are the top-rated advocates of Kerala.', 'superlative'],
    ['A leading law firm for property matters.', 'superlative'],
    ['The most trusted name in family law.', 'superlative'],
    ["India's finest legal minds.", 'superlative'],
    ["Kochi's best for divorce.", 'superlative'],
    ['Ranked No. 1 by clients.', 'superlative'],
    ['Simply the best in the business.', 'superlative'],
    ['We have won 95% of our cases.', 'success-claim'],
    ['A success rate of over 90 per cent.', 'success-claim'],
    ['We have never lost a case.', 'success-claim'],
    ['Guaranteed results in every matter.', 'success-claim'],
    ['Bail is guaranteed.', 'success-claim'],
    ['Won 500+ cases since 2001.', 'success-claim'],
    ['Contact us today to win your case.', 'solicitation'],
    ['A free initial consultation for new clients.', 'solicitation'],
    ['Your first consultation is free.', 'solicitation'],
    ['No win, no fee.', 'solicitation'],
    ['20% off on our fees this month.', 'solicitation'],
    ['Discounted fees for new clients.', 'solicitation'],
    ['We are better than other lawyers in town.', 'comparison'],
    ['Unlike other law firms, we answer every call.', 'comparison'],
    ['More experienced than any other advocate in Kochi.', 'comparison'],
  ])('flags %j as %s', (text, kind) => {
    expect(kinds(text)).toContain(kind);
  });

  it.each([
    'The application was placed on top of the cause list.',
    'The court acts in the best interests of the child.',
    "The child's best interests come first.",
    'This is the leading case on anticipatory bail.',
    'Counsel may lead evidence on the point.',
    'The prosecution led evidence of twelve witnesses.',
    'The leading judgment was written by the Chief Justice.',
    "The Supreme Court's leading decision on the point.",
    'Respondent No. 1 filed a counter affidavit.',
    'Accused No. 1 was granted bail.',
    'Writ Petition No. 1 of 2024 was disposed of.',
    'The right to life is guaranteed by Article 21.',
    'Fundamental rights guaranteed under the Constitution.',
    'The bank guarantee was invoked.',
    'The petitioner never lost possession of the property.',
    'Free legal aid is available under the Legal Services Authorities Act.',
    'Free advice for everyone at the legal aid camp.',
    'To the best of our knowledge, the order has not been appealed.',
    'First and foremost, read the sale deed.',
    'She leads the firm’s litigation strategy and reviews every new consultation.',
    'Most respectfully, the appellant submits that the finding is perverse.',
    'The tribunal declined to discount the evidence.',
    'There was no hurry to file the appeal.',
    'Call the registry to check the listing.',
    'On top of the court fee, a process fee is payable.',
    'He was at the top of his class at law school.',
    'Interest at 9% per annum from the date of the petition.',
    'The decree was upheld in 2019.',
  ])('does not flag ordinary legal prose: %j', (text) => {
    expect(checkRule36(text)).toEqual([]);
  });

  describe('client names in case write-ups', () => {
    it('flags a full name with an honorific or a role, only in the case write-up scope', () => {
      expect(kinds('Our client Rajan Pillai approached us in 2021.', 'case-write-up')).toContain('client-name');
      expect(kinds('The petitioner, K. Latha, sought maintenance.', 'case-write-up')).toContain('client-name');
      expect(excerpts('Mrs. Anita Menon filed for divorce.', 'case-write-up')).toContain('Mrs. Anita Menon');
      expect(kinds('Mrs. Anita Menon filed for divorce.')).toEqual([]);
    });
    it('leaves judges, initials and descriptions alone', () => {
      expect(checkRule36('Mr. Justice Ramachandran heard the appeal.', { scope: 'case-write-up' })).toEqual([]);
      expect(checkRule36('Our client, a retired teacher, sought her gratuity.', { scope: 'case-write-up' })).toEqual([]);
      expect(checkRule36('The petitioner (R.P.) sought maintenance.', { scope: 'case-write-up' })).toEqual([]);
      expect(checkRule36('The petitioner In person argued.', { scope: 'case-write-up' })).toEqual([]);
    });
  });

  it('matches Hindi and Malayalam rules as whole words', () => {
    expect(kinds('हम सर्वश्रेष्ठ वकील हैं')).toContain('superlative');
    expect(kinds('मुफ्त परामर्श के लिए आज ही संपर्क करें')).toContain('solicitation');
    expect(kinds('100% सफलता')).toContain('success-claim');
    expect(kinds('ഏറ്റവും മികച്ച അഭിഭാഷകർ')).toContain('superlative');
    expect(kinds('സൗജന്യ നിയമ ഉപദേശം')).toContain('solicitation');
    // A rule's phrase inside a longer word is not a match (Unicode-aware boundaries).
    expect(checkRule36('सर्वश्रेष्ठता')).toEqual([]);
    expect(checkRule36('Our advocates advise in Hindi: परिवार और संपत्ति विवाद')).toEqual([]);
  });

  it('reports overlapping matches of one kind once, in order of position', () => {
    const f = checkRule36('Call now! The best lawyer, the best advocate.');
    expect(f.map((x) => x.start)).toEqual([...f.map((x) => x.start)].sort((a, b) => a - b));
    expect(f.filter((x) => x.kind === 'superlative')).toHaveLength(2);
  });

  it('declares every rule with an id, a kind, a compilable pattern and a reason citing Rule 36', () => {
    const ids = new Set<string>();
    for (const rule of Object.values(RULE36_RULES).flat()) {
      expect(ids.has(rule.id)).toBe(false);
      ids.add(rule.id);
      expect(() => new RegExp(rule.pattern, 'u')).not.toThrow();
      expect(rule.reason).toMatch(/Rule 36/);
    }
  });

  it('names the findings in one plain sentence', () => {
    const f = checkRule36("India's No. 1 divorce lawyer. Call now!");
    const msg = rule36Message(f, false);
    expect(msg).toContain('"Call now" (solicitation)');
    expect(msg).toContain('override reason');
    expect(msg.split(/[.!?](\s|$)/).filter((s) => s && s.trim()).length).toBeGreaterThanOrEqual(1);
    expect(rule36Message(f, true)).toContain('strict Rule 36 mode');
  });
});
