/**
 * route() (decision 0094): one zod schema per part of a route validates the request, types the handler's
 * input, documents the route and, with CHECK_RESPONSES on (as in every test run), checks each JSON answer.
 */
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answer, answersJson, errors, route } from './route-schema';

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

/** A bare server with one route whose handler answers what `answerWith` gives. */
function serverWith(answerWith: (n: number) => unknown, status = 200) {
  const app = Fastify();
  apps.push(app);
  route(app, {
    method: 'POST',
    url: '/t/:id',
    schema: {
      operationId: 't',
      tags: ['T'],
      summary: 'A test route',
      roles: 'public',
      params: z.object({ id: z.coerce.number().int() }),
      body: z.object({ n: z.number('n must be a number.') }),
      response: { 200: answer({ total: z.number().int() }), ...errors(400) },
    },
    // The handler answers a shape chosen by the test (so an undescribed one can be tried).
    handler: (req, reply) => {
      const n: number = req.body.n + req.params.id; // typed input: no casts
      reply.code(status);
      return answerWith(n) as { statusCode: number; message: string; total: number };
    },
  });
  return app;
}

const post = (app: ReturnType<typeof Fastify>, body: unknown) =>
  app.inject({ method: 'POST', url: '/t/2', payload: body as object });

describe('route()', () => {
  it('validates the request with its zod schemas and hands the handler their typed output', async () => {
    const app = serverWith((n) => ({ statusCode: 200, message: 'ok', total: n }));
    const good = await post(app, { n: 3 });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ statusCode: 200, message: 'ok', total: 5 });
    const bad = await post(app, { n: 'three' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('n must be a number.');
  });

  it('fails an answer with a key its schema does not describe, a missing key or a wrong type', async () => {
    expect(process.env.CHECK_RESPONSES).toBe('1');
    for (const wrong of [
      (n: number) => ({ statusCode: 200, message: 'ok', total: n, extra: true }),
      () => ({ statusCode: 200, message: 'ok' }),
      () => ({ statusCode: 200, message: 'ok', total: 'five' }),
    ]) {
      const res = await post(serverWith(wrong), { n: 3 });
      expect(res.statusCode).toBe(500);
      expect(res.json().message).toMatch(/POST \/t\/:id answered 200 with a shape its schema does not describe/);
    }
  });

  it('fails a success status the schema does not declare', async () => {
    const res = await post(
      serverWith((n) => ({ statusCode: 201, message: 'ok', total: n }), 201),
      { n: 3 },
    );
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toMatch(/answered 201, a status its schema does not declare/);
  });

  it('lets answers through unchecked where CHECK_RESPONSES is off (production)', async () => {
    process.env.CHECK_RESPONSES = '0';
    try {
      const res = await post(
        serverWith(() => ({ statusCode: 200, message: 'ok', extra: true })),
        { n: 3 },
      );
      expect(res.statusCode).toBe(200);
    } finally {
      process.env.CHECK_RESPONSES = '1';
    }
  });

  it('documents a JSON answer as the envelope and its own keys', () => {
    expect(answersJson({ 200: answer({ total: z.number().int() }), ...errors(404) })).toEqual({
      200: {
        allOf: [
          { $ref: '#/components/schemas/Envelope' },
          {
            type: 'object',
            properties: { total: { type: 'integer', minimum: expect.any(Number), maximum: expect.any(Number) } },
            required: ['total'],
          },
        ],
      },
      404: { $ref: '#/components/schemas/Envelope' },
    });
  });
});
