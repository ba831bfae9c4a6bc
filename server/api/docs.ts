import type { FastifyInstance } from 'fastify';
import type { FieldDef, FileFieldDef, ResourceDef } from '../../content/kit';
import { DEFAULT_FORMATS } from '../../content/kit';
import { AD_DISPLAY_TYPES } from '../../content/resources/ads';
import { apiPath, groupOf, resourceByKey, resources } from '../../content/resources/index';
import { RULE36_CHECKED_FIELDS } from '../../content/rules/rule36';
import { SESSION_COOKIE } from '../auth/sessions.server';
import { FORMAT_MIME } from '../files/check';
import { MAIL_STATUSES } from '../mail/outbox.server';
import type { Services } from '../services';

/**
 * The API reference: an OpenAPI 3.1 document built from the content declarations (content/resources)
 * plus a catalogue of the special calls, served as JSON at /api/docs.json (or /api/docs with
 * Accept: application/json) and as a self-contained HTML page at /api/docs.
 *
 * Only routes the server really registered are described. A registered /api route missing from the
 * catalogue still appears, marked `x-undocumented` (and a test fails until it is described here).
 */

type Schema = Record<string, unknown>;
type Method = 'get' | 'post' | 'put' | 'delete';

interface Op {
  method: Method;
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** Needs the administrator's session cookie. */
  admin: boolean;
  /** Request bodies by content type. */
  body?: { json?: Schema; multipart?: Schema; required?: boolean; primary?: 'json' | 'multipart' };
  query?: Record<string, Schema>;
  params?: Record<string, Schema>;
  /** Keys of the success body beside statusCode and message. */
  ok?: Record<string, Schema>;
  /** A success answer that is not the JSON envelope (files, the HTML page). */
  okContent?: Record<string, Schema>;
  errors: number[];
  undocumented?: boolean;
}

const str = (description?: string, extra: Schema = {}): Schema => ({ type: 'string', ...(description ? { description } : {}), ...extra });
const int = (description?: string): Schema => ({ type: 'integer', ...(description ? { description } : {}) });
const nullable = (s: Schema): Schema => ({ ...s, type: [s.type as string, 'null'] });
const obj = (properties: Record<string, Schema>, required: string[] = [], extra: Schema = {}): Schema => ({
  type: 'object',
  properties,
  ...(required.length ? { required } : {}),
  ...extra,
});
const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const arr = (items: Schema): Schema => ({ type: 'array', items });

/** How the publish check (issue 16) shows in the reference of the groups it checks. */
const RULE36_NOTE =
  'Visitor-facing text with Bar Council of India Rule 36 findings answers 409 with `findings` (see checkCompliance) and a `message` naming them, and changes nothing, unless the body also carries `override_reason` (kept in the audit log with the findings). In strict Rule 36 mode it answers 409 whatever the reason.';

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input: `message` holds the validation message of the specification (section 5).',
  401: 'Not signed in (no valid session cookie).',
  403: 'Refused: the Origin or Referer names another site.',
  404: 'Unknown id or nothing found.',
  409: 'Refused: other rows still refer to this one, or the text has Bar Council of India Rule 36 findings (the message names them).',
  413: 'A file or the request is too large (UPLOAD_MAX_*_MB).',
  415: 'A file type is not allowed (judged by the content, not the name).',
  429: 'Too many requests; wait and try again (Retry-After).',
  502: 'The mail server refused the message.',
  507: 'The server is out of disk space: nothing was saved.',
};

// --- Schemas of the content declarations -----------------------------------------------------------

/** A field as it is sent (`in`) or returned (`out`). */
function fieldSchema(def: FieldDef, dir: 'in' | 'out'): Schema {
  const d = def.label;
  switch (def.type) {
    case 'text':
    case 'longtext':
      return str(d, def.max ? { maxLength: def.max } : {});
    case 'html':
      return str(`${d} (rich HTML; sanitised: scripts, event handlers and javascript: URLs are dropped)`, {
        contentMediaType: 'text/html',
        ...(def.max ? { maxLength: def.max } : {}),
      });
    case 'int':
      return { type: 'integer', minimum: 0, maximum: 1_000_000, description: d };
    case 'ref': {
      const target = groupOf(def.ref!);
      return { type: 'integer', minimum: 1, description: `${d}: a \`${target.id}\` of ${target.admin.title}` };
    }
    case 'date':
      return str(`${d} (YYYY-MM-DD)`, { format: 'date' });
    case 'dmy':
      return dir === 'in'
        ? str(`${d}, sent as DD/MM/YYYY (returned as YYYY-MM-DD)`, { pattern: '^\\d{1,2}/\\d{1,2}/\\d{4}$', examples: ['31/12/2030'] })
        : str(`${d} (YYYY-MM-DD)`, { format: 'date' });
    case 'time':
      return str(`${d} (HH:MM, 24 h)`, { pattern: '^\\d{1,2}:\\d{2}$' });
    case 'enum':
      return { type: 'string', enum: [...(def.values ?? [])], description: `${d} (case-insensitive on input)` };
  }
  return str(d);
}

function fileSchema(def: FileFieldDef): Schema {
  const formats = def.formats ?? DEFAULT_FORMATS[def.kind];
  return {
    type: 'string',
    format: 'binary',
    contentMediaType: [...new Set(formats.map((f) => FORMAT_MIME[f]))].join(', '),
    description: `${def.label}: a file (${formats.join(', ')}), checked by its content`,
  };
}

