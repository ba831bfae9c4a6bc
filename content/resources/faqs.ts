import { defineResource, isBlank } from '../kit';

export const faqs = defineResource({
  key: 'faqs',
  label: 'FAQ',
  table: 'faqs',
  id: 'faqs_id',
  calls: ['/faqs/addFaqs', '/faqs/getallfaqs', '/faqs/updatefaqs', '/faqs/deletefaq'],
  body: 'json',
  keys: 'faq',
  fields: {
    question: { type: 'text', label: 'Question', max: 300, translatable: true },
    answer: { type: 'longtext', label: 'Description', max: 5000, translatable: true },
  },
  validate: (v) =>
    isBlank(v.question) || isBlank(v.answer) ? 'Please fill in both the question and description.' : null,
  missingIdMessage: 'Please fill in both the question and description.',
  ordered: true,
  site: { list: '/faqs', perPage: 20, failed: 'Failed to load FAQs!', anchor: (row) => `faq-${Number(row.faqs_id)}` },
  search: { kind: 'faq', label: 'FAQ', title: 'question', text: ['answer'] },
  rule36: { fields: [] },
  assistant: {
    note: 'FAQs form the accordion of /faqs.',
    synonyms: 'frequently asked question|faq question',
    informs: true,
  },
  admin: { path: 'faqs', title: "FAQ's", empty: 'No FAQs available at the moment.', loadError: 'Error fetching FAQs.' },
});
