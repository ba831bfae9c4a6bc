import { ALT_FLAG, ALT_MAX, altColumn, altFileFields, defaultAlt } from '../../content/alt';
import { isBlank, type FieldDef, type ResourceDef, type Values } from '../../content/kit';
import { AppError } from '../lib/errors';
import { sanitizeRichHtml } from '../lib/sanitize';

const DEFAULT_MAX: Record<string, number> = { text: 300, longtext: 10_000, html: 500_000 };

function validIsoDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!));
  return d.getUTCFullYear() === +m[1]! && d.getUTCMonth() === +m[2]! - 1 && d.getUTCDate() === +m[3]!;
}

/** Turns one raw field (string, number, anything a client sent) into its stored value; blank → null. */
export function coerceField(name: string, def: FieldDef, raw: unknown): unknown {
  if (Array.isArray(raw)) raw = raw[0];
  if (raw !== null && raw !== undefined && typeof raw === 'object') throw new AppError(400, `${def.label} is not valid.`);
  if (isBlank(raw)) return null;
  const s = String(raw).trim();
  switch (def.type) {
    case 'text':
    case 'longtext': {
      const max = def.max ?? DEFAULT_MAX[def.type]!;
      const value = def.type === 'text' ? s.replace(/\s+/g, ' ') : s.replace(/\r\n/g, '\n');
      if (value.length > max) throw new AppError(400, `${def.label} must be at most ${max} characters.`);
      return value;
    }
    case 'html': {
      const max = def.max ?? DEFAULT_MAX.html!;
      if (s.length > max) throw new AppError(400, `${def.label} is too long.`);
      return sanitizeRichHtml(s);
    }
    case 'int':
    case 'ref': {
      if (!/^-?\d{1,15}$/.test(s)) throw new AppError(400, `${def.label} must be a whole number.`);
      const n = Number(s);
      if (def.type === 'ref' && n <= 0) throw new AppError(400, `Selected ${def.label.toLowerCase()} is invalid`);
      if (def.type === 'int' && (n < 0 || n > 1_000_000)) throw new AppError(400, `${def.label} must be between 0 and 1000000.`);
      return n;
    }
    case 'date': {
      if (!validIsoDate(s)) throw new AppError(400, `${def.label} must be a date (YYYY-MM-DD).`);
      return s;
    }
    case 'dmy': {
      const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
      const iso = m ? `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}` : s;
      if (!validIsoDate(iso)) throw new AppError(400, `${def.label} must be a date (DD/MM/YYYY).`);
      return iso;
    }
    case 'time': {
      const m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(s);
      if (!m || +m[1]! > 23 || +m[2]! > 59) throw new AppError(400, `${def.label} must be a time (HH:MM).`);
      return `${m[1]!.padStart(2, '0')}:${m[2]}`;
    }
    case 'enum': {
      const v = def.values?.find((x) => x.toLowerCase() === s.toLowerCase());
      if (!v) throw new AppError(400, `${def.label} must be one of ${def.values?.join(', ')}.`);
      return v;
    }
  }
  return s;
}

/**
 * Reads the declared fields from a body. With `base` (an update), fields absent from the body keep their
 * stored value; a field sent blank is cleared.
 */
export function coerceValues(r: ResourceDef, body: Record<string, unknown>, base?: Record<string, unknown>): Values {
  const out: Values = {};
  for (const [name, def] of Object.entries(r.fields)) {
    if (base && !(name in body)) out[name] = base[name] ?? null;
    else out[name] = coerceField(name, def, body[name]);
  }
  return out;
}

/** Parses an id sent as a number or a numeric string; anything else is null. */
export function parseId(raw: unknown): number | null {
  if (typeof raw === 'number' && Number.isSafeInteger(raw) && raw > 0) return raw;
  if (typeof raw === 'string' && /^\d{1,15}$/.test(raw.trim())) {
    const n = Number(raw.trim());
    return n > 0 ? n : null;
  }
  return null;
}

/**
 * The alt text columns of a write (decision 0024). An image with a sent alt text keeps it (unflagged); a new
 * image sent without one (the spec's client never sends it) gets the row's title and the row is flagged; a
 * kept image keeps its alt text and flag; a removed image loses its alt text.
 */
export function resolveAlt(
  r: ResourceDef,
  body: Record<string, unknown>,
  values: Record<string, unknown>,
  existing: Record<string, unknown> | null,
  newFiles: ReadonlySet<string>,
  removed: ReadonlySet<string>,
): Record<string, unknown> {
  const fields = altFileFields(r);
  if (!fields.length) return {};
  const out: Record<string, unknown> = {};
  let flagged = false;
  for (const field of fields) {
    const col = altColumn(field);
    let raw = body[col];
    if (Array.isArray(raw)) raw = raw[0];
    if (raw !== null && raw !== undefined && typeof raw === 'object') throw new AppError(400, 'Alt text is not valid.');
    const sent = isBlank(raw) ? null : String(raw).trim().replace(/\s+/g, ' ');
    if (sent && sent.length > ALT_MAX) throw new AppError(400, `Alt text must be at most ${ALT_MAX} characters.`);
    const isNew = newFiles.has(field);
    const hasFile = isNew || (!removed.has(field) && !!existing && !isBlank(existing[field]));
    if (!hasFile) out[col] = null;
    else if (sent) out[col] = sent;
    else if (isNew || !existing || isBlank(existing[col])) {
      out[col] = defaultAlt(r, field, values);
      flagged = true;
    } else {
      out[col] = existing[col];
      if (Number(existing[ALT_FLAG])) flagged = true;
    }
  }
  out[ALT_FLAG] = flagged ? 1 : 0;
  return out;
}