const SPEAKER_SCHEMA = obj({
  speaker_name: str('Name'),
  designation: str('Designation'),
  date: str('Date (YYYY-MM-DD) or empty'),
  from_time: str('From (HH:MM) or empty'),
  to_time: str('To (HH:MM) or empty'),
  image: str('Stored path of the photo, or empty. Sending the stored path back keeps the photo.'),
});

function rowSchema(r: ResourceDef): Schema {
  const props: Record<string, Schema> = { [r.id]: int(`Id of the ${r.label.toLowerCase()}`) };
  if (r.key === 'ads') props.id = int('The same as ads_id (the public client reads `id`)');
  for (const [name, def] of Object.entries(r.fields)) props[name] = nullable(fieldSchema(def, 'out'));
  for (const [name, def] of Object.entries(r.files)) {
    props[name] = nullable(str(`${def.label}: stored path under uploads/, served at /<path>`));
  }
  for (const j of r.joins ?? []) {
    for (const c of j.columns) props[c] = nullable(str(`From ${groupOf(j.ref).admin.title} (read-only)`));
  }
  if (r.key === 'event') props.speakers = arr(ref('Speaker'));
  props.created_at = str('When the row was added (ISO 8601)', { format: 'date-time' });
  props.updated_at = str('When the row last changed (ISO 8601)', { format: 'date-time' });
  return obj(props, Object.keys(props));
}

const rowName = (r: ResourceDef) => `${r.key[0]!.toUpperCase()}${r.key.slice(1)}`;

function writeBody(r: ResourceDef, mode: 'add' | 'update'): NonNullable<Op['body']> {
  const fields: Record<string, Schema> = {};
  if (mode === 'update') fields[r.id] = int(`Which ${r.label.toLowerCase()} to change (required)`);
  for (const [name, def] of Object.entries(r.fields)) fields[name] = fieldSchema(def, 'in');
  if (r.key === 'event') {
    fields.speakers = str(
      'The speakers as a JSON string: a list of {speaker_name, designation, date, from_time, to_time, image}. Entirely empty rows are dropped. On update, absent means "keep the speakers".',
      { contentMediaType: 'application/json', contentSchema: arr(ref('Speaker')) },
    );
  }
  const files: Record<string, Schema> = {};
  for (const [name, def] of Object.entries(r.files)) {
    files[name] = fileSchema(def);
    if (mode === 'update') {
      fields[`remove_${name}`] = { type: 'string', enum: ['true', '1', 'yes'], description: `Removes the stored ${def.label.toLowerCase()}` };
    }
  }
  const required = mode === 'update' ? [r.id] : [];
  const merge =
    mode === 'update' ? ' A field absent from the body keeps its stored value; a field sent blank is cleared.' : '';
  const json = obj(fields, required, { description: `JSON body (no files).${merge}` });
  const hasFiles = Object.keys(files).length > 0 || r.key === 'event';
  if (!hasFiles) {
    const multipart = obj(fields, required, { description: `Also accepted as form data.${merge}` });
    return { json, multipart, required: true, primary: r.body };
  }
  const multipart = obj({ ...fields, ...files }, required, {
    description: `Form data with files.${merge}`,
    ...(r.key === 'event'
      ? { patternProperties: { '^speaker_image_\\d+$': fileSchema({ kind: 'image', label: 'Photo of speaker i (index in `speakers`)', accept: 'image/*' }) } }
      : {}),
  });
  return { multipart, json, required: true, primary: r.body };
}

/** Groups whose rows point at r: deleting a row they use answers 409. */
function dependents(r: ResourceDef): ResourceDef[] {
  return resources.filter((d) => Object.values(d.fields).some((f) => f.type === 'ref' && f.ref === r.key));
}

/** 'an event', 'a case category', 'an FAQ'. */
function aName(r: ResourceDef): string {
  const n = r.label === r.label.toUpperCase() ? r.label : r.label[0]!.toLowerCase() + r.label.slice(1);
  return `${/^[aeiouAEIOUF]/.test(n) && !/^u[a-z]/.test(n) ? 'an' : 'a'} ${n}`;
}

