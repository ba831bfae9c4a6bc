/**
 * The assistant's evaluation: the questions in ai-eval.questions.json, asked as an administrator would
 * (varied phrasings, typos, Indian spellings of places), against a real server with the demo content
 * and no language model. Each expected fact is read from that server's data when the run starts, so
 * the questions keep their meaning when the demo content changes. The run prints the share answered
 * and fails below 90 %; the issue's examples must all be answered.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByKey } from '../../content/resources/index';
import { isoToDmy } from '../../content/rules/dates';
import type { ResourceKey } from '../../content/kit';
import type { Row } from '../../server/content/service';
import { call, startServer, type TestServer } from '../helpers/server';

interface Question {
  q: string;
  expect: string[];
  issue?: boolean;
}
const { questions } = JSON.parse(readFileSync(new URL('./ai-eval.questions.json', import.meta.url), 'utf8')) as {
  questions: Question[];
};

let s: TestServer;
let cookie: string;
let settings: Record<string, unknown>;
const rows = new Map<string, Row[]>();
const today = (() => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
})();

beforeAll(async () => {
  s = await startServer({ demo: true, socket: false });
  cookie = await s.login();
  settings = (await s.services.settings.get()) as unknown as Record<string, unknown>;
  for (const key of Object.keys(resourceByKey) as ResourceKey[])
    rows.set(key, await s.services.content.list(resourceByKey[key]));
}, 120_000);
afterAll(() => s?.close());

/** 'offices[city=Bengaluru].phone', 'hours.morning', 'phones.1' in an object. */
function at(value: unknown, path: string): unknown {
  let v = value;
  for (const part of path.split('.')) {
    const m = /^(\w+)\[(\w+)=(.+)\]$/.exec(part);
    const obj = v as Record<string, unknown>;
    v = m ? (obj[m[1]!] as Record<string, unknown>[]).find((x) => String(x[m[2]!]) === m[3]) : obj[part];
    if (v === undefined) throw new Error(`no ${path}`);
  }
  return v;
}

function status(key: string, r: Row): string {
  const [start, end] = key === 'ads' ? [r.start_date, r.expiry_date] : [r.event_start_date, r.event_end_date];
  return String(start) > today ? 'upcoming' : String(end) < today ? 'ended' : 'running';
}

/** The value a template names in the demo content. */
function fact(kind: string, arg: string): string {
  if (kind === 'settings') return String(at(settings, arg));
  if (kind === 'admin') return `/admin-side-bar/${resourceByKey[arg as ResourceKey].admin.path}`;
  if (kind === 'row') {
    const m = /^(\w+)\[(\w+)~(.+)\]\.(\w+)(\|day)?$/.exec(arg)!;
    const row = rows.get(m[1]!)!.find((r) => String(r[m[2]!]).toLowerCase().includes(m[3]!.toLowerCase()));
    if (!row) throw new Error(`no row ${arg}`);
    return m[5] ? isoToDmy(String(row[m[4]!])) : String(row[m[4]!]);
  }
  if (kind === 'count') {
    const [key, filter] = arg.split(':') as [string, string | undefined];
    const all = rows.get(key)!;
    if (!filter) return String(all.length);
    if (['upcoming', 'running', 'ended'].includes(filter))
      return String(all.filter((r) => status(key, r) === filter).length);
    return String(all.filter((r) => Object.values(r).includes(filter)).length);
  }
  if (kind === 'next')
    return String(
      rows
        .get(arg)!
        .filter((r) => status(arg, r) === 'upcoming')
        .sort((a, b) => String(a.event_start_date).localeCompare(String(b.event_start_date)))[0]!.event_title,
    );
  throw new Error(`unknown fact ${kind}`);
}

const resolve = (text: string) => text.replace(/\{(\w+):([^}]+)\}/g, (_, kind: string, arg: string) => fact(kind, arg));

describe('the assistant on the demo content, without a model', () => {
  it(`answers at least 90 % of ${questions.length} questions with the expected facts`, async () => {
    expect(questions.length).toBeGreaterThanOrEqual(80);
    const misses: string[] = [];
    for (const [i, item] of questions.entries()) {
      // The issue's examples go through the spec's own chat call; the rest ask the assistant directly
      // (the call's rate limit is 30 a minute).
      const response = item.issue
        ? String((await call(s.url, '/api/ai/createai', { cookie, json: { prompt: item.q } })).body.response)
        : (await s.app.assistant.reply(item.q)).response;
      const wanted = item.expect.map(resolve);
      const missing = wanted.filter((w) => !response.includes(w));
      if (missing.length)
        misses.push(
          `#${i + 1} ${item.q}\n   wanted: ${missing.join(' | ')}\n   got: ${response.replace(/\n/g, ' / ').slice(0, 400)}`,
        );
      if (item.issue) expect(missing, `${item.q} → ${response}`).toEqual([]);
    }
    const share = (questions.length - misses.length) / questions.length;
    console.log(
      `assistant evaluation: ${questions.length - misses.length} of ${questions.length} answered (${(share * 100).toFixed(1)} %)${misses.length ? `\nmissed:\n${misses.join('\n')}` : ''}`,
    );
    expect(share).toBeGreaterThanOrEqual(0.9);
  }, 120_000);
});
