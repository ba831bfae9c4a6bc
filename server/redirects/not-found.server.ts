import { isbot } from 'isbot';
import type { Kysely } from 'kysely';
import type { Database } from '../database';
import { referrerDomain } from './paths';
import { serialized } from '../lib/serialized';

/** Distinct paths kept per day (the rest of a day's missing paths are not counted). */
export const NOT_FOUND_PATHS_PER_DAY = 2000;
/** Distinct path-days held in memory between two flushes. */
const BUFFER_MAX = 1000;
/** Days the report covers and the table keeps. */
export const NOT_FOUND_DAYS = 30;

interface Tally {
  day: string;
  path: string;
  hits: number;
  bot: number;
  last: string;
  referrer: string | null;
}

export interface NotFoundRow {
  path: string;
  count: number;
  bot_count: number;
  last_seen: string;
  referrer: string | null;
}

/**
 * The not-found report (decision 0057): a missing public page is counted in memory per path and day
 * (people and bots apart, the last time and the last referrer's domain, never an address or the query), and
 * the tallies are added to `not_found_daily` every few seconds. Bounded twice: the buffer holds at most
 * BUFFER_MAX path-days and a day keeps at most NOT_FOUND_PATHS_PER_DAY paths, so a scan of made-up
 * addresses cannot grow memory or the table without limit.
 */
export class NotFoundLog {
  private buffer = new Map<string, Tally>();
  private timer: NodeJS.Timeout | null = null;
  /** Missing pages not counted because a bound was reached (logged by the caller, if it wants). */
  dropped = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Counts one answer 404 of a public page: cheap (a Map update), called on the fast path too. */
  record(url: string, userAgent: string | undefined, referer: string | undefined): void {
    const q = url.indexOf('?');
    const path = (q < 0 ? url : url.slice(0, q)).slice(0, 300);
    const at = this.now();
    const day = at.toISOString().slice(0, 10);
    const key = `${day} ${path}`;
    let t = this.buffer.get(key);
    if (!t) {
      if (this.buffer.size >= BUFFER_MAX) {
        this.dropped++;
        return;
      }
      t = { day, path, hits: 0, bot: 0, last: '', referrer: null };
      this.buffer.set(key, t);
    }
    if (isbot(userAgent ?? '')) t.bot++;
    else t.hits++;
    t.last = at.toISOString();
    t.referrer = referrerDomain(referer) ?? t.referrer;
  }

  /** Adds the tallies every intervalMs until stop(). */
  start(intervalMs: number, onError: (err: unknown) => void): void {
    this.timer = setInterval(() => void this.flush().catch(onError), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  /** Writes what is buffered (flushes run one after another). */
  readonly flush = serialized(() => this.write());

  private async write(): Promise<void> {
    if (!this.buffer.size) return;
    const tallies = [...this.buffer.values()];
    this.buffer = new Map();
    const byDay = new Map<string, Tally[]>();
    for (const t of tallies) byDay.set(t.day, [...(byDay.get(t.day) ?? []), t]);
    for (const [day, list] of byDay) {
      await this.db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('not_found_daily').select((eb) => eb.fn.countAll<number | string>().as('n')).where('day', '=', day).executeTakeFirstOrThrow();
        let room = NOT_FOUND_PATHS_PER_DAY - Number(row.n);
        for (const t of list) {
          // A known path is always added to; a new one only while the day has room.
          const updated = await trx
            .updateTable('not_found_daily')
            .set((eb) => ({
              hits: eb('hits', '+', t.hits),
              bot_hits: eb('bot_hits', '+', t.bot),
              last_seen: t.last,
              ...(t.referrer ? { referrer: t.referrer } : {}),
            }))
            .where('day', '=', day)
            .where('path', '=', t.path)
            .executeTakeFirst();
          if (Number(updated.numUpdatedRows) > 0) continue;
          if (room <= 0) {
            this.dropped += t.hits + t.bot;
            continue;
          }
          room--;
          await trx
            .insertInto('not_found_daily')
            .values({ day, path: t.path, hits: t.hits, bot_hits: t.bot, last_seen: t.last, referrer: t.referrer })
            .onConflict((oc) =>
              oc.columns(['day', 'path']).doUpdateSet((eb) => ({
                hits: eb('not_found_daily.hits', '+', eb.ref('excluded.hits')),
                bot_hits: eb('not_found_daily.bot_hits', '+', eb.ref('excluded.bot_hits')),
                last_seen: eb.ref('excluded.last_seen'),
              })),
            )
            .execute();
        }
      });
    }
  }

  /** The most requested missing paths of the last NOT_FOUND_DAYS days (people first; bots counted apart). */
  async report(limit = 200): Promise<NotFoundRow[]> {
    await this.flush();
    const since = new Date(this.now().getTime() - NOT_FOUND_DAYS * 86_400_000).toISOString().slice(0, 10);
    const rows = await this.db
      .selectFrom('not_found_daily')
      .select((eb) => [
        'path',
        eb.fn.sum<number | string>('hits').as('count'),
        eb.fn.sum<number | string>('bot_hits').as('bot_count'),
        eb.fn.max('last_seen').as('last_seen'),
      ])
      .where('day', '>=', since)
      .groupBy('path')
      .orderBy('count', 'desc')
      .orderBy('bot_count', 'desc')
      .orderBy('path')
      .limit(limit)
      .execute();
    // The referrer of each path's latest day that had one.
    const referrers = new Map<string, string>();
    if (rows.length) {
      const refs = await this.db
        .selectFrom('not_found_daily')
        .select(['path', 'referrer', 'day'])
        .where('day', '>=', since)
        .where('referrer', 'is not', null)
        .where(
          'path',
          'in',
          rows.map((r) => r.path),
        )
        .orderBy('day')
        .execute();
      for (const r of refs) if (r.referrer) referrers.set(r.path, r.referrer);
    }
    return rows.map((r) => ({
      path: r.path,
      count: Number(r.count),
      bot_count: Number(r.bot_count),
      last_seen: String(r.last_seen),
      referrer: referrers.get(r.path) ?? null,
    }));
  }

  /** Deletes days older than the report covers. */
  async purge(): Promise<void> {
    const before = new Date(this.now().getTime() - NOT_FOUND_DAYS * 86_400_000).toISOString().slice(0, 10);
    await this.db.deleteFrom('not_found_daily').where('day', '<', before).execute();
  }
}
