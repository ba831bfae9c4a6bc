import { defineResource, isBlank } from '../kit';

export const review = defineResource({
  key: 'review',
  label: 'Review',
  table: 'client_reviews',
  id: 'client_review_id',
  calls: [
    '/clientreview/addClientreviews',
    '/clientreview/getallreviews',
    '/clientreview/updateReview',
    '/clientreview/deleteReview',
  ],
  body: 'json',
  keys: { list: 'reviews', add: 'reviews', update: 'updatedreview' },
  fields: {
    name: { type: 'text', label: 'Name', max: 120 },
    profession: { type: 'text', label: 'Profession', max: 120, translatable: true },
    message: { type: 'longtext', label: 'Feedback', max: 2000, translatable: true },
  },
  validate: (v) =>
    isBlank(v.name) || isBlank(v.profession) || isBlank(v.message) ? 'Please fill all the fields' : null,
  missingIdMessage: 'Please fill all the fields',
  ordered: true,
  site: { list: '/about-us', failed: 'Failed to fetch reviews' },
  rule36: { fields: ['name', 'profession', 'message'] },
  assistant: {
    note: 'Reviews rotate in the slider on the home and About pages.',
    synonyms: 'testimonial|client review|feedback',
  },
  admin: { path: 'review', title: 'Reviews', empty: 'No reviews available', loadError: 'Error occurred while fetching reviews' },
});
