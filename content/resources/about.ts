import { defineResource, IMAGE_ACCEPT, newFileRequired } from '../kit';

export const about = defineResource({
  key: 'about',
  label: 'About image',
  table: 'abouts',
  id: 'about_id',
  calls: ['/about/addAboutImage', '/about/getAllAboutImage', '/about/updateAboutById', '/about/deleteAboutById'],
  body: 'multipart',
  keys: { list: 'abouts', add: 'about', update: 'updatedAbout' },
  adminList: true,
  order: 'desc',
  files: { about_img: { kind: 'image', label: 'About Image', accept: IMAGE_ACCEPT } },
  validate: newFileRequired('about_img', 'Please select an image to upload.', 'Please select an image to update.'),
  missingIdMessage: 'Please select an image to update.',
  site: { list: '/about-us' },
  rule36: { fields: [] },
  assistant: {
    note: 'The most recently added about image is the one shown on the About page.',
    synonyms: 'about us image|about page image',
  },
  admin: { path: 'about-img', title: 'About Image', empty: 'No about images available.' },
});
