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
    question: { type: 'text', label: 'Question', max: 300 },
    answer: { type: 'longtext', label: 'Description', max: 5000 },
  },
  validate: (v) =>
    isBlank(v.question) || isBlank(v.answer) ? 'Please fill in both the question and description.' : null,
  missingIdMessage: 'Please fill in both the question and description.',
  admin: { path: 'faqs', title: "FAQ's", empty: 'No FAQs available at the moment.' },
});
