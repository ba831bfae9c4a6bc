/**
 * The generic form logic of a management page, driven by a content declaration (ResourceDef): form
 * values from a row, the check with the group's compiled input schema (the server's), the validation
 * context, and the request body (JSON or multipart) of an add or an update.
 */
import { ALT_FLAG, altColumn, altFileFields } from '@content/alt';
import { parseInput } from '@content/input';
import { isBlank, isEmptyHtml, type FieldDef, type Mode, type ResourceDef, type ValidationContext } from '@content/kit';
import { apiPath, groupOf } from '@content/resources/index';
import { isoToDmy } from '@content/rules/dates';
import { api, type ApiResult } from '~/lib/api';

import type { Row } from '../../../content/kit';

export type { Row };
export type FormValues = Record<string, string>;
export type FormFiles = Record<string, File | null>;
export type FormRemovals = Record<string, boolean>;

export function emptyValues(def: ResourceDef): FormValues {
  return Object.fromEntries([...Object.keys(def.fields), ...altFileFields(def).map(altColumn)].map((n) => [n, '']));
}

/** Alt text the form holds for a stored row: empty while it is still the title's default (flagged). */
function altValuesFromRow(def: ResourceDef, row: Row): FormValues {
  const flagged = Number(row[ALT_FLAG] ?? 0) === 1;
  return Object.fromEntries(
    altFileFields(def).map((n) => {
      const v = row[altColumn(n)];
      return [altColumn(n), !flagged && typeof v === 'string' ? v : ''];
    }),
  );
}

/** The form's own rule (decision 0024): a newly chosen image needs its alt text. */
export function altMessage(def: ResourceDef, values: FormValues, files: FormFiles): string | null {
  for (const n of altFileFields(def)) {
    if (files[n] && isBlank(values[altColumn(n)])) return `Please enter the alt text of the ${def.files[n]!.label.toLowerCase()}.`;
  }
  return null;
}

/** A stored value as the form input holds it. */
export function inputValue(f: FieldDef, raw: unknown): string {
  if (raw === null || raw === undefined) return '';
  const s = String(raw);
  if (f.type === 'date' || f.type === 'dmy') return s.slice(0, 10);
  if (f.type === 'time') return s.slice(0, 5);
  return s;
}

export function valuesFromRow(def: ResourceDef, row: Row): FormValues {
  return { ...Object.fromEntries(Object.entries(def.fields).map(([n, f]) => [n, inputValue(f, row[n])])), ...altValuesFromRow(def, row) };
}

export function validationContext(
  mode: Mode,
  files: FormFiles,
  removals: FormRemovals,
  editing: Row | null,
): ValidationContext {
  return {
    mode,
    hasNewFile: (n) => !!files[n],
    hasStoredFile: (n) => mode === 'update' && !!editing?.[n] && !removals[n],
  };
}

/** A filled-in form of a group: adding a row or editing `editing`, with its values, chosen files and removed files. */
export interface FilledForm {
  def: ResourceDef;
  mode: Mode;
  values: FormValues;
  files: FormFiles;
  removals: FormRemovals;
  editing: Row | null;
}

/**
 * Checks the form with the group's compiled input schema, the one the server parses the request with
 * (content/input.ts): the same coercion, the same messages. Returns the first message or null.
 */
export function validateForm({ def, mode, values, files, removals, editing }: FilledForm): string | null {
  const res = parseInput(def, mode, values, validationContext(mode, files, removals, editing), editing);
  return res.ok ? altMessage(def, values, files) : res.message;
}

/** A field's value on the wire: dmy dates as DD/MM/YYYY, an empty editor as ''. */
function wireValue(f: FieldDef, v: string): string {
  if (f.type === 'html') return isEmptyHtml(v) ? '' : v;
  if (f.type === 'dmy') return v ? isoToDmy(v) : '';
  return v.trim();
}

/**
 * The body of an add or update. On add blank fields are left out (the spec: an empty description is not
 * sent); on update every field is sent, so a blank one clears it. Files go as multipart file fields and
 * `remove_<file>=true` drops a stored file.
 */
