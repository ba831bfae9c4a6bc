import { ads, event } from '../../content/resources/index';
import type { ContentService } from '../content/service';

/** Local midnight starting the given ISO date (YYYY-MM-DD), as epoch ms. */
function localMidnight(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y!, m! - 1, d!).getTime();
}

function localDateTime(date: string | null | undefined, time: string | null | undefined): number | null {
  if (!date || !time) return null;
  const [h, mi] = time.split(':').map(Number);
  const t = localMidnight(date) + ((h ?? 0) * 60 + (mi ?? 0)) * 60_000;
  return Number.isFinite(t) ? t : null;
}

/**
 * The next moment at which a public page can change without any write: an ad's window opening or
 * closing, an event starting or ending, or local midnight (the calendar date). Rendered pages expire then.
 */
export async function nextTimeBoundary(content: ContentService, now = Date.now()): Promise<number> {
  const d = new Date(now);
  let next = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
  const consider = (t: number | null) => {
    if (t !== null && Number.isFinite(t) && t > now && t < next) next = t;
  };
  for (const ad of await content.list(ads)) {
    if (typeof ad.start_date === 'string') consider(localMidnight(ad.start_date));
    if (typeof ad.expiry_date === 'string') consider(localMidnight(ad.expiry_date) + 86_400_000);
  }
  for (const e of await content.list(event)) {
    consider(localDateTime(e.event_start_date as string, e.event_start_time as string));
    consider(localDateTime(e.event_end_date as string, e.event_end_time as string));
  }
  return next;
}
