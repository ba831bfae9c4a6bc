/**
 * The public page of one row of a group, for search results (decision 0054). Detail pages by id or slug;
 * items shown in a list (FAQs, vacancies, gallery) link to their list page, with the item's anchor where
 * the page gives one.
 */
import { eventPath } from '../../content/rules/slug';
import type { Row } from '../content/types';

/** FAQs per public page (app/components/public/pager.tsx PER_PAGE.faqs; a test holds them equal). */
export const FAQS_PER_PAGE = 20;

const s = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

export type SearchedGroup = 'blog' | 'caseCategory' | 'cases' | 'faqs' | 'event' | 'vacancy' | 'gallery';

/** `index`: the row's place in its group's public list order (for a paged list). */
export function publicPathOf(group: SearchedGroup, row: Row, index = 0): string {
  switch (group) {
    case 'blog':
      return `/blog-details/${s(row.blog_id)}`;
    case 'caseCategory':
      return `/our-case-details/${s(row.case_category_id)}`;
    case 'cases':
      return `/our-case-details-view/${s(row.case_id)}`;
    case 'faqs': {
      const page = Math.floor(index / FAQS_PER_PAGE) + 1;
      return `/faqs${page > 1 ? `?page=${page}` : ''}#faq-${s(row.faqs_id)}`;
    }
    case 'event':
      return eventPath(s(row.event_title));
    case 'vacancy':
      return '/vacancies';
    case 'gallery':
      return '/gallery';
  }
}
