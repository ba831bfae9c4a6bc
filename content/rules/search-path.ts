/** The results page of the site search (decision 0054); the header's form submits to it. No imports: islands use it. */
export const SEARCH_PATH = '/search';
/** The longest query accepted (characters, after trimming). */
export const SEARCH_MAX_QUERY = 100;

/** The legal-team page's anchor of a profile: `profile-` and the name's words in lower case, accents removed. */
export function profileAnchor(name: string): string {
  const words = name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return `profile-${words.join('-')}`;
}
