import type { ImageMetaMap } from './rules/image-variants';

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
  /** Visitor-facing text that is translated per locale (titles, descriptions, questions and answers…). */
  translatable?: boolean;
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

/**
 * Filled in by `content/resources/index.ts` (module augmentation, as React Router's `Register`), so the
 * kit names the declared groups without importing the declarations that import it (decision 0037).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Register {}

/** The key of a declared group ('carousel', 'event', …): the declarations themselves are the list. */
export type ResourceKey = Register extends { group: infer G extends { key: string } } ? G['key'] : string;

/** A column's value as a write carries it and a table stores it: text, a number, or null (blank). */
export type ColumnValue = string | number | null;

/** The value when it is a column's (text or a number), else null. */
export function columnValue(v: unknown): ColumnValue {
  return typeof v === 'string' || typeof v === 'number' ? v : null;
}

/** A write's values by column, after coercion (content/input.ts): strings trimmed (blank → null), numbers parsed. */
export interface Values {
  [column: string]: ColumnValue;
}

export interface ValidationContext {
  mode: Mode;
  /** True when a new file was sent in this request for that file field. */
  hasNewFile(name: string): boolean;
  /** True when the stored row (update) already has a file in that field. */
  hasStoredFile(name: string): boolean;
}

/** A stored row as the declaration's own functions read it (site paths, anchors): its columns by name. */
export type SiteRow = Readonly<Record<string, unknown>>;

/**
 * Where the public site shows a group's rows: the page that lists them, the page of one row, and how a link
 * from elsewhere (search, preview, the sitemap, redirects) reaches a row.
 */
export interface SiteDef {
  /** The public page that lists the rows ('/faqs'); '/' for what the home page (or every page's chrome) shows. */
  list: string;
  /** Rows per page when that list is paged (decision 0008). */
  perPage?: number;
  /** The spec's message when a public page's read of the rows fails (section 8): shown in the list's place. */
  failed?: string;
  /**
   * The page of one row when rows have their own (blogs, events); null when this row has none (an event
   * without full dates) and its list page shows it. Rows with a page of their own are in the sitemap.
   */
  page?: (row: SiteRow) => string | null;
  /** The anchor of a row on its list page ('faq-12'), for links from search results. */
  anchor?: (row: SiteRow) => string;
  /** false: the row's page is another group's row's (a case's details are seen on the case's page), listed there. */
  sitemap?: false;
  /**
   * Rows whose page is addressed by a slug made from their text (an event's title, spec section 2): the row's
   * slug, and the page of a slug. A translation may carry a slug of its own: the row's page in that locale
   * (decision 0082).
   */
  slug?: { of: (row: SiteRow) => string; page: (slug: string) => string };
}

/** Site search over a group's published rows (decision 0054). */
export interface SearchDef {
  /** The result's kind in the answer ('blog') and the words the results page shows for it ('Blog'). */
  kind: string;
  label: string;
  /** The field that is the result's title. */
  title: string;
  /** Fields (joined columns and nested lists included) whose text is searched and shown in the snippet. */
  text: readonly string[];
  /** Rows of another group that add their text to each row (a case's write-up): that group, its column naming this row. */
  with?: { group: string; via: string; text: readonly string[] };
}

/** The Bar Council of India Rule 36 publish check of a group's rows (decision 0019). */
export interface Rule36Def {
  /** The visitor-facing text fields read (HTML as its text); none for groups that show images only. */
  fields: readonly string[];
  /** Extra rules of a scope: a case write-up must not name clients. */
  scope?: 'case-write-up';
}

/** What the admin assistant knows of a group beyond its declaration (decision 0023). */
export interface AssistantDef {
  /** Spec rules about the group that the fields cannot say (where it shows, when it is hidden). */
  note?: string;
  /** Other words administrators use for it, `|`-separated. */
  synonyms?: string;
  /** Its rows are general legal information the assistant may quote when it declines to give advice. */
  informs?: boolean;
}

