import type { FastifyInstance } from 'fastify';
import { PRIVATE_NO_STORE } from '../cdn/keys';

/**
 * What shared caches may keep (decision 0047). Public pages and the public list calls set their own
 * `Cache-Control: public, …` with their surrogate keys (built once per cache entry; cache hits answered
 * before Fastify never reach this hook), and built assets and uploaded files theirs. Every other answer
 * (admin calls and pages, preview links, the client link pages, private files, errors) gets
 * `private, no-store` unless it already says otherwise, and an answer that sets a cookie is always
 * `private, no-store`: no cache may hand one visitor's cookie to another.
 */
export function registerCacheControl(app: FastifyInstance): void {
  app.addHook('onSend', async (_req, reply) => {
    if (reply.hasHeader('set-cookie')) {
      reply.header('cache-control', PRIVATE_NO_STORE);
      reply.removeHeader('surrogate-key');
      reply.removeHeader('cache-tag');
    } else if (!reply.hasHeader('cache-control')) {
      reply.header('cache-control', PRIVATE_NO_STORE);
    }
  });
}
