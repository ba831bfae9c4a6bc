import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * Request ids (decision 0053). An incoming `X-Request-Id` is kept when it is sane (1–128 letters, digits
 * and `._:@-`, as nginx's `$request_id`, a load balancer's or a UUID are), else a random UUID is made.
 * The id is answered in `X-Request-Id`, is Fastify's `req.id` (so every log line of the request carries
 * it as `reqId`) and is stored with the audit entries and outbox messages the request writes, so one
 * visitor's booking can be followed across instances.
 */
const SANE = /^[A-Za-z0-9._:@-]{1,128}$/;

export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && SANE.test(header) ? header : randomUUID();
}

/** The id of the request whose handling is under way (set around Fastify's handler). */
export const requestContext = new AsyncLocalStorage<string>();

export function currentRequestId(): string | null {
  return requestContext.getStore() ?? null;
}
