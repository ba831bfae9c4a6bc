/**
 * The one clock the time rules of intake read (slots, minimum notice, link expiry, reminders, retention).
 * Each process has its own instance on `services.clock`; tests move it by replacing `now`.
 */
export interface Clock {
  now(): Date;
}

export function systemClock(): Clock {
  return { now: () => new Date() };
}
