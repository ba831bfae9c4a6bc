import type { FastifyError, FastifySchema } from 'fastify';
import { z } from 'zod';
import { ACCESS, type Access } from '../../content/roles';

/**
 * The schema every route carries (decision 0026): Fastify reads `params`, `querystring` and `body` (and
 * validates requests with them), the API reference (server/api/docs.ts) reads all of it. Two parts are for
 * the reference only, so Fastify neither parses nor serialises with them: `requestBody` (a multipart body,
 * or JSON the handler checks with a zod schema that carries the spec's messages) and `responses` (Fastify
 * would serialise answers with `response` and drop every key it does not list).
 */
export type Schema = Record<string, unknown>;

declare module 'fastify' {
  interface FastifySchema {
    /** The roles a route allows, or 'public' (decision 0040); every route declares it. */
    roles?: Access;
    /** Left out of the API reference (pages behind emailed links, built client files). */
    hide?: boolean;
  }
}

export interface ApiSchema extends FastifySchema {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  /**
   * Who may call it (decision 0040): the roles allowed, or 'public'. One onRequest guard
   * (registerRoleGuard) answers 401 without a session and 403 to a role not listed; the API reference
   * shows it. A route without it stops the server at start.
   */
  roles: Access;
  /**
   * A route of the signed-in account's own security (My account, its sessions, its password): open while
   * the firm requires two-factor sign-in and the account has none yet (decision 0045).
   */
  ownAccount?: boolean;
  /** [{ session: [] }] on calls that need the administrator's session cookie. */
  security?: Array<Record<string, string[]>>;
  /** Documentation only: the body by content type, when Fastify does not validate it. */
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  /** Documentation only: the answers by status (a bare schema is JSON). */
  responses?: Record<number, Schema>;
  /** The spec's message when Fastify refuses the request by these schemas (else a sentence naming the field). */
  invalid?: string;
}

export const ADMIN = [{ session: [] }];

/** The roles routes declare (content/roles.ts): `roles: ROLES_OF.content`, or PUBLIC. */
export const ROLES_OF = ACCESS;
export const PUBLIC = 'public' as const;

export const str = (description?: string, extra: Schema = {}): Schema => ({ type: 'string', ...(description ? { description } : {}), ...extra });
export const int = (description?: string, extra: Schema = {}): Schema => ({ type: 'integer', ...(description ? { description } : {}), ...extra });
export const bool = (description?: string): Schema => ({ type: 'boolean', ...(description ? { description } : {}) });
export const nullable = (s: Schema): Schema => ({ ...s, type: [s.type as string, 'null'] });
export const arr = (items: Schema, extra: Schema = {}): Schema => ({ type: 'array', items, ...extra });
export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
export const obj = (properties: Record<string, Schema>, required: readonly string[] = [], extra: Schema = {}): Schema => ({
  type: 'object',
  properties,
  ...(required.length ? { required: [...required] } : {}),
  ...extra,
});
export const binary = (description?: string): Schema => str(description, { format: 'binary' });

/** A success answer: the envelope (statusCode, message) and these keys. */
export const ok = (keys: Record<string, Schema> = {}): Schema => ({ allOf: [ref('Envelope'), obj(keys, Object.keys(keys))] });
/** The answers of a JSON call: 200 with these keys, and the envelope on each error status. */
export function answers(keys: Record<string, Schema>, ...errors: number[]): Record<number, Schema> {
  return { 200: ok(keys), ...Object.fromEntries(errors.map((c) => [c, ref('Envelope')])) };
}
/** The 200 of a paged list (PageQuery): `key` always; `total`, `page` and `size` when the call gave `page`. */
export function pagedAnswers(key: string, item: Schema, what: string): Record<number, Schema> {
  const paged = { total: int(`How many ${what} match (with \`page\`)`), page: int('The page (with `page`)'), size: int('The page size (with `page`)') };
  return { 200: { allOf: [ref('Envelope'), obj({ [key]: arr(item), ...paged }, [key])] } };
}
/** A non-JSON success answer (a file, a page) under its media type. */
export const media = (type: string, schema: Schema = binary()): Schema => ({ content: { [type]: { schema } } });

/** A JSON body, as documentation only (the handler validates it). */
export const jsonBody = (schema: Schema, required = true): NonNullable<ApiSchema['requestBody']> => ({
  required,
  content: { 'application/json': { schema } },
});
/** A zod schema as JSON Schema (how its input is sent). */
export function fromZod(schema: z.ZodType): Schema {
  const { $schema: _drop, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Schema;
  return json;
}

export function isZod(s: unknown): s is z.ZodType {
  return !!s && typeof s === 'object' && '_zod' in s;
}

/**
 * A route's `validatorCompiler` for a zod `body`: Fastify validates the body with the zod schema (the
 * handler gets zod's output) and refuses it with its first message (the call's own messages), as a 400.
 */
export function zodCompiler({ schema }: { schema: unknown }) {
  const zs = schema as z.ZodType;
  return (data: unknown) => {
    const r = zs.safeParse(data ?? {});
    return r.success ? { value: r.data } : { error: new Error(zodMessage(r.error)) };
  };
}

/** zod's first message; zod's own English default ('Invalid input: …') becomes a sentence naming the field. */
export function zodMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid.';
  if (!issue.message.startsWith('Invalid input') || !issue.path.length) return issue.message;
  const field = `The field ${issue.path.join('.')}`;
  return issue.message.endsWith('received undefined') ? `${field} is required.` : `${field} is not valid.`;
}

