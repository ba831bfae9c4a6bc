import type { FastifyInstance } from 'fastify';
import type { ResourceDef } from '../../content/kit';
import { AD_DISPLAY_TYPES } from '../../content/resources/ads';
import { resources } from '../../content/resources/index';
import { SiteSettingsSchema } from '../../content/settings';
import { SESSION_COOKIE } from '../auth/sessions.server';
import type { Services } from '../services';
import { itemName, itemSchema, rowName, rowSchema } from '../../content/row-schema';
import {
  fromZod,
  int,
  isZod,
  media,
  obj,
  PUBLIC,
  route,
  str,
  zodJson,
  type ApiSchema,
  type Schema,
} from './route-schema';

/**
 * The API reference: an OpenAPI 3.1 document collected from the schemas of the routes the server
 * registered (each route's `schema`: operationId, tags, summary, params, querystring, body and the
 * documentation-only requestBody and responses; see route-schema.ts), served as JSON at /api/docs.json (or
 * /api/docs with Accept: application/json) and as a self-contained HTML page at /api/docs. A route
 * without a schema is not in it, and tests/api/docs.test.ts fails for any such route under /api.
 */

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input: `message` holds the validation message of the specification (section 5), or a sentence naming the field.',
  401: 'Not signed in (no valid session cookie).',
  403: "Refused: the signed-in account's role does not allow this call (see x-roles), or the Origin or Referer names another site.",
  404: 'Unknown id or nothing found.',
  409: 'Refused: other rows still refer to this one, the state does not allow it, or the text has Bar Council of India Rule 36 findings (the message names them).',
  410: 'The link has expired.',
  413: 'A file or the request is too large (UPLOAD_MAX_*_MB).',
  415: 'A file type is not allowed (judged by the content, not the name).',
  429: 'Too many requests; wait and try again (Retry-After).',
  502: 'The mail server refused the message.',
  503: 'The database does not answer.',
  507: 'The server is out of disk space: nothing was saved.',
};

export interface RouteLike {
  method: string;
  url: string;
  config?: unknown;
  schema?: unknown;
}

/** The route's schema when it describes itself (has an operationId). */
export function apiSchemaOf(schema: unknown): ApiSchema | null {
  return schema && typeof schema === 'object' && typeof (schema as Partial<ApiSchema>).operationId === 'string'
    ? (schema as ApiSchema)
    : null;
}

/** Fastify's '/a/:id/b' and '/uploads/*' as OpenAPI paths. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\/\*$/, '/{path}');
}

function parametersOf(schema: unknown, where: 'query' | 'path'): Schema[] {
  const s = (isZod(schema) ? fromZod(schema) : (schema ?? {})) as Schema;
  const props = (s.properties ?? {}) as Record<string, Schema>;
  const required = new Set((s.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, p]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: p,
  }));
}

function operation(r: RouteLike, s: ApiSchema): Schema {
  const method = r.method.toLowerCase();
  const parameters = [...parametersOf(s.params, 'path'), ...parametersOf(s.querystring, 'query')];
  if (r.url.endsWith('/*'))
    parameters.push({ name: 'path', in: 'path', required: true, schema: str('The rest of the stored path') });
  const body = isZod(s.body) ? fromZod(s.body) : (s.body as Schema | undefined);
  const requestBody =
    s.requestBody ?? (body ? { required: true, content: { 'application/json': { schema: body } } } : undefined);
  // What the code implies: the session's 401, the origin check's 403 on writes, the rate limit's 429.
  const signedIn = s.roles !== 'public';
  const implied = [
    ...(signedIn || s.security?.length ? [401] : []),
    ...(method === 'get' && !signedIn ? [] : [403]),
    ...((r.config as { rateLimit?: unknown } | undefined)?.rateLimit ? [429] : []),
    ...(s.body || s.querystring || s.params ? [400] : []),
  ];
  const declared = { ...(s.response as Record<number, Schema> | undefined), ...s.responses };
  const responses: Record<string, Schema> = {};
  for (const code of [...new Set([...Object.keys(declared).map(Number), ...implied])].sort()) {
    const d = declared[code] ?? { $ref: '#/components/schemas/Envelope' };
    responses[String(code)] = {
      description: code < 400 ? 'Success' : (ERROR_TEXT[code] ?? 'Error'),
      ...('content' in d ? d : { content: { 'application/json': { schema: d } } }),
    };
  }
  return {
    tags: s.tags,
    summary: s.summary,
    ...(s.description ? { description: s.description } : {}),
    operationId: s.operationId,
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
    security: signedIn ? [{ session: [] }] : (s.security ?? []),
    // Who may call it (decision 0040): the roles allowed, or 'public'.
    'x-roles': s.roles === 'public' ? 'public' : [...s.roles],
  };
}

/**
 * A row's columns that may be null as `type: [T, 'null']` (zod writes `anyOf: [T, null]` for the ones with
 * a format or an enum), so every column reads as its type in the reference and on the page.
 */
