/**
 * Translations of content rows (decision 0076). Each row of a group may have one translation per locale
 * other than English, of the fields its declaration marks `translatable` and of its nested list items'
 * translatable fields (decision 0080); the settings' visitor-facing texts are one more translation per
 * locale (decision 0081). A translation has its own state
 * (a draft, or published with an optional pending draft), its own revisions (in `content_revisions` under
 * `<group>@<locale>`) and becomes `outdated` when the English text it was made from changes: it stays live
 * until someone updates it or confirms it still holds. The English text's hash of every row is stored
 * (`content_source_hashes`, decision 0106), written by each content write (`onRowWrite`), so the admin's
 * filter and the dashboard's work list are answered in SQL without reading the rows.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomBytes } from 'node:crypto';
import type { TranslationSlug, TranslationView, TranslationWork } from '../../content/admin-views';
import { pageWithSlug, type FieldDef, type ListDef, type ResourceDef, type SiteRow } from '../../content/kit';
import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALES,
  localizedPath,
  type Locale,
  type TranslationState,
} from '../../content/locales';
import { checkRecordRule36, rule36Message, type Rule36Finding } from '../../content/rules/rule36';
import { checkSettingsRule36 } from '../../content/rules/rule36-settings';
import { normalizeSlug, slugProblem } from '../../content/rules/slug';
import type { SiteSettings } from '../../content/settings';
import { applySettingsTexts, settingsTextDef, settingsTexts } from '../../content/settings-texts';
import type { LlmConfig } from '../assistant/llm.server';
import { bumpContentVersion } from '../cluster/version';
import { decidePublish, overrideReasonOf, type Rule36Override } from '../compliance/publish-check';
import type { ContentService } from '../content/service';
import { groupTables } from '../content/group-tables';
import type { Row, RowWriteHook } from '../content/types';
import { PREVIEW_TTL_MS, type PreviewOverlay } from '../content/lifecycle/preview';
import { parseDraft } from '../content/lifecycle/snapshot';
import type { Database, Store } from '../database';
import { sql, type ExpressionBuilder, type Kysely, type RawBuilder } from 'kysely';
import { AppError } from '../lib/errors';
import { sanitizeRichHtml } from '../lib/sanitize';
import { machineTranslate } from './machine.server';

/** Where one locale's translation of a row stands. */
export type { TranslationState };

/** The locales content is translated into: every locale but English. */
export const TRANSLATED_LOCALES: readonly string[] = LOCALES.filter((l) => l !== DEFAULT_LOCALE);

/** The fields of a group that are translated (its declaration's `translatable` fields). */
export function translatableFields(r: ResourceDef): string[] {
  return Object.entries(r.fields)
    .filter(([, f]) => f.translatable)
    .map(([name]) => name);
}

/** The nested lists of a group with translatable item fields (an event's speakers' designations), each with those fields. */
export function translatableLists(r: ResourceDef): { name: string; list: ListDef; fields: string[] }[] {
  return Object.entries(r.lists ?? {})
    .map(([name, list]) => ({
      name,
      list,
      fields: Object.entries(list.fields)
        .filter(([, f]) => f.translatable)
        .map(([f]) => f),
    }))
    .filter((l) => l.fields.length > 0);
}

/** Whether a group has anything to translate. */
const translates = (r: ResourceDef): boolean => translatableFields(r).length > 0 || translatableLists(r).length > 0;

/** The items of a row's nested list (read by column name, as the row carries them). */
const itemsOf = (row: SiteRow, name: string): SiteRow[] => {
  const v: unknown = row[name];
  return Array.isArray(v) ? v.filter((i: unknown): i is SiteRow => !!i && typeof i === 'object') : [];
};

/**
 * The keys and English text of a row's nested list items' translatable fields (decision 0080): one key per
 * item and field, `<list>.<position>.<field>` ('speakers.0.designation'), in the list's order.
 */
function listTexts(r: ResourceDef, row: SiteRow): [string, string][] {
  return translatableLists(r).flatMap(({ name, fields }) =>
    itemsOf(row, name).flatMap((item, i) =>
      fields.map((f): [string, string] => [
        `${name}.${i}.${f}`,
        item[f] === null || item[f] === undefined ? '' : String(item[f]),
      ]),
    ),
  );
}

/**
 * A hash of the English text of a row's translatable fields and of its nested list items' (the row carries
 * its lists as arrays): a translation made from other text is outdated. A row without list items hashes as
 * before list items were translated.
 */
export function sourceHash(r: ResourceDef, row: SiteRow): string {
  const source: [string, unknown][] = [
    ...translatableFields(r).map((f): [string, unknown] => [f, row[f] ?? null]),
    ...listTexts(r, row),
  ];
  return hashOf(source);
}

const hashOf = (source: readonly (readonly [string, unknown])[]): string =>
  createHash('sha256').update(JSON.stringify(source)).digest('hex').slice(0, 32);

/**
 * What a group's stored source hashes were taken over (decision 0106): its translatable fields and its lists'
 * translatable item fields. A stored hash of another shape (the declaration changed since) is taken again.
 */
export function hashShape(r: ResourceDef): string {
  return hashOf([
    ['fields', translatableFields(r)],
    ...translatableLists(r).map(({ name, fields }): [string, string[]] => [name, fields]),
  ]);
}

/** The two tables joined to a group's rows where a translation's state is decided in SQL (left joins: any may be null). */
type StateJoin = {
  tr: { [K in keyof Database['content_translations']]: Database['content_translations'][K] | null };
  sh: { [K in keyof Database['content_source_hashes']]: Database['content_source_hashes'][K] | null };
};

/** Rows whose source hashes are written in one statement (4 values each: far below any bind limit). */
const HASH_BATCH = 500;

const parse = (json: string | null): Record<string, string> => {
  if (!json) return {};
  const v: unknown = JSON.parse(json);
  return v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'))
    : {};
};

/** A path of the spec in a locale ('/events/x' → '/ml/events/x'). */
const pathIn = (locale: string, path: string): string => (isLocale(locale) ? localizedPath(locale, path) : path);

/** The settings' texts are stored as one translation per locale under this key (decision 0081). */
export const SETTINGS_KEY = 'settings';
const SETTINGS_ID = 0;

/** One locale's translation of a row as the admin's translation editor reads it (shared with the admin, content/admin-views.ts). */
export type { TranslationSlug, TranslationView };

/** What a translation's save does to the row's address in its locale: moves it (a page for an old one), no more. */
export interface AddressMoves {
  addressMoved(trx: Kysely<Database>, from: string | null, to: string, note: string): Promise<void>;
}

