import { defineResource, oneImage } from '../kit';

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
  ...oneImage('about_img', 'About Image', 'Please select an image to upload.', 'Please select an image to update.'),
  site: { list: '/about-us' },
  assistant: {
    note: 'The most recently added about image is the one shown on the About page.',
    synonyms: 'about us image|about page image',
  },
  admin: { path: 'about-img', title: 'About Image', empty: 'No about images available.' },
});
