import type { Generated } from 'kysely';

/** Translations of content rows (migration 0041, decision 0076). */
export interface TranslationTables {
  content_translations: {
    translation_id: Generated<number>;
    resource: string;
    record_id: number;
    locale: string;
    status: 'draft' | 'published';
    /** JSON object of the translated fields: the live ones when published, else the draft. */
    fields: string;
    /** JSON of the next version of a published translation, saved as a draft (the live one is untouched). */
    pending_draft: string | null;
    /** Hash of the English text of the translatable fields the translation was made from, or last confirmed against. */
    source_hash: string;
    /** The translation's own slug, the row's address in the locale (decision 0082, migration 0044); null: the English one. */
    slug: string | null;
    /** The slug of the pending draft (with `pending_draft`). */
    pending_slug: string | null;
    /** 1 while the text is a machine draft nobody has reviewed (it cannot be published as it is). */
    machine: Generated<number>;
    /** JSON of the English translatable fields the translation was made from or last confirmed against (migration 0042). */
    source_fields: string | null;
    created_at: string;
    updated_at: string;
    updated_by: string | null;
  };
  /**
   * The hash of each content row's English translatable text as it is now (migration 0045, decision 0106):
   * written with every content write, compared in SQL with `content_translations.source_hash`.
   */
  content_source_hashes: {
    resource: string;
    record_id: number;
    /** sourceHash() of the row's translatable fields and list items. */
    hash: string;
    /** Which fields the hash covers (the group's translatable fields and list fields): another shape is recomputed. */
    shape: string;
  };
}