/** A content group as the server, the admin screens and the API reference read it (see `defineResource`). */
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
  /** Rows are shown in the order the firm sets (drag, or move up / move down, in the admin table). */
  ordered?: boolean;
  /** The list rows also carry their id under this name (ads: `id`, which the spec's public client reads). */
  idAlias?: string;
  /** Where the public site shows the rows. */
  site: SiteDef;
  /** Site search; absent: the group's rows are not searched. */
  search?: SearchDef;
  rule36: Rule36Def;
  assistant?: AssistantDef;
  /**
   * Admin screen: route segment under /admin-side-bar, page title, sidebar label, empty-table text; `screen`,
   * the group's own route module when the generic page is not enough; `loadError`, the spec's text (section 8)
   * when the list fails to load.
   */
  admin: { path: string; title: string; nav: string; empty: string; screen?: string; loadError?: string };
}

/**
 * What a `content/resources/<group>.ts` file declares: a `ResourceDef` written the short way.
 * - `calls`: the spec's four calls as section 7 writes them, in its order (add, list, update, delete);
 *   they share one base ('/faqs'), which becomes `base`, and the rest of each becomes `paths`.
 * - `keys`: the response keys of list, add and update, or one string when the three are the same.
 * - `order` is 'asc' unless declared; `fields` and `files` are none unless declared; every field and
 *   file is a column of the admin table unless it says `column: false`; `admin.nav` is the title
 *   unless declared.
 */
export interface ResourceDeclaration
  extends Omit<ResourceDef, 'base' | 'paths' | 'keys' | 'order' | 'fields' | 'files' | 'admin'> {
  calls: readonly [add: string, list: string, update: string, remove: string];
  keys: string | ResourceDef['keys'];
  order?: ResourceDef['order'];
  fields?: Record<string, FieldDef>;
  files?: Record<string, FileFieldDef>;
  admin: Omit<ResourceDef['admin'], 'nav'> & { nav?: string };
}

type Declared<D, K extends 'fields' | 'files'> = D extends { [P in K]: infer V } ? V : Record<never, never>;

/** The `ResourceDef` of a declaration, keeping its literal types (key, table, id, fields, files, lists: the row types). */
export type DefOf<D extends ResourceDeclaration> = Omit<D, 'calls' | 'keys' | 'order' | 'fields' | 'files' | 'admin' | BehaviourKey> &
  Pick<ResourceDef, 'base' | 'paths' | 'keys' | 'order' | 'admin' | BehaviourKey> & { fields: Declared<D, 'fields'>; files: Declared<D, 'files'> };

/** What a declaration says about a group's behaviour: read the same way for every group (no literal types needed). */
type BehaviourKey = 'site' | 'search' | 'rule36' | 'assistant' | 'ordered' | 'idAlias';

const CALL = /^(\/[^/]+)(\/[^/]+)$/;

export function defineResource<const D extends ResourceDeclaration>(d: D): DefOf<D> {
  const { calls, keys, order, fields, files, admin, ...rest } = d;
  const split = calls.map((c) => CALL.exec(c));
  const base = split[0]?.[1];
  if (!base || split.some((m) => m?.[1] !== base)) throw new Error(`${d.key}: the four calls must share one base: ${calls.join(', ')}`);
  const [add, list, update, remove] = split.map((m) => m![2]!) as [string, string, string, string];
  const columns = <F extends { column?: boolean }>(all: Record<string, F> = {}) =>
    Object.fromEntries(Object.entries(all).map(([name, f]) => [name, { column: true, ...f }]));
  return {
    ...rest,
    base: base!,
    paths: { add, list, update, delete: remove },
    keys: typeof keys === 'string' ? { list: keys, add: keys, update: keys } : keys,
    order: order ?? 'asc',
    fields: columns(fields),
    files: columns(files),
    admin: { ...admin, nav: admin.nav ?? admin.title },
  } as DefOf<D>;
}

/** The public page a row is seen on: its own page, else its group's list page. */
export function pageOf(r: Pick<ResourceDef, 'site'>, row: SiteRow): string {
  return r.site.page?.(row) ?? r.site.list;
}

