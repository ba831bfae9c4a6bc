import { defineResource, isBlank } from '../kit';

export const cases = defineResource({
  key: 'cases',
  label: 'Case',
  table: 'cases',
  id: 'case_id',
  base: '/cases',
  paths: { add: '/addcase', list: '/getallcases', update: '/updatecase', delete: '/deletecase' },
  body: 'json',
  keys: { list: 'cases', add: 'case', update: 'data' },
  adminList: true,
  order: 'asc',
  fields: {
    case_category_id: { type: 'ref', ref: 'caseCategory', label: 'Case Category', column: true },
    case_title_name: { type: 'text', label: 'Case Title', max: 200, column: true },
  },
  files: {},
  joins: [{ via: 'case_category_id', ref: 'caseCategory', columns: ['case_name'] }],
  validate: (v) =>
    isBlank(v.case_category_id) || isBlank(v.case_title_name) ? 'Please fill in all required fields' : null,
  missingIdMessage: 'Please fill in all required fields',
  admin: { path: 'cases', title: 'Cases', nav: 'Cases', empty: 'No cases available.' },
});
