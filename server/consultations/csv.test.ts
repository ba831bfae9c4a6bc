import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.server';

describe('parseCsv', () => {
  it('reads quoted fields with commas, quotes and line breaks, CRLF and a BOM', () => {
    expect(parseCsv('\uFEFFname,kind,note\r\n"Smith, John",client,"said ""hi""\nthen left"\r\nAcme,adverse,\r\n')).toEqual([
      ['name', 'kind', 'note'],
      ['Smith, John', 'client', 'said "hi"\nthen left'],
      ['Acme', 'adverse', ''],
    ]);
  });
  it('takes semicolons when the header uses them (spreadsheets in many locales)', () => {
    expect(parseCsv('name;kind\nR. K. Menon;client')).toEqual([
      ['name', 'kind'],
      ['R. K. Menon', 'client'],
    ]);
  });
});
