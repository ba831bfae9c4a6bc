import { ALT_FLAG, ALT_MAX, altColumn, altFileFields, defaultAlt } from '../../content/alt';
import { columnValue, isBlank, type ResourceDef, type Row, type Values } from '../../content/kit';
import type { JsonObject } from '../../content/json';
import { AppError } from '../lib/errors';

/**
 * Parses an id sent as a whole number from 1 or a string of its digits; anything else (a list, even of
 * one; true; a fraction; '1e2') is null. The same rule as `idField` of the zod route schemas.
 */
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
  body: JsonObject,
  values: Values,
  existing: Row | null,
  newFiles: ReadonlySet<string>,
  removed: ReadonlySet<string>,
): Values {
  const fields = altFileFields(r);
  if (!fields.length) return {};
  const out: Values = {};
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
      out[col] = columnValue(existing[col]);
      if (Number(existing[ALT_FLAG])) flagged = true;
    }
  }
  out[ALT_FLAG] = flagged ? 1 : 0;
  return out;
}