/**
 * An id field of a JSON body: a whole number from 1, or a string of its digits (spaces around allowed).
 * Nothing else is an id: a list (even of one), true, a fraction, an exponent ('1e2'), hex, zero or less.
 * Missing (or null, or blank) answers `message` or '<name> is required.'; anything else `message` or a
 * sentence naming the field.
 */
export function idField(name: string, message?: string) {
  const missing = message ?? `${name} is required.`;
  const notId = message ?? `${name} must be a whole number from 1.`;
  const error = (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null || issue.input === '' ? missing : notId);
  return z
    .union([z.number({ error }).int(notId).min(1, notId).max(Number.MAX_SAFE_INTEGER, notId), z.string({ error }).regex(ID_TEXT, notId)], { error })
    .transform((v, ctx) => {
      const id = Number(typeof v === 'string' ? v.trim() : v);
      if (id >= 1) return id;
      ctx.addIssue({ code: 'custom', message: notId, input: v });
      return z.NEVER;
    });
}
/** An id sent as text: digits only (at most 15, so it stays a safe integer), spaces around allowed. */
export const ID_TEXT = /^\s*\d{1,15}\s*$/;

/** The body of a route whose zod `body` Fastify already validated (zodCompiler): zod's output. */
export function validBody<T extends z.ZodType>(_schema: T, req: { body: unknown }): z.output<T> {
  return req.body as z.output<T>;
}

const PAGE = 'page must be a whole number from 1.';
const SIZE = 'size must be a whole number from 1 to 200.';
/**
 * The query of a server-paged admin list (decision 0030): `page` (from 1; without it the list answers
 * as it did before paging), `size` (default 50, at most 200) and a literal search `q` (see matchesAny).
 * A list adds its own filters with `.extend`.
 */
export const PageQuery = z.object({
  page: z.coerce.number(PAGE).int(PAGE).min(1, PAGE).optional(),
  size: z.coerce.number(SIZE).int(SIZE).min(1, SIZE).max(200, SIZE).default(50),
  q: z.string().trim().max(200, 'The search is too long (at most 200 characters).').optional(),
});

/** An optional `status` filter of a paged list: one of `statuses`, else a 400 naming them. */
export function statusFilter<const T extends readonly [string, ...string[]]>(statuses: T) {
  return z.enum(statuses, `status must be one of ${statuses.join(', ')}.`).optional();
}

/** A route's schema: checks its shape once, here, instead of at every call site. */
export function api(s: ApiSchema): ApiSchema {
  return s;
}

const WHERE: Record<string, string> = { body: 'field', querystring: 'query parameter', params: 'path parameter' };

/**
 * The 400 message of a request Fastify refused by the route's schema: the spec's message of that call
 * (`invalid`), or else one sentence naming the field and what it must be.
 */
export function validationMessage(err: FastifyError, schema: unknown): string {
  const invalid = (schema as Partial<ApiSchema> | undefined)?.invalid;
  if (invalid) return invalid;
  const first = err.validation?.[0];
  if (!first) return err.message || 'The request is not valid.'; // a zod body's own message (zodCompiler)
  const params = first.params as Record<string, unknown>;
  const path = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const name = typeof params.missingProperty === 'string' ? (path ? `${path}.${params.missingProperty}` : params.missingProperty) : path;
  const what = `The ${WHERE[err.validationContext ?? 'body'] ?? 'field'}${name ? ` ${name}` : ''}`;
  switch (first.keyword) {
    case 'required':
      return `${what} is required.`;
    case 'type':
      return `${what} must be ${{ integer: 'a whole number', number: 'a number', string: 'text', boolean: 'true or false', array: 'a list', object: 'an object' }[String(params.type)] ?? `of type ${String(params.type)}`}.`;
    case 'enum':
      return `${what} must be one of ${(params.allowedValues as unknown[]).join(', ')}.`;
    case 'maxLength':
      return `${what} is too long (at most ${String(params.limit)} characters).`;
    case 'minLength':
      return `${what} is too short (at least ${String(params.limit)} characters).`;
    case 'minimum':
    case 'maximum':
      return `${what} must be ${first.keyword === 'minimum' ? 'at least' : 'at most'} ${String(params.limit)}.`;
    case 'additionalProperties':
      return `The ${WHERE[err.validationContext ?? 'body'] ?? 'field'} ${String(params.additionalProperty)} is not known.`;
    default:
      return `${what} is not valid.`;
  }
}
