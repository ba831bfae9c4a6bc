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
  admin: { path: 'about-img', title: 'About Image', empty: 'No about images available.' },
});
