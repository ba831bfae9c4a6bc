import { defineResource, imageFile, isBlank } from '../kit';

export const AD_DISPLAY_TYPES = ['Primary', 'Secondary'] as const;

export const ads = defineResource({
  key: 'ads',
  label: 'Ad',
  table: 'ads',
  id: 'ads_id',
  calls: ['/ads/addAds', '/ads/getallads', '/ads/UpdateAds', '/ads/deleteads'],
  body: 'multipart',
  keys: 'ads',
  fields: {
    ads_display: { type: 'enum', values: AD_DISPLAY_TYPES, label: 'Display' },
    start_date: { type: 'dmy', label: 'Start Date' },
    expiry_date: { type: 'dmy', label: 'Expiry Date' },
  },
  files: { ads_image: imageFile('Ad Image') },
  validate: (v, ctx) => {
    if (!ctx.hasNewFile('ads_image') || isBlank(v.ads_display) || isBlank(v.start_date) || isBlank(v.expiry_date))
      return 'All fields are required.';
    if (String(v.expiry_date) < String(v.start_date)) return 'The expiry date must not be before the start date.';
    return null;
  },
  missingIdMessage: 'All fields are required.',
  idAlias: 'id',
  site: { list: '/' },
  rule36: { fields: [] },
  assistant: {
    note: 'An ad shows in the ads column of the public pages only while today lies between its start date and its expiry date, both included; before or after those dates it is hidden. To show it again, edit its dates.',
    synonyms: 'advert|advertisement|banner ad|promotion|ad',
  },
  admin: { path: 'ads', title: 'Ads', empty: 'No Ads Available' },
});
