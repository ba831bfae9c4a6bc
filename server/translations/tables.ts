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
    /** 1 while the text is a machine draft nobody has reviewed (it cannot be published as it is). */
    machine: Generated<number>;
    created_at: string;
    updated_at: string;
    updated_by: string | null;
  };
}
