import { defineResource, oneImage } from '../kit';

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
  ...oneImage('calendar_img', 'Calendar Image', 'Please select an image.', 'Please select an image to update.'),
  site: { list: '/' },
  assistant: {
    synonyms: 'calendar image',
  },
  admin: { path: 'calendar', title: 'Calendar', empty: 'No calendars found' },
});
