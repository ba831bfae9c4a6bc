import { minutesOf } from './rules/slots';
import { z } from './zod';

/**
 * An opening window of a day, 'HH:MM' to 'HH:MM' with the end after the start (`HoursWindow` of
 * content/rules/slots.ts), as the firm's booking rules and a lawyer's hours (decision 0067) both take it:
 * `time` is the message of a time that is not one, `order` of an end not after its start.
 */
export function hoursWindowSchema(messages: { time: string; order: string }) {
  const hhmm = z.string().refine((v) => minutesOf(v) !== null, messages.time);
  return z
    .object({ from: hhmm, to: hhmm })
    .refine((w) => (minutesOf(w.to) ?? 0) > (minutesOf(w.from) ?? 0), messages.order);
}
