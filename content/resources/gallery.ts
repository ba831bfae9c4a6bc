import { defineResource, imageFile, isBlank } from '../kit';

export const gallery = defineResource({
  key: 'gallery',
  label: 'Gallery item',
  table: 'gallery',
  id: 'gallery_id',
  calls: ['/gallery/addgallery', '/gallery/getallGallery', '/gallery/updateGallery', '/gallery/deletegallery'],
  body: 'multipart',
  keys: 'gallery',
  fields: { title: { type: 'text', label: 'Title', max: 200, translatable: true } },
  files: { gallery_image: imageFile('Image') },
  validate: (v, ctx) => {
    if (ctx.mode === 'add')
      return ctx.hasNewFile('gallery_image') && !isBlank(v.title) ? null : 'Please select an image and enter a title.';
    return isBlank(v.title) ? 'Title is required.' : null;
  },
  missingIdMessage: 'Title is required.',
  ordered: true,
  site: { list: '/gallery', failed: 'Error occurred while fetching gallery' },
  search: { kind: 'gallery', label: 'Gallery', title: 'title', text: [] },
  rule36: { fields: [] },
  assistant: {
    note: 'Gallery items are the cards of /gallery.',
    synonyms: 'photo|picture|gallery image',
  },
  admin: { path: 'gallery', title: 'Gallery', empty: 'No gallery images available.' },
});
