/**
 * The shape of the demo content's translations (decision 0080): one module per locale fills it, keyed by the
 * demo rows of server/demo/seed.ts, each group's text typed by its declaration's translatable fields.
 */
import type { ResourceDef } from '../../../content/kit';
import type {
  blog,
  caseCategory,
  caseDetails,
  cases,
  event,
  faqs,
  gallery,
  review,
  vacancy,
} from '../../../content/resources/index';

/** The translatable fields of a group, as text (a translation of one of its rows). */
export type TranslatedFieldsOf<R extends ResourceDef> = {
  -readonly [K in keyof R['fields'] as R['fields'][K] extends { translatable: true } ? K : never]: string;
};

export const DEMO_CATEGORY_KEYS = ['family', 'property', 'criminal', 'corporate', 'consumer', 'employment'] as const;
export type DemoCategoryKey = (typeof DEMO_CATEGORY_KEYS)[number];

export const DEMO_CASE_KEYS = [
  'mutual-divorce',
  'interim-maintenance',
  'guardianship',
  'partition-mediation',
  'builder-refund',
  'tenant-eviction',
  'anticipatory-bail',
  'cheque-acquittal',
  'shareholder-arbitration',
  'invoice-recovery',
  'hospital-negligence',
  'insurance-claim',
  'reinstatement',
  'gratuity-recovery',
] as const;
export type DemoCaseKey = (typeof DEMO_CASE_KEYS)[number];

export const DEMO_BLOG_KEYS = [
  'final-settlement',
  'founders-agreement',
  'anticipatory-bail',
  'consumer-complaint',
  'mutual-divorce',
  'title-check',
] as const;
export type DemoBlogKey = (typeof DEMO_BLOG_KEYS)[number];

export const DEMO_EVENT_KEYS = ['property-rights', 'startups-law', 'cyber-fraud', 'legal-aid-camp'] as const;
export type DemoEventKey = (typeof DEMO_EVENT_KEYS)[number];

export const DEMO_REVIEW_KEYS = ['anitha', 'rohan', 'sajeev', 'lakshmi', 'joseph', 'fathima'] as const;
export type DemoReviewKey = (typeof DEMO_REVIEW_KEYS)[number];

export const DEMO_FAQ_KEYS = [
  'booking',
  'hours',
  'documents',
  'abroad',
  'fees',
  'confidential',
  'offices',
  'urgent',
] as const;
export type DemoFaqKey = (typeof DEMO_FAQ_KEYS)[number];

export const DEMO_GALLERY_KEYS = [
  'reception',
  'legal-aid-camp',
  'lecture',
  'library',
  'consumer-workshop',
  'bengaluru-office',
  'thirty-years',
  'mediation-room',
] as const;
export type DemoGalleryKey = (typeof DEMO_GALLERY_KEYS)[number];

export const DEMO_VACANCY_KEYS = ['junior-associate', 'research-intern', 'paralegal', 'client-relations'] as const;
export type DemoVacancyKey = (typeof DEMO_VACANCY_KEYS)[number];

/** A case's title, and the write-up of the cases that have one. */
export type DemoCaseTranslation = TranslatedFieldsOf<typeof cases> & {
  details?: TranslatedFieldsOf<typeof caseDetails>;
};

/** An event's title and description, and its speakers' designations in the event's order. */
export type DemoEventTranslation = TranslatedFieldsOf<typeof event> & { speakers: readonly string[] };

/** The demo firm's settings texts (DEFAULT_SETTINGS), lists in the settings' order (decision 0081). */
export interface DemoSettingsTranslation {
  tagline: string;
  founderQuote: string;
  hours: { morning: string; evening: string; days: string };
  headquartersAddress: string;
  officeAddresses: readonly string[];
  legalTeam: readonly {
    role: string;
    bio: string;
    practiceAreas: readonly string[];
    qualifications: readonly string[];
  }[];
  footerCredit: string;
  declaration: string;
}

/** Every demo text of one locale. */
export interface DemoTranslations {
  categories: Record<DemoCategoryKey, TranslatedFieldsOf<typeof caseCategory>>;
  cases: Record<DemoCaseKey, DemoCaseTranslation>;
  blogs: Record<DemoBlogKey, TranslatedFieldsOf<typeof blog>>;
  events: Record<DemoEventKey, DemoEventTranslation>;
  reviews: Record<DemoReviewKey, TranslatedFieldsOf<typeof review>>;
  faqs: Record<DemoFaqKey, TranslatedFieldsOf<typeof faqs>>;
  gallery: Record<DemoGalleryKey, TranslatedFieldsOf<typeof gallery>>;
  vacancies: Record<DemoVacancyKey, TranslatedFieldsOf<typeof vacancy>>;
  settings: DemoSettingsTranslation;
}

/** The ids of the demo rows that carry text, by their key in the demo data: what the translations attach to. */
export interface DemoIds {
  categories: Map<DemoCategoryKey, number>;
  cases: Map<DemoCaseKey, number>;
  caseDetails: Map<DemoCaseKey, number>;
  blogs: Map<DemoBlogKey, number>;
  events: Map<DemoEventKey, number>;
  reviews: Map<DemoReviewKey, number>;
  faqs: Map<DemoFaqKey, number>;
  gallery: Map<DemoGalleryKey, number>;
  vacancies: Map<DemoVacancyKey, number>;
}
