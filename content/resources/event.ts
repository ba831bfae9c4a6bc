import { defineResource, isBlank, type ListItemOf } from '../kit';

export const event = defineResource({
  key: 'event',
  label: 'Event',
  table: 'events',
  id: 'event_id',
  calls: ['/event/addEvent', '/event/getAllEvents', '/event/updateevent', '/event/deleteEvent'],
  body: 'multipart',
  keys: { list: 'data', add: 'event', update: 'event' },
  fields: {
    event_title: { type: 'text', label: 'Title', max: 200 },
    event_description: { type: 'longtext', label: 'Description', max: 20_000 },
    event_start_date: { type: 'date', label: 'Start Date' },
    event_start_time: { type: 'time', label: 'Start Time' },
    event_end_date: { type: 'date', label: 'End Date' },
    event_end_time: { type: 'time', label: 'End Time' },
    event_address: { type: 'text', label: 'Address', max: 300 },
  },
  files: {
    event_image: {
      kind: 'media',
      label: 'Image or Video',
      accept: 'image/*,video/mp4,video/quicktime,.mp4,.mov',
    },
  },
  lists: {
    speakers: {
      table: 'event_speakers',
      parent: 'event_id',
      label: 'Speakers',
      max: 50,
      fields: {
        speaker_name: { type: 'text', label: 'Speaker Name', max: 120 },
        designation: { type: 'text', label: 'Designation', max: 160 },
        date: { type: 'date', label: 'Date' },
        from_time: { type: 'time', label: 'From Time' },
        to_time: { type: 'time', label: 'To Time' },
      },
      image: { column: 'image', fileField: 'speaker_image', label: 'Speaker Image' },
      admin: { add: 'Add speaker', item: 'Speaker' },
    },
  },
  validate: (v, ctx) => {
    const media = ctx.hasNewFile('event_image') || (ctx.mode === 'update' && ctx.hasStoredFile('event_image'));
    if (isBlank(v.event_title) || isBlank(v.event_description) || !media)
      return 'Please provide Title, Description, and an image or video.';
    return null;
  },
  missingIdMessage: 'Please select an event to update.',
  admin: { path: 'event', title: 'Events', empty: 'No events available.' },
});

/** A speaker of an event, as sent (JSON string `speakers`) and returned (`speakers` array on each event). */
export type Speaker = ListItemOf<typeof event.lists.speakers>;

export const SPEAKER_FIELDS = Object.keys(event.lists.speakers.fields) as (keyof typeof event.lists.speakers.fields)[];