/**
 * A row's page in a locale whose translation gives it a slug of its own (decision 0082): that slug's page, when
 * the row has a page at all; else its page (`slug` null: the English address).
 */
export function pageWithSlug(r: Pick<ResourceDef, 'site'>, row: SiteRow, slug: string | null | undefined): string | null {
  const own = r.site.page?.(row) ?? null;
  return own && slug && r.site.slug ? r.site.slug.page(slug) : own;
}

/**
 * A link to a row from elsewhere (search results): its own page, else its list page at the page the row is on
 * (`index`: its place in the list's order) with the row's anchor.
 */
export function linkTo(r: Pick<ResourceDef, 'site'>, row: SiteRow, index = 0): string {
  const own = r.site.page?.(row);
  if (own) return own;
  const page = r.site.perPage ? Math.floor(index / r.site.perPage) + 1 : 1;
  return `${r.site.list}${page > 1 ? `?page=${page}` : ''}${r.site.anchor ? `#${r.site.anchor(row)}` : ''}`;
}

/** The rule of a group whose every write must bring a new file in `field`: its message on add, and on update. */
export function newFileRequired(field: string, onAdd: string, onUpdate = onAdd): ResourceDef['validate'] {
  return (_v, ctx) => (ctx.hasNewFile(field) ? null : ctx.mode === 'add' ? onAdd : onUpdate);
}

/** An image file field: any image (`image/*`), with its alt text kept beside it (content/alt.ts). */
export function imageFile<const L extends string>(label: L) {
  return { kind: 'image', label, accept: IMAGE_ACCEPT } as const;
}

/**
 * A group that is one image and nothing else (the about image, a calendar, a carousel slide): its image field,
 * the rule that every write brings a new image (`onAdd` its message on add, `onUpdate` on update and when an
 * update names no id), and no text for the Rule 36 check to read.
 */
export function oneImage<const F extends string, const L extends string>(
  field: F,
  label: L,
  onAdd: string,
  onUpdate = onAdd,
) {
  return {
    files: { [field]: imageFile(label) } as { [K in F]: ReturnType<typeof imageFile<L>> },
    validate: newFileRequired(field, onAdd, onUpdate),
    missingIdMessage: onUpdate,
    rule36: { fields: [] },
  } satisfies Pick<ResourceDeclaration, 'files' | 'validate' | 'missingIdMessage' | 'rule36'>;
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

/**
 * A row read by column name, where no declaration says what is in it (generic code over every group). The
 * one such type: code that knows its group reads `ReadRowOf<typeof group>` instead.
 */
export type Row = Record<string, unknown>;

/** The columns a group's joins add to each read row (case_name of the category): null when the referenced row is gone. */
type JoinedOf<R extends ResourceDef> = R extends { joins: readonly (infer J)[] }
  ? { -readonly [K in J extends { columns: readonly (infer C extends string)[] } ? C : never]: string | null }
  : unknown;

/** The nested lists of a group's read rows (an event's speakers). */
type ListsOf<R extends ResourceDef> = R extends { lists: infer L extends Record<string, ListDef> } ? { -readonly [K in keyof L]: ListItemOf<L[K]>[] } : unknown;

/** The alt text beside each image or media file of a group (content/alt.ts, decision 0024). */
type AltOf<R extends ResourceDef> = {
  -readonly [K in keyof R['files'] as R['files'][K] extends { kind: 'image' | 'media' } ? `${K & string}_alt` : never]?: string | null;
} & { alt_flagged?: number };

/**
 * A row of a declared group as the content service's reads return it: its columns, its joined columns, its
 * nested lists, its images' alt text and sizes (`image_meta`). A generic `ResourceDef` gives a plain `Row`.
 */
export type ReadRowOf<R extends ResourceDef> = string extends R['key'] ? Row : RowOf<R> & JoinedOf<R> & ListsOf<R> & AltOf<R> & { image_meta?: ImageMetaMap };
