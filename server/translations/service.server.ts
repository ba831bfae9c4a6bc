/**
 * Translations of content rows (decision 0076). Each row of a group may have one translation per locale
 * other than English, of the fields its declaration marks `translatable`. A translation has its own state
 * (a draft, or published with an optional pending draft), its own revisions (in `content_revisions` under
 * `<group>@<locale>`) and becomes `outdated` when the English text it was made from changes: it stays live
 * until someone updates it or confirms it still holds.
 */
import { createHash } from 'node:crypto';
import type { ResourceDef } from '../../content/kit';
import { DEFAULT_LOCALE, LOCALES, type TranslationState } from '../../content/locales';
import { checkRecordRule36 } from '../../content/rules/rule36';
import { bumpContentVersion } from '../cluster/version';
import { decidePublish, overrideReasonOf, type Rule36Override, type RuleSettings } from '../compliance/publish-check';
import type { ContentService } from '../content/service';
import type { Row } from '../content/types';
import type { Store } from '../database';
import { AppError } from '../lib/errors';
import { sanitizeRichHtml } from '../lib/sanitize';

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

/** A hash of the English text of a row's translatable fields: a translation made from other text is outdated. */
export function sourceHash(r: ResourceDef, row: Readonly<Record<string, unknown>>): string {
  const source = translatableFields(r).map((f) => [f, row[f] ?? null]);
  return createHash('sha256').update(JSON.stringify(source)).digest('hex').slice(0, 32);
}

const parse = (json: string | null): Record<string, string> => {
  if (!json) return {};
  const v: unknown = JSON.parse(json);
  return v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'))
    : {};
};

/** One locale's translation of a row as the admin's translation editor reads it. */
export interface TranslationView {
  group: string;
  id: number;
  locale: string;
  state: TranslationState;
  /** The live translation when published, else the draft. */
  fields: Record<string, string>;
  /** The pending draft over a published translation (null when there is none). */
  draft: Record<string, string> | null;
  /** The English text of the translatable fields, now. */
  source: Record<string, string>;
  machine: boolean;
  updated_at: string | null;
  updated_by: string | null;
}

export interface SaveTranslation {
  fields: Readonly<Record<string, unknown>>;
  status: 'draft' | 'published';
  /** Whether the text comes from a language model and still needs a person's review (decision 0076). */
  machine?: boolean;
  actor?: string;
}

export class TranslationService {
  constructor(
    private readonly store: Store,
    private readonly deps: RuleSettings & { content: ContentService },
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The locale named, when content is translated into it; else 400 naming the locales. */
  locale(raw: string): string {
    if (!TRANSLATED_LOCALES.includes(raw)) {
      throw new AppError(400, TRANSLATED_LOCALES.length ? `locale must be one of ${TRANSLATED_LOCALES.join(', ')}.` : 'No other language is enabled.');
    }
    return raw;
  }

  private async english(r: ResourceDef, id: number): Promise<Row> {
    if (!translatableFields(r).length) throw new AppError(400, `${r.admin.title} have no text to translate.`);
    // A row in the trash is not translated (404, as for the other calls on it).
    return this.deps.content.lifecycle.raw(r, id);
  }

  private stateOf(row: { status: string; source_hash: string } | undefined, hash: string): TranslationState {
    if (!row) return 'missing';
    if (row.status !== 'published') return 'draft';
    return row.source_hash === hash ? 'published' : 'outdated';
  }

  /** The stored translation of a row in a locale, if any. */
  private stored(r: ResourceDef, id: number, locale: string) {
    return this.store.db
      .selectFrom('content_translations')
      .selectAll()
      .where('resource', '=', r.key)
      .where('record_id', '=', id)
      .where('locale', '=', locale)
      .executeTakeFirst();
  }

  async get(r: ResourceDef, id: number, locale: string): Promise<TranslationView> {
    const english = await this.english(r, id);
    const row = await this.stored(r, id, locale);
    const source = Object.fromEntries(translatableFields(r).map((f) => [f, english[f] === null || english[f] === undefined ? '' : String(english[f])]));
    return {
      group: r.key,
      id,
      locale,
      state: this.stateOf(row, sourceHash(r, english)),
      fields: parse(row?.fields ?? null),
      draft: row?.pending_draft ? parse(row.pending_draft) : null,
      source,
      machine: Number(row?.machine ?? 0) === 1,
      updated_at: row?.updated_at ?? null,
      updated_by: row?.updated_by ?? null,
    };
  }

  /** The translated fields of a save: only the group's translatable fields, as text within their limits; HTML sanitised. */
  private values(r: ResourceDef, sent: Readonly<Record<string, unknown>>): Record<string, string> {
    const allowed = new Set(translatableFields(r));
    if (!allowed.size) throw new AppError(400, `${r.admin.title} have no text to translate.`);
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(sent)) {
      if (!allowed.has(name)) continue;
      const f = r.fields[name]!;
      if (value === null || value === undefined) continue;
      if (typeof value !== 'string') throw new AppError(400, `${f.label} must be text.`);
      const text = f.type === 'html' ? sanitizeRichHtml(value) : value.trim();
      if (f.max !== undefined && text.length > f.max) throw new AppError(400, `${f.label} must be at most ${f.max} characters.`);
      out[name] = text;
    }
    return out;
  }