function resourceOps(r: ResourceDef): Op[] {
  const tag = r.admin.title;
  const row = ref(rowName(r));
  const files = Object.keys(r.files).length > 0 || r.key === 'event';
  const writeErrors = [400, 401, 403, ...(files ? [413, 415] : [])];
  const rule36 = !!RULE36_CHECKED_FIELDS[r.key];
  const ops: Op[] = [
    {
      method: 'get',
      path: apiPath(r, 'list'),
      tag,
      summary: `All ${tag.toLowerCase()} (${r.order === 'desc' ? 'newest first' : 'oldest first'})`,
      admin: !!r.adminList,
      ok: { [r.keys.list]: arr(row) },
      errors: r.adminList ? [401] : [],
    },
    {
      method: 'post',
      path: apiPath(r, 'add'),
      tag,
      summary: `Add ${aName(r)}`,
      admin: true,
      body: writeBody(r, 'add'),
      ok: { [r.keys.add]: row },
      ...(rule36 ? { description: RULE36_NOTE } : {}),
      errors: [...writeErrors, ...(rule36 ? [409] : [])],
    },
  ];
  for (const method of ['post', 'put'] as const) {
    ops.push({
      method,
      path: apiPath(r, 'update'),
      tag,
      summary: `Update ${aName(r)} (merges: absent fields keep their value)`,
      description: `Without \`${r.id}\` the answer is 400 "${r.missingIdMessage}".${rule36 ? ` ${RULE36_NOTE}` : ''}`,
      admin: true,
      body: writeBody(r, 'update'),
      ok: { [r.keys.update]: row },
      errors: [...writeErrors, 404, ...(rule36 ? [409] : [])],
    });
  }
  const deps = dependents(r);
  for (const method of ['post', 'delete'] as const) {
    ops.push({
      method,
      path: apiPath(r, 'delete'),
      tag,
      summary: `Delete ${aName(r)} and its files`,
      description: deps.length
        ? `Refused with 409 while ${deps.map((d) => d.admin.title).join(' or ')} still refer to it.`
        : undefined,
      admin: true,
      body: { json: obj({ [r.id]: int() }, [r.id]), required: method === 'post' },
      ...(method === 'delete' ? { query: { [r.id]: int('The id, when no body is sent') } } : {}),
      errors: [400, 401, 403, 404, ...(deps.length ? [409] : [])],
    });
  }
  return ops;
}

// --- The special calls ---------------------------------------------------------------------------

