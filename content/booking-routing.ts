/**
 * The booking page's routing (decision 0067): the form's field names and its visitor-facing words, kept in
 * one place until they move into the locale catalogs.
 */
export const ROUTING_FIELDS = { office: 'office', mode: 'mode', practiceArea: 'practice_area' } as const;

export const ROUTING_TEXT = {
  legend: 'Who you would like to meet',
  office: 'Office',
  anyOffice: 'No preference',
  how: 'How',
  inPerson: 'In person',
  video: 'By video',
  videoHelp: 'A video consultation needs only a browser; the link comes with the confirmation.',
  practiceArea: 'Practice area',
  anyArea: 'Not sure',
  noTimes: 'No free times match these choices in the next two weeks. Change a choice above, or ask for another time.',
} as const;

/** What getConsultationRouting answers. */
export interface RoutingChoices {
  offices: Array<{ city: string; video: boolean; practice_areas: number[] }>;
  video: { offered: boolean; practice_areas: number[] };
  practice_areas: Array<{ case_category_id: number; case_name: string }>;
}
