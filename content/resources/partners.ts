import { defineResource, imageFile, isBlank } from '../kit';

export const partners = defineResource({
  key: 'partners',
  label: 'Partner',
  table: 'partners',
  id: 'partner_id',
  calls: [
    '/ourpatners/createPartner',
    '/ourpatners/getAllPartners',
    '/ourpatners/updatePartner',
    '/ourpatners/deletepartner',
  ],
  body: 'multipart',
  keys: 'partners',
  fields: { partner_name: { type: 'text', label: 'Partner Name', max: 120 } },
  files: { partner_image: imageFile('Logo') },
  // On update too a name or a new logo must come with the request (the spec's message); with a name, a
  // stored logo is kept.
  validate: (v, ctx) => {
    if (!isBlank(v.partner_name) || ctx.hasNewFile('partner_image')) return null;
    return ctx.mode === 'add'
      ? 'Please provide either a partner name or logo.'
      : 'Please update either the partner name or logo.';
  },
  missingIdMessage: 'Please update either the partner name or logo.',
  ordered: true,
  site: { list: '/', failed: 'Failed to fetch partners' },
  rule36: { fields: [] },
  assistant: {
    note: 'Partners scroll along the home page.',
    synonyms: 'partner logo|notable client|client',
  },
  admin: { path: 'partners', title: 'Partners', empty: 'No partners available.' },
});