export interface SaveTranslation {
  fields: Readonly<Record<string, unknown>>;
  /** The translation's own slug (decision 0082): a text sets it, '' or null drops it (the English one is used), absent keeps it. */
  slug?: string | null;
  status: 'draft' | 'published';
  /** Whether the text comes from a language model and still needs a person's review (decision 0076). */
  machine?: boolean;
  /**
   * A person has read every field of a machine draft (decision 0078): the draft is theirs from now on. A
   * machine draft is published only with it.
   */
  reviewed?: boolean;
  actor?: string;
  /** The revision's action (default: 'publish' or 'draft'). */
  action?: string;
}

/** What a translation's preview link shows (decision 0078): that row's draft translation in place of the live one. */
export interface TranslationOverlay {
  key: string;
  id: number;
  locale: string;
  fields: Record<string, string>;
}

/** The answer of a request to draft a translation with the model when none is configured. */
export const NO_MODEL =
  'No language model is configured (AI_BASE_URL and AI_MODEL), so there is no machine draft: write the translation yourself.';

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** One text a translation may carry: its label in messages, its longest length, whether it is rich HTML. */
interface TextDef {
  label: string;
  max?: number;
  html: boolean;
}

/** What one translation translates (a content row, or the settings' texts), read now. */
interface Subject {
  key: string;
  id: number;
  /** A content row's group and its English row (with its lists); absent for the settings. */
  row?: { r: ResourceDef; english: Row };
  /** The group's title in messages ('FAQs'). */
  title: string;
  /** The English text by key (see TranslationView.fields). */
  source: Record<string, string>;
  hash: string;
  def(key: string): TextDef | undefined;
  /** The Rule 36 findings of the translated texts in their locale (decision 0077). */
  check(texts: Readonly<Record<string, string>>, locale: string): Rule36Finding[];
}

/** The work list's name for the settings' texts (decision 0081): not a content group, so no group's key. */
export const SETTINGS_WORK = 'settings-texts';
/** The admin screen where the settings' texts are translated, a tab per language. */
const SETTINGS_ADMIN_PATH = '/admin-side-bar/settings';

/** A published translation written in bulk (the demo content's, decision 0080): a row of a group, or the settings. */
export type PublishedTranslation = { locale: string; fields: Readonly<Record<string, string>> } & (
  { group: ResourceDef; id: number } | { group: 'settings' }
);

export class TranslationService {
  /** Set while a translation's preview link is rendered (decision 0078). */
  readonly previewing = new AsyncLocalStorage<TranslationOverlay>();

