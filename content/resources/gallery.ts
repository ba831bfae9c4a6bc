import { defineResource, IMAGE_ACCEPT, isBlank } from '../kit';

export const gallery = defineResource({
  key: 'gallery',
  label: 'Gallery item',
  table: 'gallery',
  id: 'gallery_id',
  base: '/gallery',
  paths: { add: '/addgallery', list: '/getallGallery', update: '/updateGallery', delete: '/deletegallery' },
  body: 'multipart',
  keys: { list: 'gallery', add: 'gallery', update: 'gallery' },
  order: 'asc',
  fields: { title: { type: 'text', label: 'Title', max: 200, column: true } },
  files: { gallery_image: { kind: 'image', label: 'Image', accept: IMAGE_ACCEPT, column: true } },
  validate: (v, ctx) => {
    if (ctx.mode === 'add')
      return ctx.hasNewFile('gallery_image') && !isBlank(v.title) ? null : 'Please select an image and enter a title.';
    return isBlank(v.title) ? 'Title is required.' : null;
  },
  missingIdMessage: 'Title is required.',
  admin: { path: 'gallery', title: 'Gallery', nav: 'Gallery', empty: 'No gallery images available.' },
});