  /**
   * Saves one locale's translation: a draft (a new translation's text, or a pending draft over a published
   * one) or published (with the Rule 36 check of the translated text; 409 with the passages unless
   * `override_reason`). Returns the saved view and the override to audit.
   */
  async save(r: ResourceDef, id: number, locale: string, input: SaveTranslation): Promise<{ view: TranslationView; override: Rule36Override | null; message: string }> {
    const english = await this.english(r, id);
    const values = this.values(r, input.fields);
    const nowIso = this.now().toISOString();
    const existing = await this.stored(r, id, locale);
    // A draft over a published translation starts from the live text; the fields sent replace theirs.
    const base = existing ? { ...parse(existing.fields), ...(existing.pending_draft ? parse(existing.pending_draft) : {}) } : {};
    const merged = { ...base, ...values };
    if (!Object.values(merged).some((v) => v.trim() !== '')) {
      const labels = translatableFields(r).map((n) => r.fields[n]!.label);
      throw new AppError(400, `Send the translated text of at least one of: ${labels.join(', ')}.`);
    }
    let override: Rule36Override | null = null;
    if (input.status === 'published') {
      if (input.machine) throw new AppError(409, 'A machine draft must be reviewed before it is published: save it as a draft, read it, then publish.');
      if (existing && Number(existing.machine) === 1 && !Object.keys(values).length) {
        throw new AppError(409, 'A machine draft must be reviewed before it is published.');
      }
      // The check of the English text (decision 0019) with the rules of the translation's language (decision 0077).
      override = await decidePublish(this.deps, checkRecordRule36(r, merged, locale), overrideReasonOf(input.fields));
    }
    const hash = sourceHash(r, english);
    await this.store.db.transaction().execute(async (trx) => {
      if (input.status === 'published') {
        const row = { status: 'published' as const, fields: JSON.stringify(merged), pending_draft: null, source_hash: hash, machine: 0, updated_at: nowIso, updated_by: input.actor ?? null };
        if (existing) await trx.updateTable('content_translations').set(row).where('translation_id', '=', existing.translation_id).execute();
        else await trx.insertInto('content_translations').values({ ...row, resource: r.key, record_id: id, locale, created_at: nowIso }).execute();
      } else if (existing?.status === 'published') {
        await trx
          .updateTable('content_translations')
          .set({ pending_draft: JSON.stringify(merged), machine: input.machine ? 1 : 0, updated_at: nowIso, updated_by: input.actor ?? null })
          .where('translation_id', '=', existing.translation_id)
          .execute();
      } else {
        const row = { status: 'draft' as const, fields: JSON.stringify(merged), pending_draft: null, source_hash: hash, machine: input.machine ? 1 : 0, updated_at: nowIso, updated_by: input.actor ?? null };
        if (existing) await trx.updateTable('content_translations').set(row).where('translation_id', '=', existing.translation_id).execute();
        else await trx.insertInto('content_translations').values({ ...row, resource: r.key, record_id: id, locale, created_at: nowIso }).execute();
      }
      await trx
        .insertInto('content_revisions')
        .values({
          resource: `${r.key}@${locale}`,
          record_id: id,
          action: input.status === 'published' ? 'publish' : 'draft',
          snapshot: JSON.stringify(merged),
          changed: JSON.stringify(Object.keys(values)),
          admin_email: input.actor ?? null,
          created_at: nowIso,
        })
        .execute();
      // Published text is on the site: every instance's caches follow (decision 0020).
      if (input.status === 'published') await bumpContentVersion(trx);
    });
    if (input.status === 'published') this.deps.content.notifyChange(r.key, id);
    const view = await this.get(r, id, locale);
    const message = input.status === 'published' ? 'Translation published successfully' : 'Translation draft saved successfully';
    return { view, override, message };
  }