  constructor(
    private readonly store: Store,
    private readonly deps: {
      content: ContentService;
      settings: { get(): Promise<SiteSettings> };
      redirects: AddressMoves;
      ai?: LlmConfig;
    },
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Whether "Draft with the model" is available: a language model is configured (decision 0078). */
  get modelAvailable(): boolean {
    return !!this.deps.ai;
  }

  /** The locale named, when content is translated into it; else 400 naming the locales. */
  locale(raw: string): string {
    if (!TRANSLATED_LOCALES.includes(raw)) {
      throw new AppError(
        400,
        TRANSLATED_LOCALES.length
          ? `locale must be one of ${TRANSLATED_LOCALES.join(', ')}.`
          : 'No other language is enabled.',
      );
    }
    return raw;
  }

  /** Rows with their nested lists as stored now (the items of each translatable list, in order), for hashing. */
  private async withLists<T extends Row>(
    r: ResourceDef,
    rows: readonly T[],
    db: Kysely<Database> = this.store.db,
  ): Promise<T[]> {
    const lists = translatableLists(r);
    if (!lists.length || !rows.length) return [...rows];
    const ids = rows.map((row) => Number(row[r.id]));
    const out = rows.map((row) => ({ ...row }));
    for (const { name, list, fields } of lists) {
      const items = await groupTables(db)
        .selectFrom(list.table)
        .select([list.parent, ...fields])
        .where(list.parent, 'in', ids)
        .orderBy(list.parent)
        .orderBy('position')
        .execute();
      for (const row of out) {
        const id = Number(row[r.id]);
        Object.assign(row, { [name]: items.filter((i) => Number(i[list.parent]) === id) });
      }
    }
    return out;
  }

  /** A content row as a translation's subject: its translatable fields and list items, checked as the group's Rule 36 declares. */
  private async rowSubject(r: ResourceDef, id: number): Promise<Subject> {
    if (!translates(r)) throw new AppError(400, `${r.admin.title} have no text to translate.`);
    // A row in the trash is not translated (404, as for the other calls on it).
    const [english] = await this.withLists(r, [await this.deps.content.lifecycle.raw(r, id)]);
    return this.subjectOf(r, english!);
  }

  /** The subject of a stored row (read with its lists, withLists). */
  private subjectOf(r: ResourceDef, english: Row): Subject {
    const source: Record<string, string> = Object.fromEntries([
      ...translatableFields(r).map((f): [string, string] => [
        f,
        english[f] === null || english[f] === undefined ? '' : String(english[f]),
      ]),
      ...listTexts(r, english),
    ]);
    const lists = new Map(translatableLists(r).map((l) => [l.name, l.list]));
    return {
      key: r.key,
      id: Number(english[r.id]),
      row: { r, english },
      title: r.admin.title,
      source,
      hash: sourceHash(r, english),
      def: (key) => {
        const f = r.fields[key];
        if (f) return f.translatable ? { label: f.label, max: f.max, html: f.type === 'html' } : undefined;
        const m = /^([^.]+)\.(\d+)\.([^.]+)$/.exec(key);
        const item = m ? lists.get(m[1]!) : undefined;
        const itemField = item?.fields[m![3]!];
        if (!item || !itemField?.translatable || !(key in source)) return undefined;
        return {
          label: `${item.admin.item} ${Number(m![2]) + 1}: ${itemField.label}`,
          max: itemField.max,
          html: itemField.type === 'html',
        };
      },
      check: (texts, locale) => checkRecordRule36(r, texts, locale),
    };
  }

  /** The settings' texts as a translation's subject (decision 0081), checked as the settings are. */
  private async settingsSubject(): Promise<Subject> {
    const settings = await this.deps.settings.get();
    const source = settingsTexts(settings);
    return {
      key: SETTINGS_KEY,
      id: SETTINGS_ID,
      title: 'Settings',
      source,
      hash: hashOf(Object.entries(source)),
      def: (key) => {
        const d = settingsTextDef(key);
        return d && key in source ? { ...d, html: false } : undefined;
      },
      check: (texts, locale) => checkSettingsRule36(applySettingsTexts(settings, texts), locale),
    };
  }

  /** A translation's state against the English text's hash now; `inState` is the same rule in SQL (decision 0106). */
  private stateOf(row: { status: string; source_hash: string } | undefined, hash: string): TranslationState {
    if (!row) return 'missing';
    if (row.status !== 'published') return 'draft';
    return row.source_hash === hash ? 'published' : 'outdated';
  }

  /** The stored translation of a row (or the settings) in a locale, if any. */
  private stored(key: string, id: number, locale: string) {
    return this.store.db
      .selectFrom('content_translations')
      .selectAll()
      .where('resource', '=', key)
      .where('record_id', '=', id)
      .where('locale', '=', locale)
      .executeTakeFirst();
  }

  private async view(subject: Subject, locale: string): Promise<TranslationView> {
    const row = await this.stored(subject.key, subject.id, locale);
    return {
      group: subject.key,
      id: subject.id,
      locale,
      state: this.stateOf(row, subject.hash),
      fields: parse(row?.fields ?? null),
      draft: row?.pending_draft ? parse(row.pending_draft) : null,
      source: subject.source,
      source_then: row?.source_fields ? parse(row.source_fields) : null,
      machine: Number(row?.machine ?? 0) === 1,
      updated_at: row?.updated_at ?? null,
      updated_by: row?.updated_by ?? null,
      slug: subject.row?.r.site.slug
        ? {
            source: subject.row.r.site.slug.of(subject.row.english),
            value: row?.slug ?? null,
            draft: row?.pending_draft ? (row.pending_slug ?? null) : null,
          }
        : null,
    };
  }

  async get(r: ResourceDef, id: number, locale: string): Promise<TranslationView> {
    return this.view(await this.rowSubject(r, id), locale);
  }

  /** One locale's translation of the settings' texts (decision 0081). */
  async getSettings(locale: string): Promise<TranslationView> {
    return this.view(await this.settingsSubject(), locale);
  }

  /** The slug a save sends, normalised and checked (decision 0082): undefined when none is sent, null to drop it. */
  private sentSlug(r: ResourceDef, sent: string | null | undefined): string | null | undefined {
    if (sent === undefined) return undefined;
    if (!r.site.slug)
      throw new AppError(400, `${r.label} rows have no address of their own to translate: send no slug.`);
    if (sent === null || sent.trim() === '') return null;
    const slug = normalizeSlug(sent);
    const problem = slugProblem(slug);
    if (problem) throw new AppError(400, problem);
    return slug;
  }

  /**
   * Another row whose address in `locale` is `address` (decision 0082): a translation's own slug there (live or
   * in a draft), or the English slug of a row whose page there has none of its own. A slug is unique in its
   * locale; it may repeat an English slug of a row that has its own slug in that locale, or another locale's.
   */
  private async addressOwner(r: ResourceDef, id: number, locale: string, address: string): Promise<number | null> {
    const slug = r.site.slug!;
    const translated = await this.store.db
      .selectFrom('content_translations')
      .select(['record_id', 'status', 'slug', 'pending_slug'])
      .where('resource', '=', r.key)
      .where('locale', '=', locale)
      .where('record_id', '!=', id)
      .execute();
    const own = translated.find((t) => t.slug === address || t.pending_slug === address);
    if (own) return Number(own.record_id);
    // Rows whose live address in the locale is their English one (no published slug there).
    const slugged = new Set(
      translated.filter((t) => t.status === 'published' && t.slug !== null).map((t) => Number(t.record_id)),
    );
    const rows = await groupTables(this.store.db)
      .selectFrom(r.table)
      .selectAll()
      .where('deleted_at', 'is', null)
      .where(r.id, '!=', id)
      .execute();
    const english = rows.find((row) => !slugged.has(Number(row[r.id])) && slug.of(row) === address);
    return english ? Number(english[r.id]) : null;
  }

  private async checkAddress(r: ResourceDef, id: number, locale: string, address: string): Promise<void> {
    const other = await this.addressOwner(r, id, locale, address);
    if (other === null) return;
    const language = new Intl.DisplayNames(['en'], { type: 'language' }).of(locale) ?? locale;
    const row = await this.deps.content.lifecycle.raw(r, other, 'any').catch(() => null);
    const title = row && r.search ? String(row[r.search.title] ?? '') : '';
    throw new AppError(
      400,
      `The slug "${address}" is already the address of another ${r.label.toLowerCase()} in ${language}${title ? ` ("${title}")` : ''}: choose another.`,
    );
  }

  /** The translated texts of a save: only the subject's translatable keys, as text within their limits; HTML sanitised. */
  private values(subject: Subject, sent: Readonly<Record<string, unknown>>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(sent)) {
      const f = subject.def(name);
      if (!f) continue;
      if (value === null || value === undefined) continue;
      if (typeof value !== 'string') throw new AppError(400, `${f.label} must be text.`);
      const text = f.html ? sanitizeRichHtml(value) : value.trim();
      if (f.max !== undefined && text.length > f.max)
        throw new AppError(400, `${f.label} must be at most ${f.max} characters.`);
      out[name] = text;
    }
    return out;
  }

  /**
   * Saves one locale's translation: a draft (a new translation's text, or a pending draft over a published
   * one) or published (with the Rule 36 check of the translated text; 409 with the passages unless
   * `override_reason`). Returns the saved view and the override to audit.
   */
  async save(
    r: ResourceDef,
    id: number,
    locale: string,
    input: SaveTranslation,
  ): Promise<{ view: TranslationView; override: Rule36Override | null; message: string }> {
    return this.saveSubject(await this.rowSubject(r, id), locale, input);
  }

  /** Saves one locale's translation of the settings' texts (decision 0081), as `save` does a row's. */
  async saveSettings(
    locale: string,
    input: SaveTranslation,
  ): Promise<{ view: TranslationView; override: Rule36Override | null; message: string }> {
    return this.saveSubject(await this.settingsSubject(), locale, input);
  }

