import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';

/**
 * A fixed-window counter per key (in memory, per process). `hit` counts one event and says whether it
 * is within the limit, and if not, how many seconds until the window ends.
 */
export class WindowLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private lastSweep = 0;

  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {}

  hit(key: string, now = Date.now()): { ok: true } | { ok: false; retryAfterSeconds: number } {
    this.sweep(now);
    let w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    w.count += 1;
    if (w.count <= this.max) return { ok: true };
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((w.start + this.windowMs - now) / 1000)) };
  }

  /** Drops finished windows now and then, so keys that stop coming do not pile up. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [k, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(k);
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Administrator calls that change nothing on the site although they are POSTs, or that are limited on their own. */
const NOT_COUNTED = new Set(['/api/admin/logout', '/api/ai/createai']);

export function tooManyWritesMessage(seconds: number): string {
  return `Too many changes in a short time. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`;
}

/**
 * Limits administrator writes (adds, updates, deletes, uploads, mail) per session: after the role guard
 * and the route's own preHandlers every signed-in write is counted, and one above `perMinute`
 * answers 429 with Retry-After. Must be called before the routes are registered. 0 turns it off.
 */
export function registerAdminWriteLimit(app: FastifyInstance, perMinute: number): void {
  if (perMinute <= 0) return;
  const limiter = new WindowLimiter(perMinute, 60_000);
  const check: preHandlerHookHandler = async function (req: FastifyRequest, reply: FastifyReply) {
    if (!req.admin) return;
    const r = limiter.hit(req.admin.sessionId);
    if (r.ok) return;
    reply.header('retry-after', String(r.retryAfterSeconds));
    return reply.code(429).send({ statusCode: 429, message: tooManyWritesMessage(r.retryAfterSeconds) });
  };
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat().map(String);
    if (!methods.some((m) => WRITES.has(m)) || !route.url.startsWith('/api/') || NOT_COUNTED.has(route.url)) return;
    // Only routes behind the session (decision 0040); the public writes (sign-in, consultation) have their own limits.
    if (route.schema?.roles === 'public') return;
    route.preHandler = [...[route.preHandler ?? []].flat(), check];
  });
}