export function buildBody(
  { def, mode, values, files, removals, editing }: FilledForm,
  extra: Record<string, string> = {},
): { json: Record<string, string | number> } | { form: FormData } {
  const entries: [string, string][] = [];
  if (mode === 'update' && editing) entries.push([def.id, String(editing[def.id])]);
  for (const [n, f] of Object.entries(def.fields)) {
    const v = wireValue(f, values[n] ?? '');
    if (mode === 'add' && v === '') continue;
    entries.push([n, v]);
  }
  for (const [k, v] of Object.entries(extra)) entries.push([k, v]);
  const hasFiles = Object.keys(def.files).length > 0;
  if (def.body === 'json' && !hasFiles) {
    const json: Record<string, string | number> = {};
    for (const [k, v] of entries) {
      const f = def.fields[k];
      json[k] = (f?.type === 'int' || f?.type === 'ref' || k === def.id) && v !== '' ? Number(v) : v;
    }
    return { json };
  }
  const form = new FormData();
  for (const [k, v] of entries) form.append(k, v);
  // Alt text beside each image; left out when blank (the stored one, or the title's default, stays).
  for (const name of altFileFields(def)) {
    const alt = (values[altColumn(name)] ?? '').trim();
    if (alt) form.append(altColumn(name), alt);
  }
  for (const name of Object.keys(def.files)) {
    const file = files[name];
    if (file) form.append(name, file, file.name);
    else if (mode === 'update' && removals[name]) form.append(`remove_${name}`, 'true');
  }
  return { form };
}

export async function saveResource(
  def: ResourceDef,
  mode: Mode,
  body: { json: Record<string, string | number> } | { form: FormData },
): Promise<ApiResult> {
  return api(apiPath(def, mode === 'add' ? 'add' : 'update'), { method: 'POST', ...body });
}

export async function deleteResource(def: ResourceDef, row: Row): Promise<ApiResult> {
  return api(apiPath(def, 'delete'), { method: 'POST', json: { [def.id]: Number(row[def.id]) } });
}

/** The text for a list that failed to load: the group's own (section 8 of the spec), else a plain one. */
export function fetchErrorText(def: ResourceDef): string {
  return def.admin.loadError ?? `Error fetching ${def.admin.title.toLowerCase()}.`;
}

export async function loadList(def: ResourceDef): Promise<{ rows: Row[]; error: string | null }> {
  try {
    const res = await api(apiPath(def, 'list'));
    if (!res.ok) return { rows: [], error: res.status === 401 ? null : res.body.message || fetchErrorText(def) };
    const rows = res.body[def.keys.list];
    return { rows: Array.isArray(rows) ? (rows as Row[]) : [], error: null };
  } catch {
    return { rows: [], error: fetchErrorText(def) };
  }
}

/** The human name of a row of a group: its first text field (a category's case_name, a case's title). */
export function rowName(def: ResourceDef, row: Row): string {
  const text = Object.entries(def.fields).find(([, f]) => f.type === 'text');
  const v = text ? row[text[0]] : undefined;
  return v ? String(v) : `#${String(row[def.id])}`;
}

export interface Option {
  value: string;
  label: string;
}

export async function loadOptions(refKey: FieldDef['ref']): Promise<{ options: Option[]; error: string | null }> {
  const ref = groupOf(refKey!);
  const { rows, error } = await loadList(ref);
  return { options: rows.map((r) => ({ value: String(r[ref.id]), label: rowName(ref, r) })), error };
}

/** The text a ref column shows: the joined column of the row, else the option's label. */
export function refText(def: ResourceDef, field: string, row: Row, options?: Option[]): string {
  const join = def.joins?.find((j) => j.via === field);
  if (join) {
    const text = join.columns
      .map((c) => row[c])
      .filter((v) => v !== null && v !== undefined && v !== '')
      .join(' ');
    if (text) return text;
  }
  const id = row[field];
  if (id === null || id === undefined) return '';
  return options?.find((o) => o.value === String(id))?.label ?? String(id);
}
