import { defineResource, IMAGE_ACCEPT } from '../kit';

export const carousel = defineResource({
  key: 'carousel',
  label: 'Carousel',
  table: 'carousels',
  id: 'carousel_id',
  base: '/carousel',
  paths: { add: '/addcarousel', list: '/getallcarousel', update: '/updateCarousel', delete: '/deletecarousel' },
  body: 'multipart',
  keys: { list: 'carousels', add: 'carousel', update: 'carousel' },
  order: 'asc',
  fields: {},
  files: { carousel_image: { kind: 'image', label: 'Carousel Image', accept: IMAGE_ACCEPT, column: true } },
  validate: (_v, ctx) => (ctx.hasNewFile('carousel_image') ? null : 'Please fill the fields.'),
  missingIdMessage: 'Please fill the fields.',
  admin: { path: 'carousel', title: 'Carousel', nav: 'Carousel', empty: 'No carousel images found.' },
});
