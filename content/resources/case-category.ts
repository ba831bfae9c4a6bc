import { defineResource, imageFile, isBlank } from '../kit';

export const caseCategory = defineResource({
  key: 'caseCategory',
  label: 'Case category',
  table: 'case_categories',
  id: 'case_category_id',
  calls: ['/caseCategory/addcase', '/caseCategory/getallcases', '/caseCategory/updatecase', '/caseCategory/deleteCase'],
  body: 'multipart',
  keys: { list: 'cases', add: 'case', update: 'case' },
  fields: { case_name: { type: 'text', label: 'Title', max: 120, translatable: true } },
  files: { case_image: imageFile('Image') },
  validate: (v) => (isBlank(v.case_name) ? 'Please enter a title.' : null),
  missingIdMessage: 'Please enter a title.',
  ordered: true,
  site: { list: '/our-case', failed: 'Failed to fetch categories', page: (row) => `/our-case-details/${Number(row.case_category_id)}` },
  search: { kind: 'category', label: 'Case category', title: 'case_name', text: [] },
  rule36: { fields: [] },
  assistant: {
    note: 'Categories are the cards of /our-case. A category cannot be deleted while cases, case details or blogs use it.',
    synonyms: 'category|practice area|case type',
  },
  admin: { path: 'case-category', title: 'Case Categories', empty: 'No case category found.', loadError: 'Error fetching categories' },
});
