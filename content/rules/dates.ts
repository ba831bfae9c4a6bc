/** Date and time formats of the spec (section 9). Pure and isomorphic; tested on their edges. */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function parts(iso: string): [number, number, number] | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

/** Public date display: 'YYYY-MM-DD…' → 'DD MMM YYYY' ('2027-03-05' → '05 Mar 2027'); '' when unreadable. */
export function formatPublicDate(iso: string | null | undefined): string {
  const p = iso ? parts(iso) : null;
  if (!p || p[1] < 1 || p[1] > 12) return '';
  return `${String(p[2]).padStart(2, '0')} ${MONTHS[p[1] - 1]} ${p[0]}`;
}

/** Admin date display and the ads' wire format: 'YYYY-MM-DD' → 'DD/MM/YYYY'. */
export function isoToDmy(iso: string | null | undefined): string {
  const p = iso ? parts(iso) : null;
  if (!p) return '';
  return `${String(p[2]).padStart(2, '0')}/${String(p[1]).padStart(2, '0')}/${p[0]}`;
}

/** 'DD/MM/YYYY' → 'YYYY-MM-DD'; '' when not a real date. */
export function dmyToIso(dmy: string | null | undefined): string {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec((dmy ?? '').trim());
  if (!m) return '';
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== mo - 1 || dt.getUTCDate() !== d) return '';
  return `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** 12-hour time: '13:05' → '1:05 PM', '00:30' → '12:30 AM'; '' when unreadable. */
export function format12h(hhmm: string | null | undefined): string {
  const m = /^(\d{1,2}):(\d{2})/.exec(hhmm ?? '');
  if (!m) return '';
  const h = Number(m[1]);
  if (h > 23) return '';
  const suffix = h < 12 ? 'AM' : 'PM';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${m[2]} ${suffix}`;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** An ISO time as a Date in this runtime's time zone, or null when unreadable. */
function local(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Admin day of a stored time, in the viewer's time zone: 'DD/MM/YYYY'; '' when unreadable. */
export function formatAdminDay(iso: string | null | undefined): string {
  const d = local(iso);
  return d ? `${pad2(d.getDate())}/${pad2(d.getMonth() + 1)}/${d.getFullYear()}` : '';
}

/**
 * Admin time of a stored time, in the viewer's time zone: 'DD/MM/YYYY h:mm AM' (with `seconds`,
 * 'DD/MM/YYYY h:mm:ss AM', the audit log's); '' when unreadable.
 */
export function formatAdminTime(iso: string | null | undefined, opts: { seconds?: boolean } = {}): string {
  const d = local(iso);
  if (!d) return '';
  const time = `${d.getHours() % 12 || 12}:${pad2(d.getMinutes())}${opts.seconds ? `:${pad2(d.getSeconds())}` : ''}`;
  return `${formatAdminDay(iso)} ${time} ${d.getHours() < 12 ? 'AM' : 'PM'}`;
}

/**
 * One `Intl.DateTimeFormat` per format per process: each holds ICU data (time-zone names) in native
 * memory that only a full garbage collection frees, so one per call made RSS climb by hundreds of MB
 * under a burst of consultation requests (decision 0009). Created on first use.
 */
let longWhen: Intl.DateTimeFormat | null = null;

/** A moment as the mails write it, with the server's time zone named: 'Tuesday, 24 Nov 2026, 10:15 am GMT'. */
export function formatLongWhen(d: Date): string {
  longWhen ??= new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZoneName: 'short',
  });
  return longWhen.format(d);
}

/**
 * One formatter per time zone for the process (the same reason, decision 0009): the returned function gives
 * a zone's formatter, made on first use. Only zones Intl accepts get there; at `max` zones the map starts over.
 */
export function zonedFormatter(locale: string, options: Intl.DateTimeFormatOptions, max = 16): (tz: string) => Intl.DateTimeFormat {
  const byZone = new Map<string, Intl.DateTimeFormat>();
  return (tz) => {
    let f = byZone.get(tz);
    if (!f) {
      f = new Intl.DateTimeFormat(locale, { timeZone: tz, ...options });
      if (byZone.size >= max) byZone.clear();
      byZone.set(tz, f);
    }
    return f;
  };
}
