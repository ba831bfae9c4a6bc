import { defineResource, isBlank, type ListItemOf } from '../kit';
import { isDetailable } from '../rules/event-timing';
import { eventPath, eventSlug, eventSlugPath } from '../rules/slug';

export const event = defineResource({
  key: 'event',
  label: 'Event',
  table: 'events',
  id: 'event_id',
  calls: ['/event/addEvent', '/event/getAllEvents', '/event/updateevent', '/event/deleteEvent'],
  body: 'multipart',
  keys: { list: 'data', add: 'event', update: 'event' },
  fields: {
    event_title: { type: 'text', label: 'Title', max: 200, translatable: true },
    event_description: { type: 'longtext', label: 'Description', max: 20_000, translatable: true },
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
        designation: { type: 'text', label: 'Designation', max: 160, translatable: true },
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
  site: {
    list: '/event',
    perPage: 12,
    failed: 'Failed to load events. Please try again later.',
    // An event has its page only with full dates, an address and a speaker (spec section 4).
    page: (row) => (isDetailable(row) ? eventPath(String(row.event_title ?? '')) : null),
    // A translation may give the event an address of its own in its language (decision 0082).
    slug: { of: (row) => eventSlug(String(row.event_title ?? '')), page: eventSlugPath },
  },
  search: { kind: 'event', label: 'Event', title: 'event_title', text: ['event_description', 'event_address', 'speakers'] },
  rule36: { fields: ['event_title', 'event_description'] },
  assistant: {
    note: "Events are the cards of /event with a countdown (then 'Event is Live', then 'Event Ended'). 'Read More' and the event's page /events/{title in lower case with hyphens} show only when the event has a start date and time, an end date and time, an address and at least one speaker. Speakers are added in the event form (name, designation, date, from and to time, photo); the view button in the table lists them.",
    synonyms: 'seminar|webinar|workshop|conference|camp',
  },
  admin: { path: 'event', title: 'Events', empty: 'No events available.', screen: 'routes/admin/event.tsx', loadError: 'Something went wrong while fetching events.' },
});

/** A speaker of an event, as sent (JSON string `speakers`) and returned (`speakers` array on each event). */
export type Speaker = ListItemOf<typeof event.lists.speakers>;

export const SPEAKER_FIELDS = Object.keys(event.lists.speakers.fields) as (keyof typeof event.lists.speakers.fields)[];
