import { defineResource, IMAGE_ACCEPT, newFileRequired } from '../kit';

export const calendar = defineResource({
  key: 'calendar',
  label: 'Calendar',
  table: 'calendars',
  id: 'calendar_id',
  calls: [
    '/calendar/addCalendar',
    '/calendar/getAllCalendarsInDesc',
    '/calendar/updateCalendar',
    '/calendar/deleteCalendarById',
  ],
  body: 'multipart',
  keys: 'calendar',
  order: 'desc',
  files: { calendar_img: { kind: 'image', label: 'Calendar Image', accept: IMAGE_ACCEPT } },
  validate: newFileRequired('calendar_img', 'Please select an image.', 'Please select an image to update.'),
  missingIdMessage: 'Please select an image to update.',
  site: { list: '/' },
  rule36: { fields: [] },
  assistant: {
    synonyms: 'calendar image',
  },
  admin: { path: 'calendar', title: 'Calendar', empty: 'No calendars found' },
});
