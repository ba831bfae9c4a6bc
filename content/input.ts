/**
 * The add and update input schemas of a content group, compiled from its declaration (zod). One
 * coercion for the server and the admin form: strings trimmed (blank → null), numbers parsed, dates
 * checked, DD/MM/YYYY turned into ISO; then the declaration's `validate` adds the spec's own message.
 * Isomorphic: the server hands in its HTML sanitiser, the browser keeps the editor's HTML as it is.
 */
import { z } from './zod';
import {
  columnValue,
  isBlank,
  type FieldDef,
  type ListDef,
  type Mode,
  type ResourceDef,
  type Row,
  type ValidationContext,
  type Values,
} from './kit';
import type { JsonObject } from './json';

const DEFAULT_MAX: Record<string, number> = { text: 300, longtext: 10_000, html: 500_000 };

function validIsoDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!));
  return d.getUTCFullYear() === +m[1]! && d.getUTCMonth() === +m[2]! - 1 && d.getUTCDate() === +m[3]!;
}

export interface InputOptions {
  /** What rich HTML becomes once read (the server sanitises it). */
  html?: (s: string) => string;
}

type Coerced = { ok: true; value: string | number | null } | { ok: false; message: string };

/** One raw field (a string, a number, a list of one from a form) as stored; blank → null; or the message naming the field. */
export function coerceField(def: FieldDef, raw: unknown, opts: InputOptions = {}): Coerced {
  const fail = (message: string): Coerced => ({ ok: false, message });
  // A reference is one id: a list (a JSON array, a form field sent twice) is not one, even a list of one.
  if (Array.isArray(raw) && def.type === 'ref') return fail(`${def.label} must be one whole number.`);
  if (Array.isArray(raw)) raw = raw[0];
  if (raw !== null && raw !== undefined && typeof raw === 'object') return fail(`${def.label} is not valid.`);
  if (isBlank(raw)) return { ok: true, value: null };
  const s = String(raw).trim();
  switch (def.type) {
    case 'text':
    case 'longtext': {
      const max = def.max ?? DEFAULT_MAX[def.type]!;
      const value = def.type === 'text' ? s.replace(/\s+/g, ' ') : s.replace(/\r\n/g, '\n');
      if (value.length > max) return fail(`${def.label} must be at most ${max} characters.`);
      return { ok: true, value };
    }
    case 'html': {
      const max = def.max ?? DEFAULT_MAX.html!;
      if (s.length > max) return fail(`${def.label} is too long.`);
      return { ok: true, value: opts.html ? opts.html(s) : s };
    }
    case 'int':
    case 'ref': {
      if (!/^-?\d{1,15}$/.test(s)) return fail(`${def.label} must be a whole number.`);
      const n = Number(s);
      if (def.type === 'ref' && n <= 0) return fail(`Selected ${def.label.toLowerCase()} is invalid`);
      if (def.type === 'int' && (n < 0 || n > 1_000_000)) return fail(`${def.label} must be between 0 and 1000000.`);
      return { ok: true, value: n };
    }
    case 'date':
      return validIsoDate(s) ? { ok: true, value: s } : fail(`${def.label} must be a date (YYYY-MM-DD).`);
    case 'dmy': {
      const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
      const iso = m ? `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}` : s;
      return validIsoDate(iso) ? { ok: true, value: iso } : fail(`${def.label} must be a date (DD/MM/YYYY).`);
    }
    case 'time': {
      const m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(s);
      if (!m || +m[1]! > 23 || +m[2]! > 59) return fail(`${def.label} must be a time (HH:MM).`);
      return { ok: true, value: `${m[1]!.padStart(2, '0')}:${m[2]}` };
    }
    case 'enum': {
      const v = def.values?.find((x) => x.toLowerCase() === s.toLowerCase());
      return v ? { ok: true, value: v } : fail(`${def.label} must be one of ${def.values?.join(', ')}.`);
    }
  }
}

/**
 * The stored value of a declared field (what coerceField gives, blank aside), typed: the output of the
 * field's schema and the type of its column in a row the calls return (the API reference shows both).
 */
export function valueSchema(def: FieldDef): z.ZodType<string | number, string | number> {
  switch (def.type) {
    case 'int':
      return z.number().int().min(0).max(1_000_000);
    case 'ref':
      return z.number().int().min(1);
    case 'date':
    case 'dmy':
      return z.string().meta({ format: 'date' });
    case 'time':
      return z.string().meta({ pattern: '^\\d{2}:\\d{2}$' });
    case 'enum':
      return def.values?.length ? z.enum(def.values as [string, ...string[]]) : z.string();
    case 'html':
      return z.string().meta({ contentMediaType: 'text/html' });
    default:
      return z.string();
  }
}

/**
 * How a field is sent, for the API reference: the body's fields are read by coerceField (any JSON value
 * or form text, so its messages are the spec's), and this says what it expects.
 */
