import type { FieldDef, FileFieldDef, ListDef, ResourceDef } from '../../content/kit';
import { DEFAULT_FORMATS } from '../../content/kit';
import { ALT_MAX, altColumn, altFileFields } from '../../content/alt';
import { groupOf } from '../../content/resources/index';
import { FORMAT_MIME } from '../files/check';
import { ADMIN, PUBLIC, ROLES_OF, answers, arr, int, nullable, obj, ref, str, type ApiSchema, type Schema } from './route-schema';

/**
 * The route schemas of a content group's calls, compiled from its declaration (content/resources): the
 * row it returns, the bodies of add and update (JSON and form data), the answers of every call. Nothing
 * here names a group: a new declaration gets its reference by being declared.
 */

/** The component name of a group's row: 'Faqs', 'CaseDetails'. */
export const rowName = (r: ResourceDef): string => `${r.key[0]!.toUpperCase()}${r.key.slice(1)}`;
/** The component name of an item of a nested list: 'Speaker'. */
export const itemName = (l: ListDef): string => l.admin.item.replace(/[^A-Za-z0-9]/g, '');

/** How the publish check (decision 0019) shows in the reference of the groups it checks. */
export const RULE36_NOTE =
  'Visitor-facing text with Bar Council of India Rule 36 findings answers 409 with `findings` (see checkCompliance) and a `message` naming them, and changes nothing, unless the body also carries `override_reason` (kept in the audit log with the findings). In strict Rule 36 mode it answers 409 whatever the reason.';

