/**
 * Alt text of image fields (decision 0024). Isomorphic: used by the server (write,
 * work list), the admin form and the public pages. Every file field of kind image or media has a text
 * column `<field>_alt` beside it; `alt_flagged` (0/1) marks a row whose alt text was defaulted from its
 * title (old rows, and uploads through the spec's client, which sends no alt text).
 */
import { isBlank, type ResourceDef, type SiteRow } from './kit';

export const ALT_FLAG = 'alt_flagged';
export const ALT_MAX = 300;

/** The row's file fields that carry alt text (images and image-or-video media). */
export function altFileFields(r: ResourceDef): string[] {
  return Object.entries(r.files)
    .filter(([, f]) => f.kind === 'image' || f.kind === 'media')
    .map(([name]) => name);
}

export function altColumn(field: string): string {
  return `${field}_alt`;
}

/** The field whose value names a row (its title), if the group has one. */
export function titleFieldOf(r: ResourceDef): string | undefined {
  return Object.entries(r.fields).find(([, f]) => f.type === 'text')?.[0];
}

/** The alt text given when none was written: the row's title, else the group's name and the field's label. */
export function defaultAlt(r: ResourceDef, field: string, row: SiteRow): string {
  const t = titleFieldOf(r);
  const title = t && !isBlank(row[t]) ? String(row[t]).trim() : '';
  const label = r.files[field]?.label ?? 'Image';
  const named = label.toLowerCase().startsWith(r.label.toLowerCase()) ? label : `${r.label} ${label}`;
  return (title || named.charAt(0) + named.slice(1).toLowerCase()).slice(0, ALT_MAX);
}

/**
 * The alt text of an image of a row for a page: the administrator's own text; while it is only the title's
 * default (flagged), the page's own fallback (the title, or '' where a caption beside the image names it).
 */
export function altOf(row: SiteRow, field: string, fallback: string): string {
  if (Number(row[ALT_FLAG] ?? 0) === 1) return fallback;
  const v = row[altColumn(field)];
  return typeof v === 'string' && v.trim() ? v : fallback;
}

/** The columns alt text adds to a group's rows (kept in drafts and revisions like the fields). */
export function altKeys(r: ResourceDef): string[] {
  const fields = altFileFields(r);
  return fields.length ? [...fields.map(altColumn), ALT_FLAG] : [];
}