  private async saveSubject(
    subject: Subject,
    locale: string,
    input: SaveTranslation,
  ): Promise<{ view: TranslationView; override: Rule36Override | null; message: string }> {
    const values = this.values(subject, input.fields);
    const rowOf = subject.row;
    if (!rowOf && input.slug !== undefined)
      throw new AppError(
        400,
        `The ${subject.title.toLowerCase()} have no address of their own to translate: send no slug.`,
      );
    const sentSlug = rowOf ? this.sentSlug(rowOf.r, input.slug) : undefined;
    const nowIso = this.now().toISOString();
    const existing = await this.stored(subject.key, subject.id, locale);
    // The slug of the version saved: the one sent, else the one of the text it starts from.
    const baseSlug = existing ? (existing.pending_draft ? existing.pending_slug : existing.slug) : null;
    const slug = sentSlug === undefined ? baseSlug : sentSlug;
    const slugs = rowOf?.r.site.slug;
    if (rowOf && slugs && (sentSlug !== undefined || input.status === 'published'))
      await this.checkAddress(rowOf.r, subject.id, locale, slug ?? slugs.of(rowOf.english));
    // A draft over a published translation starts from the live text; the fields sent replace theirs.
    const base = existing
      ? { ...parse(existing.fields), ...(existing.pending_draft ? parse(existing.pending_draft) : {}) }
      : {};
    const merged = { ...base, ...values };
    if (!Object.values(merged).some((v) => v.trim() !== '')) {
      const labels = Object.keys(subject.source).map((k) => subject.def(k)?.label ?? k);
      throw new AppError(400, `Send the translated text of at least one of: ${labels.join(', ')}.`);
    }
    let override: Rule36Override | null = null;
    // A model's text is published only once a person has read it (decision 0078): sent as a machine draft it
    // is never published at once, and a stored machine draft needs `reviewed`.
    const machineBefore = !!existing && Number(existing.machine) === 1;
    if (input.status === 'published') {
      if (input.machine)
        throw new AppError(
          409,
          'A machine draft cannot be published as it is sent: save it as a draft, review every field, then publish.',
        );
      if (machineBefore && !input.reviewed) {
        throw new AppError(
          409,
          'This translation is a machine draft: review every field and confirm that you have ("I have reviewed this translation") before publishing it.',
        );
      }
      // The check of the English text (decision 0019) with the rules of the translation's language (decision 0077).
      override = await decidePublish(this.deps, subject.check(merged, locale), overrideReasonOf(input.fields));
    }
    // A draft stays a machine draft until a person says they reviewed it; a model's draft is one again.
    const machine = input.machine ? 1 : input.reviewed ? 0 : machineBefore ? 1 : 0;
    const hash = subject.hash;
    // The English text the translation is made from: what changed since is shown for an outdated one (decision 0078).
    const from = JSON.stringify(subject.source);
    await this.store.db.transaction().execute(async (trx) => {
      // The translation's row as a whole (published, or a first draft): written over, or made.
      const writeWhole = async (status: 'published' | 'draft', machine: number) => {
        const row = {
          status,
          fields: JSON.stringify(merged),
          pending_draft: null,
          slug,
          pending_slug: null,
          source_hash: hash,
          source_fields: from,
          machine,
          updated_at: nowIso,
          updated_by: input.actor ?? null,
        };
        if (existing)
          await trx
            .updateTable('content_translations')
            .set(row)
            .where('translation_id', '=', existing.translation_id)
            .execute();
        else
          await trx
            .insertInto('content_translations')
            .values({ ...row, resource: subject.key, record_id: subject.id, locale, created_at: nowIso })
            .execute();
      };
      // First: on PostgreSQL the version row's lock makes this write take turns with redirect writes (decision 0057).
      if (input.status === 'published') await bumpContentVersion(trx);
      if (input.status === 'published') {
        await writeWhole('published', 0);
      } else if (existing?.status === 'published') {
        await trx
          .updateTable('content_translations')
          .set({
            pending_draft: JSON.stringify(merged),
            pending_slug: slug,
            machine,
            updated_at: nowIso,
            updated_by: input.actor ?? null,
          })
          .where('translation_id', '=', existing.translation_id)
          .execute();
      } else {
        await writeWhole('draft', machine);
      }
      await trx
        .insertInto('content_revisions')
        .values({
          resource: `${subject.key}@${locale}`,
          record_id: subject.id,
          action: input.action ?? (input.status === 'published' ? 'publish' : 'draft'),
          snapshot: JSON.stringify(slugs ? { ...merged, slug } : merged),
          changed: JSON.stringify([
            ...Object.keys(values),
            ...(sentSlug !== undefined && sentSlug !== baseSlug ? ['slug'] : []),
          ]),
          admin_email: input.actor ?? null,
          created_at: nowIso,
        })
        .execute();
      // The row's address in the locale moved: its old slug answers 301 to the new address (decision 0082).
      if (input.status === 'published' && rowOf && slugs) {
        const live = existing?.status === 'published' ? existing.slug : null;
        const to = pageWithSlug(rowOf.r, rowOf.english, slug);
        if (to) {
          const from = live !== null && live !== slug ? pathIn(locale, slugs.page(live)) : null;
          await this.deps.redirects.addressMoved(trx, from, pathIn(locale, to), `${rowOf.r.label} (${locale}) renamed`);
        }
      }
    });
    if (input.status === 'published') this.notify(subject);
    const view = await this.view(subject, locale);
    const message =
      input.status === 'published' ? 'Translation published successfully' : 'Translation draft saved successfully';
    return { view, override, message };
  }

  /** Tells this instance's caches (pages, lists) that the subject's published text changed. */
  private notify(subject: Subject): void {
    if (subject.key === SETTINGS_KEY) this.deps.content.notifyChange(SETTINGS_KEY);
    else this.deps.content.notifyChange(subject.key, subject.id);
  }

  /** Marks an outdated translation as still right for the English text as it is now (it stays live). */
  async confirm(r: ResourceDef, id: number, locale: string, actor?: string): Promise<TranslationView> {
    return this.confirmSubject(await this.rowSubject(r, id), locale, actor);
  }

  /** Marks an outdated translation of the settings' texts as still right (decision 0081). */
  async confirmSettings(locale: string, actor?: string): Promise<TranslationView> {
    return this.confirmSubject(await this.settingsSubject(), locale, actor);
  }

  private async confirmSubject(subject: Subject, locale: string, actor?: string): Promise<TranslationView> {
    const res = await this.store.db
      .updateTable('content_translations')
      .set({
        source_hash: subject.hash,
        source_fields: JSON.stringify(subject.source),
        updated_at: this.now().toISOString(),
        updated_by: actor ?? null,
      })
      .where('resource', '=', subject.key)
      .where('record_id', '=', subject.id)
      .where('locale', '=', locale)
      .where('status', '=', 'published')
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw new AppError(404, 'There is no published translation to confirm.');
    // The live text is the same, but a confirmed translation's list items show again (localize).
    this.notify(subject);
    return this.view(subject, locale);
  }

