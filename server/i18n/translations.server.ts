import { DEFAULT_LOCALE, type Locale, type TranslationState } from '../../content/locales';

/**
 * Whether a content row is translated into a locale: the one question the public pages ask about content
 * translations (decision 0064). A `/ml/…` page of a row whose state is not live (content/locales.ts
 * `isLive`) shows the English text with a notice, carries `noindex` and a canonical link to the English
 * page, and is listed neither as an alternate nor in the sitemap.
 *
 * Until per-row translations are stored, every row counts as untranslated in every locale but English. The
 * store of translations plugs in here: answer its state for (group, id, locale), and the pages, their
 * alternates and the sitemap follow.
 */
export class Translations {
  /** The row's state in a locale; English, the source, is always published. `id` is the row's id as its page shows it. */
  async translationStateOf(_group: string, _id: number | string, locale: Locale): Promise<TranslationState> {
    if (locale === DEFAULT_LOCALE) return 'published';
    return 'missing';
  }
}
