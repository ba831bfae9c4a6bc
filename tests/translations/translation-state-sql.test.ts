/**
 * The admin's translation filter and the dashboard's work list answered in SQL from the stored English source
 * hashes (decision 0106), over real HTTP: they follow every write that changes the English text (an update,
 * publishing a pending draft, a restored revision, a row back from the trash, an edited list item) and a
 * confirmed translation; over 2,000 rows written around the content service (as before migration 0045) they
 * give the very states and counts the rows' own hashes give (`states`, computed in JavaScript); and they read
 * the group's ids only, never its translatable text. SQLite, and PostgreSQL with TEST_DATABASE_URL.
 */
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { faqs } from '../../content/resources/faqs';
import type { TranslationState } from '../../content/locales';
import {
  sourceHash,
  TRANSLATED_LOCALES,
  translatableFields,
  translatableLists,
  TranslationService,
} from '../../server/translations/service.server';
import { file, pngBytes } from '../helpers/files';
import { call, signedInServer, type Json } from '../helpers/server';

const { s, cookie } = await signedInServer({ env: { ADMIN_WRITE_RATE_LIMIT: '0' } });
const db = s.services.store.db;

const tr = (group: string, id: number, locale: string, rest = '') =>
  `/api/content/${group}/${id}/translations/${locale}${rest}`;

/** The ids of a group's rows whose translation is in a state, through the admin list's filter (200 a page). */
async function filtered(group: string, filter: string): Promise<number[]> {
  const r = await call(s.url, `/api/content/${group}?perPage=200&translation=${filter}`, { cookie });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body.rows as Json[]).map((row) => Number(row[`${group}_id`])).sort((a, b) => a - b);
}

/** The dashboard's translation work of one group, by locale. */
async function work(group: string): Promise<Record<string, { missing: number; outdated: number }>> {
  const r = await call(s.url, '/api/content-worklist', { cookie });
  expect(r.status).toBe(200);
  return Object.fromEntries(
    (r.body.translations as Json[])
      .filter((w) => w.group === group)
      .map((w) => [w.locale, { missing: w.missing, outdated: w.outdated }]),
  );
}

async function ok(path: string, json: Record<string, unknown> = {}, method = 'POST'): Promise<Json> {
  const r = await call(s.url, path, { cookie, method, json });
  expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(200);
  return r.body;
}

async function addFaq(question: string, answer: string): Promise<number> {
  return Number((await ok('/api/faqs/addFaqs', { question, answer })).faq.faqs_id);
}

