import ml400 from '@fontsource/noto-sans-malayalam/files/noto-sans-malayalam-malayalam-400-normal.woff2?url';
import ml700 from '@fontsource/noto-sans-malayalam/files/noto-sans-malayalam-malayalam-700-normal.woff2?url';
import hi400 from '../../assets/fonts/noto-sans-devanagari-400-subset.woff2?url';
import type { MetaDescriptor } from 'react-router';
import type { Locale } from '../../../content/locales';

/**
 * The script font files of a locale's pages (app/styles/fonts.css, decision 0065), the same built files the
 * stylesheet names. Preloaded in the head, they arrive with the stylesheet instead of after the first layout,
 * so the text is first drawn in its own font and does not move when the font swaps in (layout shift). Hindi
 * has one file, the regular face cut down to the Devanagari block; its bold is synthesised (decision 0089).
 */
const FONTS: Partial<Record<Locale, readonly string[]>> = { ml: [ml400, ml700], hi: [hi400] };

export function fontPreloads(locale: Locale): MetaDescriptor[] {
  return (FONTS[locale] ?? []).map((href) => ({
    tagName: 'link',
    rel: 'preload',
    href,
    as: 'font',
    type: 'font/woff2',
    crossOrigin: 'anonymous',
  }));
}