function nullAsType(row: Schema): Schema {
  const props = (row.properties ?? {}) as Record<string, Schema>;
  const flat = Object.entries(props).map(([name, p]) => {
    const [t, n] = (p.anyOf as Schema[] | undefined) ?? [];
    if (!t || !n || n.type !== 'null' || typeof t.type !== 'string' || (p.anyOf as Schema[]).length !== 2)
      return [name, p];
    const { anyOf: _a, ...rest } = p;
    return [name, { ...t, ...rest, type: [t.type, 'null'] }];
  });
  return { ...row, properties: Object.fromEntries(flat) };
}

/** The OpenAPI 3.1 document of the routes the server registered. */
export function buildOpenApi(
  registered: readonly RouteLike[],
  serverUrl: string,
  groups: readonly ResourceDef[] = resources,
): Schema {
  const paths: Record<string, Record<string, Schema>> = {};
  const tags: string[] = [];
  for (const r of registered) {
    const s = apiSchemaOf(r.schema);
    if (!s || r.method === 'HEAD' || r.method === 'OPTIONS') continue;
    (paths[openApiPath(r.url)] ??= {})[r.method.toLowerCase()] = operation(r, s);
    for (const t of s.tags) if (!tags.includes(t)) tags.push(t);
  }
  const schemas: Record<string, Schema> = {
    Envelope: obj(
      {
        statusCode: int('Equal to the HTTP status'),
        message: str('A message for people (the validation message on 400)'),
      },
      ['statusCode', 'message'],
    ),
    SiteSettings: fromZod(SiteSettingsSchema),
  };
  for (const r of groups) {
    schemas[rowName(r)] = nullAsType(zodJson(rowSchema(r), 'output'));
    for (const l of Object.values(r.lists ?? {})) schemas[itemName(l)] = zodJson(itemSchema(l), 'output');
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Law-firm website API',
      version: '1',
      description: [
        'Every call of the specification at /api + its legacy path. Every answer is JSON with `statusCode` (equal to the HTTP status) and `message`; data sits under the key the specification names.',
        'Writes and admin lists need the session cookie from POST /api/admin/adminlogin (401 without it). A state-changing request whose Origin or Referer names another site is refused (403).',
        'Every call names the roles it allows (`x-roles`: admin, editor, intake, or public). admin may use everything; editor the content groups, files, the content lifecycle, the website texts of the settings and the assistant; intake the consultations, the conflict list, data requests, the mail log and sending mail, and the assistant. A signed-in account whose role a call does not allow is answered 403 with a sentence.',
        'Content groups accept JSON or form data on add and update; update merges (absent fields keep their value, blank clears, remove_<file field>=true removes a file). Deleting a row other rows refer to answers 409.',
        `Ad display types: ${AD_DISPLAY_TYPES.join(', ')}. Ad dates are sent as DD/MM/YYYY and returned as YYYY-MM-DD.`,
      ].join('\n\n'),
    },
    servers: [{ url: serverUrl }],
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'Set by POST /api/admin/adminlogin',
        },
      },
    },
  };
}

// --- The readable page -----------------------------------------------------------------------------