/** A field as it is sent (`in`) or returned (`out`). */
function fieldSchema(def: FieldDef, dir: 'in' | 'out'): Schema {
  const d = def.label;
  const max = def.max ? { maxLength: def.max } : {};
  switch (def.type) {
    case 'html':
      return str(`${d} (rich HTML; sanitised: scripts, event handlers and javascript: URLs are dropped)`, { contentMediaType: 'text/html', ...max });
    case 'int':
      return int(d, { minimum: 0, maximum: 1_000_000 });
    case 'ref': {
      const target = groupOf(def.ref!);
      return int(`${d}: a \`${target.id}\` of ${target.admin.title}`, { minimum: 1 });
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
      return str(`${d} (case-insensitive on input)`, { enum: [...(def.values ?? [])] });
    default:
      return str(d, max);
  }
}

function fileSchema(def: Pick<FileFieldDef, 'kind' | 'label' | 'formats'>): Schema {
  const formats = def.formats ?? DEFAULT_FORMATS[def.kind];
  return str(`${def.label}: a file (${formats.join(', ')}), checked by its content`, {
    format: 'binary',
    contentMediaType: [...new Set(formats.map((f) => FORMAT_MIME[f]))].join(', '),
  });
}

/** An item of a nested list as returned (and sent inside its JSON string). */
export function itemSchema(l: ListDef): Schema {
  const props: Record<string, Schema> = {};
  for (const [name, def] of Object.entries(l.fields)) props[name] = str(`${def.label}${def.type === 'date' ? ' (YYYY-MM-DD) or empty' : def.type === 'time' ? ' (HH:MM) or empty' : ''}`);
  if (l.image) props[l.image.column] = str(`Stored path of the ${l.image.label.toLowerCase()}, or empty. Sending the stored path back keeps it.`);
  return obj(props);
}

/** A row of the group as its calls return it. */
export function rowSchema(r: ResourceDef): Schema {
  const props: Record<string, Schema> = { [r.id]: int(`Id of the ${r.label.toLowerCase()}`) };
  if (r.idAlias) props[r.idAlias] = int(`The same as ${r.id} (the public client reads \`${r.idAlias}\`)`);
  for (const [name, def] of Object.entries(r.fields)) props[name] = nullable(fieldSchema(def, 'out'));
  for (const [name, def] of Object.entries(r.files)) props[name] = nullable(str(`${def.label}: stored path under uploads/, served at /<path>`));
  for (const j of r.joins ?? []) for (const c of j.columns) props[c] = nullable(str(`From ${groupOf(j.ref).admin.title} (read-only)`));
  for (const [name, l] of Object.entries(r.lists ?? {})) props[name] = arr(ref(itemName(l)));
  props.created_at = str('When the row was added (ISO 8601)', { format: 'date-time' });
  props.updated_at = str('When the row last changed (ISO 8601)', { format: 'date-time' });
  return obj(props, Object.keys(props));
}

/** The body of add or update: JSON, and form data (with the files), the spec client's kind first. */
function writeBody(r: ResourceDef, mode: 'add' | 'update'): NonNullable<ApiSchema['requestBody']> {
  const fields: Record<string, Schema> = {};
  if (mode === 'update') fields[r.id] = int(`Which ${r.label.toLowerCase()} to change (required)`);
  for (const [name, def] of Object.entries(r.fields)) fields[name] = fieldSchema(def, 'in');
  const lists = Object.entries(r.lists ?? {});
  for (const [name, l] of lists) {
    fields[name] = str(
      `The ${l.label.toLowerCase()} as a JSON string: a list of {${[...Object.keys(l.fields), ...(l.image ? [l.image.column] : [])].join(', ')}} (at most ${l.max}). Entirely empty items are dropped. On update, absent means "keep them".`,
      { contentMediaType: 'application/json', contentSchema: arr(ref(itemName(l))) },
    );
  }
  const files: Record<string, Schema> = {};
  for (const [name, def] of Object.entries(r.files)) {
    files[name] = fileSchema(def);
    if (mode === 'update') fields[`remove_${name}`] = str(`Removes the stored ${def.label.toLowerCase()}`, { enum: ['true', '1', 'yes'] });
  }
  for (const name of altFileFields(r)) fields[altColumn(name)] = str(`Alt text of the ${r.files[name]!.label.toLowerCase()} (without it a new image gets the row's title, flagged for review)`, { maxLength: ALT_MAX });
  fields.status = str(
    mode === 'add'
      ? 'Optional: draft keeps the new row off the site; published (the default) puts it live (anything else: 400 "Status must be draft or published.")'
      : 'Optional: draft on a published row stores a pending draft and leaves the live row as it is; published publishes',
    { enum: ['draft', 'published'] },
  );
  if (r.rule36.fields.length) fields.override_reason = str('Why text with Rule 36 findings is published anyway (kept in the audit log)');
  const required = mode === 'update' ? [r.id] : [];
  const merge = mode === 'update' ? ' A field absent from the body keeps its stored value; a field sent blank is cleared.' : '';
  const itemFiles = Object.fromEntries(
    lists.flatMap(([name, l]) => (l.image ? [[`^${l.image.fileField}_\\d+$`, fileSchema({ kind: 'image', label: `${l.image.label} of item i (index in \`${name}\`)` })]] : [])),
  );
  const hasFiles = Object.keys(files).length > 0 || Object.keys(itemFiles).length > 0;
  const content: Record<string, { schema: Schema }> = {
    'application/json': { schema: obj(fields, required, { description: `JSON body (no files).${merge}` }) },
    'multipart/form-data': {
      schema: obj({ ...fields, ...files }, required, {
        description: hasFiles ? `Form data with files.${merge}` : `Also accepted as form data.${merge}`,
        ...(Object.keys(itemFiles).length ? { patternProperties: itemFiles } : {}),
      }),
    },
  };
  const first = hasFiles || r.body === 'multipart' ? 'multipart/form-data' : 'application/json';
  const second = first === 'application/json' ? 'multipart/form-data' : 'application/json';
  return { required: true, content: { [first]: content[first]!, [second]: content[second]! } };
}

/** Groups whose rows point at r: deleting a row they use answers 409. */
function dependents(r: ResourceDef, groups: readonly ResourceDef[]): ResourceDef[] {
  return groups.filter((d) => Object.values(d.fields).some((f) => f.type === 'ref' && f.ref === r.key));
}

/** 'an event', 'a case category', 'an FAQ'. */
function aName(r: ResourceDef): string {
  const n = r.label === r.label.toUpperCase() ? r.label : r.label[0]!.toLowerCase() + r.label.slice(1);
  return `${/^[aeiouAEIOUF]/.test(n) && !/^u[a-z]/.test(n) ? 'an' : 'a'} ${n}`;
}

/** A readable operationId part from a path segment: '/getallfaqs' → 'Getallfaqs'. */
const word = (s: string) => s.replace(/[^A-Za-z0-9]+/g, ' ').trim().replace(/(^|\s)(\w)/g, (_m, _s: string, c: string) => c.toUpperCase());

/** The schemas of the group's list, add, update (POST and PUT) and delete (POST and DELETE) calls. */
export function groupSchemas(r: ResourceDef, groups: readonly ResourceDef[]): Record<'list' | 'add' | 'update' | 'updatePut' | 'delete' | 'deleteDelete', ApiSchema> {
  const tags = [r.admin.title];
  const row = ref(rowName(r));
  const files = Object.keys(r.files).length > 0 || Object.values(r.lists ?? {}).some((l) => l.image);
  const writeErrors = [400, 401, 403, ...(files ? [413, 415] : [])];
  const rule36 = r.rule36.fields.length > 0;
  const id = (call: keyof ResourceDef['paths'], method = '') => `${r.key}${word(r.paths[call])}${method}`;
  const deps = dependents(r, groups);
  const update = (method: string): ApiSchema => ({
    operationId: id('update', method),
    tags,
    summary: `Update ${aName(r)} (merges: absent fields keep their value)`,
    description: `Without \`${r.id}\` the answer is 400 "${r.missingIdMessage}".${rule36 ? ` ${RULE36_NOTE}` : ''}`,
    roles: ROLES_OF.content,
    security: ADMIN,
    requestBody: writeBody(r, 'update'),
    responses: answers({ [r.keys.update]: row }, ...writeErrors, 404, ...(rule36 ? [409] : [])),
  });
  const remove = (method: 'post' | 'delete'): ApiSchema => ({
    operationId: id('delete', method === 'delete' ? 'Delete' : ''),
    tags,
    summary: `Delete ${aName(r)} and its files${method === 'delete' ? ' (the id in the body or the query)' : ''}`,
    ...(deps.length ? { description: `Refused with 409 while ${deps.map((d) => d.admin.title).join(' or ')} still refer to it.` } : {}),
    roles: ROLES_OF.content,
    security: ADMIN,
    requestBody: { required: method === 'post', content: { 'application/json': { schema: obj({ [r.id]: int() }, [r.id]) } } },
    ...(method === 'delete' ? { querystring: obj({ [r.id]: str('The id, when no body is sent') }) } : {}),
    responses: answers({}, 400, 401, 403, 404, ...(deps.length ? [409] : [])),
  });
  return {
    list: {
      operationId: id('list'),
      tags,
      summary: `All ${r.admin.title.toLowerCase()} (${r.order === 'desc' ? 'newest first' : 'oldest first'})`,
      roles: r.adminList ? ROLES_OF.content : PUBLIC,
      security: r.adminList ? ADMIN : [],
      responses: answers({ [r.keys.list]: arr(row) }, ...(r.adminList ? [401] : [])),
    },
    add: {
      operationId: id('add'),
      tags,
      summary: `Add ${aName(r)}`,
      ...(rule36 ? { description: RULE36_NOTE } : {}),
      roles: ROLES_OF.content,
      security: ADMIN,
      requestBody: writeBody(r, 'add'),
      responses: answers({ [r.keys.add]: row }, ...writeErrors, ...(rule36 ? [409] : [])),
    },
    update: update(''),
    updatePut: update('Put'),
    delete: remove('post'),
    deleteDelete: remove('delete'),
  };
}
