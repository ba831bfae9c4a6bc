/**
 * Card previews (spec sections 5 and 9), implemented literally:
 * - blog: tags stripped; when the text is longer than 250 characters it is cut at 350 characters + '...'.
 * - event: when the description is longer than 150 characters it is cut at 500 characters + '...'.
 * Pure and isomorphic.
 */

export const BLOG_PREVIEW_WHEN_LONGER = 250;
export const BLOG_PREVIEW_CUT = 350;
export const EVENT_PREVIEW_WHEN_LONGER = 150;
export const EVENT_PREVIEW_CUT = 500;
export const ELLIPSIS = '...';

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
  '#160': ' ',
};

/** HTML → plain text: tags removed, common entities decoded, whitespace collapsed. */
export function stripTags(html: string | null | undefined): string {
  return (html ?? '')
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<\/(p|div|h[1-6]|li|br|tr)>|<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39|#160);/g, (_m, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

function cut(text: string, whenLonger: number, at: number): string {
  return text.length > whenLonger ? text.slice(0, at) + ELLIPSIS : text;
}

/** Blog card text from the rich description. */
export function blogPreview(descriptionHtml: string | null | undefined): string {
  return cut(stripTags(descriptionHtml), BLOG_PREVIEW_WHEN_LONGER, BLOG_PREVIEW_CUT);
}

/** Event card text from the (plain) description. */
export function eventPreview(description: string | null | undefined): string {
  return cut((description ?? '').trim(), EVENT_PREVIEW_WHEN_LONGER, EVENT_PREVIEW_CUT);
}
