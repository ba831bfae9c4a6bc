import { defineResource, DOCUMENT_ACCEPT, isBlank, isEmptyHtml } from '../kit';

export const caseDetails = defineResource({
  key: 'caseDetails',
  label: 'Case details',
  table: 'case_details',
  id: 'case_details_id',
  calls: [
    '/casedetails/addcasedetails',
    '/casedetails/getcasedetails',
    '/casedetails/updateCasedetails',
    '/casedetails/deletecasedetails',
  ],
  body: 'multipart',
  keys: { list: 'cases', add: 'case', update: 'case' },
  adminList: true,
  fields: {
    case_category_id: { type: 'ref', ref: 'caseCategory', label: 'Case Category' },
    case_id: { type: 'ref', ref: 'cases', label: 'Case Title' },
    case_content: { type: 'html', label: 'Description', max: 500_000, translatable: true },
  },
  files: { case_file: { kind: 'document', label: 'File', accept: DOCUMENT_ACCEPT } },
  joins: [
    { via: 'case_category_id', ref: 'caseCategory', columns: ['case_name'] },
    { via: 'case_id', ref: 'cases', columns: ['case_title_name'] },
  ],
  validate: (v, ctx) => {
    if (isBlank(v.case_category_id) || isBlank(v.case_id)) return 'Please select a case category and a case title.';
    const hasFile = ctx.hasNewFile('case_file') || ctx.hasStoredFile('case_file');
    if (!hasFile && isEmptyHtml(v.case_content)) return 'Please upload a file or enter a description (at least one)';
    return null;
  },
  missingIdMessage: 'Please select case details to update.',
  site: { list: '/our-case', page: (row) => `/our-case-details-view/${Number(row.case_id)}`, sitemap: false },
  rule36: { fields: ['case_content'], scope: 'case-write-up' },
  assistant: {
    note: "Choosing a category loads that category's case titles; with none the form says 'No case titles available for selected category.', so add the case in Cases first.",
    synonyms: 'case write up|case content',
    informs: true,
  },
  admin: { path: 'case-details', title: 'Case Details', empty: 'No case details found.', screen: 'routes/admin/case-details.tsx' },
});