function sentAs(def: FieldDef): Record<string, unknown> {
  const d = def.label;
  switch (def.type) {
    case 'html':
      return {
        type: 'string',
        contentMediaType: 'text/html',
        maxLength: def.max ?? DEFAULT_MAX.html,
        description: `${d} (rich HTML; sanitised: scripts, event handlers and javascript: URLs are dropped)`,
      };
    case 'int':
      return { type: 'integer', minimum: 0, maximum: 1_000_000, description: d };
    case 'ref':
      return { type: 'integer', minimum: 1, description: `${d}: the id of a row of ${def.ref}` };
    case 'date':
      return { type: 'string', format: 'date', description: `${d} (YYYY-MM-DD)` };
    case 'dmy':
      return {
        type: 'string',
        pattern: '^\\d{1,2}/\\d{1,2}/\\d{4}$',
        examples: ['31/12/2030'],
        description: `${d}, sent as DD/MM/YYYY (returned as YYYY-MM-DD)`,
      };
    case 'time':
      return { type: 'string', pattern: '^\\d{1,2}:\\d{2}$', description: `${d} (HH:MM, 24 h)` };
    case 'enum':
      return { type: 'string', enum: [...(def.values ?? [])], description: `${d} (case-insensitive on input)` };
    default:
      return { type: 'string', maxLength: def.max ?? DEFAULT_MAX[def.type], description: d };
  }
}

/**
 * The zod schema of one declared field: absent stays absent (an update keeps the stored value). It reads
 * any value (coerceField gives the spec's message), and its output is the field's value (valueSchema).
 */
export function fieldSchema(def: FieldDef, opts: InputOptions = {}) {
  return z
    .unknown()
    .meta(sentAs(def))
    .transform((raw, ctx) => {
      const r = coerceField(def, raw, opts);
      if (r.ok) return r.value;
      ctx.addIssue({ code: 'custom', message: r.message });
      return z.NEVER;
    })
    .pipe(valueSchema(def).nullable())
    .optional();
}

/** The fields of a declaration as a zod object (unknown keys such as the id or `remove_…` are left out). */
export function fieldsSchema(r: Pick<ResourceDef, 'fields'>, opts: InputOptions = {}) {
  return z.object(Object.fromEntries(Object.entries(r.fields).map(([n, f]) => [n, fieldSchema(f, opts)])));
}

/**
 * The add or update input schema of a group. `validate` judges the values as sent (a field missing from
 * the body counts as blank: decision 0011) with `ctx` (which files arrive, which are stored) and gives the
 * spec's message. Only what passes is merged: on update (`stored` is the row being changed) a field absent
 * from the body keeps its stored value, a field sent blank is cleared.
 */
export function inputSchema(
  r: ResourceDef,
  mode: Mode,
  ctx: ValidationContext,
  stored?: Row | null,
  opts: InputOptions = {},
) {
  return fieldsSchema(r, opts)
    .transform((got) => {
      const sent: Values = {};
      for (const name of Object.keys(r.fields)) sent[name] = got[name] ?? null;
      return { sent, present: new Set(Object.keys(got)) };
    })
    .superRefine(({ sent }, c) => {
      const message = r.validate(sent, { ...ctx, mode });
      if (message) c.addIssue({ code: 'custom', message });
    })
    .transform(({ sent, present }) => {
      if (mode !== 'update' || !stored) return sent;
      const merged: Values = {};
      for (const name of Object.keys(r.fields))
        merged[name] = present.has(name) ? (sent[name] ?? null) : columnValue(stored[name]);
      return merged;
    });
}

/** Parses a body against the group's schema: the values to store, or the first message (the spec's where it names one). */
export function parseInput(
  r: ResourceDef,
  mode: Mode,
  body: JsonObject,
  ctx: ValidationContext,
  stored?: Row | null,
  opts: InputOptions = {},
): { ok: true; values: Values } | { ok: false; message: string } {
  const res = inputSchema(r, mode, ctx, stored, opts).safeParse(body);
  if (res.success) return { ok: true, values: res.data };
  return { ok: false, message: res.error.issues[0]?.message ?? `${r.label} is not valid.` };
}

/** An item of a nested list as stored and returned: every declared field (blank as ''), and its image's stored path. */
export function listItemValue(list: ListDef) {
  const image = list.image ? { [list.image.column]: z.string() } : {};
  return z.strictObject({ ...Object.fromEntries(Object.keys(list.fields).map((n) => [n, z.string()])), ...image });
}

/** One item of a nested list (an event's speaker): every declared field, blank as ''. */
export function listItemSchema(list: ListDef, opts: InputOptions = {}) {
  return z.record(z.string(), z.unknown()).transform((item, c) => {
    const out: Record<string, string> = {};
    for (const [n, f] of Object.entries(list.fields)) {
      const r = coerceField(f, item[n], opts);
      if (!r.ok) {
        c.addIssue({ code: 'custom', message: r.message });
        return z.NEVER;
      }
      out[n] = r.value === null ? '' : String(r.value);
    }
    return out;
  });
}
