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
    profession: { type: 'text', label: 'Profession', max: 120 },
    message: { type: 'longtext', label: 'Feedback', max: 2000 },
  },
  validate: (v) =>
    isBlank(v.name) || isBlank(v.profession) || isBlank(v.message) ? 'Please fill all the fields' : null,
  missingIdMessage: 'Please fill all the fields',
  admin: { path: 'review', title: 'Reviews', empty: 'No reviews available' },
});
