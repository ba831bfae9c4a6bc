import { defineResource, isBlank } from '../kit';

export const faqs = defineResource({
  key: 'faqs',
  label: 'FAQ',
  table: 'faqs',
  id: 'faqs_id',
  base: '/faqs',
  paths: { add: '/addFaqs', list: '/getallfaqs', update: '/updatefaqs', delete: '/deletefaq' },
  body: 'json',
  keys: { list: 'faq', add: 'faq', update: 'faq' },
  order: 'asc',
  fields: {
    question: { type: 'text', label: 'Question', max: 300, column: true },
    answer: { type: 'longtext', label: 'Description', max: 5000, column: true },
  },
  files: {},
  validate: (v) =>
    isBlank(v.question) || isBlank(v.answer) ? 'Please fill in both the question and description.' : null,
  missingIdMessage: 'Please fill in both the question and description.',
  admin: { path: 'faqs', title: "FAQ's", nav: "FAQ's", empty: 'No FAQs available at the moment.' },
});