function specialOps(): Op[] {
  const about = resourceByKey.about;
  const cases = resourceByKey.cases;
  const caseDetails = resourceByKey.caseDetails;
  const blog = resourceByKey.blog;
  return [
    { method: 'get', path: '/api/health', tag: 'Service', summary: 'Health check: 200 once the database answers', admin: false, ok: { database: str('sqlite or postgres') }, errors: [503] },
    { method: 'get', path: '/api/docs', tag: 'Service', summary: 'This reference as an HTML page (JSON with Accept: application/json)', admin: false, okContent: { 'text/html': str() }, errors: [] },
    { method: 'get', path: '/api/docs.json', tag: 'Service', summary: 'This reference as an OpenAPI 3.1 document', admin: false, okContent: { 'application/json': { type: 'object' } }, errors: [] },

    {
      method: 'post',
      path: '/api/admin/adminlogin',
      tag: 'Administrator session',
      summary: 'Sign in: sets the HttpOnly, SameSite=Strict session cookie',
      description: 'Missing fields answer 400 "Both fields are required."; repeated failures lock the account for a while (429).',
      admin: false,
      body: { json: obj({ email: str('Email', { format: 'email' }), password: str('Password') }, ['email', 'password']), required: true },
      ok: { admin: obj({ email: str('The administrator signed in', { format: 'email' }) }, ['email']) },
      errors: [400, 401, 403, 429],
    },
    { method: 'post', path: '/api/admin/logout', tag: 'Administrator session', summary: 'Sign out: ends the session on the server', admin: false, errors: [403] },
    { method: 'get', path: '/api/admin/me', tag: 'Administrator session', summary: 'The signed-in administrator', admin: true, ok: { admin: obj({ email: str() }, ['email']) }, errors: [401] },
    {
      method: 'get',
      path: '/api/admin/counts',
      tag: 'Administrator session',
      summary: 'Row counts for the dashboard: one per content group (by key), plus newConsultations',
      admin: true,
      ok: { counts: { type: 'object', additionalProperties: { type: 'integer' } } },
      errors: [401],
    },

    { method: 'get', path: '/api/settings/getsettings', tag: 'Site settings', summary: "The firm's details shown on every page", admin: false, ok: { settings: ref('SiteSettings') }, errors: [] },
    {
      method: 'post',
      path: '/api/settings/updatesettings',
      tag: 'Site settings',
      summary: 'Replace the whole settings document (or send it as {settings})',
      description: `The tagline, founder quote and legal-team texts are checked like content. ${RULE36_NOTE}`,
      admin: true,
      body: { json: ref('SiteSettings'), required: true },
      ok: { settings: ref('SiteSettings') },
      errors: [400, 401, 403, 409],
    },

    {
      method: 'get',
      path: `/api${about.base}/getRecentAboutImage`,
      tag: about.admin.title,
      summary: 'The most recent about image (public)',
      admin: false,
      ok: { about: ref(rowName(about)) },
      errors: [404],
    },
    {
      method: 'post',
      path: `/api${cases.base}/getcasesByCategory`,
      tag: cases.admin.title,
      summary: 'The cases of one category (public). An empty list comes with the warning "No case titles available for selected category."',
      admin: false,
      body: { json: obj({ case_category_id: int('A case category id (number)') }, ['case_category_id']), required: true },
      ok: { cases: arr(ref(rowName(cases))) },
      errors: [400],
    },
    {
      method: 'post',
      path: `/api${caseDetails.base}/getCasedetailsByCaseId`,
      tag: caseDetails.admin.title,
      summary: 'The details of one case (public); the client uses the first item',
      admin: false,
      body: { json: obj({ case_id: str('A case id (a string of digits; a number is accepted too)', { pattern: '^\\d+$' }) }, ['case_id']), required: true },
      ok: { case: arr(ref(rowName(caseDetails))) },
      errors: [400, 404],
    },
    {
      method: 'post',
      path: `/api${blog.base}/getblogByid`,
      tag: blog.admin.title,
      summary: 'One blog (public); 404 "Blog not found"',
      admin: false,
      body: { json: obj({ blog_id: int() }, ['blog_id']), required: true },
      ok: { blog: ref(rowName(blog)) },
      errors: [400, 404],
    },

    {
      method: 'post',
      path: '/api/mail/contact',
      tag: 'Mail and consultations',
      summary: 'Book a consultation (public, rate-limited). The answer carries success.',
      admin: false,
      body: {
        multipart: obj(
          {
            name: str('Name'),
            email: str('Email', { format: 'email' }),
            contactNumber: str('Contact number'),
            LegalIssueSummary: str('Legal issue summary'),
            datetime: str('Preferred date and time'),
            document: { type: 'string', format: 'binary', description: 'Optional document' },
            consent: str(
              "Optional. The checkbox 'I understand that submitting this form does not create a lawyer–client relationship' (required on the site's own form): 'true', 'on' or '1' stores the time it was given as consent_at. Left out (or blank), the request is stored with no consent recorded ('Consent: not recorded' in the inbox and the firm's mail). Any other value (false, off, 0, no) answers 400 \"Please confirm that you understand this form does not create a lawyer–client relationship.\".",
            ),
            website: str(
              'Honeypot: hidden from people, leave it empty. A request with a value here is answered like a success (with a reference) but nothing is stored or mailed.',
              { maxLength: 0 },
            ),
          },
          ['name', 'email', 'contactNumber', 'LegalIssueSummary', 'datetime'],
        ),
        required: true,
      },
      ok: { success: { type: 'boolean' }, reference: str('Reference of the request') },
      errors: [400, 403, 413, 415, 429],
    },
    {
      method: 'post',
      path: '/api/mail/sendmail',
      tag: 'Mail and consultations',
      summary: 'Send mail from the admin (at most 10 files: "You can upload up to 10 files."). The answer carries success.',
      admin: true,
      body: {
        multipart: obj(
          {
            to: str('Recipient', { format: 'email' }),
            subject: str('Subject'),
            text: str('Message'),
            documents: arr({ type: 'string', format: 'binary' }),
          },
          ['to', 'subject', 'text'],
        ),
        required: true,
      },
      ok: { success: { type: 'boolean' }, mail_id: int('The message in the mail log') },
      errors: [400, 401, 403, 413, 415, 502],
    },
    {
      method: 'get',
      path: '/api/mail/outbox',
      tag: 'Mail and consultations',
      summary: 'The mail log (latest 200 messages)',
      admin: true,
      ok: {
        messages: arr(
          obj({
            mail_id: int(),
            kind: str(),
            to: str(),
            subject: str(),
            status: { type: 'string', enum: [...MAIL_STATUSES] },
            attempts: int(),
            last_error: nullable(str()),
            next_attempt_at: str(),
            created_at: str(),
            sent_at: nullable(str()),
            consultation_id: nullable(int()),
            attachments: arr(str()),
          }),
        ),
      },
      errors: [401],
    },
    {
      method: 'post',
      path: '/api/mail/retry',
      tag: 'Mail and consultations',
      summary: 'Queue a failed message again',
      admin: true,
      body: { json: obj({ mail_id: int() }, ['mail_id']), required: true },
      ok: { mail: obj({ mail_id: int(), status: str() }) },
      errors: [400, 401, 403, 404, 409],
    },
    {
      method: 'get',
      path: '/api/consultations/getall',
      tag: 'Mail and consultations',
      summary: 'Consultation requests, newest first, a page at a time',
      admin: true,
      query: {
        status: { type: 'string', enum: ['new', 'contacted', 'scheduled', 'closed'], description: 'Only requests in this status' },
        page: { type: 'integer', minimum: 1, description: 'Page number (default 1)' },
        perPage: { type: 'integer', minimum: 1, maximum: 200, description: 'Requests a page (default 50)' },
      },
      ok: {
        consultations: arr(ref('Consultation')),
        total: int(),
        page: int(),
        perPage: int(),
        pages: int(),
        counts: obj({ new: int(), contacted: int(), scheduled: int(), closed: int() }),
      },
      errors: [400, 401],
    },
    {
      method: 'post',
      path: '/api/consultations/updatestatus',
      tag: 'Mail and consultations',
      summary: 'Change the status of a consultation request',
      admin: true,
      body: { json: obj({ consultation_id: int(), status: { type: 'string', enum: ['new', 'contacted', 'scheduled', 'closed'] } }, ['consultation_id', 'status']), required: true },
      ok: { consultation: ref('Consultation') },
      errors: [400, 401, 403, 404],
    },
    {
      method: 'get',
      path: '/api/consultations/{id}/document',
      tag: 'Mail and consultations',
      summary: 'The private document of a consultation request (a download)',
      admin: true,
      params: { id: int('consultation_id') },
      okContent: { 'application/octet-stream': { type: 'string', format: 'binary' } },
      errors: [401, 404],
    },

    {
      method: 'get',
      path: '/api/ai/getaichat',
      tag: 'Assistant',
      summary: 'Chat history of the signed-in administrator',
      admin: true,
      ok: { history: arr(obj({ prompt: str(), response: str() }, ['prompt', 'response'])) },
      errors: [401],
    },
    {
      method: 'post',
      path: '/api/ai/createai',
      tag: 'Assistant',
      summary: 'Ask the assistant; the exchange is stored in the history',
      admin: true,
      body: { json: obj({ prompt: str('The question (not blank, at most 2000 characters)', { maxLength: 2000 }) }, ['prompt']), required: true },
      ok: { response: str('The answer') },
      errors: [400, 401, 403, 429],
    },

    {
      method: 'post',
      path: '/api/admin/forgotpassword',
      tag: 'Administrator session',
      summary: "'Forgot Password?': emails a one-time link to choose a new password (expires in 30 minutes)",
      description:
        'Answers the same 200 message whether or not an account uses the address; at most one mail a minute per account, 5 requests a minute per client address (429 above).',
      admin: false,
      body: { json: obj({ email: str('The account email', { format: 'email' }) }, ['email']), required: true },
      errors: [400, 403, 429],
    },
    {
      method: 'post',
      path: '/api/admin/resetpassword',
      tag: 'Administrator session',
      summary: 'Sets a password with the token from an emailed link (reset or invitation); the link works once',
      description:
        'The password needs at least 10 characters and must not be a common password (400 with the reason). Every session of the account ends. An invalid, used or expired token answers 400.',
      admin: false,
      body: { json: obj({ token: str('The token from the link'), password: str('The new password', { minLength: 10 }) }, ['token', 'password']), required: true },
      errors: [400, 403, 429],
    },
    {
      method: 'get',
      path: '/api/admins/list',
      tag: 'Administrators',
      summary: 'Every administrator (all have the same role), with status active or invited',
      admin: true,
      ok: {
        admins: arr(
          obj({
            admin_id: int(),
            email: str(),
            status: { type: 'string', enum: ['active', 'invited'] },
            created_at: str(),
            invited_by: nullable(str()),
            password_changed_at: nullable(str()),
            you: { type: 'boolean' },
          }),
        ),
        minPasswordLength: int(),
      },
      errors: [401],
    },
    {
      method: 'post',
      path: '/api/admins/invite',
      tag: 'Administrators',
      summary: 'Invites an administrator by email: a one-time link to choose a password (72 hours)',
      description: 'Inviting a pending address again sends a fresh link; an existing active administrator answers 409.',
      admin: true,
      body: { json: obj({ email: str('Email', { format: 'email' }) }, ['email']), required: true },
      ok: { admin: { type: 'object' } },
      errors: [400, 401, 403, 409, 429],
    },
    {
      method: 'post',
      path: '/api/admins/remove',
      tag: 'Administrators',
      summary: 'Removes an administrator and ends their sessions; the last one who can sign in stays (409)',
      admin: true,
      body: { json: obj({ admin_id: int() }, ['admin_id']), required: true },
      errors: [400, 401, 403, 404, 409, 429],
    },
    {
      method: 'post',
      path: '/api/admins/changepassword',
      tag: 'Administrators',
      summary: 'Changes the signed-in administrator’s password; every session of the account ends, this one gets a new cookie',
      admin: true,
      body: {
        json: obj({ currentPassword: str(), newPassword: str('At least 10 characters, not a common password', { minLength: 10 }) }, ['currentPassword', 'newPassword']),
        required: true,
      },
      errors: [400, 401, 403, 429],
    },

    {
      method: 'get',
      path: '/api/audit/getauditlog',
      tag: 'Audit log',
      summary: 'Who changed what: the audit log, newest first, searchable and paged',
      admin: true,
      query: {
        q: str('Search text (email, action, target, record, summary, address)'),
        page: { type: 'integer', minimum: 1, default: 1 },
        size: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
      },
      ok: { entries: arr({ type: 'object' }), total: int(), page: int(), size: int() },
      errors: [401],
    },

    {
      method: 'get',
      path: '/uploads/{path}',
      tag: 'Files',
      summary: 'A public stored file (the stored path starts with uploads/); immutable caching',
      admin: false,
      params: { path: str('The rest of the stored path') },
      okContent: { 'application/octet-stream': { type: 'string', format: 'binary' } },
      errors: [404],
    },
    {
      method: 'get',
      path: '/private/{path}',
      tag: 'Files',
      summary: 'A private stored file (administrator only)',
      admin: true,
      params: { path: str('The rest of the stored path') },
      okContent: { 'application/octet-stream': { type: 'string', format: 'binary' } },
      errors: [401, 404],
    },
  ];
}

