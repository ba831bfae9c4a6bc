import { defineResource, IMAGE_ACCEPT, isBlank } from '../kit';

export const caseCategory = defineResource({
  key: 'caseCategory',
  label: 'Case category',
  table: 'case_categories',
  id: 'case_category_id',
  base: '/caseCategory',
  paths: { add: '/addcase', list: '/getallcases', update: '/updatecase', delete: '/deleteCase' },
  body: 'multipart',
  keys: { list: 'cases', add: 'case', update: 'case' },
  order: 'asc',
  fields: { case_name: { type: 'text', label: 'Title', max: 120, column: true } },
  files: { case_image: { kind: 'image', label: 'Image', accept: IMAGE_ACCEPT, column: true } },
  validate: (v) => (isBlank(v.case_name) ? 'Please enter a title.' : null),
  missingIdMessage: 'Please enter a title.',
  admin: { path: 'case-category', title: 'Case Categories', nav: 'Case Categories', empty: 'No case category found.' },
});