  /**
   * Publishes many translations at once (the demo content's, decision 0080): every text checked and
   * sanitised as a save checks it, refused whole (nothing written) when any has a Rule 36 finding, then
   * written in one transaction with one revision each and one content version. A translation that
   * exists already is replaced.
   */
  async publishMany(items: readonly PublishedTranslation[], actor?: string): Promise<number> {
    // The subjects read at once: one query per group (and per nested list), not one per row.
    const subjects = new Map<string, Subject>();
    const keyOf = (group: string, id: number) => `${group}#${id}`;
    const byGroup = new Map<ResourceDef, Set<number>>();
    for (const item of items)
      if (item.group !== 'settings') byGroup.set(item.group, (byGroup.get(item.group) ?? new Set()).add(item.id));
    for (const [r, ids] of byGroup) {
      if (!translates(r)) throw new AppError(400, `${r.admin.title} have no text to translate.`);
      const rows = await groupTables(this.store.db)
        .selectFrom(r.table)
        .selectAll()
        .where(r.id, 'in', [...ids])
        .where('deleted_at', 'is', null)
        .execute();
      for (const row of await this.withLists(r, rows))
        subjects.set(keyOf(r.key, Number(row[r.id])), this.subjectOf(r, row));
    }
    if (items.some((i) => i.group === 'settings')) subjects.set(SETTINGS_KEY, await this.settingsSubject());

    const prepared: { subject: Subject; locale: string; texts: Record<string, string> }[] = [];
    for (const item of items) {
      const locale = this.locale(item.locale);
      const subject =
        item.group === 'settings' ? subjects.get(SETTINGS_KEY) : subjects.get(keyOf(item.group.key, item.id));
      if (!subject)
        throw new AppError(
          404,
          `${item.group === 'settings' ? 'Settings' : `${item.group.label} ${item.id}`} not found`,
        );
      const texts = this.values(subject, item.fields);
      const unknown = Object.keys(item.fields).filter((k) => !(k in texts));
      if (unknown.length)
        throw new AppError(
          400,
          `${subject.title} ${subject.id} (${locale}): nothing to translate under ${unknown.join(', ')}.`,
        );
      const findings = subject.check(texts, locale);
      if (findings.length)
        throw new AppError(409, `${subject.title} ${subject.id} (${locale}): ${rule36Message(findings, true)}`, {
          findings,
          strict: true,
        });
      prepared.push({ subject, locale, texts });
    }
    if (!prepared.length) return 0;
    const nowIso = this.now().toISOString();
    const resources = [...new Set(prepared.map((p) => p.subject.key))];
    await this.store.db.transaction().execute(async (trx) => {
      // Translations these replace (none on a fresh seed): found in one query, removed in one.
      const wanted = new Set(prepared.map((p) => `${p.subject.key}#${p.subject.id}#${p.locale}`));
      const existing = await trx
        .selectFrom('content_translations')
        .select(['translation_id', 'resource', 'record_id', 'locale'])
        .where('resource', 'in', resources)
        .execute();
      const replaced = existing
        .filter((t) => wanted.has(`${t.resource}#${Number(t.record_id)}#${t.locale}`))
        .map((t) => t.translation_id);
      if (replaced.length)
        await trx.deleteFrom('content_translations').where('translation_id', 'in', replaced).execute();
      const rows = prepared.map(({ subject, locale, texts }) => ({
        resource: subject.key,
        record_id: subject.id,
        locale,
        status: 'published' as const,
        fields: JSON.stringify(texts),
        pending_draft: null,
        slug: null,
        pending_slug: null,
        source_hash: subject.hash,
        machine: 0,
        created_at: nowIso,
        updated_at: nowIso,
        updated_by: actor ?? null,
      }));
      const revisions = prepared.map(({ subject, locale, texts }) => ({
        resource: `${subject.key}@${locale}`,
        record_id: subject.id,
        action: 'publish',
        snapshot: JSON.stringify(texts),
        changed: JSON.stringify(Object.keys(texts)),
        admin_email: actor ?? null,
        created_at: nowIso,
      }));
      // In slices: one statement binds at most 32766 values in SQLite, 65535 in PostgreSQL.
      for (let i = 0; i < rows.length; i += 200) {
        await trx
          .insertInto('content_translations')
          .values(rows.slice(i, i + 200))
          .execute();
        await trx
          .insertInto('content_revisions')
          .values(revisions.slice(i, i + 200))
          .execute();
      }
      await bumpContentVersion(trx);
    });
    for (const key of resources) this.deps.content.notifyChange(key);
    return prepared.length;
  }

  /** Each row's state per translated locale (`{ ml: 'published', hi: 'missing' }`), for the admin tables. */
  async states(r: ResourceDef, rows: readonly Row[]): Promise<Map<number, Record<string, TranslationState>>> {
    const out = new Map<number, Record<string, TranslationState>>();
    if (!TRANSLATED_LOCALES.length || !rows.length || !translates(r)) return out;
    const ids = rows.map((row) => Number(row[r.id]));
    const found = await this.store.db
      .selectFrom('content_translations')
      .select(['record_id', 'locale', 'status', 'source_hash'])
      .where('resource', '=', r.key)
      .where('record_id', 'in', ids)
      .execute();
    const preview = this.previewing.getStore();
    for (const row of await this.withLists(r, rows)) {
      const id = Number(row[r.id]);
      const hash = sourceHash(r, row);
      out.set(
        id,
        Object.fromEntries(
          TRANSLATED_LOCALES.map((l) => [
            l,
            // A translation's preview shows the page as it will be once that translation is published.
            preview && preview.key === r.key && preview.id === id && preview.locale === l
              ? 'published'
              : this.stateOf(
                  found.find((t) => Number(t.record_id) === id && t.locale === l),
                  hash,
                ),
          ]),
        ),
      );
    }
    return out;
  }

  /**
   * Whether a content row is translated into a locale: the public pages' one question (decision 0064). English,
   * the source, is always published; an unknown group or row, or a group without translatable text, is missing.
   */
  async translationStateOf(group: string, id: number | string, locale: string): Promise<TranslationState> {
    if (locale === DEFAULT_LOCALE) return 'published';
    const r = this.deps.content.groups.find((g) => g.key === group);
    const n = typeof id === 'number' ? id : Number(id);
    if (!r || !translates(r) || !Number.isSafeInteger(n) || n <= 0) return 'missing';
    const row = await this.deps.content.lifecycle.raw(r, n).catch(() => null);
    return row ? this.stateOfRow(r, row, locale) : 'missing';
  }

  /** The state of one row's translation, for the public page of that row in that locale. */
  async stateOfRow(r: ResourceDef, row: Row, locale: string): Promise<TranslationState> {
    return (await this.states(r, [row])).get(Number(row[r.id]))?.[locale] ?? 'missing';
  }