const CONSULTATION_SCHEMA = obj({
  consultation_id: int(),
  reference: str(),
  name: str(),
  email: str(),
  contactNumber: str(),
  LegalIssueSummary: str(),
  datetime: str(),
  status: { type: 'string', enum: ['new', 'contacted', 'scheduled', 'closed'] },
  document: nullable({ type: 'object', properties: { name: str(), type: str(), url: str() } }),
  consent_at: nullable(
    str('ISO time the visitor confirmed that the form does not create a lawyer–client relationship; null when the request carried no consent'),
  ),
  created_at: str(),
  updated_at: str(),
});

const SETTINGS_SCHEMA: Schema = {
  type: 'object',
  description: 'The whole settings document (validated; see content/settings.ts): firmName, tagline, foundedYear, founderName, founderQuote, headquarters, offices, email, phones (1–3), whatsapp, socials, hours, legalTeam (with the Rule 36 particulars: enrolmentNumber, enrolmentDate, barCouncilFirst, barCouncilCurrent, barAssociation, qualifications), footerCredit, rule36.',
  required: ['firmName', 'foundedYear', 'email', 'phones', 'hours', 'socials'],
  properties: {
    firmName: str(),
    tagline: str(),
    foundedYear: int(),
    founderName: str(),
    founderQuote: str(),
    headquarters: obj({ city: str(), address: str(), phone: str() }),
    offices: arr(obj({ city: str(), address: str(), phone: str() })),
    email: str(undefined, { format: 'email' }),
    phones: { type: 'array', items: str(), minItems: 1, maxItems: 3 },
    whatsapp: str(),
    socials: obj({ facebook: str(), instagram: str(), linkedin: str(), x: str(), youtube: str() }),
    hours: obj({ morning: str(), evening: str(), days: str() }),
    legalTeam: arr({ type: 'object' }),
    footerCredit: obj({ text: str(), url: str() }),
    rule36: obj({
      declaration: str('Shown under the legal team’s particulars'),
      leaveUrl: str('Where the disclaimer’s “Leave this site” goes'),
      strict: { type: 'boolean', description: 'Strict Rule 36 mode: no publishing overrides; no client reviews or ads on the public pages' },
      disclaimer: obj({ statement: str(), acknowledgements: arr(str()), advice: str() }),
    }),
  },
};

