import { defineResource, isBlank } from '../kit';

export const cases = defineResource({
  key: 'cases',
  label: 'Case',
  table: 'cases',
  id: 'case_id',
  calls: ['/cases/addcase', '/cases/getallcases', '/cases/updatecase', '/cases/deletecase'],
  body: 'json',
  keys: { list: 'cases', add: 'case', update: 'data' },
  adminList: true,
  fields: {
    case_category_id: { type: 'ref', ref: 'caseCategory', label: 'Case Category' },
    case_title_name: { type: 'text', label: 'Case Title', max: 200, translatable: true },
  },
  joins: [{ via: 'case_category_id', ref: 'caseCategory', columns: ['case_name'] }],
  validate: (v) =>
    isBlank(v.case_category_id) || isBlank(v.case_title_name) ? 'Please fill in all required fields' : null,
  missingIdMessage: 'Please fill in all required fields',
  ordered: true,
  site: { list: '/our-case', page: (row) => `/our-case-details-view/${Number(row.case_id)}` },
  search: {
    kind: 'case',
    label: 'Case',
    title: 'case_title_name',
    text: ['case_name'],
    // A case's page shows its first write-up (the spec's detail read).
    with: { group: 'caseDetails', via: 'case_id', text: ['case_content'] },
  },
  rule36: { fields: ['case_title_name'] },
  assistant: {
    note: 'A case cannot be deleted while case details use it. Its public page is /our-case-details-view/{case id}.',
    synonyms: 'case study|case title',
    informs: true,
  },
  admin: { path: 'cases', title: 'Cases', empty: 'No cases available.', loadError: 'Error fetching cases' },
});
