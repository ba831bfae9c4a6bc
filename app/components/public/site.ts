import { useRouteLoaderData } from 'react-router';
import type { SiteSettings } from '../../../content/settings';
import type { Locale } from '../../../content/locales';
import type { PageCatalog } from '../../lib/i18n';

/** The public layout's route id (React Router derives it from the file path). */
export const LAYOUT_ID = 'routes/public/layout';

import type { ReadRowOf, Row } from '../../../content/kit';
import type * as groups from '../../../content/resources/index';

export type { Row };

/** Rows of the groups the public pages show, typed by their declarations (content/resources). */
export type AboutRow = ReadRowOf<typeof groups.about>;
export type AdRow = ReadRowOf<typeof groups.ads>;
export type BlogRow = ReadRowOf<typeof groups.blog>;
export type CalendarRow = ReadRowOf<typeof groups.calendar>;
export type CaseCategoryRow = ReadRowOf<typeof groups.caseCategory>;
export type CaseDetailRow = ReadRowOf<typeof groups.caseDetails>;
export type CaseRow = ReadRowOf<typeof groups.cases>;
export type EventRow = ReadRowOf<typeof groups.event>;
export type GalleryRow = ReadRowOf<typeof groups.gallery>;
export type PartnerRow = ReadRowOf<typeof groups.partners>;
export type ReviewRow = ReadRowOf<typeof groups.review>;
export type SlideRow = ReadRowOf<typeof groups.carousel>;
export type TeamRow = ReadRowOf<typeof groups.team>;
export type VacancyRow = ReadRowOf<typeof groups.vacancy>;
export type FaqRow = ReadRowOf<typeof groups.faqs>;

export interface PublicLayoutData {
  settings: SiteSettings;
  /** The site's own origin (PUBLIC_URL), for canonical and Open Graph URLs. */
  origin: string;
  /** Every ad; the ads column shows those inside their window (server time first, then the browser's). */
  ads: AdRow[];
  /** The spec's ads error text when they could not be read. */
  adsError: string | null;
  /** The server's clock when the page was rendered (ms). */
  now: number;
  /** Rendered for a signed preview link: the page shows a row that is not published (decision 0016). */
  preview?: boolean;
  /** The page's locale (from its path, decision 0063) and its compiled messages; the islands get the second set. */
  locale: Locale;
  catalog: PageCatalog;
  islandCatalog: PageCatalog;
}

export function usePublicData(): PublicLayoutData {
  const data = useRouteLoaderData(LAYOUT_ID) as PublicLayoutData | undefined;
  if (!data) throw new Error('public layout data missing');
  return data;
}

/** tel: link for a displayed phone number. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** WhatsApp chat link for a displayed number. */
export const whatsappHref = (phone: string): string => `https://wa.me/${phone.replace(/\D/g, '')}`;

export const SOCIAL_LABELS: Record<keyof SiteSettings['socials'], string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  x: 'X (Twitter)',
  youtube: 'YouTube',
};

/** The result of reading one list in a loader: the rows, or the spec's error text. */
export interface Loaded<T = Row[]> {
  value: T;
  error: string | null;
}

/**
 * Runs one content read for a loader. A failure is logged and reported as the spec's message, and the
 * page still renders (with that list in its error state) instead of failing as a whole.
 */
export async function attempt<T>(
  read: () => Promise<T>,
  failedMessage: string,
  fallback: T,
  log?: { error: (o: object, msg: string) => void },
): Promise<Loaded<T>> {
  try {
    return { value: await read(), error: null };
  } catch (err) {
    log?.error({ err }, failedMessage);
    return { value: fallback, error: failedMessage };
  }
}