  /**
   * The page of each of a group's rows in every locale (decision 0082): its English page, and in each translated
   * locale the page of its live translation's own slug, else the English page (the caller adds the locale's
   * prefix). Rows without a page of their own are left out. English rows as the public reads answer them.
   */
  async pagePaths(group: string, ids: readonly number[]): Promise<Map<number, Partial<Record<Locale, string>>>> {
    const out = new Map<number, Partial<Record<Locale, string>>>();
    const r = this.deps.content.groups.find((g) => g.key === group);
    if (!r || !ids.length) return out;
    const wanted = new Set(ids);
    const rows = (await this.deps.content.list(r)).filter((row) => wanted.has(Number(row[r.id])));
    const slugs = r.site.slug ? await this.liveSlugs(r, [...wanted]) : new Map<number, Map<string, string>>();
    for (const row of rows) {
      const id = Number(row[r.id]);
      const en = r.site.page?.(row);
      if (!en) continue;
      const paths: Partial<Record<Locale, string>> = { [DEFAULT_LOCALE]: en };
      for (const l of LOCALES) if (l !== DEFAULT_LOCALE) paths[l] = pageWithSlug(r, row, slugs.get(id)?.get(l)) ?? en;
      out.set(id, paths);
    }
    return out;
  }

  /** The live (published) slugs of rows' translations: row id → locale → slug. */
  private async liveSlugs(r: ResourceDef, ids: readonly number[]): Promise<Map<number, Map<string, string>>> {
    const found = await this.store.db
      .selectFrom('content_translations')
      .select(['record_id', 'locale', 'slug'])
      .where('resource', '=', r.key)
      .where('status', '=', 'published')
      .where('slug', 'is not', null)
      .where('record_id', 'in', ids)
      .execute();
    const out = new Map<number, Map<string, string>>();
    for (const t of found) {
      const id = Number(t.record_id);
      if (!out.has(id)) out.set(id, new Map());
      out.get(id)!.set(t.locale, t.slug!);
    }
    return out;
  }

  /**
   * The row a slug addresses in a locale (decision 0082), among the rows the public reads answer: a live
   * translation's own slug there first; else a row's English slug, with `redirect` to its own slug's page when
   * its translation has one (the English slug under /ml/ answers 301 there, one hop). Null: no such row.
   */
  async pageAt(group: string, locale: string, rawSlug: string): Promise<{ id: number; redirect?: string } | null> {
    const r = this.deps.content.groups.find((g) => g.key === group);
    const slugs = r?.site.slug;
    if (!r || !slugs) return null;
    const slug = rawSlug.normalize('NFC');
    const rows = (await this.deps.content.list(r)).filter((row) => !!r.site.page?.(row));
    if (locale !== DEFAULT_LOCALE) {
      const own = await this.store.db
        .selectFrom('content_translations')
        .select('record_id')
        .where('resource', '=', r.key)
        .where('locale', '=', locale)
        .where('status', '=', 'published')
        .where('slug', '=', slug)
        .execute();
      const ids = new Set(own.map((t) => Number(t.record_id)));
      const row = rows.find((x) => ids.has(Number(x[r.id])));
      if (row) return { id: Number(row[r.id]) };
    }
    const row = rows.find((x) => slugs.of(x).normalize('NFC') === slug);
    if (!row) return null;
    const id = Number(row[r.id]);
    if (locale === DEFAULT_LOCALE) return { id };
    const own = (await this.liveSlugs(r, [id])).get(id)?.get(locale);
    return own && own !== slug ? { id, redirect: slugs.page(own) } : { id };
  }

  /**
   * Rows as a public read in `locale` answers them: the translated fields of every row with a live
   * translation there (published or outdated), the English text elsewhere. Nested list items take their
   * translation only while it is not outdated (decision 0080): items are kept by position, and after the
   * English list changed a designation could land on another speaker.
   */
  async localize<T extends Row>(r: ResourceDef, rows: readonly T[], locale: string): Promise<T[]> {
    if (locale === DEFAULT_LOCALE || !rows.length || !translates(r)) return [...rows];
    const live = await this.store.db
      .selectFrom('content_translations')
      .select(['record_id', 'fields', 'source_hash'])
      .where('resource', '=', r.key)
      .where('locale', '=', locale)
      .where('status', '=', 'published')
      .where(
        'record_id',
        'in',
        rows.map((row) => Number(row[r.id])),
      )
      .execute();
    const byId = new Map(live.map((t) => [Number(t.record_id), { fields: parse(t.fields), hash: t.source_hash }]));
    // A translation's preview link (decision 0078): that row's draft in place of its live translation.
    const preview = this.previewing.getStore();
    if (
      preview &&
      preview.key === r.key &&
      preview.locale === locale &&
      rows.some((row) => Number(row[r.id]) === preview.id)
    ) {
      byId.set(preview.id, { fields: preview.fields, hash: byId.get(preview.id)?.hash ?? '' });
    }
    if (!byId.size) return [...rows];
    const top = translatableFields(r);
    const lists = translatableLists(r);
    const current = lists.length
      ? new Map((await this.withLists(r, rows)).map((row) => [Number(row[r.id]), sourceHash(r, row)]))
      : null;
    return rows.map((row) => {
      const t = byId.get(Number(row[r.id]));
      if (!t) return row;
      const over: Row = Object.fromEntries(top.flatMap((f) => (t.fields[f]?.trim() ? [[f, t.fields[f]]] : [])));
      if (current?.get(Number(row[r.id])) === t.hash) {
        for (const { name, fields } of lists) {
          const items = itemsOf(row, name);
          if (!items.length) continue;
          over[name] = items.map((item, i) => ({
            ...item,
            ...Object.fromEntries(
              fields.flatMap((f) =>
                t.fields[`${name}.${i}.${f}`]?.trim() ? [[f, t.fields[`${name}.${i}.${f}`]]] : [],
              ),
            ),
          }));
        }
      }
      return { ...row, ...over };
    });
  }

  /**
   * The settings as a page in `locale` shows them (decision 0081): the live translation's texts where there
   * is one (a list item's only while the translation is not outdated), English elsewhere.
   */
  async localizeSettings(settings: SiteSettings, locale: string): Promise<SiteSettings> {
    if (locale === DEFAULT_LOCALE || !TRANSLATED_LOCALES.includes(locale)) return settings;
    // A preview link of the settings' translation (decision 0103): its draft as it will be once published.
    const preview = this.previewing.getStore();
    if (preview?.key === SETTINGS_KEY && preview.locale === locale)
      return applySettingsTexts(settings, preview.fields, { lists: true });
    const row = await this.stored(SETTINGS_KEY, SETTINGS_ID, locale);
    if (!row || row.status !== 'published') return settings;
    const current = hashOf(Object.entries(settingsTexts(settings)));
    return applySettingsTexts(settings, parse(row.fields), { lists: row.source_hash === current });
  }

  // --- The stored source hashes (decision 0106) ----------------------------------------------------

  /**
   * The row-write hook (server/content/types.ts): every write that changes a row's live content (create,
   * update, publish of a pending draft, unpublish, trash, restore, a restored revision, a scheduled publish;
   * its list items written before) stores the hash of the row's English text as it is now, in the write's
   * transaction.
   */
  readonly onRowWrite: RowWriteHook = async (trx, r, id) => {
    if (!translates(r)) return;
    const row = await groupTables(trx)
      .selectFrom(r.table)
      .select([r.id, ...translatableFields(r)])
      .where(r.id, '=', id)
      .executeTakeFirst();
    if (row) await this.storeHashes(trx, r, [row], 'write');
  };

