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
    case_title_name: { type: 'text', label: 'Case Title', max: 200 },
  },
  joins: [{ via: 'case_category_id', ref: 'caseCategory', columns: ['case_name'] }],
  validate: (v) =>
    isBlank(v.case_category_id) || isBlank(v.case_title_name) ? 'Please fill in all required fields' : null,
  missingIdMessage: 'Please fill in all required fields',
  admin: { path: 'cases', title: 'Cases', empty: 'No cases available.' },
});
