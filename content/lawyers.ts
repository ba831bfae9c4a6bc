/**
 * Bookable lawyers (decision 0067): the booking side of a lawyer, shared by the server (the lawyers' calls,
 * routing of a booking) and the admin screen that edits them. A lawyer's weekly hours are kept per office,
 * as wall times in the firm's zone; they narrow the firm's booking rules, never widen them.
 */
import { hoursWindowSchema } from './hours-schema';
import { minutesOf, WEEKDAYS, type HoursWindow, type Weekday } from './rules/slots';
import { z } from './zod';

/** How a consultation takes place: at an office, or by video. */
export const MODES = ['in_person', 'video'] as const;
export type Mode = (typeof MODES)[number];
export const MODE_LABELS: Record<Mode, string> = { in_person: 'In person', video: 'Video' };

export type LawyerWeek = Partial<Record<Weekday, HoursWindow[]>>;

/**
 * What an administrator may confirm past when giving a consultation to another lawyer (decision 0084): the
 * lawyer does not sit in its office, does not handle its practice area, or does not work at its time. A
 * lawyer already booked then is never overridable (decision 0067: never twice at one time).
 */
export const REASSIGN_OVERRIDES = ['office', 'practice_area', 'hours'] as const;
export type ReassignOverride = (typeof REASSIGN_OVERRIDES)[number];

const hoursWindow = hoursWindowSchema({
  time: 'Use a time like 09:30.',
  order: 'The end of a lawyer’s hours must come after the start.',
});
const day = z.array(hoursWindow).max(6).optional();
export const LawyerWeekSchema = z.object({ sun: day, mon: day, tue: day, wed: day, thu: day, fri: day, sat: day });

/** What the admin sends to add or edit a lawyer. Offices are cities of the settings; practice areas are case-category ids. */
export const LawyerBodySchema = z.object({
  name: z
    .string('Please enter the lawyer’s name.')
    .trim()
    .min(1, 'Please enter the lawyer’s name.')
    .max(120, 'The name is too long (at most 120 characters).'),
  work_email: z.email('Please enter a valid work email address.'),
  active: z.boolean('active must be true or false.').default(true),
  video: z.boolean('video must be true or false.').default(false),
  offices: z.array(z.string().trim().min(1).max(80), 'offices must be a list of office cities.').max(12).default([]),
  practice_areas: z
    .array(z.number().int().positive(), 'practice_areas must be a list of case category ids.')
    .max(50)
    .default([]),
  hours: z.record(z.string(), LawyerWeekSchema, 'hours must map each office city to its weekly hours.').default({}),
});
export type LawyerBody = z.output<typeof LawyerBodySchema>;

/** A lawyer as the server reads it. */
export interface Lawyer {
  lawyer_id: number;
  name: string;
  work_email: string;
  active: boolean;
  video: boolean;
  offices: string[];
  practice_areas: number[];
  hours: Record<string, LawyerWeek>;
}

/** Whether the lawyer's hours at one of `offices` hold the whole slot (wall minutes of a weekday). */
export function hoursHold(
  lawyer: Pick<Lawyer, 'hours'>,
  offices: readonly string[],
  weekday: Weekday,
  start: number,
  minutes: number,
): string | null {
  for (const office of offices) {
    for (const w of lawyer.hours[office]?.[weekday] ?? []) {
      const from = minutesOf(w.from);
      const to = minutesOf(w.to);
      if (from !== null && to !== null && from <= start && start + minutes <= to) return office;
    }
  }
  return null;
}

export { WEEKDAYS };