  /**
   * Stores the source hashes of rows read with their translatable fields: `write` replaces the stored ones;
   * `fill` only adds missing ones and replaces those of another shape, so a row a concurrent write has just
   * hashed keeps that write's hash.
   */
  private async storeHashes(db: Kysely<Database>, r: ResourceDef, rows: readonly Row[], mode: 'write' | 'fill') {
    const shape = hashShape(r);
    const hashed = (await this.withLists(r, rows, db)).map((row) => ({
      resource: r.key,
      record_id: Number(row[r.id]),
      hash: sourceHash(r, row),
      shape,
    }));
    for (let i = 0; i < hashed.length; i += HASH_BATCH) {
      await db
        .insertInto('content_source_hashes')
        .values(hashed.slice(i, i + HASH_BATCH))
        .onConflict((oc) => {
          const update = oc
            .columns(['resource', 'record_id'])
            .doUpdateSet((eb) => ({ hash: eb.ref('excluded.hash'), shape: eb.ref('excluded.shape') }));
          return mode === 'write' ? update : update.where('content_source_hashes.shape', '!=', shape);
        })
        .execute();
    }
  }

  /**
   * Hashes the rows of a group outside the trash that have no stored hash (rows from before migration 0045,
   * or written around the content service) or one of another shape: a few hundred at a time, in id order.
   * Once every row has its hash this is one indexed query that finds none.
   */
  private async fillHashes(r: ResourceDef): Promise<void> {
    const shape = hashShape(r);
    const t = r.table;
    for (let after = 0; ;) {
      // The ids first: once every row has its hash, no query names the group's text columns.
      const stale = await groupTables(this.store.db)
        .selectFrom(t)
        .leftJoin('content_source_hashes as sh', (j) =>
          j.onRef('sh.record_id', '=', `${t}.${r.id}`).on('sh.resource', '=', r.key),
        )
        .select(`${t}.${r.id}`)
        .where(`${t}.deleted_at`, 'is', null)
        .where(`${t}.${r.id}`, '>', after)
        .where((eb) => eb.or([eb('sh.hash', 'is', null), eb('sh.shape', '!=', shape)]))
        .orderBy(`${t}.${r.id}`)
        .limit(HASH_BATCH)
        .execute();
      if (!stale.length) return;
      const ids = stale.map((row) => Number(row[r.id]));
      const rows = await groupTables(this.store.db)
        .selectFrom(t)
        .select([r.id, ...translatableFields(r)])
        .where(r.id, 'in', ids)
        .execute();
      await this.storeHashes(this.store.db, r, rows, 'fill');
      if (ids.length < HASH_BATCH) return;
      after = ids[ids.length - 1]!;
    }
  }

  // --- The admin's filter and work list (decision 0078) ---------------------------------------------

  /**
   * A group's rows outside the trash (only those on the site in English with `published`), each with its
   * stored hash (`sh`) and its translation into `locale` (`tr`), if any: the query the filter and the work
   * list ask, of the ids and the translations' state columns only (decision 0106).
   */
  private withTranslation(r: ResourceDef, locale: string, published = false) {
    const t = r.table;
    let q = groupTables(this.store.db)
      .selectFrom(t)
      .leftJoin('content_source_hashes as sh', (j) =>
        j.onRef('sh.record_id', '=', `${t}.${r.id}`).on('sh.resource', '=', r.key),
      )
      .leftJoin('content_translations as tr', (j) =>
        j.onRef('tr.record_id', '=', `${t}.${r.id}`).on('tr.resource', '=', r.key).on('tr.locale', '=', locale),
      )
      .where(`${t}.deleted_at`, 'is', null);
    if (published) q = q.where(`${t}.status`, '=', 'published');
    return q;
  }

  /** Whether the joined translation (`tr`) is in `state`, as stateOf decides it against the stored hash (`sh`). */
  private static inState(eb: ExpressionBuilder<StateJoin, 'tr' | 'sh'>, state: TranslationState) {
    switch (state) {
      case 'missing':
        return eb('tr.translation_id', 'is', null);
      case 'draft':
        return eb.and([eb('tr.translation_id', 'is not', null), eb('tr.status', '!=', 'published')]);
      case 'published':
        return eb.and([eb('tr.status', '=', 'published'), eb('tr.source_hash', '=', eb.ref('sh.hash'))]);
      case 'outdated':
        return eb.and([
          eb('tr.status', '=', 'published'),
          eb.or([eb('sh.hash', 'is', null), eb('tr.source_hash', '!=', eb.ref('sh.hash'))]),
        ]);
    }
  }

  /**
   * The admin table's translation filter (decision 0078) as a condition on the group's table: its id is among
   * the rows outside the trash whose translation into `locale` is in `state`, answered in SQL from the stored
   * hashes (decision 0106). A subquery the list runs with its own search, sort and page, so no list of ids
   * passes through the server however many rows match.
   */
  async inStateCondition(r: ResourceDef, locale: string, state: TranslationState): Promise<RawBuilder<boolean>> {
    if (!translates(r)) return sql<boolean>`1 = 0`;
    await this.fillHashes(r);
    const ids = this.withTranslation(r, locale)
      .select(`${r.table}.${r.id}`)
      .where((eb) => TranslationService.inState(eb, state));
    return sql<boolean>`${sql.ref(`${r.table}.${r.id}`)} in (${ids})`;
  }

  /**
   * The dashboard's translation work (decision 0078): per locale and group, how many rows on the site in
   * English have no translation there and how many published translations are outdated, counted in SQL from
   * the stored hashes (decision 0106). Groups with nothing to do are left out.
   */
  async work(): Promise<TranslationWork[]> {
    const out: TranslationWork[] = [];
    for (const r of this.deps.content.groups) {
      if (!translates(r)) continue;
      await this.fillHashes(r);
      for (const locale of TRANSLATED_LOCALES) {
        const counts = await this.withTranslation(r, locale, true)
          .select((eb) => [
            eb.fn
              .sum<number | string | null>(
                eb.case().when(TranslationService.inState(eb, 'missing')).then(eb.lit(1)).else(eb.lit(0)).end(),
              )
              .as('missing'),
            eb.fn
              .sum<number | string | null>(
                eb.case().when(TranslationService.inState(eb, 'outdated')).then(eb.lit(1)).else(eb.lit(0)).end(),
              )
              .as('outdated'),
          ])
          .executeTakeFirst();
        const missing = Number(counts?.missing ?? 0);
        const outdated = Number(counts?.outdated ?? 0);
        if (missing || outdated)
          out.push({
            group: r.key,
            groupTitle: r.admin.title,
            adminPath: `/admin-side-bar/${r.admin.path}`,
            locale,
            missing,
            outdated,
          });
      }
    }
    // The settings' texts (decision 0081): one translation per locale, counted as one text to do.
    const settings = await this.settingsSubject();
    for (const locale of TRANSLATED_LOCALES) {
      const { state } = await this.view(settings, locale);
      if (state !== 'missing' && state !== 'outdated') continue;
      out.push({
        group: SETTINGS_WORK,
        groupTitle: "The settings' texts",
        adminPath: SETTINGS_ADMIN_PATH,
        href: `${SETTINGS_ADMIN_PATH}?language=${locale}`,
        locale,
        missing: state === 'missing' ? 1 : 0,
        outdated: state === 'outdated' ? 1 : 0,
      });
    }
    return out;
  }

