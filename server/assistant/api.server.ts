import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Assistant } from './index.server';
import { SESSION_COOKIE } from '../auth/sessions.server';
import { nowIso } from '../db/index';
import { AppError } from '../lib/errors';
import type { Services } from '../services';
import { mayUse } from '../../content/roles';
import { requireAdmin } from '../api/auth-hooks';
import { ADMIN, ROLES_OF, answers, api, arr, jsonBody, obj, str } from '../api/route-schema';

export const MAX_PROMPT = 2000;
const HISTORY_LIMIT = 200;

declare module 'fastify' {
  interface FastifyInstance {
    /** The admin assistant (tests set its clock). */
    assistant: Assistant;
  }
}

/** The spec's chat calls: history of the signed-in administrator, and a new exchange (stored). */
export function registerAiRoutes(app: FastifyInstance, services: Services): void {
  const db = services.store.db;
  const admin = requireAdmin(services);
  const assistant = new Assistant(services, { llm: services.config.ai, log: services.log });
  app.decorate('assistant', assistant);

  const tags = ['Assistant'];
  const history = api({
    operationId: 'getAiChat',
    tags,
    summary: 'Chat history of the signed-in administrator',
    roles: ROLES_OF.staff,
    security: ADMIN,
    responses: answers({ history: arr(obj({ prompt: str(), response: str() }, ['prompt', 'response'])) }),
  });
  app.get('/api/ai/getaichat', { preHandler: admin, schema: history }, async (req) => {
    const rows = await db
      .selectFrom('chat_messages')
      .select(['chat_id', 'prompt', 'response'])
      .where('admin_id', '=', req.admin!.adminId)
      .orderBy('chat_id', 'desc')
      .limit(HISTORY_LIMIT)
      .execute();
    return {
      statusCode: 200,
      message: 'Chat history fetched successfully',
      history: rows.reverse().map((r) => ({ prompt: String(r.prompt), response: String(r.response) })),
    };
  });

  app.post(
    '/api/ai/createai',
    {
      preHandler: admin,
      schema: api({
        operationId: 'createAi',
        tags,
        summary: 'Ask the assistant; the exchange is stored in the history',
        roles: ROLES_OF.staff,
        security: ADMIN,
        requestBody: jsonBody(obj({ prompt: str(`The question (not blank, at most ${MAX_PROMPT} characters)`, { maxLength: MAX_PROMPT }) }, ['prompt'])),
        responses: answers({ response: str('The answer') }, 400),
      }),
      config: {
        rateLimit: {
          max: 30,
          timeWindow: '1 minute',
          keyGenerator: (req: FastifyRequest) => `ai:${req.cookies?.[SESSION_COOKIE] ?? req.ip}`,
        },
      },
    },
    async (req) => {
      const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
      const prompt = typeof body.prompt === 'string' ? body.prompt.trim() : '';
      if (!prompt) throw new AppError(400, 'Please enter a question.');
      if (prompt.length > MAX_PROMPT)
        throw new AppError(400, `Please keep the question under ${MAX_PROMPT} characters.`);
      // Consultation requests are shown only to roles that may use them (decision 0040).
      const { response } = await assistant.reply(prompt, { consultations: mayUse(req.admin!.role, 'intake') });
      await db
        .insertInto('chat_messages')
        .values({ admin_id: req.admin!.adminId, prompt, response, created_at: nowIso() })
        .execute();
      return { statusCode: 200, message: 'Response generated successfully', response };
    },
  );
}
