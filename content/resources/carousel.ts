import { defineResource, oneImage } from '../kit';

export const carousel = defineResource({
  key: 'carousel',
  label: 'Carousel',
  table: 'carousels',
  id: 'carousel_id',
  calls: ['/carousel/addcarousel', '/carousel/getallcarousel', '/carousel/updateCarousel', '/carousel/deletecarousel'],
  body: 'multipart',
  keys: { list: 'carousels', add: 'carousel', update: 'carousel' },
  ...oneImage('carousel_image', 'Carousel Image', 'Please fill the fields.'),
  ordered: true,
  site: { list: '/', failed: 'Failed to load the carousel' },
  assistant: {
    note: 'The slides form the carousel at the top of the home page.',
    synonyms: 'slide|slider|hero image|carousel image',
  },
  admin: { path: 'carousel', title: 'Carousel', empty: 'No carousel images found.' },
});
