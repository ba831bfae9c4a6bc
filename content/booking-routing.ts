/**
 * The booking page's routing (decision 0067): the form's field names; its words are in the locale catalogs
 * (content/i18n, `routing.*`).
 */
export const ROUTING_FIELDS = { office: 'office', mode: 'mode', practiceArea: 'practice_area' } as const;

/** What getConsultationRouting answers. */
export interface RoutingChoices {
  offices: Array<{ city: string; video: boolean; practice_areas: number[] }>;
  video: { offered: boolean; practice_areas: number[] };
  practice_areas: Array<{ case_category_id: number; case_name: string }>;
}
