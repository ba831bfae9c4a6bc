import { describe, expect, it } from 'vitest';
import { parseInput } from './input';
import type { ValidationContext } from './kit';
import { ads, blog, event, faqs, vacancy } from './resources/index';

const noFiles: ValidationContext = { mode: 'add', hasNewFile: () => false, hasStoredFile: () => false };
const withFiles = (...names: string[]): ValidationContext => ({ ...noFiles, hasNewFile: (n) => names.includes(n) });

describe('compiled input schemas (content/input.ts)', () => {
  it("carries the spec's message of the declaration (section 5)", () => {
    expect(parseInput(faqs, 'add', { question: 'Q?' }, noFiles)).toEqual({
      ok: false,
      message: 'Please fill in both the question and description.',
    });
    expect(parseInput(vacancy, 'add', { vacancy_title: '  ' }, noFiles)).toEqual({ ok: false, message: 'Please fill all the fields' });
    expect(parseInput(blog, 'add', { title: 'T', case_category_id: '1', description: '<p>x</p>' }, noFiles)).toEqual({
      ok: false,
      message: 'Please upload a blog image.',
    });
  });

  it('coerces once: trimmed text, blank → null, numbers parsed, DD/MM/YYYY → ISO', () => {
    const res = parseInput(vacancy, 'add', { vacancy_title: '  Clerk   of  court ', name_of_employment: 'Full-time', number_of_vacancy: '3' }, noFiles);
    expect(res).toEqual({ ok: true, values: { vacancy_title: 'Clerk of court', name_of_employment: 'Full-time', number_of_vacancy: 3 } });
    const ad = parseInput(ads, 'add', { ads_display: 'primary', start_date: '1/2/2027', expiry_date: '28/02/2027' }, withFiles('ads_image'));
    expect(ad).toEqual({ ok: true, values: { ads_display: 'Primary', start_date: '2027-02-01', expiry_date: '2027-02-28' } });
  });

  it('names the field in a message the spec does not give', () => {
    expect(parseInput(vacancy, 'add', { vacancy_title: 'x', name_of_employment: 'y', number_of_vacancy: 'three' }, noFiles)).toEqual({
      ok: false,
      message: 'Number of Vacancies must be a whole number.',
    });
    expect(parseInput(ads, 'add', { ads_display: 'Primary', start_date: '31/02/2027', expiry_date: '01/03/2027' }, withFiles('ads_image'))).toEqual({
      ok: false,
      message: 'Start Date must be a date (DD/MM/YYYY).',
    });
    expect(parseInput(faqs, 'add', { question: 'q'.repeat(301), answer: 'a' }, noFiles)).toEqual({
      ok: false,
      message: 'Question must be at most 300 characters.',
    });
  });

  it('judges an update as sent (a missing required field is blank), then keeps what an optional field left out had', () => {
    const update = { ...noFiles, mode: 'update' as const };
    const stored = { vacancy_id: 4, vacancy_title: 'Clerk', name_of_employment: 'Full-time', number_of_vacancy: 2 };
    expect(parseInput(vacancy, 'update', { vacancy_title: 'Senior clerk', name_of_employment: 'Part-time' }, update, stored)).toEqual({
      ok: true,
      values: { vacancy_title: 'Senior clerk', name_of_employment: 'Part-time', number_of_vacancy: 2 },
    });
    expect(parseInput(vacancy, 'update', { vacancy_title: 'Senior clerk', name_of_employment: 'x', number_of_vacancy: '' }, update, stored)).toEqual({
      ok: true,
      values: { vacancy_title: 'Senior clerk', name_of_employment: 'x', number_of_vacancy: null },
    });
    expect(parseInput(vacancy, 'update', { vacancy_title: 'Senior clerk' }, update, stored)).toEqual({ ok: false, message: 'Please fill all the fields' });
  });

  it('hands rich HTML to the given sanitiser only when it was sent', () => {
    const seen: string[] = [];
    const html = (s: string) => (seen.push(s), s.replace(/<script.*<\/script>/, ''));
    const res = parseInput(blog, 'add', { title: 'T', case_category_id: 2, description: '<p>a</p><script>x</script>' }, withFiles('blog_image'), null, { html });
    expect(res).toEqual({ ok: true, values: { title: 'T', case_category_id: 2, description: '<p>a</p>' } });
    expect(seen).toEqual(['<p>a</p><script>x</script>']);
  });

  it('declares the event speakers once, with labels and types the form and the server share', () => {
    const speakers = event.lists.speakers;
    expect(Object.keys(speakers.fields)).toEqual(['speaker_name', 'designation', 'date', 'from_time', 'to_time']);
    expect(speakers.image).toEqual({ column: 'image', fileField: 'speaker_image', label: 'Speaker Image' });
  });
});