  // --- Draft with the model (decision 0078) ----------------------------------------------------------

  /**
   * Fills the translation of a row with the configured model's draft of every translatable field, saved as
   * a machine draft (a person must review it before it can be published). 409 without a model; 502 when
   * the model fails or answers something that cannot be used (nothing is saved then).
   */
  async machineDraft(r: ResourceDef, id: number, locale: string, actor?: string): Promise<TranslationView> {
    if (!this.deps.ai) throw new AppError(409, NO_MODEL);
    const subject = await this.rowSubject(r, id);
    // The row's own fields (a nested list's items are translated in the editor's calls, not by the model).
    const source = Object.fromEntries(Object.entries(subject.source).filter(([k]) => k in r.fields));
    if (!Object.values(source).some((v) => v.trim() !== ''))
      throw new AppError(400, 'There is no English text to translate yet.');
    const fields = await machineTranslate(
      this.deps.ai,
      { label: r.label, field: (name) => r.fields[name] },
      source,
      locale,
    );
    return (await this.save(r, id, locale, { fields, status: 'draft', machine: true, actor, action: 'machine draft' }))
      .view;
  }

  /**
   * The model's draft of the settings' texts in `locale` (decision 0103), saved as a machine draft as a row's
   * is: each text a one-line field, or a multi-line one where its English has lines or may be long.
   */
  async machineDraftSettings(locale: string, actor?: string): Promise<TranslationView> {
    if (!this.deps.ai) throw new AppError(409, NO_MODEL);
    const subject = await this.settingsSubject();
    if (!Object.values(subject.source).some((v) => v.trim() !== ''))
      throw new AppError(400, 'There is no English text to translate yet.');
    const field = (name: string, english: string): FieldDef | undefined => {
      const d = subject.def(name);
      return d
        ? { type: (d.max ?? 0) > 200 || english.includes('\n') ? 'longtext' : 'text', label: d.label, max: d.max }
        : undefined;
    };
    const fields = await machineTranslate(
      this.deps.ai,
      { label: 'Website settings text', field },
      subject.source,
      locale,
    );
    return (
      await this.saveSubject(subject, locale, {
        fields,
        status: 'draft',
        machine: true,
        actor,
        action: 'machine draft',
      })
    ).view;
  }

  // --- Preview links (decision 0078) -----------------------------------------------------------------

  /**
   * A signed link (one hour, no session needed) to the row's page in `locale` with its draft translation
   * in place; kept with the English previews' links, under `<group>@<locale>`.
   */
  async createPreview(
    r: ResourceDef,
    id: number,
    locale: string,
    origin: string,
  ): Promise<{ url: string; expires_at: string }> {
    await this.rowSubject(r, id);
    return this.previewLink(r.key, id, locale, origin);
  }

  /** A signed link to the home page in `locale` with the settings' draft translation in place (decision 0103). */
  createSettingsPreview(locale: string, origin: string): Promise<{ url: string; expires_at: string }> {
    return this.previewLink(SETTINGS_KEY, SETTINGS_ID, locale, origin);
  }

  private async previewLink(
    key: string,
    id: number,
    locale: string,
    origin: string,
  ): Promise<{ url: string; expires_at: string }> {
    if (!(await this.stored(key, id, locale)))
      throw new AppError(404, 'There is no translation to preview yet: save a draft first.');
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    const expires = new Date(now.getTime() + PREVIEW_TTL_MS).toISOString();
    await this.store.db
      .insertInto('preview_links')
      .values({
        token_hash: hashToken(token),
        resource: `${key}@${locale}`,
        record_id: id,
        expires_at: expires,
        created_at: now.toISOString(),
      })
      .execute();
    return { url: `${origin}/preview/${token}`, expires_at: expires };
  }

  /**
   * What a translation's preview token shows: the row's page in the locale (the English row as it would be
   * published, its draft translation applied). Null for an unknown, forged or expired token.
   */
  async resolvePreview(
    token: string,
  ): Promise<{ path: string; overlay: PreviewOverlay; translation: TranslationOverlay } | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
    const link = await this.store.db
      .selectFrom('preview_links')
      .selectAll()
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (!link || String(link.expires_at) <= this.now().toISOString()) return null;
    const [key, locale] = String(link.resource).split('@');
    if (key === SETTINGS_KEY && locale && TRANSLATED_LOCALES.includes(locale)) {
      // The settings' texts show on every page: the home page in the locale shows most of them.
      const stored = await this.stored(SETTINGS_KEY, SETTINGS_ID, locale);
      if (!stored) return null;
      const fields = parse(stored.pending_draft ?? stored.fields);
      return {
        path: pathIn(locale, '/'),
        overlay: { key: SETTINGS_KEY, id: SETTINGS_ID, snapshot: null },
        translation: { key: SETTINGS_KEY, id: SETTINGS_ID, locale, fields },
      };
    }
    const r = this.deps.content.groups.find((g) => g.key === key);
    if (!r || !locale || !TRANSLATED_LOCALES.includes(locale)) return null;
    const id = Number(link.record_id);
    const life = this.deps.content.lifecycle;
    const row = await life.raw(r, id).catch(() => null);
    const stored = row ? await this.stored(r.key, id, locale) : undefined;
    if (!row || !stored) return null;
    const fields = parse(stored.pending_draft ?? stored.fields);
    // A published translation's own address (decision 0082) where it has one; else the English one in the locale.
    const path =
      (stored.status === 'published' && stored.slug ? pageWithSlug(r, row, stored.slug) : null) ??
      (await life.previewPath(r, row));
    return {
      path: pathIn(locale, path),
      overlay: { key: r.key, id, snapshot: parseDraft(row.pending_draft) },
      translation: { key: r.key, id, locale, fields },
    };
  }
}
