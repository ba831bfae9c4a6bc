import { defineResource, IMAGE_ACCEPT } from '../kit';

export const calendar = defineResource({
  key: 'calendar',
  label: 'Calendar',
  table: 'calendars',
  id: 'calendar_id',
  base: '/calendar',
  paths: {
    add: '/addCalendar',
    list: '/getAllCalendarsInDesc',
    update: '/updateCalendar',
    delete: '/deleteCalendarById',
  },
  body: 'multipart',
  keys: { list: 'calendar', add: 'calendar', update: 'calendar' },
  order: 'desc',
  fields: {},
  files: { calendar_img: { kind: 'image', label: 'Calendar Image', accept: IMAGE_ACCEPT, column: true } },
  validate: (_v, ctx) =>
    ctx.hasNewFile('calendar_img')
      ? null
      : ctx.mode === 'add'
        ? 'Please select an image.'
        : 'Please select an image to update.',
  missingIdMessage: 'Please select an image to update.',
  admin: { path: 'calendar', title: 'Calendar', nav: 'Calendar', empty: 'No calendars found' },
});
