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
