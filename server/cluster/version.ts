import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../database';

/**
 * Cross-instance cache invalidation (decisions 0007 and 0020). Every content or settings write bumps the
 * single `content_version` row inside its own transaction; an instance compares that number with the one
 * it last saw and drops its caches when the number moved. It compares every `CONTENT_VERSION_POLL_MS`
 * in the background (`watch`), so another instance's write shows within that interval while the instance
 * that wrote clears its own caches at once; with the interval 0 it compares before it serves anything from
 * a cache instead (`check`): concurrent callers share one read, yet every caller waits for a read that
 * started after it asked, so a write acknowledged by any instance is seen by the next request everywhere.
 */
/** Moves the shared version on, inside the write's own transaction; returns the number it committed. */
export async function bumpContentVersion(trx: Transaction<Database> | Kysely<Database>): Promise<number> {
  const row = await trx
    .updateTable('content_version')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', 1)
    .returning('version')
    .executeTakeFirst();
  return row ? Number(row.version) : 0;
}

export async function readContentVersion(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('content_version').select('version').where('id', '=', 1).executeTakeFirst();
  return row ? Number(row.version) : 0;
}

export class ContentVersionWatch {
  private seen: number | null = null;
  private running: Promise<void> | null = null;
  private next: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** Bumped by adopt(): a read that started before a local write must not undo what adopt() set. */
  private adopted = 0;

  constructor(
    private readonly db: Kysely<Database>,
    /** Called when another instance (or this one) changed content since the last check. */
    private readonly onChange: () => void,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  /**
   * This instance committed `version` and has just cleared its caches: every version up to it is covered,
   * so the poll need not clear them again (which would throw away pages rendered since).
   */
  adopt(version: number): void {
    if (!version || this.seen === null || version <= this.seen) return;
    this.seen = version;
    this.adopted++;
  }

  /** Compares every intervalMs in the background until stop() (the process may exit meanwhile). */
  watch(intervalMs: number): void {
    this.stop();
    this.timer = setInterval(() => void this.check(), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Resolves once a version read that started after this call has been compared. Never rejects. */
  check(): Promise<void> {
    if (!this.running) return this.start();
    this.next ??= this.running.then(() => {
      this.next = null;
      return this.start();
    });
    return this.next;
  }

  private start(): Promise<void> {
    const p: Promise<void> = this.compare().finally(() => {
      if (this.running === p) this.running = null;
    });
    this.running = p;
    return p;
  }

  private async compare(): Promise<void> {
    try {
      const adopted = this.adopted;
      const v = await readContentVersion(this.db);
      // A local write adopted a newer version while this read was under way: the read is older news.
      if (adopted !== this.adopted && this.seen !== null && v <= this.seen) return;
      if (this.seen !== v) {
        const first = this.seen === null;
        this.seen = v;
        if (!first) this.onChange();
      }
    } catch (err) {
      // The database did not answer (decision 0051): the caches stay, so cached pages keep answering through
      // an outage. `seen` stays too: the first read that succeeds compares with it and drops the caches if
      // any instance wrote meanwhile. (Dropping them here made every page of a site whose database had
      // stopped answer 500.)
      this.onError(err);
    }
  }
}
