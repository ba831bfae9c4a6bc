/**
 * The scheduler when the database fails between claiming a due row and publishing it (decision 0061): the row
 * stays scheduled and is published when the claim's lease ends, once. The failure is injected at the Kysely
 * level (tests/helpers/db-faults.ts) into the publish's own transaction, which is really rolled back; the
 * scheduler's clock is a controlled one. SQLite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Store } from '../../server/database';
import { ContentService } from '../../server/content/service';
import { Faults, writesTo } from '../helpers/db-faults';
import { startServer, type TestServer } from '../helpers/server';

let s: TestServer | undefined;
afterAll(async () => {
  await s?.close();
});

describe('a scheduled publish when the database fails mid-way', () => {
  it('leaves the row scheduled, publishes it when the claim ends, and records the publish once', async () => {
    // The server's own scheduler stays out of the way; a lifecycle over the same database runs the ticks.
    s = await startServer({ env: { CONTENT_SCHEDULE_MS: '3600000' } });
    const db = s.services.store.db;
    const faults = new Faults();
    const store: Store = { ...s.services.store, db: db.withPlugin(faults) };
    let now = Date.now();
    const content = new ContentService(store, s.services.files, s.services.config.limits, { trashDays: 30, scheduleMs: 60_000, clock: () => new Date(now) });
    const lifecycle = content.lifecycle;

    const { faqs_id: id } = await db
      .insertInto('faqs')
      .values({ question: 'Published on time?', answer: 'Eventually', status: 'draft', publish_at: new Date(now - 1000).toISOString() })
      .returning('faqs_id')
      .executeTakeFirstOrThrow();
    const row = () => db.selectFrom('faqs').select(['status', 'publish_at']).where('faqs_id', '=', id).executeTakeFirstOrThrow();
    const published = () =>
      db.selectFrom('content_revisions').select('revision_id').where('resource', '=', 'faqs').where('record_id', '=', id).where('action', '=', 'publish').execute();

    // The claim goes through; the publish's transaction loses the database at its version bump.
    faults.loseAnswerOf = writesTo('content_version');
    await expect(lifecycle.tick()).rejects.toThrow(/ECONNREFUSED/);
    faults.down = false;
    const after = await row();
    expect(after.status).toBe('draft');
    expect(after.publish_at).not.toBeNull();
    expect(await published()).toHaveLength(0);

    // Claimed until its lease ends: neither this scheduler nor another one publishes it meanwhile.
    await lifecycle.tick();
    await new ContentService(s.services.store, s.services.files, s.services.config.limits, { trashDays: 30, scheduleMs: 60_000, clock: () => new Date(now) }).lifecycle.tick();
    expect((await row()).status).toBe('draft');

    now += 121_000; // past the lease: twice the scheduler's interval (60 s here)
    await lifecycle.tick();
    expect(await row()).toEqual({ status: 'published', publish_at: null });
    expect(await published()).toHaveLength(1);
    expect(lifecycle.scheduledPublishes).toBe(1);
  });
});
