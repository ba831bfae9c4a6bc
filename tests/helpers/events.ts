import type { Speaker } from '../../content/resources/event';
import { api, multipart, speakersField, type Upload } from './api-helpers';

/**
 * Adds an event through the API with a title, a description and its speakers (each sent with every key, blank
 * unless given), and the files: `event_image` and `speaker_image_<n>`. Answers the response whatever its status;
 * api() checks its envelope.
 */
export function addEventWithSpeakers(
  url: string,
  cookie: string,
  event: { title: string; description: string; speakers: Partial<Speaker>[] },
  files: Record<string, Upload>,
): ReturnType<typeof api> {
  const fields = {
    event_title: event.title,
    event_description: event.description,
    speakers: speakersField(...event.speakers),
  };
  return api(url, '/api/event/addEvent', { cookie, ...multipart(fields, files) });
}
