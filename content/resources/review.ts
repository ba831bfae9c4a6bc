import { defineResource, isBlank } from '../kit';

export const review = defineResource({
  key: 'review',
  label: 'Review',
  table: 'client_reviews',
  id: 'client_review_id',
  base: '/clientreview',
  paths: {
    add: '/addClientreviews',
    list: '/getallreviews',
    update: '/updateReview',
    delete: '/deleteReview',
  },
  body: 'json',
  keys: { list: 'reviews', add: 'reviews', update: 'updatedreview' },
  order: 'asc',
  fields: {
    name: { type: 'text', label: 'Name', max: 120, column: true },
    profession: { type: 'text', label: 'Profession', max: 120, column: true },
    message: { type: 'longtext', label: 'Feedback', max: 2000, column: true },
  },
  files: {},
  validate: (v) => (isBlank(v.name) || isBlank(v.profession) || isBlank(v.message) ? 'Please fill all the fields' : null),
  missingIdMessage: 'Please fill all the fields',
  admin: { path: 'review', title: 'Reviews', nav: 'Reviews', empty: 'No reviews available' },
});
