import type { Weekday } from '../../content/rules/slots';

/** The English name of each weekday: the lawyers' hours in the admin, schema.org's day names in structured data. */
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};
