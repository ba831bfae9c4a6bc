import { defineResource, isBlank } from '../kit';

export const event = defineResource({
  key: 'event',
  label: 'Event',
  table: 'events',
  id: 'event_id',
  base: '/event',
  paths: { add: '/addEvent', list: '/getAllEvents', update: '/updateevent', delete: '/deleteEvent' },
  body: 'multipart',
  keys: { list: 'data', add: 'event', update: 'event' },
  order: 'asc',
  fields: {
    event_title: { type: 'text', label: 'Title', max: 200, column: true },
    event_description: { type: 'longtext', label: 'Description', max: 20_000, column: true },
    event_start_date: { type: 'date', label: 'Start Date', column: true },
    event_start_time: { type: 'time', label: 'Start Time', column: true },
    event_end_date: { type: 'date', label: 'End Date', column: true },
    event_end_time: { type: 'time', label: 'End Time', column: true },
    event_address: { type: 'text', label: 'Address', max: 300, column: true },
  },
  files: {
    event_image: {
      kind: 'media',
      label: 'Image or Video',
      accept: 'image/*,video/mp4,video/quicktime,.mp4,.mov',
      column: true,
    },
  },
  validate: (v, ctx) => {
    const media = ctx.hasNewFile('event_image') || (ctx.mode === 'update' && ctx.hasStoredFile('event_image'));
    if (isBlank(v.event_title) || isBlank(v.event_description) || !media)
      return 'Please provide Title, Description, and an image or video.';
    return null;
  },
  missingIdMessage: 'Please select an event to update.',
  admin: { path: 'event', title: 'Events', nav: 'Events', empty: 'No events available.' },
});

/** A speaker of an event, as sent (JSON string `speakers`) and returned (`speakers` array on each event). */
export interface Speaker {
  speaker_name: string;
  designation: string;
  date: string;
  from_time: string;
  to_time: string;
  image: string;
}

export const SPEAKER_FIELDS = ['speaker_name', 'designation', 'date', 'from_time', 'to_time'] as const;
