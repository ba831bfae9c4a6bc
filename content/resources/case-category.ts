import { defineResource, IMAGE_ACCEPT, isBlank } from '../kit';

export const caseCategory = defineResource({
  key: 'caseCategory',
  label: 'Case category',
  table: 'case_categories',
  id: 'case_category_id',
  calls: ['/caseCategory/addcase', '/caseCategory/getallcases', '/caseCategory/updatecase', '/caseCategory/deleteCase'],
  body: 'multipart',
  keys: { list: 'cases', add: 'case', update: 'case' },
  fields: { case_name: { type: 'text', label: 'Title', max: 120 } },
  files: { case_image: { kind: 'image', label: 'Image', accept: IMAGE_ACCEPT } },
  validate: (v) => (isBlank(v.case_name) ? 'Please enter a title.' : null),
  missingIdMessage: 'Please enter a title.',
  admin: { path: 'case-category', title: 'Case Categories', empty: 'No case category found.' },
});
