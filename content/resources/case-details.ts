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
    case_content: { type: 'html', label: 'Description', max: 500_000 },
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
  admin: { path: 'case-details', title: 'Case Details', empty: 'No case details found.' },
});
