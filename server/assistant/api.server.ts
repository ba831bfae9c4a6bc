import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Assistant } from './index.server';
import { SESSION_COOKIE } from '../auth/sessions.server';
import { nowIso } from '../db/index';
import { AppError } from '../lib/errors';
import type { Services } from '../services';
import { mayUse } from '../../content/roles';
import { requireAdmin } from '../api/auth-hooks';
import { z } from 'zod';
import { ADMIN, ROLES_OF, answer, errors, route } from '../api/route-schema';

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
  route(app, {
    method: 'GET',
    url: '/api/ai/getaichat',
    preHandler: admin,
    schema: {
      operationId: 'getAiChat',
      tags,
      summary: 'Chat history of the signed-in administrator',
      roles: ROLES_OF.staff,
      security: ADMIN,
      response: {
        200: answer({ history: z.array(z.strictObject({ prompt: z.string(), response: z.string() })) }),
        ...errors(401, 403),
      },
    },
    handler: async (req) => {
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
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/ai/createai',
    preHandler: admin,
    schema: {
      operationId: 'createAi',
      tags,
      summary: 'Ask the assistant; the exchange is stored in the history',
      roles: ROLES_OF.staff,
      security: ADMIN,
      // Anything but text is no question: the spec's message, as for a blank one.
      body: z.object({
        prompt: z
          .string()
          .optional()
          .catch(undefined)
          .meta({ description: `The question (not blank, at most ${MAX_PROMPT} characters)`, maxLength: MAX_PROMPT }),
      }),
      invalid: 'Please enter a question.',
      response: {
        200: answer({ response: z.string().meta({ description: 'The answer' }) }),
        ...errors(400, 401, 403, 429),
      },
    },
    config: {
      rateLimit: {
        max: 30,
        timeWindow: '1 minute',
        keyGenerator: (req: FastifyRequest) => `ai:${req.cookies?.[SESSION_COOKIE] ?? req.ip}`,
      },
    },
    handler: async (req) => {
      const prompt = req.body.prompt?.trim() ?? '';
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
  });
}
