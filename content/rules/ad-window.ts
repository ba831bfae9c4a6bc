/**
 * The ads' display window (spec section 5): an ad shows while the current time lies between its
 * start_date and expiry_date, inclusive: from local midnight of start_date through the last
 * millisecond of expiry_date. Dates are ISO 'YYYY-MM-DD' (the API returns them so). Pure and isomorphic.
 */

export interface AdWindowFields {
  start_date?: string | null;
  expiry_date?: string | null;
}

function localDay(iso: string | null | undefined): [number, number, number] | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dt = new Date(y, mo - 1, d);
  if (dt.getFullYear() !== y || dt.getMonth() !== mo - 1 || dt.getDate() !== d) return null;
  return [y, mo, d];
}

/** True when `now` (ms) lies inside the ad's window; an ad with an unreadable date never shows. */
export function isAdActive(ad: AdWindowFields, now: number): boolean {
  const s = localDay(ad.start_date);
  const e = localDay(ad.expiry_date);
  if (!s || !e) return false;
  const from = new Date(s[0], s[1] - 1, s[2], 0, 0, 0, 0).getTime();
  const until = new Date(e[0], e[1] - 1, e[2] + 1, 0, 0, 0, 0).getTime(); // exclusive: next local midnight
  return now >= from && now < until;
}

export function activeAds<T extends AdWindowFields>(ads: readonly T[], now: number): T[] {
  return ads.filter((a) => isAdActive(a, now));
}
