/**
 * The assistant's help text quotes the validation messages of every content group. They must be the
 * messages the declarations really give (content/resources/*.ts): a declaration whose message changes
 * makes this test fail until the help text says the same.
 */
import { describe, expect, it } from 'vitest';
import type { Mode, ResourceDef, Values } from '../../content/kit';
import { resources } from '../../content/resources/index';
import { HELP } from './help';

/** A filled value of a field for probing its declaration ('2027-01-02' dates, so an earlier end can be tried). */
function filled(r: ResourceDef, name: string, early: boolean): unknown {
  const f = r.fields[name]!;
  if (f.type === 'int' || f.type === 'ref') return 1;
  if (f.type === 'date' || f.type === 'dmy') return early ? '2027-01-01' : '2027-01-02';
  if (f.type === 'time') return '10:00';
  if (f.type === 'enum') return f.values?.[0] ?? 'x';
  if (f.type === 'html') return '<p>x</p>';
  return 'x';
}

/** Every message of a declaration: its empty-list text, its missing-id message, and what validate() gives, probed over blank/filled fields and present/absent files. */
function messagesOf(r: ResourceDef): Set<string> {
  const out = new Set<string>([r.missingIdMessage, r.admin.empty]);
  const names = [...Object.keys(r.fields), ...Object.keys(r.files)];
  for (let mask = 0; mask < 1 << names.length; mask++) {
    for (const mode of ['add', 'update'] as Mode[]) {
      for (const early of [false, true]) {
        const on = (n: string) => (mask & (1 << names.indexOf(n))) !== 0;
        const values: Values = {};
        Object.keys(r.fields).forEach((n, i) => (values[n] = on(n) ? filled(r, n, early && i > 0) : null));
        for (const stored of [false, true]) {
          const m = r.validate(values, { mode, hasNewFile: (n) => on(n), hasStoredFile: () => stored && mode === 'update' });
          if (m) out.add(m);
        }
      }
    }
  }
  return out;
}

/** Messages the help quotes that come from elsewhere than validate(): the admin screen and the server's reference check. */
const ELSEWHERE = new Set(['No case titles available for selected category.', 'Selected case title is invalid']);

/** A quoted sentence of the help: starts with a capital letter, has a space, reads like a message. */
function quotedMessages(text: string): string[] {
  return [...text.matchAll(/'([A-Z][^']*\s[^']*)'/g)]
    .map((m) => m[1]!)
    .filter((q) => /^(Please|All|Title|Selected|No )/.test(q));
}

describe("the assistant's help text", () => {
  it.each(resources.map((r) => ({ key: r.key, r })))('$key: quotes only the messages the declaration gives', ({ r }) => {
    const entry = HELP.find((h) => h.id === r.key);
    expect(entry, `help entry of ${r.key}`).toBeDefined();
    const own = messagesOf(r);
    const quoted = quotedMessages(entry!.text);
    for (const q of quoted) expect(own.has(q) || ELSEWHERE.has(q), `'${q}' in the help of ${r.key}; the declaration gives ${[...own].map((m) => `'${m}'`).join(', ')}`).toBe(true);
    // Every spec message of the add call that the group has is quoted somewhere in its help.
    expect(quoted.length, `help of ${r.key} quotes its messages`).toBeGreaterThan(0);
  });
});