const esc = (s: unknown) =>
  String(s ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function typeOf(s: Schema): string {
  if (s.$ref) return String(s.$ref).split('/').pop()!;
  if (s.format === 'binary') return 'file';
  if (s.type === 'array') return `${typeOf((s.items ?? {}) as Schema)}[]`;
  if (s.enum) return (s.enum as string[]).map((v) => JSON.stringify(v)).join(' | ');
  const t = Array.isArray(s.type)
    ? `${s.type.filter((x) => x !== 'null').join('|')} | null`
    : String(s.type ?? 'object');
  return s.format ? `${t} (${String(s.format)})` : t;
}

function fieldsTable(schema: Schema): string {
  const props = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const row = (name: string, s: Schema, req: boolean) =>
    `<tr><td><code>${esc(name)}</code>${req ? ' <span class="req">required</span>' : ''}</td><td>${esc(typeOf(s))}</td><td>${esc(s.description ?? '')}</td></tr>`;
  const rows = [
    ...Object.entries(props).map(([name, s]) => row(name, s, required.has(name))),
    ...Object.entries((schema.patternProperties ?? {}) as Record<string, Schema>).map(([name, s]) =>
      row(name, s, false),
    ),
  ];
  if (!rows.length) return schema.$ref ? `<p>${esc(typeOf(schema))}</p>` : '';
  return `<table><thead><tr><th>field</th><th>type</th><th>notes</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** The keys of a success answer beside statusCode and message. */
function okKeys(res: Schema | undefined): string {
  const content = (res?.content ?? {}) as Record<string, { schema: Schema }>;
  const json = content['application/json']?.schema;
  if (!json) return Object.keys(content).join(', ');
  const props = ((json.allOf as Schema[] | undefined)?.[1]?.properties ?? json.properties ?? {}) as Record<
    string,
    Schema
  >;
  return ['statusCode', 'message', ...Object.keys(props).filter((k) => k !== 'statusCode' && k !== 'message')]
    .map((k) => `<code>${esc(k)}</code>${props[k] ? `: ${esc(typeOf(props[k]))}` : ''}`)
    .join(', ');
}

export function renderHtml(doc: Schema): string {
  const info = doc.info as { title: string; description: string };
  const ops = Object.entries(doc.paths as Record<string, Record<string, Schema>>).flatMap(([p, byMethod]) =>
    Object.entries(byMethod).map(([method, op]) => ({ method, path: p, op })),
  );
  const tags = (doc.tags as { name: string }[]).map((t) => t.name);
  const section = (tag: string) => {
    const items = ops
      .filter((o) => (o.op.tags as string[])[0] === tag)
      .map(({ method, path: p, op }) => {
        const content = ((op.requestBody as Schema | undefined)?.content ?? {}) as Record<string, { schema: Schema }>;
        const body = Object.entries(content)
          .map(
            ([t, { schema }]) =>
              `<h4>Body: ${esc(t)}</h4>${schema.description ? `<p>${esc(schema.description)}</p>` : ''}${fieldsTable(schema)}`,
          )
          .join('');
        const params = ((op.parameters ?? []) as Schema[])
          .map(
            (q) =>
              `<li><code>${esc(q.name)}</code> (${esc(q.in)}): ${esc(typeOf(q.schema as Schema))} ${esc((q.schema as Schema).description ?? '')}</li>`,
          )
          .join('');
        const responses = op.responses as Record<string, Schema>;
        const errors = Object.keys(responses).filter((c) => Number(c) >= 400);
        const roles = op['x-roles'];
        const who = Array.isArray(roles)
          ? ` <span class="lock" title="needs the session cookie of one of these roles">${esc(roles.join(', '))}</span>`
          : ' <span class="pub">public</span>';
        return `<article id="${esc(op.operationId)}">
<h3><span class="m m-${method}">${method.toUpperCase()}</span> <code>${esc(p)}</code>${who} <small>${esc(op.operationId)}</small></h3>
<p>${esc(op.summary)}</p>${op.description ? `<p>${esc(op.description)}</p>` : ''}
${params ? `<ul>${params}</ul>` : ''}${body}
<p class="resp">200: ${okKeys(responses['200'])}${errors.length ? ` · errors: ${errors.join(', ')}` : ''}</p>
</article>`;
      })
      .join('\n');
    return `<section id="${esc(slug(tag))}"><h2>${esc(tag)}</h2>\n${items}</section>`;
  };
  const schemas = (doc.components as { schemas: Record<string, Schema> }).schemas;
  const components = Object.entries(schemas)
    .map(
      ([name, s]) =>
        `<section id="schema-${esc(slug(name))}"><h3>${esc(name)}</h3>${s.description ? `<p>${esc(s.description)}</p>` : ''}${fieldsTable(s)}</section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(info.title)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1d2b44;display:flex}
nav{position:sticky;top:0;height:100vh;overflow:auto;min-width:15rem;padding:1rem;background:#f4f1ea;box-sizing:border-box}
nav a{display:block;color:#1d2b44;text-decoration:none;padding:.1rem 0}main{padding:1rem 2rem;max-width:70rem}
h2{border-bottom:2px solid #c9a45c;padding-top:1rem}article{border:1px solid #ddd;border-radius:6px;padding:.2rem 1rem;margin:1rem 0}
.m{font-weight:700;padding:0 .4rem;border-radius:4px;color:#fff;font-size:.85em}small{color:#666;font-weight:400}
.m-get{background:#2e7d32}.m-post{background:#1565c0}.m-put{background:#6a1b9a}.m-delete{background:#b00020}
.lock{background:#c9a45c;color:#1d2b44;border-radius:4px;padding:0 .4rem;font-size:.8em}.pub{color:#666;font-size:.8em}
.req{color:#b00020;font-size:.8em}table{border-collapse:collapse;width:100%;margin:.5rem 0}td,th{border:1px solid #ddd;padding:.2rem .5rem;text-align:left;vertical-align:top}
code{font-family:ui-monospace,monospace}.resp{color:#444}
</style></head><body>
<nav><strong>${esc(info.title)}</strong><p><a href="/api/docs.json">OpenAPI JSON</a></p>${tags.map((t) => `<a href="#${esc(slug(t))}">${esc(t)}</a>`).join('')}<a href="#schemas">Schemas</a></nav>
<main><h1>${esc(info.title)}</h1>${info.description
    .split('\n\n')
    .map((p) => `<p>${esc(p)}</p>`)
    .join('')}
${tags.map(section).join('\n')}
<h2 id="schemas">Schemas</h2>${components}
</main></body></html>`;
}

const docJson = { type: 'object', description: 'An OpenAPI 3.1 document' };

/** GET /api/docs (HTML, or JSON when asked for) and GET /api/docs.json. */
export function registerDocsRoutes(
  app: FastifyInstance,
  services: Services,
  routes: readonly RouteLike[],
  groups: readonly ResourceDef[] = resources,
): void {
  let cached: { doc: Schema; html: string } | null = null;
  const get = () => {
    if (!cached) {
      const doc = buildOpenApi(routes, services.config.publicUrl, groups);
      cached = { doc, html: renderHtml(doc) };
    }
    return cached;
  };
  const tags = ['Service'];
  route(app, {
    method: 'GET',
    url: '/api/docs.json',
    schema: {
      operationId: 'getApiReference',
      tags,
      roles: PUBLIC,
      summary: 'This reference as an OpenAPI 3.1 document',
      response: { 200: media('application/json', docJson) },
    },
    handler: async (_req, reply) => reply.send(get().doc),
  });
  route(app, {
    method: 'GET',
    url: '/api/docs',
    schema: {
      operationId: 'getApiReferencePage',
      tags,
      roles: PUBLIC,
      summary: 'This reference as an HTML page (the OpenAPI JSON with Accept: application/json)',
      response: { 200: { content: { 'text/html': { schema: str() }, 'application/json': { schema: docJson } } } },
    },
    handler: async (req, reply) => {
      const accept = String(req.headers.accept ?? '');
      if (/application\/(json|openapi\+json)/.test(accept) && !accept.includes('text/html'))
        return reply.send(get().doc);
      return reply
        .type('text/html; charset=utf-8')
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        )
        .send(get().html);
    },
  });
}