describe('the translation filter and work list after each write of the English text', () => {
  it('follow an update, a published pending draft, a restored revision, the trash and a confirmation', async () => {
    const id = await addFaq('Do you draft wills?', 'Yes, and we keep a copy.');
    const other = await addFaq('Do you register property sales?', 'Yes, at the sub-registrar office.');
    await ok(
      tr('faqs', id, 'ml'),
      { question: 'നിങ്ങൾ വിൽപത്രം തയ്യാറാക്കുമോ?', answer: 'ഉവ്വ്.', status: 'published' },
      'PUT',
    );
    expect(await filtered('faqs', 'ml:published')).toEqual([id]);
    expect(await filtered('faqs', 'ml:outdated')).toEqual([]);
    expect(await work('faqs')).toEqual({ ml: { missing: 1, outdated: 0 }, hi: { missing: 2, outdated: 0 } });

    // An update of the English text: outdated.
    await ok('/api/faqs/updatefaqs', {
      faqs_id: id,
      question: 'Do you draft wills?',
      answer: 'Yes, and we keep a signed copy.',
    });
    expect(await filtered('faqs', 'ml:outdated')).toEqual([id]);
    expect(await filtered('faqs', 'ml:published')).toEqual([]);
    expect((await work('faqs')).ml).toEqual({ missing: 1, outdated: 1 });

    // The first version restored from the history: the English the translation was made from, published again.
    const revisions = (await call(s.url, `/api/content/faqs/${id}/revisions`, { cookie })).body.revisions as Json[];
    const created = revisions.find((r) => r.action === 'create');
    await ok(`/api/content/faqs/${id}/revisions/${created.revision_id}/restore`);
    expect(await filtered('faqs', 'ml:published')).toEqual([id]);
    expect((await work('faqs')).ml).toEqual({ missing: 1, outdated: 0 });

    // A pending draft leaves the live English as it is; publishing it changes it.
    await ok('/api/faqs/updatefaqs', {
      faqs_id: id,
      question: 'Do you draft wills?',
      answer: 'Yes, and codicils.',
      status: 'draft',
    });
    expect(await filtered('faqs', 'ml:published')).toEqual([id]);
    await ok(`/api/content/faqs/${id}/publish`);
    expect(await filtered('faqs', 'ml:outdated')).toEqual([id]);

    // Confirmed as still right: published, and off the work list.
    await ok(tr('faqs', id, 'ml', '/confirm'));
    expect(await filtered('faqs', 'ml:published')).toEqual([id]);
    expect((await work('faqs')).ml).toEqual({ missing: 1, outdated: 0 });

    // In the trash: in no state, in no count. Its stored hash spoiled meanwhile, the restore writes it again.
    await ok('/api/faqs/deletefaq', { faqs_id: id });
    expect(await filtered('faqs', 'ml:published')).toEqual([]);
    expect(await filtered('faqs', 'hi:missing')).toEqual([other]);
    expect(await work('faqs')).toEqual({ ml: { missing: 1, outdated: 0 }, hi: { missing: 1, outdated: 0 } });
    await db
      .updateTable('content_source_hashes')
      .set({ hash: 'spoiled' })
      .where('resource', '=', 'faqs')
      .where('record_id', '=', id)
      .execute();
    await ok(`/api/content/faqs/${id}/restore`);
    expect(await filtered('faqs', 'ml:published')).toEqual([id]);
    expect(await filtered('faqs', 'hi:missing')).toEqual([id, other]);
    expect(await work('faqs')).toEqual({ ml: { missing: 1, outdated: 0 }, hi: { missing: 2, outdated: 0 } });
  });

  it("follow an edit of a nested list's translatable item field (a speaker's designation)", async () => {
    const speakers = [
      {
        speaker_name: 'Adv. Meera Pillai',
        designation: 'Family Court Counsel',
        date: '',
        from_time: '',
        to_time: '',
        image: '',
      },
    ];
    const form = (fields: Record<string, string | Blob>) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(fields)) f.append(k, v);
      return f;
    };
    const base = {
      event_title: 'Mediation Morning',
      event_description: 'Mediation in family disputes.',
      event_address: 'Town Hall, Kochi',
    };
    const added = await call(s.url, '/api/event/addEvent', {
      cookie,
      form: form({
        ...base,
        event_image: file(await pngBytes(320, 200), 'event.png', 'image/png'),
        speakers: JSON.stringify(speakers),
      }),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const id = Number(added.body.event.event_id);
    await ok(
      tr('event', id, 'ml'),
      {
        event_title: 'മധ്യസ്ഥ പ്രഭാതം',
        event_description: 'കുടുംബ തർക്കങ്ങളിലെ മധ്യസ്ഥത.',
        'speakers.0.designation': 'കുടുംബ കോടതി അഭിഭാഷക',
        status: 'published',
      },
      'PUT',
    );
    expect(await filtered('event', 'ml:published')).toEqual([id]);

    const edited = await call(s.url, '/api/event/updateevent', {
      cookie,
      form: form({
        ...base,
        event_id: String(id),
        speakers: JSON.stringify([{ ...speakers[0], designation: 'Senior Family Court Counsel' }]),
      }),
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await filtered('event', 'ml:outdated')).toEqual([id]);
    expect((await work('event')).ml).toEqual({ missing: 0, outdated: 1 });

    // A speaker's name is not translated: changing it changes nothing.
    await ok(tr('event', id, 'ml', '/confirm'));
    const renamed = await call(s.url, '/api/event/updateevent', {
      cookie,
      form: form({
        ...base,
        event_id: String(id),
        speakers: JSON.stringify([
          { ...speakers[0], speaker_name: 'Adv. Meera P.', designation: 'Senior Family Court Counsel' },
        ]),
      }),
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await filtered('event', 'ml:published')).toEqual([id]);
    expect((await work('event')).ml).toBeUndefined();
  });
});

/**
 * Records what one Kysely instance builds (`db.withPlugin(log)`): every query, subqueries included (`nodes`),
 * and how many statements it sends (`sent`).
 */
class QueryLog implements KyselyPlugin {
  readonly nodes: RootOperationNode[] = [];
  sent = 0;
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    this.nodes.push(node);
    return node;
  }
  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.sent++;
    return result;
  }
}