// --- Assembling the document ---------------------------------------------------------------------

/** Fastify's '/a/:id/b' and '/uploads/*' as OpenAPI paths. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\/\*$/, '/{path}');
}

export interface RouteLike {
  method: string;
  url: string;
  /** A route that carries its own OpenAPI description: Fastify's `schema` option with `operationId`. */
  schema?: unknown;
}

/**
 * The part of a route's `schema` option the reference reads. A new route documents itself this way
 * (operationId, tags, summary, description, security, querystring, params, body, response), so no entry
 * in the hand catalogue below is needed.
 */
interface SelfDescribed {
  operationId: string;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: Schema[];
  querystring?: Schema;
  params?: Schema;
  body?: Schema;
  response?: Record<string, Schema>;
}

function selfDescribed(schema: unknown): SelfDescribed | null {
  if (!schema || typeof schema !== 'object') return null;
  const s = schema as Partial<SelfDescribed>;
  return typeof s.operationId === 'string' ? (s as SelfDescribed) : null;
}

function parametersOf(schema: Schema | undefined, where: 'query' | 'path'): Schema[] {
  const props = (schema?.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema?.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, s]) => ({ name, in: where, required: where === 'path' || required.has(name), schema: s }));
}

function selfOperation(d: SelfDescribed): Schema {
  const responses: Record<string, Schema> = {};
  for (const [code, schema] of Object.entries(d.response ?? { 200: { $ref: '#/components/schemas/Envelope' } })) {
    responses[code] = { description: ERROR_TEXT[Number(code)] ?? 'Success', content: { 'application/json': { schema } } };
  }
  const parameters = [...parametersOf(d.params, 'path'), ...parametersOf(d.querystring, 'query')];
  return {
    tags: d.tags ?? ['Other'],
    summary: d.summary ?? d.operationId,
    ...(d.description ? { description: d.description } : {}),
    operationId: d.operationId,
    ...(parameters.length ? { parameters } : {}),
    ...(d.body ? { requestBody: { required: true, content: { 'application/json': { schema: d.body } } } } : {}),
    responses,
    security: d.security ?? [],
  };
}

/** All operations described here, in reading order. */
export function catalogue(groups: readonly ResourceDef[] = resources): Op[] {
  const specials = specialOps();
  const byTag = (tag: string) => specials.filter((o) => o.tag === tag);
  const groupTags = new Set(groups.map((r) => r.admin.title));
  return [
    ...byTag('Service'),
    ...byTag('Administrator session'),
    ...byTag('Site settings'),
    ...groups.flatMap((r) => [...resourceOps(r), ...byTag(r.admin.title)]),
    ...specials.filter((o) => !['Service', 'Administrator session', 'Site settings'].includes(o.tag) && !groupTags.has(o.tag)),
  ];
}

/** The body's content types, the one the spec's client sends first. */
function bodyTypes(op: Op): [string, Schema][] {
  const b = op.body;
  if (!b) return [];
  const list: [string, Schema | undefined][] = [
    ['multipart/form-data', b.multipart],
    ['application/json', b.json],
  ];
  if (b.primary === 'json') list.reverse();
  return list.filter((e): e is [string, Schema] => !!e[1]);
}

function toOperation(op: Op): Schema {
  const responses: Record<string, Schema> = {};
  responses['200'] = op.okContent
    ? { description: 'Success', content: Object.fromEntries(Object.entries(op.okContent).map(([t, s]) => [t, { schema: s }])) }
    : {
        description: 'Success',
        content: {
          'application/json': {
            schema: { allOf: [ref('Envelope'), obj(op.ok ?? {}, Object.keys(op.ok ?? {}))] },
          },
        },
      };
  for (const code of [...new Set(op.errors)].sort()) {
    responses[String(code)] = { description: ERROR_TEXT[code] ?? 'Error', content: { 'application/json': { schema: ref('Envelope') } } };
  }
  const parameters = [
    ...Object.entries(op.params ?? {}).map(([name, schema]) => ({ name, in: 'path', required: true, schema })),
    ...Object.entries(op.query ?? {}).map(([name, schema]) => ({ name, in: 'query', required: false, schema })),
  ];
  const content: Record<string, Schema> = {};
  for (const [type, schema] of bodyTypes(op)) content[type] = { schema };
  return {
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    operationId: `${op.method}${op.path.replace(/[^A-Za-z0-9]+/g, '_')}`,
    ...(parameters.length ? { parameters } : {}),
    ...(op.body ? { requestBody: { required: op.body.required ?? false, content } } : {}),
    responses,
    security: op.admin ? [{ session: [] }] : [],
    ...(op.undocumented ? { 'x-undocumented': true } : {}),
  };
}

