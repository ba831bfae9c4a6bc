import type {
  FastifyContextConfig,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
  LogLevel,
  preHandlerHookHandler,
  preSerializationHookHandler,
  preValidationHookHandler,
} from 'fastify';
import { z } from 'zod';
import { ACCESS, type Access } from '../../content/roles';
import { components } from '../../content/zod';
import type { Rule36Kind } from '../../content/rules/rule36';

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

export const str = (description?: string, extra: Schema = {}): Schema => ({
  type: 'string',
  ...(description ? { description } : {}),
  ...extra,
});
export const int = (description?: string, extra: Schema = {}): Schema => ({
  type: 'integer',
  ...(description ? { description } : {}),
  ...extra,
});
export const bool = (description?: string): Schema => ({ type: 'boolean', ...(description ? { description } : {}) });
export const nullable = (s: Schema): Schema => ({ ...s, type: [s.type as string, 'null'] });
export const arr = (items: Schema, extra: Schema = {}): Schema => ({ type: 'array', items, ...extra });
export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
export const obj = (
  properties: Record<string, Schema>,
  required: readonly string[] = [],
  extra: Schema = {},
): Schema => ({
  type: 'object',
  properties,
  ...(required.length ? { required: [...required] } : {}),
  ...extra,
});
export const binary = (description?: string): Schema => str(description, { format: 'binary' });

/** A success answer: the envelope (statusCode, message) and these keys. */
export const ok = (keys: Record<string, Schema> = {}): Schema => ({
  allOf: [ref('Envelope'), obj(keys, Object.keys(keys))],
});
/** A non-JSON success answer (a file, a page) under its media type. */
export const media = (type: string, schema: Schema = binary()): MediaAnswer => ({ content: { [type]: { schema } } });

/** A JSON body, as documentation only (the handler validates it). */
export const jsonBody = (schema: Schema, required = true): NonNullable<ApiSchema['requestBody']> => ({
  required,
  content: { 'application/json': { schema } },
});
/** A zod schema as JSON Schema (how its input is sent). */
export function fromZod(schema: z.ZodType): Schema {
  return zodJson(schema, 'input');
}

/**
 * A zod schema as JSON Schema, the input (how it is sent) or the output (how it is answered); a schema
 * named in `components` (content/zod.ts) inside it is a `$ref` to its component.
 */
export function zodJson(schema: z.ZodType, io: 'input' | 'output'): Schema {
  const root: z.core.$ZodType = schema;
  const { $schema: _drop, ...json } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const name = zodSchema === root ? undefined : components.get(zodSchema)?.name;
      if (!name) return;
      for (const k of Object.keys(jsonSchema)) delete (jsonSchema as Schema)[k];
      Object.assign(jsonSchema, ref(name));
    },
  }) as Schema;
  return json;
}

/**
 * A body Fastify does not parse by a schema (form data with files, or JSON a service reads with the
 * spec's own messages), documented from zod: its media types in the order given, the first the one the
 * spec's client sends.
 */
