/**
 * The resource kit: one declaration per content group, shared by the server (routes, validation,
 * queries), the admin screens (forms, tables) and the API reference. Isomorphic: no Node imports.
 */

export type FieldType =
  | 'text' // one line of text
  | 'longtext' // plain multi-line text
  | 'html' // rich HTML, sanitised on the server
  | 'int' // whole number
  | 'ref' // id of a row of another group
  | 'date' // ISO date YYYY-MM-DD
  | 'dmy' // arrives as DD/MM/YYYY, stored and returned as ISO YYYY-MM-DD
  | 'time' // HH:MM (24 h)
  | 'enum';

export interface FieldDef {
  type: FieldType;
  /** Label in the admin form and table. */
  label: string;
  /** Maximum length for text kinds (characters). */
  max?: number;
  /** Allowed values for enum fields. */
  values?: readonly string[];
  /** For ref fields: the group whose id this is. */
  ref?: string;
  /** Shown as a column in the admin table. */
  column?: boolean;
  /** Placeholder / help text in the admin form. */
  help?: string;
}

export type FileKind = 'image' | 'document' | 'media';

export interface FileFieldDef {
  kind: FileKind;
  label: string;
  /** Accepted detected formats (by content). Defaults per kind. */
  formats?: readonly FileFormat[];
  /** File input accept attribute for the admin form. */
  accept: string;
  column?: boolean;
}

/**
 * A nested list of a group (an event's speakers): sent as a JSON list in the field of its name, stored
 * in its own table (one row per item, in order), returned as an array on each row.
 */
export interface ListDef {
  /** The table of the items and the column naming their row. */
  table: string;
  parent: string;
  label: string;
  /** Most items one write may carry. */
  max: number;
  /** The item's fields (blank ones are stored as ''). */
  fields: Record<string, FieldDef>;
  /**
   * An image per item: its stored path is the item's `column`; a new one arrives as the multipart file
   * field `<fileField>_<i>` (i = the item's index in the list); an item whose `column` repeats the path it
   * already has keeps it.
   */
  image?: { column: string; fileField: string; label: string };
  /** Labels of the admin form's list editor. */
  admin: { add: string; item: string };
}

export type FileFormat = 'jpg' | 'png' | 'webp' | 'gif' | 'pdf' | 'doc' | 'docx' | 'mp4' | 'mov';

export const DEFAULT_FORMATS: Record<FileKind, readonly FileFormat[]> = {
  image: ['jpg', 'png', 'webp', 'gif'],
  document: ['pdf', 'doc', 'docx'],
  media: ['jpg', 'png', 'webp', 'gif', 'mp4', 'mov'],
};

export const IMAGE_ACCEPT = 'image/*';
export const DOCUMENT_ACCEPT =
  '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export type Mode = 'add' | 'update';

/** Values after coercion: strings trimmed (blank → undefined), numbers parsed. */
export type Values = Record<string, unknown>;

export interface ValidationContext {
  mode: Mode;
  /** True when a new file was sent in this request for that file field. */
  hasNewFile(name: string): boolean;
  /** True when the stored row (update) already has a file in that field. */
  hasStoredFile(name: string): boolean;
}

/** The key of a declared group ('carousel', 'event', …): the declarations themselves are the list. */
export type ResourceKey = import('./resources/index').Declared['key'];

export interface ResourceDef {
  /** Short name of the group ('faqs'): routes' config, audit targets, the admin's ids. */
  key: string;
  /** Singular human name: 'Carousel', 'FAQ'. Used in success and not-found messages. */
  label: string;
  table: string;
  id: string;
  /** Legacy API base path, e.g. '/carousel'. */
  base: string;
  paths: { add: string; list: string; update: string; delete: string };
  /** Body kind of add and update, as the spec's client sends them (the server accepts both). */
  body: 'json' | 'multipart';
  /** Response keys: list array, added row, updated row. */
  keys: { list: string; add: string; update: string };
  /** Lists only a signed-in administrator may read. */
  adminList?: boolean;
  /** Order of the list call. */
  order: 'asc' | 'desc';
  fields: Record<string, FieldDef>;
  files: Record<string, FileFieldDef>;
  /** Nested lists (event speakers). */
  lists?: Record<string, ListDef>;
  /** The spec's validation rules (section 5); returns the exact message or null. */
  validate(v: Values, ctx: ValidationContext): string | null;
  /** Message when the update call names no id. */
  missingIdMessage: string;
  /** Columns of other groups joined into each row (read-only), e.g. case_name of the category. */
  joins?: readonly { via: string; ref: string; columns: readonly string[] }[];
  /** Admin screen: route segment under /admin-side-bar and sidebar label. */
  admin: { path: string; title: string; nav: string; empty: string };
}

export function defineResource<const R extends ResourceDef>(r: R): R {
  return r;
}

export function isBlank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

/** An HTML fragment counts as empty when it has no text and no image (an empty editor gives '<p></p>'). */
export function isEmptyHtml(v: unknown): boolean {
  if (typeof v !== 'string') return true;
  if (/<img\s/i.test(v)) return false;
  const text = v
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim();
  return text === '';
}

// --- Types compiled from a declaration ----------------------------------------------------------

/** The stored value of a field of that declaration (blank fields are stored as null). */
export type FieldValue<F extends FieldDef> = F['type'] extends 'int' | 'ref'
  ? number
  : F['type'] extends 'enum'
    ? F['values'] extends readonly (infer V extends string)[]
      ? V
      : string
    : string;

/** A row of a group as the list, add and update calls return it (before extensions decorate it). */
export type RowOf<R extends ResourceDef> = { [K in R['id']]: number } & {
  -readonly [K in keyof R['fields']]: FieldValue<R['fields'][K]> | null;
} & { -readonly [K in keyof R['files']]: string | null } & { created_at: string; updated_at: string };

/** An item of a nested list as returned: every field, and its image when it has one. */
export type ListItemOf<L extends ListDef> = { -readonly [K in keyof L['fields']]: string } & (L['image'] extends { column: infer C extends string }
  ? { [K in C]: string }
  : unknown);