/** The OpenAPI 3.1 document of the routes the server registered. */
export function buildOpenApi(
  registered: readonly RouteLike[],
  serverUrl: string,
  groups: readonly ResourceDef[] = resources,
): { doc: Schema; ops: Op[] } {
  const own = registered.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && selfDescribed(r.schema));
  const ownKeys = new Set(own.map((r) => `${r.method.toLowerCase()} ${openApiPath(r.url)}`));
  const seen = new Set(
    registered
      .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .map((r) => `${r.method.toLowerCase()} ${openApiPath(r.url)}`)
      .filter((k) => !ownKeys.has(k)),
  );
  const described = catalogue(groups).filter((op) => seen.has(`${op.method} ${op.path}`));
  const known = new Set(described.map((op) => `${op.method} ${op.path}`));
  const missing: Op[] = [...seen]
    .filter((k) => !known.has(k) && k.split(' ')[1]!.startsWith('/api/'))
    .map((k) => {
      const [method, p] = k.split(' ') as [Method, string];
      return { method, path: p, tag: 'Not described yet', summary: 'This route has no description in server/api/docs.ts yet.', admin: false, errors: [], undocumented: true };
    });
  const ops = [...described, ...missing];

  const paths: Record<string, Record<string, Schema>> = {};
  for (const op of ops) (paths[op.path] ??= {})[op.method] = toOperation(op);
  for (const r of own) {
    const d = selfDescribed(r.schema)!;
    (paths[openApiPath(r.url)] ??= {})[r.method.toLowerCase()] = selfOperation(d);
    const tag = d.tags?.[0] ?? 'Other';
    ops.push({ method: r.method.toLowerCase() as Method, path: openApiPath(r.url), tag, summary: d.summary ?? d.operationId, admin: !!d.security?.length, errors: Object.keys(d.response ?? {}).map(Number).filter((c) => c >= 400) });
  }

  const schemas: Record<string, Schema> = {
    Envelope: obj(
      { statusCode: int('Equal to the HTTP status'), message: str('A message for people (the validation message on 400)') },
      ['statusCode', 'message'],
    ),
    Speaker: SPEAKER_SCHEMA,
    SiteSettings: SETTINGS_SCHEMA,
    Consultation: CONSULTATION_SCHEMA,
  };
  for (const r of groups) schemas[rowName(r)] = rowSchema(r);

  const tags = [...new Set(ops.map((o) => o.tag))].map((name) => ({ name }));
  const doc: Schema = {
    openapi: '3.1.0',
    info: {
      title: 'Law-firm website API',
      version: '1',
      description: [
        'Every call of the specification at /api + its legacy path. Every answer is JSON with `statusCode` (equal to the HTTP status) and `message`; data sits under the key the specification names.',
        'Writes and admin lists need the session cookie from POST /api/admin/adminlogin (401 without it). A state-changing request whose Origin or Referer names another site is refused (403).',
        'Content groups accept JSON or form data on add and update; update merges (absent fields keep their value, blank clears, remove_<file field>=true removes a file). Deleting a row other rows refer to answers 409.',
        `Ad display types: ${AD_DISPLAY_TYPES.join(', ')}. Ad dates are sent as DD/MM/YYYY and returned as YYYY-MM-DD.`,
      ].join('\n\n'),
    },
    servers: [{ url: serverUrl }],
    tags,
    paths,
    components: {
      schemas,
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Set by POST /api/admin/adminlogin' } },
    },
  };
  return { doc, ops };
}

// --- The readable page -----------------------------------------------------------------------------