  /** Marks an outdated translation as still right for the English text as it is now (it stays live). */
  async confirm(r: ResourceDef, id: number, locale: string, actor?: string): Promise<TranslationView> {
    const english = await this.english(r, id);
    const res = await this.store.db
      .updateTable('content_translations')
      .set({ source_hash: sourceHash(r, english), updated_at: this.now().toISOString(), updated_by: actor ?? null })
      .where('resource', '=', r.key)
      .where('record_id', '=', id)
      .where('locale', '=', locale)
      .where('status', '=', 'published')
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw new AppError(404, 'There is no published translation to confirm.');
    return this.get(r, id, locale);
  }

  /** Each row's state per translated locale (`{ ml: 'published', hi: 'missing' }`), for the admin tables. */
  async states(r: ResourceDef, rows: readonly Row[]): Promise<Map<number, Record<string, TranslationState>>> {
    const out = new Map<number, Record<string, TranslationState>>();
    if (!TRANSLATED_LOCALES.length || !rows.length || !translatableFields(r).length) return out;
    const ids = rows.map((row) => Number(row[r.id]));
    const found = await this.store.db
      .selectFrom('content_translations')
      .select(['record_id', 'locale', 'status', 'source_hash'])
      .where('resource', '=', r.key)
      .where('record_id', 'in', ids)
      .execute();
    for (const row of rows) {
      const id = Number(row[r.id]);
      const hash = sourceHash(r, row);
      out.set(
        id,
        Object.fromEntries(TRANSLATED_LOCALES.map((l) => [l, this.stateOf(found.find((t) => Number(t.record_id) === id && t.locale === l), hash)])),
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
    if (!r || !translatableFields(r).length || !Number.isSafeInteger(n) || n <= 0) return 'missing';
    const row = await this.deps.content.lifecycle.raw(r, n).catch(() => null);
    return row ? this.stateOfRow(r, row, locale) : 'missing';
  }

  /** The state of one row's translation, for the public page of that row in that locale. */
  async stateOfRow(r: ResourceDef, row: Row, locale: string): Promise<TranslationState> {
    return (await this.states(r, [row])).get(Number(row[r.id]))?.[locale] ?? 'missing';
  }

  /**
   * Rows as a public read in `locale` answers them: the translated fields of every row with a live
   * translation there (published or outdated), the English text elsewhere.
   */
  async localize<T extends Row>(r: ResourceDef, rows: readonly T[], locale: string): Promise<T[]> {
    if (locale === DEFAULT_LOCALE || !rows.length || !translatableFields(r).length) return [...rows];
    const live = await this.store.db
      .selectFrom('content_translations')
      .select(['record_id', 'fields'])
      .where('resource', '=', r.key)
      .where('locale', '=', locale)
      .where('status', '=', 'published')
      .where(
        'record_id',
        'in',
        rows.map((row) => Number(row[r.id])),
      )
      .execute();
    const byId = new Map(live.map((t) => [Number(t.record_id), parse(t.fields)]));
    return rows.map((row) => {
      const t = byId.get(Number(row[r.id]));
      if (!t) return row;
      const over = Object.fromEntries(Object.entries(t).filter(([, v]) => v.trim() !== ''));
      return { ...row, ...over };
    });
  }
}