export function documentedBody(
  content: Record<string, z.ZodType>,
  required = true,
): NonNullable<ApiSchema['requestBody']> {
  return {
    required,
    content: Object.fromEntries(Object.entries(content).map(([type, s]) => [type, { schema: fromZod(s) }])),
  };
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
  const error = (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null || issue.input === '' ? missing : notId;
  return z
    .union(
      [
        z.number({ error }).int(notId).min(1, notId).max(Number.MAX_SAFE_INTEGER, notId),
        z.string({ error }).regex(ID_TEXT, notId),
      ],
      { error },
    )
    .transform((v, ctx) => {
      const id = Number(typeof v === 'string' ? v.trim() : v);
      if (id >= 1) return id;
      ctx.addIssue({ code: 'custom', message: notId, input: v });
      return z.NEVER;
    });
}
/** An id sent as text: digits only (at most 15, so it stays a safe integer), spaces around allowed. */
export const ID_TEXT = /^\s*\d{1,15}\s*$/;

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
  const name =
    typeof params.missingProperty === 'string'
      ? path
        ? `${path}.${params.missingProperty}`
        : params.missingProperty
      : path;
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

// --- One schema per route (decision 0094) ----------------------------------------------------------

/** A documentation-only answer that is not JSON (a file, a page): `media(type)`. */
export type MediaAnswer = { content: Record<string, { schema: Schema }> };
/** A route's answers by status: zod for JSON (documented and checked), or a media answer (documented). */
export type Answers = Record<number, z.ZodType | MediaAnswer>;

/** What a handler may answer: the input of its declared JSON answers, a reply it sent itself, or nothing. */
type AnswerOf<R extends Answers> =
  { [K in keyof R]: R[K] extends z.ZodType ? z.input<R[K]> : never }[keyof R] | FastifyReply | undefined;
type Out<S> = S extends z.ZodType ? z.output<S> : unknown;

/** The typed request of a route: its body, query and params as its zod schemas give them. */
export type RequestOf<B, Q, P> = FastifyRequest<{ Body: Out<B>; Querystring: Out<Q>; Params: Out<P> }>;

/** A page behind an emailed link or a built file: who may call it, and left out of the reference. */
export interface HiddenRoute {
  roles: Access;
  hide: true;
}

export interface RouteDef<
  B extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  P extends z.ZodType | undefined,
  R extends Answers,
> {
  method: HTTPMethods | HTTPMethods[];
  url: string;
  /** What the reference shows and who may call it, with the zod schemas of the request's parts and of the answers. */
  schema: (Omit<ApiSchema, 'body' | 'querystring' | 'params' | 'response' | 'responses'> | HiddenRoute) & {
    body?: B;
    querystring?: Q;
    params?: P;
    response: R;
  };
  preValidation?: preValidationHookHandler | preValidationHookHandler[];
  preHandler?: preHandlerHookHandler | preHandlerHookHandler[];
  config?: FastifyContextConfig;
  bodyLimit?: number;
  /** The least level of the route's own log lines (a scraped endpoint logs only warnings). */
  logLevel?: LogLevel;
  handler: (req: RequestOf<B, Q, P>, reply: FastifyReply) => AnswerOf<R> | Promise<AnswerOf<R>>;
}

/** A JSON answer: the envelope (statusCode, message) and these keys, and nothing else. */
export function answer<const S extends z.ZodRawShape>(keys: S = {} as S) {
  return z.strictObject({ statusCode: z.number().int(), message: z.string(), ...keys });
}
/** The error envelope. */
export const Envelope = answer();
/**
 * The answer of a list read a page at a time: the page's items (one key, named by the list), `total` (all
 * that match) and `page`, then the list's own keys, its page size first (`perPage`; the audit log's `size`).
 */
export function pagedAnswer<const L extends z.ZodRawShape, const M extends z.ZodRawShape>(items: L, more: M) {
  return answer({ ...items, total: z.number().int(), page: z.number().int(), ...more });
}
/** The error answers of a route, each the envelope. */
export function errors(...codes: number[]): Record<number, typeof Envelope> {
  return Object.fromEntries(codes.map((c) => [c, Envelope]));
}

/** Answers are checked against their schemas where CHECK_RESPONSES is on (the tests: vitest.config.ts). */
const checkResponses = () => process.env.CHECK_RESPONSES === '1';

/**
 * A zod answer as the reference shows it: the envelope by reference and the keys beside it. A union of
 * answers (a call that answers one of two shapes) shows the keys of the first, and in `anyOf` that either
 * those are there or the keys of another.
 */
function answerJson(s: z.ZodType): Schema {
  if (s instanceof z.ZodUnion) {
    const [first, ...others] = (s.options as z.ZodType[]).map((o) => answerJson(o).allOf as Schema[] | undefined);
    if (first && others.every(Boolean)) {
      const keys = first[1]!;
      return {
        allOf: [
          first[0]!,
          {
            type: 'object',
            properties: keys.properties,
            anyOf: [{ required: keys.required ?? [] }, ...others.map((o) => o![1]!)],
          },
        ],
      };
    }
  }
  const json = zodJson(s, 'output');
  const props = json.properties as Record<string, Schema> | undefined;
  if (!props || !('statusCode' in props) || !('message' in props)) return json;
  const { statusCode: _s, message: _m, ...rest } = props;
  const required = ((json.required as string[] | undefined) ?? []).filter((k) => k !== 'statusCode' && k !== 'message');
  return Object.keys(rest).length ? { allOf: [ref('Envelope'), obj(rest, required)] } : ref('Envelope');
}

/** The answers of a route as the reference shows them. */
export function answersJson(r: Answers): Record<number, Schema> {
  return Object.fromEntries(Object.entries(r).map(([code, s]) => [code, isZod(s) ? answerJson(s) : s]));
}

/**
 * Registers a route from its one schema (decision 0094): Fastify validates the body, query and params with
 * their zod schemas (zodCompiler: the spec's message or a sentence naming the field), the handler gets
 * zod's output, typed; the reference documents all of it; and where CHECK_RESPONSES is on every JSON answer
 * is checked against the zod schema of its status, so a handler answering a shape its schema does not
 * describe (or a success status it does not declare) fails the request with a 500 naming the difference.
 */
export function route<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  R extends Answers = Answers,
>(app: FastifyInstance, def: RouteDef<B, Q, P, R>): void {
  const { response, ...schema } = def.schema;
  const { handler } = def;
  const zodAnswers = new Map(
    Object.entries(response).flatMap(([code, s]) => (isZod(s) ? [[Number(code), s] as const] : [])),
  );
  const hasParts = schema.body !== undefined || schema.querystring !== undefined || schema.params !== undefined;
  const check: preSerializationHookHandler<unknown> = async (req, reply, payload) => {
    if (!checkResponses()) return payload;
    const status = reply.statusCode;
    const s = zodAnswers.get(status);
    if (!s) {
      if (status < 300 && !(status in response))
        throw new Error(`${req.method} ${def.url} answered ${status}, a status its schema does not declare.`);
      return payload;
    }
    const r = s.safeParse(JSON.parse(JSON.stringify(payload)));
    if (!r.success)
      throw new Error(
        `${req.method} ${def.url} answered ${status} with a shape its schema does not describe: ${z.prettifyError(r.error)}`,
      );
    return payload;
  };
  app.route({
    method: def.method,
    url: def.url,
    schema: { ...schema, responses: answersJson(response) },
    ...(hasParts ? { validatorCompiler: zodCompiler } : {}),
    ...(def.preValidation ? { preValidation: def.preValidation } : {}),
    ...(def.preHandler ? { preHandler: def.preHandler } : {}),
    ...(def.config ? { config: def.config } : {}),
    ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
    ...(def.logLevel ? { logLevel: def.logLevel } : {}),
    preSerialization: check,
    // The validator put zod's output in place of the body, query and params (zodCompiler), so the request
    // is the typed one; this is the one place that says so.
    handler: (req, reply) => handler(req as RequestOf<B, Q, P>, reply),
  });
}

/**
 * A required text field of a JSON body (or query), with the sentences a JSON Schema check gave before
 * (validationMessage): '<The field name> is required.', '… must be text.', '… is too long (at most N characters).'.
 */
export function text(name: string, max?: number, where: 'field' | 'query parameter' = 'field') {
  const what = `The ${where} ${name}`;
  const s = z.string({ error: (i) => (i.input === undefined ? `${what} is required.` : `${what} must be text.`) });
  return max ? s.max(max, `${what} is too long (at most ${max} characters).`) : s;
}

/** A passage the Rule 36 check found (content/rules/rule36.ts). */
export const Finding = z.strictObject({
  rule: z.string(),
  kind: z.enum(['superlative', 'success-claim', 'solicitation', 'comparison', 'client-name'] satisfies Rule36Kind[]),
  excerpt: z.string(),
  start: z
    .number()
    .int()
    .meta({ description: 'Offset of the passage in the text (HTML fields: in their text without tags)' }),
  end: z.number().int(),
  reason: z.string(),
  field: z.string().optional().meta({ description: 'The field of a record the passage is in' }),
});
/** A 409 of a write: the envelope, with the Rule 36 findings when they refused it (decision 0019). */
export const Rule36Refusal = answer({ findings: z.array(Finding).optional(), strict: z.boolean().optional() });

type Where = 'field' | 'query parameter' | 'path parameter';
/** One of `values`, with the sentences validationMessage gave for a JSON Schema enum. */
export function oneOf<const T extends readonly [string, ...string[]]>(name: string, values: T, where: Where = 'field') {
  const what = `The ${where} ${name}`;
  return z.enum(values, {
    error: (i) => (i.input === undefined ? `${what} is required.` : `${what} must be one of ${values.join(', ')}.`),
  });
}
/** A whole number (sent as a number or as its digits, as a query string sends it) between min and max. */
export function wholeNumber(name: string, min: number, max: number | undefined, where: Where = 'field') {
  const what = `The ${where} ${name}`;
  const n = z.coerce
    .number({ error: (i) => (i.input === undefined ? `${what} is required.` : `${what} must be a whole number.`) })
    .int(`${what} must be a whole number.`)
    .min(min, `${what} must be at least ${min}.`);
  return max === undefined ? n : n.max(max, `${what} must be at most ${max}.`);
}
/** A row id in the path: digits (at most 15), else the sentence of a JSON Schema pattern. */
export function idParam(name: string) {
  return z.string().regex(/^[0-9]{1,15}$/, `The path parameter ${name} is not valid.`);
}
/** A row as a content call answers it: the group's declared columns (content/resources). */
export const RowAnswer = z.record(z.string(), z.unknown());

/** The query of a page behind an emailed link: its signed token `t` (anything else is judged as no token). */
export const TokenQuery = z.object({ t: z.string().optional().catch(undefined) });

/** A field of `fieldsBody`: what the reference shows of it. */
export interface FieldDoc {
  type: 'string' | 'integer' | 'boolean' | 'object';
  description?: string;
  format?: string;
  minLength?: number;
  additionalProperties?: boolean;
}
/**
 * The JSON body of a call whose handler (or the service it calls) checks each field itself, with the spec's
 * own messages: the reference shows the fields (`required` those it marks required), the handler gets each
 * one as `unknown`, as `bodyFields` gave them (decision 0096), other keys kept; a body that is not a JSON
 * object has no fields.
 */
export function fieldsBody<const F extends Record<string, FieldDoc>>(
  fields: F,
  required: readonly (keyof F & string)[] = [],
) {
  const shape = Object.fromEntries(
    Object.entries<FieldDoc>(fields).map(([k, doc]) => [
      k,
      z
        .unknown()
        .optional()
        .meta({ ...doc }),
    ]),
  ) as { [K in keyof F]: z.ZodOptional<z.ZodUnknown> };
  return z.preprocess(
    (v) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? v : {}),
    z.looseObject(shape).meta(required.length ? { required: [...required] } : {}),
  );
}