describe('a group of 2,000 rows written around the content service', () => {
  const STATES: TranslationState[] = ['missing', 'draft', 'published', 'outdated'];

  it("gives the states and counts of the rows' own hashes, and reads no translatable text to do it", async () => {
    const now = new Date().toISOString();
    const rows = Array.from({ length: 2000 }, (_, i) => ({
      question: `Question ${i}?`,
      answer: `Answer ${i}.`,
      status: i % 7 === 0 ? ('draft' as const) : ('published' as const),
      deleted_at: i % 11 === 0 ? now : null,
      position: 1000 + i,
      created_at: now,
      updated_at: now,
    }));
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += 250) {
      const added = await db
        .insertInto('faqs')
        .values(rows.slice(i, i + 250))
        .returning('faqs_id')
        .execute();
      ids.push(...added.map((a) => Number(a.faqs_id)));
    }
    // Translations of every kind: current, made from other English, drafts (machine ones too), pending drafts.
    const stored = await db.selectFrom('faqs').selectAll().where('faqs_id', 'in', ids).execute();
    const translations = stored.flatMap((row, i) => {
      const hash = sourceHash(faqs, row);
      const t = (
        locale: string,
        status: 'draft' | 'published',
        source: string,
        extra: { machine?: number; pending_draft?: string } = {},
      ) => ({
        resource: 'faqs',
        record_id: Number(row.faqs_id),
        locale,
        status,
        fields: JSON.stringify({ question: `Q ${i} (${locale})` }),
        pending_draft: extra.pending_draft ?? null,
        source_hash: source,
        machine: extra.machine ?? 0,
        created_at: now,
        updated_at: now,
        updated_by: null,
      });
      return [
        ...(i % 3 === 0
          ? [t('ml', 'published', hash)]
          : i % 3 === 1
            ? [t('ml', 'published', 'made-from-other-english')]
            : []),
        ...(i % 5 === 0 ? [t('hi', 'draft', hash, { machine: i % 10 === 0 ? 1 : 0 })] : []),
        ...(i % 5 === 1 ? [t('hi', 'published', hash, { pending_draft: '{"question":"next"}', machine: 1 })] : []),
        ...(i % 5 === 2 ? [t('hi', 'published', 'older')] : []),
      ];
    });
    for (let i = 0; i < translations.length; i += 200)
      await db
        .insertInto('content_translations')
        .values(translations.slice(i, i + 200))
        .execute();

    // What the rows' own hashes say (the JavaScript path), of every row of the group outside the trash.
    const live = await db.selectFrom('faqs').selectAll().where('deleted_at', 'is', null).orderBy('faqs_id').execute();
    const expected = await s.services.translations.states(faqs, live);
    const inState = (locale: string, state: TranslationState, only = live) =>
      only.map((row) => Number(row.faqs_id)).filter((id) => expected.get(id)?.[locale] === state);
    /** The ids the admin list's filter keeps: its condition (the list's own) over the group's table. */
    const idsInState = async (service: TranslationService, locale: string, state: TranslationState, on = db) =>
      (
        await on
          .selectFrom('faqs')
          .select('faqs_id')
          .where(await service.inStateCondition(faqs, locale, state))
          .orderBy('faqs_id')
          .execute()
      ).map((row) => Number(row.faqs_id));

    for (const locale of TRANSLATED_LOCALES) {
      for (const state of STATES) {
        const want = inState(locale, state);
        expect(await idsInState(s.services.translations, locale, state), `${locale}:${state}`).toEqual(want);
        const page = await call(s.url, `/api/content/faqs?perPage=1&translation=${locale}:${state}`, { cookie });
        expect(page.body.total, `${locale}:${state}`).toBe(want.length);
      }
    }
    // Every kind is there: the check is not of empty lists.
    expect(inState('ml', 'outdated').length).toBeGreaterThan(400);
    expect(inState('hi', 'draft').length).toBeGreaterThan(300);
    const published = live.filter((row) => row.status === 'published');
    expect(await work('faqs')).toEqual(
      Object.fromEntries(
        TRANSLATED_LOCALES.map((l) => [
          l,
          { missing: inState(l, 'missing', published).length, outdated: inState(l, 'outdated', published).length },
        ]),
      ),
    );

    // The hashes stored for them are the rows' own.
    const hashes = await db
      .selectFrom('content_source_hashes')
      .select(['record_id', 'hash'])
      .where('resource', '=', 'faqs')
      .where('record_id', 'in', ids)
      .execute();
    const byId = new Map(stored.map((row) => [Number(row.faqs_id), sourceHash(faqs, row)]));
    expect(hashes.filter((h) => byId.get(Number(h.record_id)) !== h.hash)).toEqual([]);
    expect(hashes).toHaveLength(live.filter((row) => byId.has(Number(row.faqs_id))).length);

    // Now every row has its hash: the filter and the work list send a fixed number of statements, and none
    // names a translatable column of the group (the rows' text is not read).
    const log = new QueryLog();
    const watchedDb = db.withPlugin(log);
    const { content, settings, redirects } = s.services;
    const watched = new TranslationService({ ...s.services.store, db: watchedDb }, { content, settings, redirects });
    expect(await idsInState(watched, 'ml', 'outdated', watchedDb)).toEqual(inState('ml', 'outdated'));
    expect(log.sent).toBe(2);
    await watched.work();
    const translatable = new Set(
      content.groups.flatMap((g) => [...translatableFields(g), ...translatableLists(g).flatMap((l) => l.fields)]),
    );
    expect(translatable).toContain('answer');
    const named = (n: RootOperationNode) => [...JSON.stringify(n).matchAll(/"name":"([^"]+)"/g)].map((m) => m[1]!);
    expect(log.nodes.flatMap(named).filter((name) => translatable.has(name))).toEqual([]);
    expect(log.nodes.filter((n) => n.kind !== 'SelectQueryNode')).toEqual([]);

    // The admin list gets the filter as a subquery, not as the matching ids: its parameters are the same few
    // with 400 matching rows as with none (an id list would pass SQLite's limit of host parameters on a big site).
    const params = async (state: TranslationState) =>
      (await s.services.translations.inStateCondition(faqs, 'ml', state)).compile(db).parameters.length;
    expect(inState('ml', 'draft')).toEqual([]);
    expect(await params('outdated')).toBe(await params('draft'));
    expect(await params('outdated')).toBeLessThan(10);
  });
});
