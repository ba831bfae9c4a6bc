import { randomBytes } from 'node:crypto';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { PurgeConfig } from '../config';
import type { Database } from '../database';
import type { PurgeStatus } from './tables';
import { purgeRequests, sendPurge } from './providers';

const DUE: PurgeStatus[] = ['queued', 'retrying'];
/**
 * A row a worker may claim at `now`: due, and no lease on it or only a lapsed one. The claim's UPDATE asks
 * it again, so a row another instance claimed since it was read no longer matches.
 */
const claimable = (now: string) => (eb: ExpressionBuilder<Database, 'cdn_purges'>) =>
  eb.and([eb('status', 'in', DUE), eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)])]);

/** Attempts before a row is left as failed (with the default backoff, about 1.5 hours of trying). */
export const MAX_PURGE_ATTEMPTS = 20;
/** Rows sent in one go (their keys merged and de-duplicated). */
const BATCH = 50;
/** A claimed row is another worker's again after this long (far above a purge call's timeout). */
const LEASE_MS = 60_000;

export interface PurgeLog {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * The durable queue of CDN purges (decision 0048). A content change writes one row with the keys it
 * touched; the worker claims due rows with a lease (one conditional UPDATE: of several instances, each
 * row is won by one), merges their keys, sends them to the provider and deletes the rows once accepted.
 * A failed call is retried with exponential backoff (`CDN_PURGE_RETRY_BASE_MS` doubling up to
 * `CDN_PURGE_RETRY_MAX_MS`), up to 20 attempts; rows left by a stopped instance are picked up by any
 * instance's next poll (`CDN_PURGE_POLL_MS`), after a restart included.
 */
export class PurgeQueue {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  /** Calls accepted by the provider (tests read it). */
  sent = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly cfg: PurgeConfig,
    private readonly log: PurgeLog,
    private readonly now: () => number = Date.now,
  ) {}

  /** Queues the keys (durably) and starts sending at once. */
  async enqueue(keys: string[]): Promise<void> {
    const unique = [...new Set(keys)].filter((k) => k.length > 0);
    if (!unique.length) return;
    const at = new Date(this.now()).toISOString();
    await this.db
      .insertInto('cdn_purges')
      .values({ keys: unique.join(' '), status: 'queued', attempts: 0, next_attempt_at: at, created_at: at })
      .execute();
    this.kick();
  }

  /** Polls for due rows every CDN_PURGE_POLL_MS (retries, rows of other or earlier instances). */
  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.cfg.pollMs);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Sends what is due now; a kick while a round runs starts one more round after it. */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const round = async () => {
      do {
        this.again = false;
        try {
          while (!this.stopped && (await this.sendDue())) {
            /* another batch */
          }
        } catch (err) {
          this.log.error({ err }, 'CDN purge queue failed');
        }
      } while (this.again && !this.stopped);
    };
    this.running = round().finally(() => (this.running = null));
    return this.running;
  }

  /** Claims one batch of due rows and sends it; false when nothing was due. */
  private async sendDue(): Promise<boolean> {
    const nowMs = this.now();
    const now = new Date(nowMs).toISOString();
    const candidates = await this.db
      .selectFrom('cdn_purges')
      .select('purge_id')
      .where(claimable(now))
      .where('next_attempt_at', '<=', now)
      .orderBy('purge_id')
      .limit(BATCH)
      .execute();
    if (!candidates.length) return false;
    const token = randomBytes(12).toString('hex');
    // One conditional UPDATE: a row another instance claimed in the meantime no longer matches.
    await this.db
      .updateTable('cdn_purges')
      .set((eb) => ({
        locked_until: new Date(nowMs + LEASE_MS).toISOString(),
        lease_token: token,
        attempts: eb('attempts', '+', 1),
      }))
      .where(
        'purge_id',
        'in',
        candidates.map((c) => Number(c.purge_id)),
      )
      .where(claimable(now))
      .execute();
    const rows = await this.db
      .selectFrom('cdn_purges')
      .select(['purge_id', 'keys', 'attempts'])
      .where('lease_token', '=', token)
      .execute();
    if (!rows.length) return true; // all taken by another instance: look again
    const keys = [...new Set(rows.flatMap((r) => r.keys.split(' ')))].filter(Boolean).sort();
    try {
      for (const req of purgeRequests(this.cfg, keys)) await sendPurge(this.cfg, req);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      for (const r of rows) {
        const attempts = Number(r.attempts);
        const failed = attempts >= MAX_PURGE_ATTEMPTS;
        const wait = Math.min(this.cfg.retryBaseMs * 2 ** Math.max(0, attempts - 1), this.cfg.retryMaxMs);
        await this.db
          .updateTable('cdn_purges')
          .set({
            status: failed ? 'failed' : 'retrying',
            last_error: message.slice(0, 1000),
            next_attempt_at: new Date(this.now() + wait).toISOString(),
            locked_until: null,
            lease_token: null,
          })
          .where('purge_id', '=', r.purge_id)
          .where('lease_token', '=', token)
          .execute();
      }
      this.log.warn(
        { keys: keys.length, attempts: Math.max(...rows.map((r) => Number(r.attempts))), error: message },
        'CDN purge failed; retrying later',
      );
      return false;
    }
    this.sent++;
    await this.db.deleteFrom('cdn_purges').where('lease_token', '=', token).execute();
    return true;
  }

  /** Rows waiting or failed, oldest first (tests and operators). */
  async pending(): Promise<
    { purge_id: number; keys: string; status: string; attempts: number; last_error: string | null }[]
  > {
    const rows = await this.db
      .selectFrom('cdn_purges')
      .select(['purge_id', 'keys', 'status', 'attempts', 'last_error'])
      .orderBy('purge_id')
      .execute();
    return rows.map((r) => ({ ...r, purge_id: Number(r.purge_id), attempts: Number(r.attempts) }));
  }
}
