import { defineResource, IMAGE_ACCEPT, newFileRequired } from '../kit';

export const carousel = defineResource({
  key: 'carousel',
  label: 'Carousel',
  table: 'carousels',
  id: 'carousel_id',
  calls: ['/carousel/addcarousel', '/carousel/getallcarousel', '/carousel/updateCarousel', '/carousel/deletecarousel'],
  body: 'multipart',
  keys: { list: 'carousels', add: 'carousel', update: 'carousel' },
  files: { carousel_image: { kind: 'image', label: 'Carousel Image', accept: IMAGE_ACCEPT } },
  validate: newFileRequired('carousel_image', 'Please fill the fields.'),
  missingIdMessage: 'Please fill the fields.',
  ordered: true,
  site: { list: '/', failed: 'Failed to load the carousel' },
  rule36: { fields: [] },
  assistant: {
    note: 'The slides form the carousel at the top of the home page.',
    synonyms: 'slide|slider|hero image|carousel image',
  },
  admin: { path: 'carousel', title: 'Carousel', empty: 'No carousel images found.' },
});
