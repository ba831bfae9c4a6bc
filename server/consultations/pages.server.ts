import type { FastifyInstance, FastifyReply } from 'fastify';
import type { JsonObject } from '../../content/json';
import type { SiteSettings } from '../../content/settings';
import { media, PUBLIC, route, TokenQuery } from '../api/route-schema';
import { readBody } from '../files/multipart';
import { AppError } from '../lib/errors';
import type { Services } from '../services';
import { escapeHtml } from '../mail/templates.server';
import { translator } from './catalogs/index';

/**
 * The small pages behind the links of intake mails (decide, manage, data rights): plain server HTML with
 * forms that work without JavaScript, never cached, never indexed, no referrer (the link carries a token).
 */
export function sendPage(
  reply: FastifyReply,
  status: number,
  title: string,
  body: string,
  settings: SiteSettings,
  lang = 'en',
): FastifyReply {
  const html = `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>${escapeHtml(title)} | ${escapeHtml(settings.firmName)}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1d2b44;background:#f5f6f8;line-height:1.5}
header{background:#1d2b44;color:#fff;padding:14px 20px}header a{color:#fff;text-decoration:none;font-weight:600}
main{max-width:640px;margin:32px auto;background:#fff;border-radius:8px;padding:24px 28px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
h1{font-size:1.5rem;margin-top:0}dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px}dt{font-weight:600}dd{margin:0}
button,.btn{display:inline-block;border:0;border-radius:4px;padding:10px 18px;font-size:1rem;cursor:pointer;background:#1d2b44;color:#fff;text-decoration:none;margin:4px 8px 4px 0}
.ok{background:#198754}.danger{background:#b02a37}.muted{background:#6c757d}
label{display:block;font-weight:600;margin-top:12px}textarea,select,input{width:100%;box-sizing:border-box;padding:8px;font-size:1rem;border:1px solid #ccd;border-radius:4px;margin-top:4px}
.note{color:#555;font-size:.9rem}.alert{border-left:4px solid #b02a37;background:#fbecee;padding:8px 12px}.done{border-left:4px solid #198754;background:#e9f6ef;padding:8px 12px}
</style></head><body><header><a href="/">${escapeHtml(settings.firmName)}</a></header><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'private, no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-robots-tag', 'noindex')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    )
    .send(html);
}

/**
 * A page behind a signed link and the form it posts (decision 0094): GET reads the token `t` of the query,
 * POST the fields of the form (multipart, or JSON; no file is kept). Public (the link is the authority) and
 * left out of the reference.
 */
export function linkPage(
  app: FastifyInstance,
  services: Services,
  url: string,
  show: (reply: FastifyReply, token: unknown) => Promise<FastifyReply>,
  post: (reply: FastifyReply, fields: JsonObject) => Promise<FastifyReply>,
): void {
  const response = { 200: media('text/html') };
  route(app, {
    method: 'GET',
    url,
    schema: { roles: PUBLIC, hide: true, querystring: TokenQuery, response },
    handler: async (req, reply) => show(reply, req.query.t),
  });
  route(app, {
    method: 'POST',
    url,
    schema: { roles: PUBLIC, hide: true, response },
    handler: async (req, reply) => {
      const body = await readBody(req, services.files.tmpDir, 1);
      await body.cleanup();
      return post(reply, body.fields);
    },
  });
}

export function officePhones(settings: SiteSettings): string {
  return settings.phones
    .map((p) => `<a href="tel:${escapeHtml(p.replace(/[^+\d]/g, ''))}">${escapeHtml(p)}</a>`)
    .join(', ');
}

export { escapeHtml };

/**
 * The Book Consultation form posted by a browser without JavaScript: the request is stored exactly as the
 * JSON call stores it, and the visitor gets a page with the outcome (a refusal keeps its message and status).
 */
export async function formAnswer(
  reply: FastifyReply,
  services: Services,
  store: () => Promise<string>,
  locale?: unknown,
): Promise<FastifyReply> {
  const settings = await services.settings.get();
  // The visitor's language (decision 0071): its pages live under /ml/…, English at the spec's paths.
  const tr = translator(locale);
  const home = tr.locale === 'en' ? '/' : `/${tr.locale}/`;
  try {
    const reference = await store();
    return sendPage(
      reply,
      200,
      tr.t('form.receivedTitle'),
      `<p class="done">${tr.h('form.received', { reference })}</p><p><a href="${home}">${tr.h('form.home')}</a></p>`,
      settings,
      tr.lang,
    );
  } catch (err) {
    if (err instanceof AppError && err.statusCode < 500) {
      return sendPage(
        reply,
        err.statusCode,
        tr.t('form.checkTitle'),
        `<p class="alert">${escapeHtml(err.message)}</p><p><a href="${home}book-consultation">${tr.h('form.back')}</a></p>`,
        settings,
        tr.lang,
      );
    }
    throw err;
  }
}
