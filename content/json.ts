/**
 * JSON as it crosses the wire: what `JSON.parse` gives and `JSON.stringify` writes. A request's body fields
 * (parsed JSON, or multipart text parts), a stored JSON column, a JSON-LD node. Isomorphic: no Node imports.
 */

/** A JSON value (an object's undefined property is left out when written). */
export type Json = string | number | boolean | null | Json[] | JsonObject;

/** A JSON object: its properties by name. */
export interface JsonObject {
  [key: string]: Json | undefined;
}

/** The value as an object when it is one (not null, not a list), else null. */
export function objectOf(v: Json | undefined): JsonObject | null {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? v : null;
}

/**
 * Text parsed as JSON (`JSON.parse` gives only JSON values); null when it is not JSON. Narrow the result
 * with `objectOf` or a zod schema before reading it.
 */
export function parseJson(text: string): Json | null {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return null;
  }
}

/**
 * A value read from a row or a body as JSON: itself when it is JSON (text, a finite number, true or false,
 * null, lists and plain objects of such), its JSON form otherwise (an absent value is null, a property that
 * is undefined is left out), as `JSON.stringify` would write it.
 */
export function toJson(v: unknown): Json {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (Array.isArray(v)) return v.map(toJson);
  if (typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    const out: JsonObject = {};
    for (const [k, x] of Object.entries(v)) if (x !== undefined) out[k] = toJson(x);
    return out;
  }
  const text: unknown = JSON.parse(JSON.stringify(v) ?? 'null');
  return toJson(text);
}