const esc = (s: unknown) =>
  String(s ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

function typeOf(s: Schema): string {
  if (s.$ref) return String(s.$ref).split('/').pop()!;
  if (s.format === 'binary') return 'file';
  if (s.type === 'array') return `${typeOf(s.items as Schema)}[]`;
  const t = Array.isArray(s.type) ? s.type.filter((x) => x !== 'null').join('|') + ' | null' : String(s.type ?? 'object');
  if (s.enum) return (s.enum as string[]).map((v) => JSON.stringify(v)).join(' | ');
  return s.format ? `${t} (${s.format})` : t;
}

function fieldsTable(schema: Schema): string {
  const props = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const rows = Object.entries(props).map(
    ([name, s]) => `<tr><td><code>${esc(name)}</code>${required.has(name) ? ' <span class="req">required</span>' : ''}</td><td>${esc(typeOf(s))}</td><td>${esc(s.description ?? '')}</td></tr>`,
  );
  for (const [pattern, s] of Object.entries((schema.patternProperties ?? {}) as Record<string, Schema>)) {
    rows.push(`<tr><td><code>${esc(pattern)}</code></td><td>${esc(typeOf(s))}</td><td>${esc(s.description ?? '')}</td></tr>`);
  }
  if (!rows.length) return schema.$ref ? `<p>${esc(typeOf(schema))}</p>` : '';
  return `<table><thead><tr><th>field</th><th>type</th><th>notes</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

export function renderHtml(doc: Schema, ops: Op[], groups: readonly ResourceDef[] = resources): string {
  const tags = [...new Set(ops.map((o) => o.tag))];
  const schemas = (doc.components as { schemas: Record<string, Schema> }).schemas;
  const info = doc.info as { title: string; description: string };
  const section = (tag: string) => {
    const items = ops
      .filter((o) => o.tag === tag)
      .map((o) => {
        const body = bodyTypes(o)
          .map(([t, s]) => `<h4>Body: ${esc(t)}</h4>${s.description ? `<p>${esc(s.description)}</p>` : ''}${fieldsTable(s)}`)
          .join('');
        const params = [...Object.entries(o.params ?? {}), ...Object.entries(o.query ?? {})]
          .map(([n, s]) => `<li><code>${esc(n)}</code>: ${esc(typeOf(s))} ${esc(s.description ?? '')}</li>`)
          .join('');
        const keys = o.ok
          ? Object.entries(o.ok)
              .map(([k, s]) => `<code>${esc(k)}</code>: ${esc(typeOf(s))}`)
              .join(', ')
          : '';
        return `<article id="${esc(slug(`${o.method} ${o.path}`))}"${o.undocumented ? ' class="undocumented"' : ''}>
<h3><span class="m m-${o.method}">${o.method.toUpperCase()}</span> <code>${esc(o.path)}</code>${o.admin ? ' <span class="lock" title="needs the session cookie">admin</span>' : ' <span class="pub">public</span>'}</h3>
<p>${esc(o.summary)}</p>${o.description ? `<p>${esc(o.description)}</p>` : ''}
${params ? `<ul>${params}</ul>` : ''}${body}
<p class="resp">200: <code>statusCode</code>, <code>message</code>${keys ? `, ${keys}` : ''}${o.okContent ? ` (${esc(Object.keys(o.okContent).join(', '))})` : ''}${o.errors.length ? ` · errors: ${[...new Set(o.errors)].sort().join(', ')}` : ''}</p>
</article>`;
      })
      .join('\n');
    return `<section id="${esc(slug(tag))}"><h2>${esc(tag)}</h2>\n${items}</section>`;
  };
  const rowSchemas = groups
    .map((r) => `<section id="schema-${esc(slug(rowName(r)))}"><h3>${esc(rowName(r))} (a row of ${esc(r.admin.title)})</h3>${fieldsTable(schemas[rowName(r)]!)}</section>`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(info.title)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1d2b44;display:flex}
nav{position:sticky;top:0;height:100vh;overflow:auto;min-width:15rem;padding:1rem;background:#f4f1ea;box-sizing:border-box}
nav a{display:block;color:#1d2b44;text-decoration:none;padding:.1rem 0}main{padding:1rem 2rem;max-width:70rem}
h2{border-bottom:2px solid #c9a45c;padding-top:1rem}article{border:1px solid #ddd;border-radius:6px;padding:.2rem 1rem;margin:1rem 0}
article.undocumented{border-color:#b00020}.m{font-weight:700;padding:0 .4rem;border-radius:4px;color:#fff;font-size:.85em}
.m-get{background:#2e7d32}.m-post{background:#1565c0}.m-put{background:#6a1b9a}.m-delete{background:#b00020}
.lock{background:#c9a45c;color:#1d2b44;border-radius:4px;padding:0 .4rem;font-size:.8em}.pub{color:#666;font-size:.8em}
.req{color:#b00020;font-size:.8em}table{border-collapse:collapse;width:100%;margin:.5rem 0}td,th{border:1px solid #ddd;padding:.2rem .5rem;text-align:left;vertical-align:top}
code{font-family:ui-monospace,monospace}.resp{color:#444}
</style></head><body>
<nav><strong>${esc(info.title)}</strong><p><a href="/api/docs.json">OpenAPI JSON</a></p>${tags.map((t) => `<a href="#${esc(slug(t))}">${esc(t)}</a>`).join('')}<a href="#schemas">Row schemas</a></nav>
<main><h1>${esc(info.title)}</h1>${info.description
    .split('\n\n')
    .map((p) => `<p>${esc(p)}</p>`)
    .join('')}
${tags.map(section).join('\n')}
<h2 id="schemas">Row schemas</h2>${rowSchemas}
</main></body></html>`;
}

/** GET /api/docs (HTML, or JSON when asked for) and GET /api/docs.json. */
export function registerDocsRoutes(
  app: FastifyInstance,
  services: Services,
  routes: readonly RouteLike[],
  groups: readonly ResourceDef[] = resources,
): void {
  let cached: { doc: Schema; ops: Op[]; html: string } | null = null;
  const get = () => {
    if (!cached) {
      const { doc, ops } = buildOpenApi(routes, services.config.publicUrl, groups);
      cached = { doc, ops, html: renderHtml(doc, ops, groups) };
    }
    return cached;
  };
  app.get('/api/docs.json', async () => get().doc);
  app.get('/api/docs', async (req, reply) => {
    const accept = String(req.headers.accept ?? '');
    if (/application\/(json|openapi\+json)/.test(accept) && !accept.includes('text/html')) return get().doc;
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
      .send(get().html);
  });
}
